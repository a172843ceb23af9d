/** SPEC §2 /recuperar: asks for a reset link by email (always the same answer: no account enumeration). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

export function RecoverPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/auth/recover', { email });
      setSent(true);
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={submit} noValidate>
        <h1>{t('recover.title')}</h1>
        <p className="muted">{t('recover.text')}</p>
        {sent && <Alert kind="success">{t('recover.sent')}</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" busy={busy} block>
          {t('recover.submit')}
        </Button>
      </form>
    </div>
  );
}
