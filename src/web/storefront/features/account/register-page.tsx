/** /registro: name, email, phone (optional), password and confirmation ("passwords do not match"). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import { registerBody } from '../../../../shared/contracts/accounts';
import { useRegister, type RegisterBody } from './api/register';

export function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const registration = useRegister();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBody, formSchemaOptions),
    // No phone until one is typed: the field is optional, and an empty one is sent as absent.
    defaultValues: { fullName: '', email: '', password: '', passwordConfirm: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const [password, passwordConfirm] = form.watch(['password', 'passwordConfirm']);
  // Shown while typing, before the schema's own check on submit.
  const mismatch = passwordConfirm.length > 0 && password !== passwordConfirm;
  const submit = form.handleSubmit((body) =>
    registration.mutate(body, {
      onSuccess: () => navigate(next?.startsWith('/') ? next : paths.home()),
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  return (
    <div className="container page" style={{ maxWidth: 520 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('register.title')}</h1>
        {registration.error && <Alert kind="error">{registration.error.message}</Alert>}
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          {...form.register('fullName')}
          error={fieldError('fullName')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError('email')}
        />
        <TextField
          label={t('fields.phoneOptional')}
          type="tel"
          autoComplete="tel"
          {...form.register('phone', { setValueAs: (v: string) => v || undefined })}
          error={fieldError('phone')}
        />
        <TextField
          label={t('fields.password')}
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
        <Button type="submit" busy={registration.isPending} block>
          {t('register.submit')}
        </Button>
        <p className="small">
          {t('register.haveAccount')} <Link to={paths.login(next ?? undefined)}>{t('register.signIn')}</Link>
        </p>
      </form>
    </div>
  );
}
