/**
 * /recuperar/token: checks the link (expired → the expired-link message) and sets a new password. The server
 * judges the password's strength (zxcvbn, server-side only, so no dictionary lands in the storefront's JavaScript) and
 * its translated refusal is shown under the field.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import { resetBody } from '../../../../shared/contracts/accounts';
import { resetLinkQuery } from './api/get-reset-link';
import { useResetPassword, type ResetBody } from './api/reset-password';

export function ResetPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery(resetLinkQuery(token));
  if (token.length >= 10 && check.isPending) return <Loading />;
  if (token.length < 10 || check.isError) {
    return (
      <div className="container page" style={{ maxWidth: 480 }}>
        <div className="card stack">
          <h1>{t('reset.expiredTitle')}</h1>
          <Alert kind="error">{check.error?.message ?? t('errors:RESET_LINK_EXPIRED')}</Alert>
          <Link className="btn btn-primary" to={paths.recover()}>
            {t('reset.requestNew')}
          </Link>
        </div>
      </div>
    );
  }
  return <ResetForm token={token} email={check.data?.email} />;
}

function ResetForm({ token, email }: { token: string; email?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetBody>({
    resolver: zodResolver(resetBody, formSchemaOptions),
    defaultValues: { token, password: '', passwordConfirm: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const [password, passwordConfirm] = form.watch(['password', 'passwordConfirm']);
  // Shown while typing, before the schema's own check on submit.
  const mismatch = passwordConfirm.length > 0 && password !== passwordConfirm;
  const submit = form.handleSubmit((body) =>
    reset.mutate(body, {
      onSuccess: () => navigate(paths.login()),
      onError: (err) => setServerFieldErrors(err, form.setError, (path) => (path === 'password' ? path : null)),
    }),
  );
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('reset.title')}</h1>
        <p className="muted">{email}</p>
        {reset.error && <Alert kind="error">{reset.error.message}</Alert>}
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldError('password')}
          hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField
          label={t('fields.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          {...form.register('passwordConfirm')}
          error={mismatch ? t('errors:fields.passwords_do_not_match') : fieldError('passwordConfirm')}
        />
        <Button type="submit" busy={reset.isPending} block>
          {t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}
