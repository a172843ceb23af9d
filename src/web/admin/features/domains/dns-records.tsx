/**
 * The DNS records a custom domain needs, as a table the seller copies from (a card per record on a phone): type, name,
 * value with a copy button, and what the last check found.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DnsRecord } from '../../../../shared/contracts/domains';

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost dns-copy"
      aria-label={t('domains.copy', { what: label })}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? t('domains.copied') : t('domains.copyShort')}
    </button>
  );
}

export function DnsRecords({ records }: { records: DnsRecord[] }) {
  const { t } = useTranslation('admin');
  return (
    <table className="stack-table dns-records">
      <thead>
        <tr>
          <th scope="col">{t('domains.recordType')}</th>
          <th scope="col">{t('domains.recordName')}</th>
          <th scope="col">{t('domains.recordValue')}</th>
          <th scope="col">{t('domains.recordState')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={`${r.type}:${r.name}:${r.value}`}>
            <td data-label={t('domains.recordType')}>
              <strong>{r.type}</strong>
              <div className="small muted">{t(`domains.purpose.${r.purpose}`)}</div>
            </td>
            <td data-label={t('domains.recordName')}>
              <code className="dns-value">{r.name}</code> <CopyButton text={r.name} label={t('domains.recordName')} />
            </td>
            <td data-label={t('domains.recordValue')}>
              <code className="dns-value">{r.value}</code>{' '}
              <CopyButton text={r.value} label={t('domains.recordValue')} />
            </td>
            <td data-label={t('domains.recordState')}>
              <span className={`badge dns-${r.state}`}>{t(`domains.recordStates.${r.state}`)}</span>
              {r.found && r.found.length > 0 && (
                <div className="small muted">{t('domains.found', { values: r.found.join(', ') })}</div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
