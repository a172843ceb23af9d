/**
 * /admin/colaboradores (owner only): the store's people, pending invitations, inviting by email with chosen
 * permissions, what each permission allows (decision 090), changing a collaborator's permissions and revoking. The
 * server decides every check; this page only shows what the owner may do.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/format';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { inviteBody, PERMISSIONS, type Member, type Permission } from '../../../../shared/contracts/identity';
import {
  collaboratorsQuery,
  useCancelInvitation,
  useInvite,
  useRemoveCollaborator,
  useSetPermissions,
} from './api/collaborators';
import { RoleTable } from './role-table';
import { isForbidden, NoPermission } from '../../shared/no-permission';

type InviteInput = z.input<typeof inviteBody>;

function PermissionBoxes({
  value,
  onChange,
  idPrefix,
}: {
  value: Permission[];
  onChange: (next: Permission[]) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('identity');
  return (
    <div className="perm-boxes">
      {PERMISSIONS.map((p) => (
        <label key={p} htmlFor={`${idPrefix}-${p}`} className="perm-box">
          <input
            id={`${idPrefix}-${p}`}
            type="checkbox"
            checked={value.includes(p)}
            onChange={(e) => onChange(e.target.checked ? [...value, p] : value.filter((x) => x !== p))}
          />
          <span>
            <strong>{t(`permissions.${p}`)}</strong>
            <span className="small muted"> {t(`permissionHints.${p}`)}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

function MemberRow({ m }: { m: Member }) {
  const { t } = useTranslation('identity');
  const [perms, setPerms] = useState<Permission[]>(m.permissions);
  const save = useSetPermissions();
  const remove = useRemoveCollaborator();
  const dirty = perms.slice().sort().join() !== m.permissions.slice().sort().join();
  return (
    <li className="card stack">
      <div className="row member-head">
        <div>
          <strong>{m.fullName}</strong>
          <div className="small muted">{m.email}</div>
        </div>
        <span className="badge">{t(`roles.${m.role}`)}</span>
      </div>
      {m.role === 'owner' ? (
        <p className="small muted">{t('collaborators.ownerAll')}</p>
      ) : (
        <>
          <PermissionBoxes value={perms} onChange={setPerms} idPrefix={`m-${m.userId}`} />
          {(save.error || remove.error) && <Alert kind="error">{(save.error ?? remove.error)!.message}</Alert>}
          <div className="row">
            <Button
              variant="secondary"
              disabled={!dirty}
              busy={save.isPending}
              onClick={() => save.mutate({ userId: m.userId, permissions: perms })}
            >
              {t('collaborators.save')}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => {
                if (window.confirm(t('collaborators.confirmRemove', { name: m.fullName }))) remove.mutate(m.userId);
              }}
            >
              {t('collaborators.remove')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

export function CollaboratorsPage() {
  const { t } = useTranslation('identity');
  const format = useFormat();
  const view = useQuery(collaboratorsQuery());
  const invite = useInvite();
  const cancel = useCancelInvitation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<InviteInput>({
    resolver: zodResolver(inviteBody, formSchemaOptions),
    defaultValues: { email: '', permissions: [] },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const permissions = form.watch('permissions') as Permission[];
  const submit = form.handleSubmit((body) =>
    invite.mutate(body as z.output<typeof inviteBody>, {
      onSuccess: (inv) => {
        setSent(inv.email);
        form.reset({ email: '', permissions: [] });
      },
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  // Collaborators are the owner's to manage: anyone else gets the server's 403, shown as such.
  if (isForbidden(view.error)) return <NoPermission />;
  return (
    <div className="stack">
      <h1>{t('collaborators.title')}</h1>
      <p className="muted">{t('collaborators.text')}</p>
      <form className="card stack" onSubmit={submit} noValidate aria-labelledby="invite-title">
        <h2 id="invite-title">{t('collaborators.inviteTitle')}</h2>
        {sent && <Alert kind="success">{t('collaborators.sent', { email: sent })}</Alert>}
        {invite.error && <Alert kind="error">{invite.error.message}</Alert>}
        <TextField
          label={t('collaborators.email')}
          type="email"
          autoComplete="off"
          {...form.register('email')}
          error={fieldError('email')}
        />
        <fieldset className="stack perm-fieldset">
          <legend>{t('collaborators.permissions')}</legend>
          <PermissionBoxes
            value={permissions}
            onChange={(next) => form.setValue('permissions', next)}
            idPrefix="invite"
          />
        </fieldset>
        <Button type="submit" busy={invite.isPending}>
          {t('collaborators.invite')}
        </Button>
      </form>
      <RoleTable />
      {view.isPending ? (
        <Loading />
      ) : view.error ? (
        <Alert kind="error">{view.error.message}</Alert>
      ) : (
        <>
          <section className="stack" aria-labelledby="members-title">
            <h2 id="members-title">{t('collaborators.members')}</h2>
            <ul className="stack member-list">
              {view.data.members.map((m) => (
                <MemberRow key={`${m.userId}-${m.permissions.join()}`} m={m} />
              ))}
            </ul>
          </section>
          <section className="stack" aria-labelledby="pending-title">
            <h2 id="pending-title">{t('collaborators.pending')}</h2>
            {view.data.invitations.length === 0 ? (
              <p className="muted">{t('collaborators.noPending')}</p>
            ) : (
              <ul className="stack member-list">
                {view.data.invitations.map((i) => (
                  <li key={i.id} className="card row member-head">
                    <div>
                      <strong>{i.email}</strong>
                      <div className="small muted">
                        {i.permissions.map((p) => t(`permissions.${p}`)).join(', ') || t('collaborators.noRights')} ·{' '}
                        {t('collaborators.expires', { date: format.date(i.expiresAt) })}
                      </div>
                    </div>
                    <Button
                      variant="ghost"
                      busy={cancel.isPending && cancel.variables === i.id}
                      onClick={() => cancel.mutate(i.id)}
                    >
                      {t('collaborators.cancel')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
