/**
 * /micarrito/paypal: where the wallet (PayPal, or the sandbox's stand-in) sends the buyer back (decision 071). With
 * `cancelado`, the buyer cancelled at PayPal: nothing was charged and the unpaid order is voided by the sweep; the
 * shopper can pick another method. Otherwise the server is asked to capture (POST /api/payments/:id/capture: once,
 * whatever the number of returns) and the order's outcome is read from the server, never from the URL: paid → the
 * confirmation page; still pending → PayPal has not approved yet, check again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, ApiError } from '../../../lib/api-client';
import * as checkoutRoutes from '../../../../shared/routes/checkout';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckoutSteps } from '../../components/checkout-steps';

/** Where the payment page keeps a guest's view token while the buyer is at PayPal (never in PayPal's return URL). */
export const walletTokenKey = (orderId: string) => `vitrina.wallet.${orderId}`;

export function WalletReturnPage() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const { clearCart } = useShop();
  const [params] = useSearchParams();
  const orderId = params.get('pedido') ?? '';
  const paymentId = params.get('pago') ?? '';
  const cancelled = params.has('cancelado');
  const [token] = useState(() => {
    try {
      return sessionStorage.getItem(walletTokenKey(orderId)) ?? undefined;
    } catch {
      return undefined;
    }
  });
  const capture = useMutation({
    mutationFn: () =>
      call(checkoutRoutes.captureWalletPayment, {
        params: { id: paymentId },
        query: { viewToken: token },
        waitForThrottle: true,
      }),
    onSuccess: (order) => {
      if (order.status !== 'paid') return;
      clearCart();
      try {
        sessionStorage.removeItem(walletTokenKey(orderId));
      } catch {
        // Storage refused: nothing to clean.
      }
      navigate(paths.checkoutDone(order.id, token), { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (cancelled || !paymentId || started.current) return;
    started.current = true;
    capture.mutate();
  }, [cancelled, paymentId, capture]);

  const order = capture.data;
  return (
    <div className="container page">
      <CheckoutSteps current="payment" />
      <h1>{t('returnTitle')}</h1>
      <div className="card stack">
        {cancelled && <Alert kind="info">{t('cancelled')}</Alert>}
        {!cancelled && (capture.isPending || (order?.status === 'paid' && !capture.isError)) && (
          <p role="status" aria-live="polite">
            {t('capturing')}
          </p>
        )}
        {!cancelled && capture.isError && <Alert kind="error">{(capture.error as ApiError).message}</Alert>}
        {!cancelled && order?.status === 'pending' && (
          <>
            <Alert kind="info">{t('notApproved')}</Alert>
            <Button onClick={() => capture.mutate()} busy={capture.isPending}>
              {t('retry')}
            </Button>
          </>
        )}
        {!cancelled && order && order.status === 'cancelled' && <Alert kind="error">{t('expired')}</Alert>}
        <Link className="btn btn-ghost" to={paths.checkoutPayment()}>
          {t('backToPayment')}
        </Link>
      </div>
    </div>
  );
}
