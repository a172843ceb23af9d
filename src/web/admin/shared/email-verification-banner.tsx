/**
 * The admin's banner while the seller's email is not verified (decision 100): the store is being built but its
 * storefront is not public until the emailed link is followed; "Reenviar" sends a new link (limited by the server:
 * 429 with its translated message). Nothing is shown once verified.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { EmailVerificationState } from '../../../shared/contracts/identity';

export function EmailVerificationBanner() {
  const { t } = useTranslation('admin');
  const state = useQuery({
    queryKey: ['admin', 'email-verification'],
    queryFn: () => api.get<EmailVerificationState>('/api/admin/email-verification'),
    staleTime: 60_000,
  });
  const resend = useMutation({ mutationFn: () => api.post('/api/admin/email-verification/resend') });
  if (!state.data || state.data.verified) return null;
  return (
    <Alert kind="warning">
      <div className="stack">
        <p>
          <strong>{t('verifyBanner.title')}</strong> {t('verifyBanner.text', { email: state.data.email })}
        </p>
        <div>
          <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
            {t('verifyBanner.resend')}
          </Button>
        </div>
        <p className="small">
          {resend.isSuccess ? t('verifyBanner.sent') : resend.isError ? resend.error.message : null}
        </p>
      </div>
    </Alert>
  );
}
