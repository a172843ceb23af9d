/**
 * The admin's banner while the seller's email is not verified (decision 100): the store is being built but its
 * storefront is not public until the emailed link is followed; "Reenviar" sends a new link (limited by the server:
 * 429 with its translated message). Nothing is shown once verified.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import * as accountsRoutes from '../../../shared/routes/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

export function EmailVerificationBanner() {
  const { t } = useTranslation('admin');
  const state = useQuery({
    queryKey: ['admin', 'email-verification'],
    queryFn: () => call(accountsRoutes.emailVerificationState),
    staleTime: 60_000,
  });
  const resend = useMutation({ mutationFn: () => call(accountsRoutes.resendVerificationEmail) });
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
