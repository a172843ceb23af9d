/**
 * The factura section of the buyer's order page (decision 154): the form with the buyer's saved fiscal data while it
 * can be asked (30 days), the order's CFDIs with their PDF and XML once issued, or "Factura no disponible en esta
 * tienda" when the store has no invoicing account. The régimen list follows the RFC's length (12 moral, 13 física)
 * and the uso list the régimen, as the SAT's catalogues combine them; the server checks everything again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { FiscalData } from '../../../../shared/contracts/invoices';
import { InvoiceList } from '../../../shared/invoices/invoice-list';
import { EMPTY_FISCAL_DATA, FiscalDataFields } from '../../shared/fiscal-data-fields';
import { orderInvoicingQuery, useRequestInvoice } from './api/order-invoicing';

export function OrderInvoicing({ orderId, viewToken }: { orderId: string; viewToken?: string }) {
  const { t, i18n } = useTranslation('invoices');
  const q = useQuery(orderInvoicingQuery(orderId, viewToken));
  const request = useRequestInvoice(orderId, viewToken);
  const [data, setData] = useState<FiscalData>(EMPTY_FISCAL_DATA);
  const profile = q.data?.profile;
  useEffect(() => {
    if (profile) setData(profile);
  }, [profile]);
  if (!q.data) return null;
  const s = q.data;
  const date = new Date(s.requestUntil).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(data);
  };
  return (
    <section className="card stack" aria-labelledby="factura-title">
      <h2 id="factura-title">{t('title')}</h2>
      {!s.available && s.invoices.length === 0 ? (
        <p>{t('unavailable')}</p>
      ) : (
        <>
          {s.invoices.length > 0 && <InvoiceList invoices={s.invoices} area="storefront" />}
          {request.isSuccess && <Alert kind="success">{t('requested')}</Alert>}
          {s.canRequest ? (
            <form className="stack" onSubmit={submit} noValidate>
              <p>{t('intro', { date })}</p>
              <FiscalDataFields value={data} onChange={setData} />
              {request.error && <Alert kind="error">{request.error.message}</Alert>}
              <Button type="submit" busy={request.isPending}>
                {t('submit')}
              </Button>
            </form>
          ) : (
            s.invoices.length === 0 && <p>{t('closed', { date })}</p>
          )}
        </>
      )}
    </section>
  );
}
