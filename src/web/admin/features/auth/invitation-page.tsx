/**
 * /admin/invitacion/:token: the invitee of a collaborator invitation accepts it, signing in with the
 * existing platform account's password or creating the account (name and password, the server's strength rules).
 * A react-hook-form form validated by the shared zod schema of its case (acceptInvitationSignIn or
 * acceptInvitationNewAccount); the server's field errors (a weak password) go under their fields.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { Link, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../../shared/paths';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import {
  acceptInvitationNewAccount,
  acceptInvitationSignIn,
  type InvitationInfo,
} from '../../../../shared/contracts/identity';
import { useAcceptInvitation, useInvitation } from './api/invitation';

interface AcceptForm {
  fullName: string;
  password: string;
}

export function InvitationPage() {
  const { t } = useTranslation('identity');
  const { token = '' } = useParams();
  const info = useInvitation(token);
  if (info.isPending) return <Loading />;
  if (info.error)
    return (
      <main className="admin-login">
        <section className="card stack">
          <h1>{t('invitation.title')}</h1>
          <Alert kind="error">{info.error.message}</Alert>
          <Link to={adminPaths.login()}>{t('invitation.toLogin')}</Link>
        </section>
      </main>
    );
  return <AcceptInvitation token={token} inv={info.data} />;
}

function AcceptInvitation({ token, inv }: { token: string; inv: InvitationInfo }) {
  const { t } = useTranslation('identity');
  const accept = useAcceptInvitation(token);
  const form = useForm<AcceptForm>({
    // The schema of the case: an existing account signs in with its password; a new one needs a name too.
    resolver: zodResolver(
      (inv.hasAccount ? acceptInvitationSignIn : acceptInvitationNewAccount) as typeof acceptInvitationNewAccount,
      formSchemaOptions,
    ),
    defaultValues: { fullName: '', password: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    accept.mutate(inv.hasAccount ? { password: body.password } : body, {
      onSuccess: () => location.assign(adminPaths.home()),
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  return (
    <main className="admin-login">
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('invitation.title')}</h1>
        <p>{t('invitation.text', { store: inv.storeName, email: inv.email })}</p>
        <p className="small muted">
          {inv.permissions.length
            ? t('invitation.permissions', { list: inv.permissions.map((p) => t(`permissions.${p}`)).join(', ') })
            : t('invitation.noPermissions')}
        </p>
        {accept.error && <Alert kind="error">{accept.error.message}</Alert>}
        {!inv.hasAccount && (
          <TextField
            label={t('invitation.fullName')}
            autoComplete="name"
            {...form.register('fullName')}
            error={fieldError('fullName')}
          />
        )}
        <TextField label={t('invitation.email')} value={inv.email} readOnly autoComplete="username" />
        <TextField
          label={inv.hasAccount ? t('invitation.password') : t('invitation.newPassword')}
          type="password"
          autoComplete={inv.hasAccount ? 'current-password' : 'new-password'}
          {...form.register('password')}
          hint={inv.hasAccount ? undefined : t('invitation.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={fieldError('password')}
        />
        <Button type="submit" busy={accept.isPending} block>
          {inv.hasAccount ? t('invitation.acceptSignIn') : t('invitation.acceptCreate')}
        </Button>
      </form>
    </main>
  );
}
