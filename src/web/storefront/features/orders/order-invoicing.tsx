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
import { SelectField, TextField } from '../../../components/ui/field';
import { CFDI_USES, TAX_REGIMES, regimesFor, usesFor, type PersonType } from '../../../../shared/sat-catalogs';
import type { FiscalData } from '../../../../shared/contracts/invoices';
import { InvoiceList } from '../../../shared/invoices/invoice-list';
import { orderInvoicingQuery, useRequestInvoice } from './api/order-invoicing';

const EMPTY: FiscalData = { rfc: '', legalName: '', taxRegime: '', cfdiUse: '', postalCode: '' };

const personOf = (rfc: string): PersonType | null => {
  const clean = rfc.toUpperCase().replace(/[\s-]/g, '');
  return clean.length === 12 ? 'moral' : clean.length === 13 ? 'fisica' : null;
};

/** The fiscal data form (also used at checkout): controlled, prefilled with `initial`. */
export function FiscalDataFields({ value, onChange }: { value: FiscalData; onChange: (v: FiscalData) => void }) {
  const { t } = useTranslation('invoices');
  const person = personOf(value.rfc);
  const regimes = person ? regimesFor(person) : Object.keys(TAX_REGIMES);
  const uses = person && value.taxRegime ? usesFor(value.taxRegime, person) : [];
  const set = (patch: Partial<FiscalData>) => onChange({ ...value, ...patch });
  return (
    <div className="stack">
      <TextField
        label={t('rfc')}
        hint={t('rfcHint')}
        value={value.rfc}
        onChange={(e) => set({ rfc: e.target.value.toUpperCase() })}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={15}
        markRequired
      />
      <TextField
        label={t('legalName')}
        hint={t('legalNameHint')}
        value={value.legalName}
        onChange={(e) => set({ legalName: e.target.value })}
        autoComplete="organization"
        maxLength={254}
        markRequired
      />
      <SelectField
        label={t('taxRegime')}
        value={value.taxRegime}
        onChange={(e) => set({ taxRegime: e.target.value, cfdiUse: '' })}
        markRequired
      >
        <option value="">{t('choose')}</option>
        {regimes.map((k) => (
          <option key={k} value={k}>
            {k} · {TAX_REGIMES[k].name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('cfdiUse')}
        hint={uses.length ? undefined : t('chooseRegimeFirst')}
        value={value.cfdiUse}
        onChange={(e) => set({ cfdiUse: e.target.value })}
        disabled={!uses.length}
        markRequired
      >
        <option value="">{t('choose')}</option>
        {uses.map((k) => (
          <option key={k} value={k}>
            {k} · {CFDI_USES[k].name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('postalCode')}
        value={value.postalCode}
        onChange={(e) => set({ postalCode: e.target.value.replace(/\D/g, '').slice(0, 5) })}
        inputMode="numeric"
        autoComplete="postal-code"
        pattern="\d{5}"
        markRequired
      />
    </div>
  );
}

export function OrderInvoicing({ orderId, viewToken }: { orderId: string; viewToken?: string }) {
  const { t, i18n } = useTranslation('invoices');
  const q = useQuery(orderInvoicingQuery(orderId, viewToken));
  const request = useRequestInvoice(orderId, viewToken);
  const [data, setData] = useState<FiscalData>(EMPTY);
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
