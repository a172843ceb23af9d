/**
 * /admin/invitacion/:token (issue 7): the invitee of a collaborator invitation accepts it, signing in with the
 * existing platform account's password or creating the account (name and password, the server's strength rules).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import { useAcceptInvitation, useInvitation } from './api/invitation';

export function InvitationPage() {
  const { t } = useTranslation('identity');
  const { token = '' } = useParams();
  const info = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  if (info.isPending) return <Loading />;
  if (info.error)
    return (
      <main className="admin-login">
        <section className="card stack">
          <h1>{t('invitation.title')}</h1>
          <Alert kind="error">{info.error.message}</Alert>
          <Link to={paths.admin.login()}>{t('invitation.toLogin')}</Link>
        </section>
      </main>
    );
  const inv = info.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(inv.hasAccount ? { password } : { fullName, password }, {
      onSuccess: () => location.assign(paths.admin.home()),
    });
  };
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
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            required
          />
        )}
        <TextField label={t('invitation.email')} value={inv.email} readOnly autoComplete="username" />
        <TextField
          label={inv.hasAccount ? t('invitation.password') : t('invitation.newPassword')}
          type="password"
          autoComplete={inv.hasAccount ? 'current-password' : 'new-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={inv.hasAccount ? undefined : t('invitation.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          required
        />
        <Button type="submit" busy={accept.isPending} block>
          {inv.hasAccount ? t('invitation.acceptSignIn') : t('invitation.acceptCreate')}
        </Button>
      </form>
    </main>
  );
}
