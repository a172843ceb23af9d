/**
 * /admin/mis-datos/solicitudes ("Mis datos" → "Solicitudes de empleo"; decisions 168, 169): the store's job
 * applications, newest first, filtered as all, unread or reviewed, by pages of 20. Each one opens to show the contact,
 * the letter, the CV download, "Marcar como revisada" (or unread again) and "Eliminar" (with the CV, after a
 * confirmation). Owners only: a collaborator sees the owner-only notice.
 */
import '../../../shared/jobs/jobs-i18n';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useFormat } from '../../../lib/format';
import { isForbidden } from '../../shared/no-permission';
import type { JobApplication, JobApplicationQuery } from '../../../../shared/contracts/applications';
import {
  downloadJobApplicationCv,
  jobApplicationsQuery,
  useDeleteJobApplication,
  useSetJobApplicationReviewed,
} from './api/job-applications';

const STATUSES = ['all', 'unread', 'reviewed'] as const;
type Status = (typeof STATUSES)[number];

/** File size in KB or MB, one decimal. */
function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function JobApplicationsPage() {
  const { t } = useTranslation('jobs');
  const [params, setParams] = useSearchParams();
  const status: Status = STATUSES.includes(params.get('estado') as Status) ? (params.get('estado') as Status) : 'all';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const query: JobApplicationQuery = { status, page };
  const q = useQuery(jobApplicationsQuery(query));
  const [notice, setNotice] = useState<string | null>(null);
  const go = (next: { estado?: Status; pagina?: number }) =>
    setParams((p) => {
      if (next.estado) p.set('estado', next.estado);
      p.set('pagina', String(next.pagina ?? 1));
      return p;
    });
  if (isForbidden(q.error)) return <Alert kind="info">{t('admin.ownerOnly')}</Alert>;
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.pageSize)) : 1;
  return (
    <div className="stack">
      <Link to="/admin/mis-datos">{t('admin.back')}</Link>
      <h1>{t('admin.title')}</h1>
      <p className="muted">{t('admin.intro')}</p>
      <div className="row" style={{ flexWrap: 'wrap', alignItems: 'end', gap: '1rem' }}>
        <div className="field">
          <label htmlFor="job-status">{t('admin.filter')}</label>
          <select id="job-status" value={status} onChange={(e) => go({ estado: e.target.value as Status })}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {q.data && (
          <p className="small" role="status" style={{ margin: 0 }}>
            {t('admin.unreadCount', { count: q.data.unread })}
          </p>
        )}
      </div>
      {notice && <Alert kind="success">{notice}</Alert>}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Alert kind="error">{q.error.message}</Alert>
      ) : !q.data.applications.length ? (
        <EmptyState title={status === 'all' ? t('admin.empty') : t('admin.emptyFiltered')}>
          {status === 'all' && <p>{t('admin.emptyText')}</p>}
        </EmptyState>
      ) : (
        <>
          <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
            {q.data.applications.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a} onDeleted={() => setNotice(t('admin.deleted'))} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="row" aria-label={t('admin.pageOf', { page, pages })}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => go({ pagina: page - 1 })}>
                {t('admin.previous')}
              </Button>
              <span className="small">{t('admin.pageOf', { page, pages })}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => go({ pagina: page + 1 })}>
                {t('admin.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function ApplicationCard({ application: a, onDeleted }: { application: JobApplication; onDeleted: () => void }) {
  const { t } = useTranslation('jobs');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const reviewed = useSetJobApplicationReviewed();
  const remove = useDeleteJobApplication();
  const titleId = `job-${a.id}`;
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadJobApplicationCv(a.id, a.cvName);
    } catch (e) {
      setDownloadError((e as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <article className="card stack" aria-labelledby={titleId}>
      <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: '0.5rem' }}>
        <div className="stack" style={{ gap: '0.25rem' }}>
          <h2 id={titleId} style={{ margin: 0, fontSize: '1.1rem' }}>
            {a.fullName}
          </h2>
          <span>{t('admin.position', { position: a.position })}</span>
          <span className="small muted">
            {t('admin.sentAt', { date: format.date(a.createdAt) })} ·{' '}
            {t('admin.deleteAfter', { date: format.date(a.deleteAfter) })}
          </span>
        </div>
        <span className={`badge ${a.reviewed ? 'badge-delivered' : 'badge-pending'}`}>
          {a.reviewed ? t('admin.statusReviewed') : t('admin.statusUnread')}
        </span>
      </div>
      <div>
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('admin.hide') : t('admin.view', { name: a.fullName })}
        </Button>
      </div>
      {open && (
        <div className="stack">
          <div>
            <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('admin.contact')}</h3>
            <p style={{ margin: 0, overflowWrap: 'anywhere' }}>
              <a href={`mailto:${a.email}`}>{a.email}</a> · <a href={`tel:${a.phone}`}>{a.phone}</a>
            </p>
          </div>
          <div>
            <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('admin.letter')}</h3>
            <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{a.letter}</p>
          </div>
          <div className="row" style={{ flexWrap: 'wrap' }}>
            <Button onClick={download} busy={downloading}>
              {t('admin.download', { size: size(a.cvBytes) })}
            </Button>
            <Button
              variant="secondary"
              busy={reviewed.isPending}
              onClick={() => reviewed.mutate({ id: a.id, reviewed: !a.reviewed })}
            >
              {a.reviewed ? t('admin.markUnread') : t('admin.markReviewed')}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => {
                if (window.confirm(t('admin.confirmDelete', { name: a.fullName })))
                  remove.mutate(a.id, { onSuccess: onDeleted });
              }}
            >
              {t('admin.delete')}
            </Button>
          </div>
          {downloadError && <Alert kind="error">{downloadError}</Alert>}
          {(reviewed.error || remove.error) && <Alert kind="error">{(reviewed.error ?? remove.error)!.message}</Alert>}
        </div>
      )}
    </article>
  );
}
