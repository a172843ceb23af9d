/**
 * /miperfil/datos: the buyer edits their name and phone, asks for an email change (applied from the link mailed to
 * the new address), changes their password (other devices are signed out), sees what this browser remembers
 * (searches, viewed products) and may delete the account. Each form shows the server's translated refusal.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../app/paths';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { queryKeys } from '../../../lib/query-keys';
import { setToken } from '../../../lib/session';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import { email, text } from '../../../../shared/contracts/common';
import { passwordChangeBody, profileBody } from '../../../../shared/contracts/buyer-account';
import type { User } from '../../../../shared/contracts/accounts';
import { useShop } from '../../../state/shop-store';
import { useUpdateProfile } from './api/update-profile';
import { useRequestEmailChange } from './api/request-email-change';
import { useConfirmEmailChange } from './api/confirm-email-change';
import { useChangePassword } from './api/change-password';
import { useDeleteAccount } from './api/delete-account';
import { RecentActivity } from './recent-activity';

const currentPassword = text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false });
const emailForm = z.object({ newEmail: email, currentPassword });
const deleteForm = z.object({ currentPassword });
type ProfileForm = { fullName: string; phone: string };
type EmailForm = z.infer<typeof emailForm>;
type PasswordForm = z.input<typeof passwordChangeBody>;

/** The account's personal data page. */
export function PersonalDataPage() {
  const { data: user } = useCurrentUser('storefront');
  if (!user) return null;
  return (
    <div className="stack">
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection />
      <RecentActivity />
      <DeleteSection />
    </div>
  );
}

// The account's forms align their fields at the top: a field with a hint must not stretch its neighbour's input.
function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileBody, formSchemaOptions) as never,
    defaultValues: { fullName: user.fullName, phone: user.phone ?? '' },
  });
  const err = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (u) => form.reset({ fullName: u.fullName, phone: u.phone ?? '' }),
      onError: (e) => setServerFieldErrors(e, form.setError),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="data-title">
      <h2 id="data-title">{t('data.title')}</h2>
      <form className="form-grid two" style={{ alignItems: 'start' }} onSubmit={submit} noValidate>
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          {...form.register('fullName')}
          error={err('fullName')}
        />
        <TextField
          label={t('fields.phoneOptional')}
          type="tel"
          autoComplete="tel"
          {...form.register('phone')}
          error={err('phone')}
          hint={t('data.phoneHint')}
        />
        <div className="full row">
          <Button type="submit" busy={update.isPending}>
            {t('data.save')}
          </Button>
          {update.isSuccess && !form.formState.isDirty && (
            <span role="status" className="small">
              {t('data.saved')}
            </span>
          )}
        </div>
        {update.error && !Object.keys(form.formState.errors).length && (
          <Alert kind="error">{update.error.message}</Alert>
        )}
      </form>
    </section>
  );
}

function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const ask = useRequestEmailChange();
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailForm, formSchemaOptions),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const err = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    ask.mutate(body, {
      onSuccess: () => form.reset({ newEmail: '', currentPassword: '' }),
      onError: (e) => setServerFieldErrors(e, form.setError, (path) => (path === 'currentPassword' ? path : null)),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="email-title">
      <h2 id="email-title">{t('email.title')}</h2>
      <p>
        {t('email.current')} <strong style={{ overflowWrap: 'anywhere' }}>{user.email}</strong>
      </p>
      {ask.isSuccess && <Alert kind="success">{t('email.sent', { email: ask.data.pendingEmail })}</Alert>}
      {ask.error && !form.formState.errors.currentPassword && <Alert kind="error">{ask.error.message}</Alert>}
      <form className="form-grid two" style={{ alignItems: 'start' }} onSubmit={submit} noValidate>
        <TextField
          label={t('email.new')}
          type="email"
          autoComplete="email"
          {...form.register('newEmail')}
          error={err('newEmail')}
          hint={t('email.hint')}
        />
        <TextField
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={err('currentPassword')}
        />
        <div className="full">
          <Button type="submit" variant="secondary" busy={ask.isPending}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordChangeBody, formSchemaOptions),
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
  });
  const err = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (e) =>
        setServerFieldErrors(e, form.setError, (path) =>
          path === 'currentPassword' || path === 'newPassword' ? path : null,
        ),
    }),
  );
  const hasFieldError = Object.keys(form.formState.errors).length > 0;
  return (
    <section className="card stack" aria-labelledby="password-title">
      <h2 id="password-title">{t('password.title')}</h2>
      <p className="muted">{t('password.text')}</p>
      {change.isSuccess && <Alert kind="success">{t('password.changed')}</Alert>}
      {change.error && !hasFieldError && <Alert kind="error">{change.error.message}</Alert>}
      <form className="form-grid two" style={{ alignItems: 'start' }} onSubmit={submit} noValidate>
        <TextField
          className="full"
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={err('currentPassword')}
        />
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('newPassword')}
          error={err('newPassword')}
          hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField
          label={t('fields.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          {...form.register('newPasswordConfirm')}
          error={err('newPasswordConfirm')}
        />
        <div className="full">
          <Button type="submit" variant="secondary" busy={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function DeleteSection() {
  const { t } = useTranslation('account');
  const remove = useDeleteAccount();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const clearWords = useShop((s) => s.setSearchedWords);
  const clearViewed = useShop((s) => s.setRecentlyViewed);
  const [open, setOpen] = useState(false);
  const form = useForm<{ currentPassword: string }>({
    resolver: zodResolver(deleteForm, formSchemaOptions),
    defaultValues: { currentPassword: '' },
  });
  const err = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit(({ currentPassword }) =>
    remove.mutate(currentPassword, {
      onSuccess: () => {
        // The account is gone: this browser forgets the session and what it remembered of the person.
        setToken('storefront', null);
        clearWords([]);
        clearViewed([]);
        qc.setQueryData(queryKeys.currentUser('storefront'), null);
        qc.removeQueries({ queryKey: queryKeys.orders.all() });
        navigate(paths.home(), { replace: true });
      },
      onError: (e) => setServerFieldErrors(e, form.setError, (path) => (path === 'currentPassword' ? path : null)),
    }),
  );
  return (
    <section className="card stack" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('deleteAccount.title')}</h2>
      <p className="muted">{t('deleteAccount.text')}</p>
      {!open ? (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('deleteAccount.start')}
          </Button>
        </div>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          {remove.error && !form.formState.errors.currentPassword && <Alert kind="error">{remove.error.message}</Alert>}
          <TextField
            label={t('deleteAccount.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...form.register('currentPassword')}
            error={err('currentPassword')}
          />
          <div className="row">
            <Button type="submit" variant="danger" busy={remove.isPending}>
              {t('deleteAccount.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('deleteAccount.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The page the email-change link opens (/miperfil/datos?correo=…): confirms once, whether or not this browser is
 * signed in (the mailbox may be on another device).
 */
export function EmailChangeConfirm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per page: a second call would find the link used.
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);
  return (
    <div className="container page" style={{ maxWidth: 520 }}>
      <div className="card stack">
        <h1>{t('email.confirmTitle')}</h1>
        {confirm.isPending || confirm.isIdle ? (
          <Loading />
        ) : confirm.isSuccess ? (
          <Alert kind="success">{t('email.confirmed', { email: confirm.data.email })}</Alert>
        ) : (
          <Alert kind="error">{confirm.error?.message}</Alert>
        )}
        <a className="btn btn-primary" href={paths.profile()}>
          {t('email.backToAccount')}
        </a>
      </div>
    </div>
  );
}
