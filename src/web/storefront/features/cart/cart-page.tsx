/** /micarrito: cart lines with live stock and minimum-order messages, quantities, subtotal. */
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMoney } from '../../../components/ui/price';
import { ProductImage } from '../../../components/ui/product-image';
import { CheckoutSteps } from '../../components/checkout-steps';
import { OrderSummary } from '../../components/order-summary';
import { useCartQuote } from '../../shared/api/get-cart-quote';
import { checkoutTotals } from '../../shared/totals';
import { useCouponCheck } from '../../shared/api/check-coupon';
import { CouponForm } from '../../components/coupon-form';
import { formatOptions } from '../../../lib/option-labels';

export function CartPage() {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const navigate = useNavigate();
  const cart = useShop((s) => s.cart);
  const setQuantity = useShop((s) => s.setQuantity);
  const remove = useShop((s) => s.removeFromCart);
  const quote = useCartQuote();
  const coupon = useCouponCheck();
  if (!cart.length) {
    return (
      <div className="container page">
        <CheckoutSteps current="cart" />
        <EmptyState title={t('cart.emptyTitle')}>
          <p>{t('cart.emptyText')}</p>
          <Link className="btn btn-primary" to={paths.home()}>
            {t('cart.keepShopping')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  const lines = quote.data?.lines;
  const hasProblem = lines?.some((l) => l.problem);
  const itemsCents = quote.data?.itemsCents ?? cart.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  return (
    <div className="container page">
      <CheckoutSteps current="cart" />
      <h1>{t('cart.title')}</h1>
      <div className="checkout-layout">
        <section className="card" aria-label={t('cart.lines')}>
          {quote.isError && <Alert kind="error">{quote.error.message}</Alert>}
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {cart.map((item) => {
              const live = lines?.find((l) => l.sku === item.sku);
              const stock = live?.stock ?? item.stock;
              const price = live?.unitPriceCents ?? item.unitPriceCents;
              const max = Math.max(1, stock);
              return (
                <li key={item.sku} className="cart-line">
                  <ProductImage base={item.image} alt="" sizes="72px" />
                  <div>
                    <Link to={paths.product(item.codigo)}>
                      <strong>{item.name}</strong>
                    </Link>
                    {Object.keys(item.options).length > 0 && (
                      <div className="small muted">{formatOptions(t, item.options)}</div>
                    )}
                    <div className="small">
                      {money(price)} × {item.quantity} = <strong>{money(price * item.quantity)}</strong>
                    </div>
                    {live?.problem && (
                      <p className="field-error" role="alert">
                        {t(`cart.problem.${live.problem}`, {
                          count: live.problem === 'MIN_ORDER_QUANTITY' ? live.minOrderQty : live.stock,
                        })}
                      </p>
                    )}
                    {live && !live.problem && live.unitPriceCents !== item.unitPriceCents && (
                      <p className="small" role="status">
                        {t('cart.priceUpdated')}
                      </p>
                    )}
                    <div className="line-actions">
                      <div className="qty" role="group" aria-label={t('cart.quantityOf', { name: item.name })}>
                        <button
                          type="button"
                          aria-label={t('cart.less')}
                          onClick={() => setQuantity(item.sku, Math.max(1, item.quantity - 1))}
                        >
                          −
                        </button>
                        <input
                          type="number"
                          min={1}
                          max={max}
                          value={item.quantity}
                          aria-label={t('cart.quantity')}
                          onChange={(e) => setQuantity(item.sku, Math.max(1, Math.floor(Number(e.target.value) || 1)))}
                        />
                        <button
                          type="button"
                          aria-label={t('cart.more')}
                          disabled={item.quantity >= stock}
                          onClick={() => setQuantity(item.sku, item.quantity + 1)}
                        >
                          +
                        </button>
                      </div>
                      {item.quantity >= stock && stock > 0 && (
                        <span className="small muted">{t('cart.stockLimit')}</span>
                      )}
                      <Button variant="ghost" onClick={() => remove(item.sku)}>
                        {t('cart.remove')}
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
        <OrderSummary
          totals={checkoutTotals({ itemsCents, shippingCents: null, discountCents: coupon.data?.discountCents ?? 0 })}
          couponCode={coupon.data?.code}
        >
          <CouponForm />
          {hasProblem && <Alert kind="warning">{t('cart.fixProblems')}</Alert>}
          <Button block onClick={() => navigate(paths.checkoutAddress())} disabled={hasProblem || quote.isPending}>
            {t('cart.checkout')}
          </Button>
          <Link className="btn btn-ghost btn-block" to={paths.home()}>
            {t('cart.keepShopping')}
          </Link>
        </OrderSummary>
      </div>
    </div>
  );
}
