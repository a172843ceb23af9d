/** The invoices section of the seller's order page (decision 154): the order's factura and credit notes, or none asked. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InvoiceList } from '../../../shared/invoices/invoice-list';
import { orderInvoicesQuery } from './api/order-invoices';

export function OrderInvoices({ orderId }: { orderId: string }) {
  const { t } = useTranslation('invoices');
  const q = useQuery(orderInvoicesQuery(orderId));
  if (!q.data) return null;
  return (
    <section className="card stack" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title">{t('seller.title')}</h2>
      {q.data.invoices.length ? (
        <InvoiceList invoices={q.data.invoices} area="admin" />
      ) : (
        <p className="muted">{t('seller.none')}</p>
      )}
    </section>
  );
}
