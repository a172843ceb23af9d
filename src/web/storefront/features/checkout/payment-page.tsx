/**
 * /micarrito/pago: order summary, then card (with the sandbox test cards shown) or cash at OXXO (3 days, the
 * store's fee added). Submits POST /api/pedido (without the card) with an idempotency key kept across retries of the
 * same attempt (also after a server error, so the retry resumes that order instead of placing another); the server
 * answers how to confirm the card payment with the provider, and the card goes from the browser to the provider only
 * (decision 056). A declined card keeps the cart so the shopper can retry; a 3-D Secure challenge opens the bank's
 * dialog. The shopper answers the bank (the sandbox provider's page), and the order's outcome is then read from the
 * server, which heard it from the provider. When the store's provider is Stripe (GET /api/payments/client-config) the
 * card is typed into Stripe Elements (stripe-card-field.tsx) and Stripe.js confirms it, 3-D Secure included. Each
 * method's part is its own file: card-payment.tsx, oxxo-payment.tsx, wallet-payment.tsx.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { paths } from '../../../app/paths';
import { useShop, type ShopAddress } from '../../../state/shop-store';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../components/ui/price';
import { CheckoutSteps } from '../../components/checkout-steps';
import { OrderSummary } from '../../components/order-summary';
import { cartLines, useCartQuote } from '../../shared/api/get-cart-quote';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { checkoutTotals } from '../../shared/totals';
import { useCouponCheck } from '../../shared/api/check-coupon';
import { CouponForm } from '../../components/coupon-form';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import { usePlaceOrder } from './api/place-order';
import { useSettleThreeDSecure } from './api/settle-three-d-secure';
import { paymentClientConfigQuery } from './api/get-payment-client-config';
import type { StripeCardHandle } from './stripe-card-field';
import { CardFields, CardOption, usePayAtProvider } from './card-payment';
import { OxxoHowTo, OxxoOption } from './oxxo-payment';
import { WalletHowTo, WalletOption, goToWallet } from './wallet-payment';
import {
  paymentFieldOf,
  paymentFormSchema,
  paymentOf,
  stripePaymentFormSchema,
  type PaymentFormOutput,
  type PaymentFormValues,
} from './payment-form';
import type { PlaceOrderResponse } from '../../../../shared/contracts/checkout';
import { InvoiceOption } from './invoice-option';
import type { FiscalData } from '../../../../shared/contracts/invoices';

const resolver = zodResolver(paymentFormSchema, formSchemaOptions) as unknown as Resolver<
  PaymentFormValues,
  unknown,
  PaymentFormOutput
>;
const stripeResolver = zodResolver(stripePaymentFormSchema, formSchemaOptions) as unknown as Resolver<
  PaymentFormValues,
  unknown,
  PaymentFormOutput
>;

/**
 * A refused attempt is over (a declined card, a changed price): the next try is a new attempt with a new key. After a
 * lost answer, a server error or an attempt still in progress the same key is sent again, so the server resumes it.
 */
function attemptIsOver(err: ApiError): boolean {
  return !(
    err.status === 429 ||
    err.status === 0 ||
    err.status >= 500 ||
    err.code === 'IDEMPOTENCY_KEY_IN_PROGRESS' ||
    err.code === 'CONFLICT'
  );
}

/** A guest's address and email, as POST /api/pedido takes them. */
function guestAddress({ id: _id, email, ...address }: ShopAddress) {
  return { address, email };
}

