/** A delivered order's proof of delivery as its buyer sees it: pieces, who collected them and their signature. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryQuery } from './api/get-delivery';

export function DeliveryProof({ orderId, viewToken }: { orderId: string; viewToken?: string }) {
  const { t } = useTranslation('delivery');
  const q = useQuery(deliveryQuery(orderId, viewToken));
  const p = q.data?.proof;
  if (!p) return null;
  return (
    <section className="card stack" aria-labelledby="delivery-proof-title">
      <h2 id="delivery-proof-title">{t('title')}</h2>
      <p>{t('summary', { count: p.piecesDelivered, name: p.collectorName })}</p>
      <img className="signature-image" src={p.signature} alt={t('signatureAlt', { name: p.collectorName })} />
    </section>
  );
}
