/** /login: email and password; "credentials do not match" on failure; returns to `next`. */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { formSchemaOptions, useFieldErrors } from '../../../lib/forms';
import { useSignIn, type LoginBody } from '../../../shared/api/sign-in';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { loginBody } from '../../../../shared/contracts/accounts';

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const signIn = useSignIn('storefront');
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody, formSchemaOptions),
    defaultValues: { email: '', password: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    signIn.mutate(body, { onSuccess: () => navigate(next?.startsWith('/') ? next : paths.orders()) }),
  );
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('login.title')}</h1>
        {signIn.error && <Alert kind="error">{signIn.error.message}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
          error={fieldError('email')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={fieldError('password')}
        />
        <Button type="submit" busy={signIn.isPending} block>
          {t('login.submit')}
        </Button>
        <p className="small">
          <Link to={paths.recover()}>{t('login.forgot')}</Link>
        </p>
        <p className="small">
          {t('login.noAccount')} <Link to={paths.register(next ?? undefined)}>{t('login.register')}</Link>
        </p>
      </form>
    </div>
  );
}
