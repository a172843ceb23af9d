/** SPEC §2 /login: email and password; "credentials do not match" on failure; returns to `next`. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { useSignIn } from '../../../hooks/use-customer';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import type { SessionResponse } from '../../../../shared/contracts/accounts';

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      signIn(await api.post<SessionResponse>('/api/auth/login', { email, password }));
      navigate(next?.startsWith('/') ? next : paths.orders());
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('login.title')}</h1>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" busy={busy} block>
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
