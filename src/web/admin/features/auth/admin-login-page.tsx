/** /admin/login: the seller signs in with email and password. */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { formSchemaOptions, useFieldErrors } from '../../../lib/forms';
import { useSignIn, type LoginBody } from '../../../shared/api/sign-in';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { loginBody } from '../../../../shared/contracts/accounts';
import type { SellerSession } from '../../../../shared/contracts/identity';

export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn('admin');
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody, formSchemaOptions),
    defaultValues: { email: '', password: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    signIn.mutate(body, {
      onSuccess: (session) => {
        // A person in several stores picks one first; with one store the session is already on it.
        const seller = session as Partial<SellerSession>;
        if (!seller.store && (seller.stores?.length ?? 0) !== 1) return navigate(adminPaths.stores());
        const from = (location.state as { from?: string } | null)?.from;
        navigate(from?.startsWith('/admin') ? from : adminPaths.home());
      },
    }),
  );
  return (
    <main className="admin-login">
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.text')}</p>
        {signIn.error && <Alert kind="error">{signIn.error.message}</Alert>}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          {...form.register('email')}
          error={fieldError('email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          error={fieldError('password')}
        />
        <Button type="submit" busy={signIn.isPending} block>
          {t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
