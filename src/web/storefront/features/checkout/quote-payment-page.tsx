/**
 * /micarrito/cotizacion?id=&nivel=: the checkout of one tier of a sent quote (decision 151). The line and its price are
 * the quote's (the server never reprices them from the product), the quoted services are its shipping line, and it is
 * paid as any order: card (the card goes to the provider from the browser, decision 056), cash at OXXO (the store's fee
 * added) or the wallet. The buyer picks a saved address or leaves the delivery to be arranged with the store. Placing
 * the order is accepting the quote: a quote is accepted once.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { OrderSummary } from '../../components/order-summary';
import { addressesQuery } from '../../shared/api/get-addresses';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { checkoutTotals } from '../../shared/totals';
import * as quotesRoutes from '../../../../shared/routes/quotes';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import { PaymentMethodFields, usePaymentAttempt } from './use-payment-attempt';
import type { PlaceOrderResponse } from '../../../../shared/contracts/checkout';

/** "Arrange the delivery with the store": no address, the quoted services cover it. */
const ARRANGE = 'arrange';

export function QuotePaymentPage() {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('account');
  const { t: tw } = useTranslation('wallet');
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const tier = Math.max(0, Math.floor(Number(params.get('nivel') ?? 0)));
  const me = useCurrentUser('storefront');
  const quote = useQuery({
    queryKey: ['storefront', 'quote', id],
    queryFn: () => call(quotesRoutes.getMyQuote, { params: { id } }),
    enabled: Boolean(id && me.data),
  });
  const addresses = useQuery(addressesQuery(Boolean(me.data)));
  const config = useQuery(storeConfigQuery);
  const [delivery, setDelivery] = useState<string | null>(null);
  const finish = (r: PlaceOrderResponse) => void navigate(paths.checkoutDone(r.order.id, r.viewToken));
  const attempt = usePaymentAttempt({ onPaid: finish });
  const { method, busy, error, leaving, challenge } = attempt;

  if (me.isPending) return <Loading />;
  if (!me.data) return <Navigate to={paths.login(paths.quoteCheckout(id, tier))} replace />;
  if (quote.isPending || addresses.isPending) return <Loading />;
  const q = quote.data;
  const chosen = q?.answer?.tiers[tier];
  if (!q || !chosen || q.status !== 'sent')
    return (
      <div className="container page stack">
        <Alert kind="error">{quote.error?.message ?? ta('quotes.notAcceptable')}</Alert>
        <Link to={paths.myQuotes()}>{ta('quotes.mine')}</Link>
      </div>
    );
  const saved = addresses.data ?? [];
  const deliveryChoice = delivery ?? saved[0]?.id ?? ARRANGE;
  const totals = checkoutTotals({
    itemsCents: chosen.goodsCents,
    shippingCents: chosen.servicesCents,
    feeCents: method === 'oxxo' ? (config.data?.oxxoFeeCents ?? 0) : 0,
  });
  const submit = attempt.submit(() => ({
    items: [],
    quote: { id: q.id, tier },
    ...(deliveryChoice === ARRANGE
      ? { shipping: { servicio: 'pickup' as const } }
      : { addressId: deliveryChoice, shipping: { servicio: 'paquete' as const } }),
    expectedTotalCents: totals.totalCents,
  }));

  return (
    <div className="container page">
      <h1>{ta('quotes.checkoutTitle')}</h1>
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
            <legend>
              <strong>{ta('quotes.delivery')}</strong>
            </legend>
            {saved.map((a) => (
              <label key={a.id} className="radio-card">
                <input
                  type="radio"
                  name="delivery"
                  value={a.id}
                  checked={deliveryChoice === a.id}
                  onChange={() => setDelivery(a.id)}
                />{' '}
                {a.fullName}, {a.street} {a.exteriorNumber}, {a.postalCode} {a.municipality}
              </label>
            ))}
            <label className="radio-card">
              <input
                type="radio"
                name="delivery"
                value={ARRANGE}
                checked={deliveryChoice === ARRANGE}
                onChange={() => setDelivery(ARRANGE)}
              />{' '}
              {ta('quotes.arrangeDelivery', { city: q.destinationCity })}
            </label>
          </fieldset>
          <PaymentMethodFields
            fields={attempt.fields}
            oxxoFeeCents={config.data?.oxxoFeeCents ?? 0}
            legend={{ text: t('payment.method'), visible: true }}
          />
          <Button type="submit" busy={busy} block>
            {leaving
              ? tw('redirecting')
              : busy
                ? t('payment.processing')
                : t('payment.pay', { total: money(totals.totalCents) })}
          </Button>
          <Link className="btn btn-ghost" to={paths.myQuotes()}>
            {t('back')}
          </Link>
        </form>
        <OrderSummary totals={totals}>
          <p className="small">
            <strong>{q.productName}</strong>
            <br />
            {ta('quotes.tierLine', {
              count: chosen.quantity,
              price: money(chosen.unitPriceCents),
            })}
          </p>
          <p className="small muted">{ta('quotes.servicesAsShipping')}</p>
          <p className="small muted">{ta('quotes.ivaIncluded', { amount: money(chosen.ivaCents) })}</p>
        </OrderSummary>
      </div>
      {challenge && <ThreeDSecureDialog busy={busy} onAnswer={attempt.answer} />}
    </div>
  );
}