export function PaymentPage() {
  const { t } = useTranslation('checkout');
  const { t: tw } = useTranslation('wallet');
  const money = useMoney();
  const navigate = useNavigate();
  const { cart, address, shipping, clearCart } = useShop();
  const config = useQuery(storeConfigQuery);
  const quote = useCartQuote();
  const coupon = useCouponCheck();
  const place = usePlaceOrder();
  const settle = useSettleThreeDSecure();
  const clientConfig = useQuery(paymentClientConfigQuery);
  const stripeKey = clientConfig.data?.provider === 'stripe' ? clientConfig.data.publishableKey : null;
  const wallet = clientConfig.data?.wallet ?? null;
  const stripeMode = useRef(false);
  stripeMode.current = Boolean(stripeKey);
  const [leaving, setLeaving] = useState(false);
  const stripeCard = useRef<StripeCardHandle>(null);
  const payAtProvider = usePayAtProvider(stripeCard);
  const form = useForm<PaymentFormValues, unknown, PaymentFormOutput>({
    resolver: (values, context, options) => (stripeMode.current ? stripeResolver : resolver)(values, context, options),
    defaultValues: { method: 'card', card: { number: '', holderName: '', expiry: '', cvc: '' } },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const method = form.watch('method');
  const [challenge, setChallenge] = useState<PlaceOrderResponse | null>(null);
  // The buyer's fiscal data when they want a factura (decision 154); null otherwise.
  const [factura, setFactura] = useState<FiscalData | null>(null);
  const onFactura = useCallback((v: FiscalData | null) => setFactura(v), []);
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
  // The same orderTotalCents of src/shared/money.ts the server charges with; the coupon's discount is the server's.
  const totals = checkoutTotals({
    itemsCents: quote.data?.itemsCents ?? cart.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0),
    shippingCents: typeof shipping.precio === 'number' ? shipping.precio : 0,
    feeCents: method === 'oxxo' ? (config.data?.oxxoFeeCents ?? 0) : 0,
    discountCents: coupon.data?.discountCents ?? 0,
  });
  const busy = place.isPending || settle.isPending || payAtProvider.isPending || leaving;
  const error = settle.error ?? payAtProvider.error ?? place.error;
  const quotable = [...cart].sort((a, b) => b.unitPriceCents * b.quantity - a.unitPriceCents * a.quantity)[0];

  const finish = (r: PlaceOrderResponse) => {
    clearCart();
    navigate(paths.checkoutDone(r.order.id, r.viewToken));
  };

  const submit = form.handleSubmit((values) => {
    settle.reset();
    payAtProvider.reset();
    // Stripe: an incomplete card is said under its field before any order is placed.
    if (stripeMode.current && values.method === 'card' && !stripeCard.current?.checkComplete()) return;
    const payment =
      stripeMode.current || values.method !== 'card'
        ? { body: { paymentMethod: values.method }, card: null }
        : paymentOf(values);
    const holderName = values.method === 'card' ? values.card.holderName : '';
    place.mutate(
      {
        idempotencyKey: attemptKey.current,
        items: cartLines(cart),
        ...(address.id ? { addressId: address.id } : guestAddress(address)),
        shipping: { servicio: shipping.servicio as 'economico' | 'paquete' | 'pickup' },
        ...payment.body,
        expectedTotalCents: totals.totalCents,
        ...(coupon.data ? { couponCode: coupon.data.code } : {}),
        ...(factura ? { factura } : {}),
      },
      {
        onSuccess: (r) => {
          // The wallet: the buyer approves at PayPal and comes back to /micarrito/paypal, which captures.
          if (r.confirmation?.approveUrl) {
            setLeaving(true);
            goToWallet(r, r.confirmation.approveUrl);
          } else if (r.confirmation) {
            payAtProvider.mutate(
              { placed: r, card: payment.card, holderName },
              {
                onSuccess: (x) => (x.challenge ? setChallenge(x.challenge) : finish(x.paid!)),
                // The attempt is over (declined, or the provider refused): the next try is a new order.
                onError: (err) => {
                  if (attemptIsOver(err as ApiError)) attemptKey.current = crypto.randomUUID();
                },
              },
            );
          } else if (r.order.payment?.status === 'requires_action') setChallenge(r);
          else finish(r);
        },
        onError: (err) => {
          const apiErr = err as ApiError;
          setServerFieldErrors(apiErr, form.setError, paymentFieldOf);
          if (attemptIsOver(apiErr)) attemptKey.current = crypto.randomUUID();
          if (['PRICE_CHANGED', 'INSUFFICIENT_STOCK', 'OUT_OF_STOCK'].includes(apiErr.code)) void quote.refetch();
          if (apiErr.code === 'COUPON_NOT_VALID') void coupon.refetch();
        },
      },
    );
  });

  const answer = (approved: boolean) => {
    if (!challenge) return;
    settle.mutate(
      { placed: challenge, approved },
      {
        onSuccess: finish,
        onError: () => {
          attemptKey.current = crypto.randomUUID();
          setChallenge(null);
        },
      },
    );
  };

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
              <Alert kind="error">
                {error.message}
                {/* Too large for one checkout: a quote for the cart's largest line is where to go (decision 151). */}
                {(error as ApiError).code === 'ORDER_TOTAL_TOO_HIGH' && quotable && (
                  <>
                    {' '}
                    <Link to={paths.quoteRequest(quotable.codigo)}>
                      {t('payment.askQuote', { name: quotable.name })}
                    </Link>
                  </>
                )}
              </Alert>
            </div>
          )}
          <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{t('payment.method')}</legend>
            <CardOption form={form} />
            <OxxoOption form={form} feeCents={config.data?.oxxoFeeCents ?? 0} />
            {wallet && <WalletOption form={form} />}
          </fieldset>
          {method === 'card' && (
            <CardFields form={form} fieldError={fieldError} stripeKey={stripeKey} stripeCard={stripeCard} />
          )}
          {method === 'oxxo' && <OxxoHowTo />}
          {method === 'paypal' && <WalletHowTo />}
          <InvoiceOption onChange={onFactura} />
          <Button type="submit" busy={busy} block>
            {leaving
              ? tw('redirecting')
              : busy
                ? t('payment.processing')
                : t('payment.pay', { total: money(totals.totalCents) })}
          </Button>
          <Link className="btn btn-ghost" to={paths.checkoutShipping()}>
            {t('back')}
          </Link>
        </form>
        <OrderSummary totals={totals} couponCode={coupon.data?.code}>
          <CouponForm />
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
