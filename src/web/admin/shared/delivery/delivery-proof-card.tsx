/** The proof of delivery of an order as its seller sees it (order page), with the link to record it when due. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPaths } from '../paths';
import type { OrderStatus } from '../../../../shared/contracts/checkout';
import { adminDeliveryQuery } from './delivery-api';

export function DeliveryProofCard({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const { t, i18n } = useTranslation('balances');
  const proof = useQuery(adminDeliveryQuery(orderId));
  const due = status === 'on_the_way' || status === 'ready_for_pickup';
  if (!proof.data?.proof)
    return due ? (
      <Link className="btn btn-primary" to={adminPaths.delivery(orderId)}>
        {t('delivery.record')}
      </Link>
    ) : null;
  const p = proof.data.proof;
  return (
    <section className="card stack" aria-labelledby="delivery-proof-title">
      <h2 id="delivery-proof-title">{t('delivery.proofTitle')}</h2>
      <p>
        {t('delivery.summary', { count: p.piecesDelivered, name: p.collectorName })}
        <br />
        <span className="muted small">
          {new Date(p.createdAt).toLocaleString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}
        </span>
      </p>
      <img className="signature-image" src={p.signature} alt={t('delivery.signatureAlt', { name: p.collectorName })} />
    </section>
  );
}
