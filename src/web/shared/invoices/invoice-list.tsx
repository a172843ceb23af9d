/**
 * The CFDIs of an order (decision 154), as buyer and seller see them: kind, status, UUID, total with its IVA, and the
 * PDF and XML downloads once issued. The seller also reads why the PAC refused one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceView } from '../../../shared/contracts/invoices';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useMoney } from '../../components/ui/price';
import type { Area } from '../../lib/session';
import { downloadInvoiceFile } from './download-invoice';

export function InvoiceList({ invoices, area }: { invoices: InvoiceView[]; area: Area }) {
  const { t } = useTranslation('invoices');
  const money = useMoney();
  const [error, setError] = useState<string | null>(null);
  const download = (url: string, name: string) =>
    downloadInvoiceFile(url, name, area).catch((e: Error) => setError(e.message));
  return (
    <div className="stack">
      <ul className="invoice-list stack" role="list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {invoices.map((inv) => (
          <li key={inv.id} className="invoice-item stack">
            <p>
              <strong>{t(`kind.${inv.kind}`)}</strong> · <span>{t(`status.${inv.status}`)}</span>
            </p>
            {inv.uuid && (
              <p className="small">
                {t('uuid')}: <span className="invoice-uuid">{inv.uuid}</span>
              </p>
            )}
            {inv.status !== 'requested' && inv.totalCents > 0 && (
              <p className="small">
                {t('total')}: {money(inv.totalCents)} ({t('iva')} {money(inv.taxCents)})
              </p>
            )}
            {inv.status === 'failed' && (
              <Alert kind="warning">{inv.error ? t('seller.error', { error: inv.error }) : t('failedHelp')}</Alert>
            )}
            {(inv.pdfUrl || inv.xmlUrl) && (
              <div className="row">
                {inv.pdfUrl && (
                  <Button variant="secondary" onClick={() => download(inv.pdfUrl!, `${inv.uuid ?? inv.id}.pdf`)}>
                    {t('pdf')}
                  </Button>
                )}
                {inv.xmlUrl && (
                  <Button variant="secondary" onClick={() => download(inv.xmlUrl!, `${inv.uuid ?? inv.id}.xml`)}>
                    {t('xml')}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}
