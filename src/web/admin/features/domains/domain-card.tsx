/**
 * One domain on /admin/domains: its name (Unicode, and the ASCII form when they differ), status, primary and
 * certificate badges, and what the seller can do next: create the records and check them, activate (optionally as
 * primary), make primary, remove. The platform address is shown too; it cannot be removed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { StoreDomain } from '../../../../shared/contracts/domains';
import { DnsRecords } from './dns-records';
import { useActivateDomain, useMakePrimary, useRemoveDomain, useVerifyDomain } from './api/domains';

const STATUS_BADGE: Record<StoreDomain['status'], string> = {
  active: 'badge-delivered',
  verified: 'badge-paid',
  pending_validation: 'badge-pending',
  failed: 'badge-cancelled',
};

function useDateTime() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => f.format(new Date(iso));
}

export function DomainCard({ d, propagationMinutes }: { d: StoreDomain; propagationMinutes: number }) {
  const { t } = useTranslation('admin');
  const when = useDateTime();
  const verify = useVerifyDomain();
  const activate = useActivateDomain();
  const primary = useMakePrimary();
  const remove = useRemoveDomain();
  const [asPrimary, setAsPrimary] = useState(true);
  const error = verify.error ?? activate.error ?? primary.error ?? remove.error;
  const custom = d.kind === 'custom';
  const waiting = d.status === 'pending_validation' || d.status === 'failed';
  const titleId = `domain-${d.id}`;
  return (
    <li className="card stack domain-card" aria-labelledby={titleId}>
      <div className="row domain-head">
        <div>
          <h2 id={titleId} className="domain-name">
            {d.displayName}
          </h2>
          {d.displayName !== d.hostname && <div className="small muted">{d.hostname}</div>}
          {!custom && <div className="small muted">{t('domains.platformAddress')}</div>}
        </div>
        <div className="row domain-badges">
          {d.isPrimary && <span className="badge badge-paid">{t('domains.primary')}</span>}
          <span className={`badge ${STATUS_BADGE[d.status]}`}>{t(`domains.status.${d.status}`)}</span>
          {custom && d.status === 'active' && (
            <span className="badge">{t(`domains.certificate.${d.certificate}`)}</span>
          )}
        </div>
      </div>

      {error && <Alert kind="error">{error.message}</Alert>}
      {custom && d.lastError && d.status !== 'active' && (
        <Alert kind={d.status === 'failed' ? 'error' : 'warning'}>{t(`domains.problems.${d.lastError}`)}</Alert>
      )}

      {custom && waiting && (
        <div className="stack">
          <ol className="domain-steps">
            <li>{t('domains.step1')}</li>
            <li>{t('domains.step2', { minutes: propagationMinutes })}</li>
            <li>{t('domains.step3')}</li>
          </ol>
          <DnsRecords records={d.records} />
          <p className="small muted" aria-live="polite">
            {d.lastCheckAt ? t('domains.lastCheck', { when: when(d.lastCheckAt) }) : t('domains.neverChecked')}{' '}
            {d.status === 'failed'
              ? t('domains.gaveUp')
              : d.nextCheckAt && d.checkUntil
                ? t('domains.nextCheck', { when: when(d.nextCheckAt), until: when(d.checkUntil) })
                : null}
          </p>
          <div className="row">
            <Button busy={verify.isPending} onClick={() => verify.mutate(d.id)}>
              {verify.isPending ? t('domains.checking') : t('domains.verify')}
            </Button>
          </div>
        </div>
      )}

      {custom && d.status === 'verified' && (
        <div className="stack">
          <Alert kind="success">{t('domains.verifiedText')}</Alert>
          <label className="checkbox">
            <input type="checkbox" checked={asPrimary} onChange={(e) => setAsPrimary(e.target.checked)} />{' '}
            {t('domains.makePrimaryToo')}
          </label>
          <div className="row">
            <Button busy={activate.isPending} onClick={() => activate.mutate({ id: d.id, primary: asPrimary })}>
              {t('domains.activate')}
            </Button>
          </div>
        </div>
      )}

      {custom && d.status === 'active' && (
        <p className="small muted">
          {t(`domains.certificateText.${d.certificate}`)}{' '}
          {d.activatedAt && t('domains.activeSince', { when: when(d.activatedAt) })}
        </p>
      )}

      <div className="row">
        {d.status === 'active' && (
          <a className="btn btn-secondary" href={d.url} target="_blank" rel="noopener noreferrer">
            {t('domains.open')}
          </a>
        )}
        {d.status === 'active' && !d.isPrimary && (
          <Button variant="secondary" busy={primary.isPending} onClick={() => primary.mutate(d.id)}>
            {t('domains.makePrimary')}
          </Button>
        )}
        {custom && (
          <Button
            variant="ghost"
            busy={remove.isPending}
            onClick={() => {
              if (window.confirm(t('domains.confirmRemove', { name: d.displayName }))) remove.mutate(d.id);
            }}
          >
            {t('domains.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}
