/**
 * "Quiero factura" on the payment step (decision 154): when the store invoices, a checkbox that opens the fiscal data
 * fields, prefilled with the signed-in buyer's saved data. `onChange(null)` when unchecked. Without an invoicing
 * account the store says so instead.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FiscalData } from '../../../../shared/contracts/invoices';
import { getToken } from '../../../lib/session';
import { EMPTY_FISCAL_DATA, FiscalDataFields } from '../../shared/fiscal-data-fields';
import { fiscalProfileQuery, invoicingAvailableQuery } from './api/invoicing';

export function InvoiceOption({ onChange }: { onChange: (v: FiscalData | null) => void }) {
  const { t } = useTranslation('invoices');
  const available = useQuery(invoicingAvailableQuery);
  const profile = useQuery(fiscalProfileQuery(Boolean(getToken('storefront'))));
  const [wanted, setWanted] = useState(false);
  const [data, setData] = useState<FiscalData>(EMPTY_FISCAL_DATA);
  const saved = profile.data?.profile;
  useEffect(() => {
    if (saved) setData(saved);
  }, [saved]);
  useEffect(() => onChange(wanted ? data : null), [wanted, data, onChange]);
  if (!available.data) return null;
  if (!available.data.available) return <p className="small muted">{t('unavailable')}</p>;
  return (
    <fieldset className="stack invoice-option" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="visually-hidden">{t('title')}</legend>
      <label className="checkbox">
        <input type="checkbox" checked={wanted} onChange={(e) => setWanted(e.target.checked)} /> {t('wantInvoice')}
      </label>
      {wanted && (
        <>
          <FiscalDataFields value={data} onChange={setData} />
          <p className="small muted">{t('invoiceAtCheckout')}</p>
        </>
      )}
    </fieldset>
  );
}
