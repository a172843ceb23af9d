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
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-client';
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
import { PaymentMethodFields, usePaymentAttempt } from './use-payment-attempt';
import type { PlaceOrderResponse } from '../../../../shared/contracts/checkout';
import { InvoiceOption } from './invoice-option';
import type { FiscalData } from '../../../../shared/contracts/invoices';

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
  const finish = (r: PlaceOrderResponse) => {
    clearCart();
    navigate(paths.checkoutDone(r.order.id, r.viewToken));
  };
  const attempt = usePaymentAttempt({
    onPaid: finish,
    onRefused: (err: ApiError) => {
      if (['PRICE_CHANGED', 'INSUFFICIENT_STOCK', 'OUT_OF_STOCK'].includes(err.code)) void quote.refetch();
      if (err.code === 'COUPON_NOT_VALID') void coupon.refetch();
    },
  });
  const { method, busy, error, leaving, challenge } = attempt;
  // The buyer's fiscal data when they want a factura (decision 154); null otherwise.
  const [factura, setFactura] = useState<FiscalData | null>(null);
  const onFactura = useCallback((v: FiscalData | null) => setFactura(v), []);

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
  const quotable = [...cart].sort((a, b) => b.unitPriceCents * b.quantity - a.unitPriceCents * a.quantity)[0];

  const submit = attempt.submit(() => ({
    items: cartLines(cart),
    ...(address.id ? { addressId: address.id } : guestAddress(address)),
    shipping: { servicio: shipping.servicio as 'economico' | 'paquete' | 'pickup' },
    expectedTotalCents: totals.totalCents,
    ...(coupon.data ? { couponCode: coupon.data.code } : {}),
    ...(factura ? { factura } : {}),
  }));

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
          <PaymentMethodFields
            fields={attempt.fields}
            oxxoFeeCents={config.data?.oxxoFeeCents ?? 0}
            legend={{ text: t('payment.method'), visible: false }}
          />
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
      {challenge && <ThreeDSecureDialog busy={busy} onAnswer={attempt.answer} />}
    </div>
  );
}
