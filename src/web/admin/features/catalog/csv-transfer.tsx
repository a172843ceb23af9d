/**
 * "Importar CSV" and "Exportar CSV" of /admin/catalogo (decisions 063, 064): the seller picks a
 * Shopify product CSV or asks for one; a panel shows the job's progress bar (polling GET /api/admin/jobs/:id), then
 * what it did: products created and updated, or every bad line with its column and reason, or the export's download.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import esCsv from '../../../../locales/es/catalog-import.json';
import enCsv from '../../../../locales/en/catalog-import.json';
import { CSV_MAX_BYTES } from '../../../../shared/contracts/catalog-csv';
import { catalogKeys } from './api/products';
import { csvJobQuery, csvResultQuery, downloadCsvExport, startCsvExport, startCsvImport } from './api/csv';
import './csv-transfer.css';

i18n.addResourceBundle('es', 'catalog-import', esCsv, true, true);
i18n.addResourceBundle('en', 'catalog-import', enCsv, true, true);

/** Bad lines listed on screen; the rest are counted. */
const SHOWN_LINES = 50;

type Job = { id: string; kind: 'import' | 'export'; name: string };

/** The message of a job error that is not a bad line: its error code's, else the generic "could not finish". */
function jobErrorMessage(e: { code: string; params?: Record<string, unknown> }): string {
  const key = `errors:${e.code}`;
  // A message whose parameters the job did not record would show a blank: the generic one is said instead.
  if (e.code === 'COMPANY_PROFILE_INCOMPLETE' && typeof e.params?.missing !== 'string')
    return i18n.t('catalog-import:jobFailed');
  return i18n.exists(key) ? i18n.t(key, e.params ?? {}) : i18n.t('catalog-import:jobFailed');
}

/** The two toolbar buttons; the job's panel shows under the toolbar while a job is followed. */
export function CsvTransfer() {
  const { t } = useTranslation('catalog-import');
  const input = useRef<HTMLInputElement>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [starting, setStarting] = useState<'import' | 'export' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function start(kind: 'import' | 'export', file?: File) {
    setProblem(null);
    if (file && file.size > CSV_MAX_BYTES) {
      setProblem(i18n.t('errors:CSV_TOO_LARGE', { maxMb: CSV_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setStarting(kind);
    try {
      const { jobId } = file ? await startCsvImport(file) : await startCsvExport();
      setJob({ id: jobId, kind, name: file?.name ?? '' });
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : i18n.t('errors:INTERNAL'));
    } finally {
      setStarting(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="csv-transfer">
      <div className="csv-transfer-actions">
        <input
          ref={input}
          id="catalog-csv-file"
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('chooseFile')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void start('import', file);
          }}
        />
        <Button
          variant="secondary"
          busy={starting === 'import'}
          aria-describedby="catalog-csv-hint"
          onClick={() => input.current?.click()}
        >
          {t('import')}
        </Button>
        <Button variant="secondary" busy={starting === 'export'} onClick={() => void start('export')}>
          {t('export')}
        </Button>
      </div>
      <span id="catalog-csv-hint" className="visually-hidden">
        {t('importHint')}
      </span>
      {problem && <Alert kind="error">{problem}</Alert>}
      {job && <JobPanel key={job.id} job={job} onClose={() => setJob(null)} />}
    </div>
  );
}

function JobPanel({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useTranslation('catalog-import');
  const qc = useQueryClient();
  const progress = useQuery(csvJobQuery(job.id));
  const status = progress.data?.status;
  const finished = status === 'completed' || status === 'failed';
  const result = useQuery(csvResultQuery(job.id, finished));
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    // New or updated products show in the list at once.
    if (status === 'completed' && job.kind === 'import') void qc.invalidateQueries({ queryKey: catalogKeys.all() });
  }, [status, job.kind, qc]);

  const p = progress.data;
  const failed = status === 'failed';
  const percent = p ? (status === 'completed' ? 100 : p.total ? Math.floor((p.done / p.total) * 100) : 0) : 0;
  const lines = (p?.errors ?? []).filter((e) => e.code === 'CSV_ROW_INVALID');
  // A failure that is not about lines (a crash on the last attempt, the company profile): its own message.
  const jobErrors = (p?.errors ?? []).filter((e) => e.code !== 'CSV_ROW_INVALID');
  const title = job.kind === 'import' ? t('importing', { name: job.name }) : t('exporting');
  // A failed job reads as failed, never as a percentage of work that will not happen.
  const barText = failed ? t(job.kind === 'import' ? 'importFailedBar' : 'exportFailedBar') : t('percent', { percent });

  return (
    <section className="card csv-job" aria-label={title}>
      <div className="csv-job-head">
        <strong>{title}</strong>
        {finished && (
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
        )}
      </div>
      <div className="csv-job-bar" data-status={status ?? 'queued'}>
        <progress
          max={100}
          value={percent}
          aria-label={t('progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={barText}
          data-status={status ?? 'queued'}
        />
        <span className={failed ? 'small csv-job-failed' : 'small'} aria-hidden={failed ? undefined : 'true'}>
          {barText}
        </span>
      </div>
      {!finished && (
        <p className="small muted" role="status">
          {status === 'running' ? t('running') : t('queued')}
        </p>
      )}
      {progress.isError && <Alert kind="error">{progress.error.message}</Alert>}
      {status === 'completed' && job.kind === 'import' && result.data && (
        <Alert kind="success">
          {t('importDone', { created: result.data.created, updated: result.data.updated })}
          {result.data.imagesSkipped > 0 && <> {t('imagesSkipped', { count: result.data.imagesSkipped })}</>}
        </Alert>
      )}
      {status === 'completed' && job.kind === 'export' && result.data && (
        <div className="csv-job-done">
          <Alert kind="success">{t('exportDone', { count: result.data.products })}</Alert>
          <Button
            onClick={() =>
              void downloadCsvExport(job.id, result.data.fileName).catch((e: Error) => setDownloadError(e.message))
            }
          >
            {t('download')}
          </Button>
          {downloadError && <Alert kind="error">{downloadError}</Alert>}
        </div>
      )}
      {failed &&
        jobErrors.map((e, i) => (
          <Alert key={`${e.code}-${i}`} kind="error">
            {jobErrorMessage(e)}
          </Alert>
        ))}
      {status === 'failed' && lines.length > 0 && (
        <div className="csv-job-lines">
          <Alert kind="error">{t('importFailed')}</Alert>
          <p>
            <strong>{t('badLines', { count: lines.length })}</strong>
          </p>
          <ul aria-label={t('badLines', { count: lines.length })}>
            {lines.slice(0, SHOWN_LINES).map((e, i) => {
              const field = String(e.params?.field ?? '');
              const reason = String(e.params?.reason ?? 'required');
              const value = e.params?.value;
              return (
                <li key={`${e.at ?? 0}-${i}`}>
                  <strong>{e.at ? t('line', { line: e.at }) : t('wholeFile')}</strong>
                  {field ? <code>{field}</code> : null}
                  <span>{t(`reasons.${reason}`)}</span>
                  {typeof value === 'string' && <span className="muted">{t('cellValue', { value })}</span>}
                </li>
              );
            })}
          </ul>
          {lines.length > SHOWN_LINES && <p className="small">{t('more', { count: lines.length - SHOWN_LINES })}</p>}
        </div>
      )}
    </section>
  );
}
