/**
 * SPEC §2 /micarrito/pago: order summary, then card (with the sandbox test cards shown) or cash at OXXO (3 days, the
 * store's fee added). Submits POST /api/pedido with an idempotency key kept across retries of the same attempt (also
 * after a server error, so the retry resumes that order instead of placing another); a declined card keeps the cart
 * so the shopper can retry; a 3-D Secure challenge opens the bank's dialog. The shopper answers the bank (the sandbox
 * provider's page), and the order's outcome is then read from the server, which heard it from the provider.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { storeConfigQuery } from '../../../hooks/use-store-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useMoney } from '../../../components/ui/price';
import { CheckoutSteps } from '../../components/checkout-steps';
import { OrderSummary } from '../../components/order-summary';
import { useCartQuote } from '../../shared/use-cart-quote';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import type { OrderView, PlaceOrderResponse } from '../../../../shared/contracts/checkout';

export function PaymentPage() {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const navigate = useNavigate();
  const { cart, address, shipping, clearCart } = useShop();
  const config = useQuery(storeConfigQuery);
  const quote = useCartQuote();
  const [method, setMethod] = useState<'card' | 'oxxo'>('card');
  const [card, setCard] = useState({ number: '', holderName: '', expiry: '', cvc: '' });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ order: OrderView; viewToken: string } | null>(null);
  // One key per attempt: a retried submit of the same attempt cannot create a second order.
  const attemptKey = useRef<string>(crypto.randomUUID());

  if (!address || !shipping.servicio) {
    return (
      <div className="container page">
        <Alert kind="info">
          {t('payment.needShipping')} <Link to={paths.checkoutShipping()}>{t('shipping.title')}</Link>
        </Alert>
      </div>
    );
  }
  const itemsCents = quote.data?.itemsCents ?? cart.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const shippingCents = typeof shipping.precio === 'number' ? shipping.precio : 0;
  const feeCents = method === 'oxxo' ? (config.data?.oxxoFeeCents ?? 0) : 0;
  const totalCents = itemsCents + shippingCents + feeCents;

  const finish = (r: PlaceOrderResponse) => {
    clearCart();
    navigate(paths.checkoutDone(r.order.id, r.viewToken));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const [mm, yy] = card.expiry.split('/').map((x) => Number(x.trim()));
    setBusy(true);
    try {
      const r = await api.post<PlaceOrderResponse>('/api/pedido', {
        idempotencyKey: attemptKey.current,
        items: cart.map((l) => ({ codigo: l.codigo, sku: l.sku, quantity: l.quantity })),
        ...(address.id
          ? { addressId: address.id }
          : { address: { ...address, id: undefined, email: undefined }, email: address.email }),
        shipping: { servicio: shipping.servicio },
        paymentMethod: method,
        ...(method === 'card'
          ? {
              card: {
                number: card.number,
                holderName: card.holderName,
                expMonth: mm || 0,
                expYear: yy ? (yy < 100 ? 2000 + yy : yy) : 0,
                cvc: card.cvc,
              },
            }
          : {}),
        expectedTotalCents: totalCents,
      });
      if (r.order.payment?.status === 'requires_action') setChallenge(r);
      else finish(r);
    } catch (err) {
      const apiErr = err as ApiError;
      setError(apiErr);
      // A declined or refused attempt is over: the next try is a new attempt with a new key. After a lost answer, a
      // server error or an attempt still in progress the same key is sent again, so the server resumes that order.
      const unfinished =
        apiErr.status === 429 ||
        apiErr.status === 0 ||
        apiErr.status >= 500 ||
        apiErr.code === 'IDEMPOTENCY_KEY_IN_PROGRESS' ||
        apiErr.code === 'CONFLICT';
      if (!unfinished) attemptKey.current = crypto.randomUUID();
      if (apiErr.code === 'PRICE_CHANGED' || apiErr.code === 'INSUFFICIENT_STOCK' || apiErr.code === 'OUT_OF_STOCK')
        void quote.refetch();
    } finally {
      setBusy(false);
    }
  };

  const answer = async (approved: boolean) => {
    const payment = challenge?.order.payment;
    if (!challenge || !payment?.challengeId) return;
    setBusy(true);
    const orderUrl = `/api/pedidos/${challenge.order.id}`;
    const viewToken = { viewToken: challenge.viewToken };
    try {
      try {
        await api.post(
          `/api/payments/sandbox/3ds/${payment.challengeId}`,
          { approved },
          { waitForThrottle: true, redirectOn404: false },
        );
      } catch (err) {
        // Answered before, or too late: what the server knows below decides.
        if ((err as ApiError).status === 0) throw err;
      }
      let order = await api.get<OrderView>(orderUrl, { query: viewToken, redirectOn404: false });
      // The provider's notice has not reached the server yet: ask it to check with the provider.
      if (order.status === 'pending')
        order = await api.post<OrderView>(
          `/api/payments/${payment.id}/3ds`,
          {},
          { query: viewToken, waitForThrottle: true },
        );
      if (order.status === 'paid') return finish(challenge);
      if (order.status === 'pending')
        throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', t('errors:IDEMPOTENCY_KEY_IN_PROGRESS'));
      throw new ApiError(422, 'THREE_D_SECURE_FAILED', t('errors:THREE_D_SECURE_FAILED'));
    } catch (err) {
      setError(err as ApiError);
      attemptKey.current = crypto.randomUUID();
      setChallenge(null);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (path: string) => error?.fields.find((f) => f.path === `card.${path}`)?.message;

  return (
    <div className="container page">
      <CheckoutSteps current="payment" />
      <h1>{t('payment.title')}</h1>
      <div className="checkout-layout">
        <form
          className="card stack"
          onSubmit={submit}
          noValidate
          aria-describedby={error ? 'payment-error' : undefined}
        >
          {error && (
            <div id="payment-error">
              <Alert kind="error">{error.message}</Alert>
            </div>
          )}
          <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{t('payment.method')}</legend>
            <label className="radio-card">
              <input
                type="radio"
                name="method"
                value="card"
                checked={method === 'card'}
                onChange={() => setMethod('card')}
              />
              <span>
                <strong>{t('payment.card')}</strong>
                <span className="small muted" style={{ display: 'block' }}>
                  {t('payment.cardText')}
                </span>
              </span>
            </label>
            <label className="radio-card">
              <input
                type="radio"
                name="method"
                value="oxxo"
                checked={method === 'oxxo'}
                onChange={() => setMethod('oxxo')}
              />
              <span>
                <strong>{t('payment.oxxo')}</strong>
                <span className="small muted" style={{ display: 'block' }}>
                  {t('payment.oxxoText', { fee: money(config.data?.oxxoFeeCents ?? 0) })}
                </span>
              </span>
            </label>
          </fieldset>
          {method === 'card' && (
            <div className="form-grid two">
              <TextField
                className="full"
                label={t('payment.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                value={card.number}
                onChange={(e) => setCard({ ...card, number: e.target.value })}
                error={fieldError('number')}
              />
              <TextField
                className="full"
                label={t('payment.holderName')}
                autoComplete="cc-name"
                value={card.holderName}
                onChange={(e) => setCard({ ...card, holderName: e.target.value })}
                error={fieldError('holderName')}
              />
              <TextField
                label={t('payment.expiry')}
                placeholder="MM/AA"
                autoComplete="cc-exp"
                value={card.expiry}
                onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                error={fieldError('expMonth') ?? fieldError('expYear')}
              />
              <TextField
                label={t('payment.cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={card.cvc}
                onChange={(e) => setCard({ ...card, cvc: e.target.value })}
                error={fieldError('cvc')}
              />
              <div className="full">
                <Alert kind="info">{t('payment.testCards')}</Alert>
              </div>
            </div>
          )}
          {method === 'oxxo' && <Alert kind="info">{t('payment.oxxoHowTo')}</Alert>}
          <Button type="submit" busy={busy} block>
            {busy ? t('payment.processing') : t('payment.pay', { total: money(totalCents) })}
          </Button>
          <Link className="btn btn-ghost" to={paths.checkoutShipping()}>
            {t('back')}
          </Link>
        </form>
        <OrderSummary itemsCents={itemsCents} shippingCents={shippingCents} feeCents={feeCents}>
          <p className="small muted">
            {shipping.descripcion} · {shipping.entrega}
          </p>
          <p className="small muted">
            {address.fullName}, {address.street} {address.exteriorNumber}, {address.neighborhood}, {address.postalCode}
          </p>
        </OrderSummary>
      </div>
      {challenge && <ThreeDSecureDialog busy={busy} onAnswer={answer} />}
    </div>
  );
}
