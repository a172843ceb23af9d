/**
 * The packages of a marketplace order on its seller's page (decision 135): one card per package, numbered
 * "<folio>-<n>", with its lines, shipping, status and tracking. The store moves its own package here; a supplier's
 * package is shipped by the supplier ("Enviado por el proveedor"), so it only shows how it goes.
 */
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../components/ui/price';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatOptions } from '../../../lib/option-labels';
import type { FulfilmentStatus, SellerOrderView } from '../../../../shared/contracts/checkout';
import { useMoveOwnPackage } from './api/purchase-orders';
import { PackageMoves } from './package-moves';

/** The store's next moves of its own package, as the server allows them (it checks again). */
const OWN_NEXT: Partial<Record<FulfilmentStatus, FulfilmentStatus[]>> = {
  paid: ['ready_to_ship'],
  ready_to_ship: ['on_the_way'],
  on_the_way: ['delivered'],
};

export function OrderPackages({ order: o }: { order: SellerOrderView }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const move = useMoveOwnPackage(o.id);
  return (
    <section className="stack" aria-labelledby="packages-title">
      <h2 id="packages-title" style={{ margin: 0 }}>
        {t('packages.title', { count: o.packages.length })}
      </h2>
      <p className="muted small">{t('packages.intro')}</p>
      <div className="package-grid">
        {o.packages.map((p) => {
          const lines = o.items.filter((i) => p.skus.includes(i.sku));
          const busy = move.isPending && move.variables?.packageId === p.id;
          return (
            <article
              key={p.id}
              className="card stack"
              aria-labelledby={`package-${p.id}`}
              data-testid={`package-${p.number}`}
            >
              <div className="row">
                <h3 id={`package-${p.id}`} style={{ margin: 0 }}>
                  {t('packages.number', { number: `${o.folio}-${p.number}` })}
                </h3>
                <StatusBadge status={p.status} />
              </div>
              <p className="small muted" style={{ margin: 0 }}>
                {p.own ? t('packages.own') : t('packages.bySupplier')}
              </p>
              <ul className="package-lines">
                {lines.map((i) => (
                  <li key={i.sku}>
                    <span>
                      {i.name}
                      <span className="small muted" style={{ display: 'block' }}>
                        {i.sku} {formatOptions(t, i.options)}
                      </span>
                    </span>
                    <span>× {i.quantity}</span>
                  </li>
                ))}
              </ul>
              <p className="small" style={{ margin: 0 }}>
                <strong>{t('packages.shipping')}:</strong> {money(p.shippingCents)}
                {p.trackingNumber && (
                  <>
                    {' · '}
                    <strong>{t('order.tracking')}:</strong> {p.trackingNumber}
                  </>
                )}
              </p>
              {move.isSuccess && move.variables?.packageId === p.id && (
                <p role="status" className="small" style={{ margin: 0 }}>
                  {t('packages.updated', { status: t(`common:orderStatus.${p.status}`) })}
                </p>
              )}
              {p.own ? (
                <PackageMoves
                  next={OWN_NEXT[p.status] ?? []}
                  busyStatus={busy ? move.variables?.status : undefined}
                  error={move.variables?.packageId === p.id ? move.error?.message : undefined}
                  onMove={(m, done) => move.mutate({ ...m, packageId: p.id }, { onSuccess: done })}
                />
              ) : (
                p.status !== 'delivered' &&
                p.status !== 'rejected' &&
                p.status !== 'cancelled' && <p className="small muted">{t('packages.supplierMoves')}</p>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
