/**
 * A marketplace order's packages on the buyer's tracking page (decision 135): "Tu pedido llega en N paquetes", each
 * with a small progress line (paid, ready, on the way, delivered), its tracking number, shipping and items. Which
 * store ships a package is never shown to the buyer.
 */
import './order-packages.css';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../components/ui/price';
import { formatOptions } from '../../../lib/option-labels';
import type { OrderView } from '../../../../shared/contracts/checkout';

const STEPS = ['paid', 'ready_to_ship', 'on_the_way', 'delivered'] as const;

export function OrderPackages({ order: o }: { order: OrderView }) {
  const { t } = useTranslation('account');
  const money = useMoney();
  const total = o.packages.length;
  return (
    <section className="card stack" aria-labelledby="packages-title" data-testid="order-packages">
      <h2 id="packages-title">{t('orders.packages.title', { count: total })}</h2>
      <p className="muted small">{t('orders.packages.intro')}</p>
      {o.packages.map((p, k) => {
        const reached = STEPS.indexOf(p.status as (typeof STEPS)[number]);
        const items = o.items.filter((i) => p.skus.includes(i.sku));
        const n = k + 1;
        return (
          <article key={p.id} className="package-card stack" aria-labelledby={`pkg-${p.id}`}>
            <h3 id={`pkg-${p.id}`}>{t('orders.packages.number', { n, total })}</h3>
            {p.status === 'rejected' || p.status === 'cancelled' ? (
              <p className="package-stopped">{t(`orders.packages.${p.status}`)}</p>
            ) : (
              <ol className="package-progress" aria-label={t('orders.packages.progress', { n })}>
                {STEPS.map((s, i) => (
                  <li
                    key={s}
                    className={i <= reached ? 'done' : undefined}
                    aria-current={i === reached ? 'step' : undefined}
                  >
                    {t(`common:orderStatus.${s}`)}
                  </li>
                ))}
              </ol>
            )}
            <p className="small">
              <strong>{t('orders.packages.tracking')}:</strong>{' '}
              {p.trackingNumber ?? <span className="muted">{t('orders.packages.noTracking')}</span>}
              <br />
              <strong>{t('orders.packages.shipping')}:</strong> {money(p.shippingCents)}
            </p>
            <ul className="package-items">
              {items.map((i) => (
                <li key={i.sku}>
                  <span>
                    {i.name}
                    {Object.keys(i.options).length > 0 && (
                      <span className="small muted"> · {formatOptions(t, i.options)}</span>
                    )}
                  </span>
                  <span>× {i.quantity}</span>
                </li>
              ))}
            </ul>
          </article>
        );
      })}
    </section>
  );
}
