/**
 * SPEC §2 /recuperar/token: checks the link (expired → the expired-link message) and sets a new password. The server
 * judges the password's strength (zxcvbn, server-side only, so no dictionary lands in the storefront's JavaScript) and
 * its translated refusal is shown under the field.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits';

export function ResetPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: ['reset', token],
    queryFn: () => api.get<{ email: string }>(`/api/auth/reset/${encodeURIComponent(token)}`, { redirectOn404: false }),
    enabled: token.length >= 10,
    retry: false,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && password !== confirm;
  if (token.length >= 10 && check.isPending) return <Loading />;
  if (token.length < 10 || check.isError) {
    return (
      <div className="container page" style={{ maxWidth: 480 }}>
        <div className="card stack">
          <h1>{t('reset.expiredTitle')}</h1>
          <Alert kind="error">{(check.error as ApiError | null)?.message ?? t('errors:RESET_LINK_EXPIRED')}</Alert>
          <Link className="btn btn-primary" to={paths.recover()}>
            {t('reset.requestNew')}
          </Link>
        </div>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/auth/reset', { token, password, passwordConfirm: confirm });
      navigate(paths.login());
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('reset.title')}</h1>
        <p className="muted">{check.data?.email}</p>
        {error && <Alert kind="error">{error.message}</Alert>}
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error?.fields.find((f) => f.path === 'password')?.message}
          hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField
          label={t('fields.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={mismatch ? t('errors:fields.passwords_do_not_match') : undefined}
        />
        <Button type="submit" busy={busy} block>
          {t('reset.submit')}
        </Button>
      </form>
    </div>
  );
}
