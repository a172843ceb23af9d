/**
 * /micarrito/pago: order summary, then card (with the sandbox test cards shown) or cash at OXXO (3 days, the
 * store's fee added). Submits POST /api/pedido (without the card) with an idempotency key kept across retries of the
 * same attempt (also after a server error, so the retry resumes that order instead of placing another); the server
 * answers how to confirm the card payment with the provider, and the card goes from the browser to the provider only
 * (decision 056). A declined card keeps the cart so the shopper can retry; a 3-D Secure challenge opens the bank's
 * dialog. The shopper answers the bank (the sandbox provider's page), and the order's outcome is then read from the
 * server, which heard it from the provider. When the store's provider is Stripe (GET /api/payments/client-config) the
 * card is typed into Stripe Elements (stripe-card-field.tsx) and Stripe.js confirms it, 3-D Secure included.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { paths } from '../../../app/paths';
import { useShop, type ShopAddress } from '../../../state/shop-store';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
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
import { confirmWithProvider, readPaymentOutcome } from './api/provider-client';
import { paymentClientConfigQuery } from './api/get-payment-client-config';
import { StripeCardField, type StripeCardHandle } from './stripe-card-field';
import { walletTokenKey } from './wallet-return-page';
import {
  paymentFieldOf,
  paymentFormSchema,
  paymentOf,
  stripePaymentFormSchema,
  type PaymentFormOutput,
  type PaymentFormValues,
} from './payment-form';
import type { CardInput, PlaceOrderResponse } from '../../../../shared/contracts/checkout';

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

/**
 * The wallet's approval page: the browser leaves the store for it (PayPal's, or the sandbox's stand-in). A guest's view
 * token stays in this tab's storage for the return page, so it never travels in PayPal's URLs.
 */
function goToWallet(placed: PlaceOrderResponse, approveUrl: string) {
  try {
    sessionStorage.setItem(walletTokenKey(placed.order.id), placed.viewToken);
  } catch {
    // Storage refused (private mode): a signed-in buyer reads the order anyway; a guest gets the emailed link.
  }
  window.location.assign(approveUrl);
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
  // The card goes to the provider with the payment's client secret; a 3-D Secure challenge comes back to answer
  // (Stripe.js shows its own and resolves once it is answered).
  const payAtProvider = useMutation({
    mutationFn: async ({
      placed,
      card,
      holderName,
    }: {
      placed: PlaceOrderResponse;
      card: CardInput | null;
      holderName: string;
    }) => {
      if (placed.confirmation?.provider === 'stripe') {
        const declined = i18n.t('errors:PAYMENT_DECLINED');
        if (!stripeCard.current) throw new ApiError(422, 'PAYMENT_DECLINED', declined);
        const r = await stripeCard.current.confirm(placed.confirmation.clientSecret, holderName);
        // Paid, declined or 3-D Secure failed: how the order ended is read from our server, which heard it from
        // Stripe, and a failure shows our translated message (PAYMENT_DECLINED, THREE_D_SECURE_FAILED).
        if (r.status === 'succeeded' || r.attempted) return { paid: await readPaymentOutcome(placed) };
        // Stripe refused before charging (the card frame did not load, no connection): its message; the unpaid
        // order is voided by the sweep.
        throw new ApiError(422, 'PAYMENT_DECLINED', r.message ?? declined);
      }
      if (!card) throw new ApiError(422, 'PAYMENT_DECLINED', i18n.t('errors:PAYMENT_DECLINED'));
      const r = await confirmWithProvider(placed, card);
      if (r.status === 'requires_action' && r.challengeId && placed.order.payment)
        return {
          challenge: {
            ...placed,
            order: { ...placed.order, payment: { ...placed.order.payment, challengeId: r.challengeId } },
          },
        };
      return { paid: await readPaymentOutcome(placed) };
    },
  });
  const form = useForm<PaymentFormValues, unknown, PaymentFormOutput>({
    resolver: (values, context, options) => (stripeMode.current ? stripeResolver : resolver)(values, context, options),
    defaultValues: { method: 'card', card: { number: '', holderName: '', expiry: '', cvc: '' } },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  const method = form.watch('method');
  const [challenge, setChallenge] = useState<PlaceOrderResponse | null>(null);
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
              <Alert kind="error">{error.message}</Alert>
            </div>
          )}
          <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{t('payment.method')}</legend>
            <label className="radio-card">
              <input type="radio" value="card" {...form.register('method')} />
              <span>
                <strong>{t('payment.card')}</strong>
                <span className="small muted" style={{ display: 'block' }}>
                  {t('payment.cardText')}
                </span>
              </span>
            </label>
            <label className="radio-card">
              <input type="radio" value="oxxo" {...form.register('method')} />
              <span>
                <strong>{t('payment.oxxo')}</strong>
                <span className="small muted" style={{ display: 'block' }}>
                  {t('payment.oxxoText', { fee: money(config.data?.oxxoFeeCents ?? 0) })}
                </span>
              </span>
            </label>
            {wallet && (
              <label className="radio-card">
                <input type="radio" value="paypal" {...form.register('method')} />
                <span>
                  <strong>{tw('method')}</strong>
                  <span className="small muted" style={{ display: 'block' }}>
                    {tw('methodText')}
                  </span>
                </span>
              </label>
            )}
          </fieldset>
          {method === 'card' && stripeKey && (
            <div className="form-grid two">
              <TextField
                className="full"
                label={t('payment.holderName')}
                autoComplete="cc-name"
                {...form.register('card.holderName')}
                error={fieldError('card.holderName')}
              />
              <StripeCardField
                ref={stripeCard}
                publishableKey={stripeKey}
                locale={i18n.language === 'en' ? 'en' : 'es'}
              />
            </div>
          )}
          {method === 'card' && !stripeKey && (
            <div className="form-grid two">
              <TextField
                className="full"
                label={t('payment.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                {...form.register('card.number')}
                error={fieldError('card.number')}
              />
              <TextField
                className="full"
                label={t('payment.holderName')}
                autoComplete="cc-name"
                {...form.register('card.holderName')}
                error={fieldError('card.holderName')}
              />
              <TextField
                label={t('payment.expiry')}
                placeholder="MM/AA"
                autoComplete="cc-exp"
                {...form.register('card.expiry')}
                error={fieldError('card.expiry')}
              />
              <TextField
                label={t('payment.cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                {...form.register('card.cvc')}
                error={fieldError('card.cvc')}
              />
              <div className="full">
                <Alert kind="info">{t('payment.testCards')}</Alert>
              </div>
            </div>
          )}
          {method === 'oxxo' && <Alert kind="info">{t('payment.oxxoHowTo')}</Alert>}
          {method === 'paypal' && <Alert kind="info">{tw('howTo')}</Alert>}
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
