/**
 * "Insignias de proveedor" on /admin/mis-datos (decisions 165, 166): the badges the store holds and until when, its
 * latest request of each, and two forms: ask for the verified badge with the expiry date of each company document
 * (uploaded in the documents form above), or upload an audit report (auditor, date, valid until). Diamond is
 * computed by the platform and cannot be asked for.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { call } from '../../../lib/api-client';
import * as badgeRoutes from '../../../../shared/routes/badges';
import { VERIFIED_DOCUMENTS } from '../../../../shared/contracts/badges';
import { uploadFile } from '../../shared/files';

const stateKey = ['admin', 'supplier-badges'] as const;

export function SupplierBadgesCard() {
  const { t } = useTranslation('company');
  const qc = useQueryClient();
  const state = useQuery({ queryKey: stateKey, queryFn: () => call(badgeRoutes.getBadgeState) });
  const [done, setDone] = useState<string | null>(null);
  const verified = useMutation({
    mutationFn: (expiries: Record<(typeof VERIFIED_DOCUMENTS)[number], string>) =>
      call(badgeRoutes.requestVerifiedBadge, { body: { expiries }, waitForThrottle: true }),
    onSuccess: () => {
      setDone(t('badges.requested'));
      void qc.invalidateQueries({ queryKey: stateKey });
    },
  });
  const audited = useMutation({
    mutationFn: async (v: { auditor: string; auditedOn: string; validUntil: string; file: File }) => {
      const up = await uploadFile('document', v.file);
      return call(badgeRoutes.requestAuditedBadge, {
        body: {
          auditor: v.auditor,
          auditedOn: v.auditedOn,
          validUntil: v.validUntil,
          file: { id: up.id, url: up.url },
        },
        waitForThrottle: true,
      });
    },
    onSuccess: () => {
      setDone(t('badges.requested'));
      void qc.invalidateQueries({ queryKey: stateKey });
    },
  });
  if (state.isPending) return <Loading />;
  if (state.isError) return <Alert kind="error">{state.error.message}</Alert>;
  const { badges, requests } = state.data;
  const pending = (b: string) => requests.some((r) => r.badge === b && r.status === 'pending');

  const submitVerified = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    verified.mutate(
      Object.fromEntries(VERIFIED_DOCUMENTS.map((k) => [k, String(f.get(k))])) as Record<
        (typeof VERIFIED_DOCUMENTS)[number],
        string
      >,
    );
  };
  const submitAudited = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const file = f.get('report');
    if (!(file instanceof File) || !file.size) return;
    audited.mutate({
      auditor: String(f.get('auditor')),
      auditedOn: String(f.get('auditedOn')),
      validUntil: String(f.get('validUntil')),
      file,
    });
  };

  return (
    <section className="card stack" aria-labelledby="supplier-badges-title">
      <h2 id="supplier-badges-title">{t('badges.title')}</h2>
      <p className="small muted">{t('badges.intro')}</p>
      {done && <Alert kind="success">{done}</Alert>}
      {badges.length ? (
        <ul data-testid="held-badges">
          {badges.map((b) => (
            <li key={b.badge}>
              <strong>{t(`badges.names.${b.badge}`)}</strong>
              {b.validUntil && ` · ${t('badges.until', { date: b.validUntil })}`}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('badges.none')}</p>
      )}
      {requests.map((r) => (
        <p key={r.id} className="small">
          {t(`badges.names.${r.badge}`)}: {t(`badges.status.${r.status}`)}
          {r.reason && ` · ${r.reason}`}
        </p>
      ))}
      <form className="stack" onSubmit={submitVerified} aria-labelledby="badge-verified-title">
        <h3 id="badge-verified-title">{t('badges.verifiedTitle')}</h3>
        <p className="small muted">{t('badges.verifiedHint')}</p>
        {verified.isError && <Alert kind="error">{verified.error.message}</Alert>}
        <div className="form-grid">
          {VERIFIED_DOCUMENTS.map((k) => (
            <div className="field" key={k}>
              <label htmlFor={`badge-exp-${k}`}>{t(`badges.expiry.${k}`)}</label>
              <input id={`badge-exp-${k}`} name={k} type="date" required />
            </div>
          ))}
        </div>
        <div>
          <button className="btn btn-primary" disabled={verified.isPending || pending('verified')}>
            {pending('verified') ? t('badges.pending') : t('badges.askVerified')}
          </button>
        </div>
      </form>
      <form className="stack" onSubmit={submitAudited} aria-labelledby="badge-audited-title">
        <h3 id="badge-audited-title">{t('badges.auditedTitle')}</h3>
        {audited.isError && <Alert kind="error">{audited.error.message}</Alert>}
        <div className="form-grid">
          <div className="field">
            <label htmlFor="badge-auditor">{t('badges.auditor')}</label>
            <input id="badge-auditor" name="auditor" required minLength={2} maxLength={120} />
          </div>
          <div className="field">
            <label htmlFor="badge-audited-on">{t('badges.auditedOn')}</label>
            <input id="badge-audited-on" name="auditedOn" type="date" required />
          </div>
          <div className="field">
            <label htmlFor="badge-valid-until">{t('badges.validUntil')}</label>
            <input id="badge-valid-until" name="validUntil" type="date" required />
          </div>
          <div className="field">
            <label htmlFor="badge-report">{t('badges.report')}</label>
            <input id="badge-report" name="report" type="file" accept="application/pdf,image/*" required />
          </div>
        </div>
        <div>
          <button className="btn btn-primary" disabled={audited.isPending || pending('audited')}>
            {pending('audited') ? t('badges.pending') : t('badges.askAudited')}
          </button>
        </div>
      </form>
    </section>
  );
}
