/** SPEC §2 admin/login: the seller signs in with email and password. */
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import type { SessionResponse } from '../../../../shared/contracts/accounts';

export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const s = await api.post<SessionResponse>('/api/admin/login', { email, password });
      setToken('admin', s.token);
      qc.setQueryData(['user', 'admin'], s.user);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith('/admin') ? from : paths.admin.home());
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="admin-login">
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.text')}</p>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" busy={busy} block>
          {t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
