/** SPEC §2 /registro: name, email, phone (optional), password and confirmation ("passwords do not match"). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { useSignIn } from '../../../hooks/use-customer';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';
import type { SessionResponse } from '../../../../shared/contracts/accounts';

export function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const signIn = useSignIn();
  const [form, setForm] = useState({ fullName: '', email: '', phone: '', password: '', passwordConfirm: '' });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = form.passwordConfirm.length > 0 && form.password !== form.passwordConfirm;
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const fieldError = (path: string) => error?.fields.find((f) => f.path === path)?.message;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    setBusy(true);
    setError(null);
    try {
      signIn(await api.post<SessionResponse>('/api/auth/register', { ...form, phone: form.phone || undefined }));
      navigate(next?.startsWith('/') ? next : paths.home());
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container page" style={{ maxWidth: 520 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('register.title')}</h1>
        {error && <Alert kind="error">{error.message}</Alert>}
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          value={form.fullName}
          onChange={set('fullName')}
          error={fieldError('fullName')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={fieldError('email')}
        />
        <TextField
          label={t('fields.phoneOptional')}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={set('phone')}
          error={fieldError('phone')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={fieldError('password')}
          hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField
          label={t('fields.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          value={form.passwordConfirm}
          onChange={set('passwordConfirm')}
          error={mismatch ? t('errors:fields.passwords_do_not_match') : fieldError('passwordConfirm')}
        />
        <Button type="submit" busy={busy} block>
          {t('register.submit')}
        </Button>
        <p className="small">
          {t('register.haveAccount')} <Link to={paths.login(next ?? undefined)}>{t('register.signIn')}</Link>
        </p>
      </form>
    </div>
  );
}
