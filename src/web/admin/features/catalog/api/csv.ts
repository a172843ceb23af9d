/**
 * Catalogue CSV import and export (decisions 063, 064): start a job, poll its progress
 * (GET /api/admin/jobs/:id) until it ends, read what it did, download an export's file.
 */
import { queryOptions } from '@tanstack/react-query';
import { call, ApiError, routeUrl, storeDomain } from '../../../../lib/api-client';
import * as catalogRoutes from '../../../../../shared/routes/catalog';
import * as jobsRoutes from '../../../../../shared/routes/jobs';
import { getToken } from '../../../../lib/session';
import i18n from '../../../../lib/i18n';
import type { JobProgressView } from '../../../../../shared/contracts/jobs';
import type { CsvJobStarted } from '../../../../../shared/contracts/catalog-csv';

/** POST /api/admin/products/import with the chosen file (multipart `file`). */
export function startCsvImport(file: File): Promise<CsvJobStarted> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(catalogRoutes.importProductsCsv, { body: form, waitForThrottle: true });
}

/** POST /api/admin/products/export. */
export function startCsvExport(): Promise<CsvJobStarted> {
  return call(catalogRoutes.exportProductsCsv, { waitForThrottle: true });
}

const finished = (s: JobProgressView['status'] | undefined) => s === 'completed' || s === 'failed';

/** The job's progress, polled every second until it has finished. */
export const csvJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['admin', 'catalog', 'csv-job', jobId],
    queryFn: () => call(jobsRoutes.jobProgress, { params: { id: jobId }, waitForThrottle: true }),
    refetchInterval: (q) => (finished(q.state.data?.status) ? false : 1000),
  });

/** What the job did (read once it has finished). */
export const csvResultQuery = (jobId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'catalog', 'csv-result', jobId],
    queryFn: () => call(catalogRoutes.csvJobResult, { params: { id: jobId }, waitForThrottle: true }),
    enabled,
  });

/** Downloads an export's file (the request needs the seller's token, so it goes through fetch, then a blob link). */
export async function downloadCsvExport(jobId: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = { 'X-Store-Domain': storeDomain(), 'Accept-Language': i18n.language };
  const token = getToken('admin');
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(routeUrl(catalogRoutes.downloadCsvExport, { id: jobId }), { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(res.status, (body.code ?? 'INTERNAL') as never, body.message ?? i18n.t('errors:INTERNAL'));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName || 'products_export.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
