/**
 * The store's job applications (decisions 168, 169): GET /api/admin/job-applications by status and page, mark
 * reviewed, delete, and the CV's download (a private file fetched with the admin's token).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import { downloadInvoiceFile } from '../../../../shared/invoices/download-invoice';
import * as r from '../../../../../shared/routes/applications';
import type { JobApplicationQuery } from '../../../../../shared/contracts/applications';

const KEY = ['admin', 'job-applications'] as const;

/** One page of the store's applications, newest first. */
export const jobApplicationsQuery = (query: JobApplicationQuery) =>
  queryOptions({
    queryKey: [...KEY, query.status, query.page],
    queryFn: () => call(r.listJobApplications, { query }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Marks an application reviewed or unread; the lists refresh. */
export function useSetJobApplicationReviewed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewed }: { id: string; reviewed: boolean }) =>
      call(r.setJobApplicationReviewed, { params: { id }, body: { reviewed }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Deletes an application and its CV; the lists refresh. */
export function useDeleteJobApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(r.deleteJobApplication, { params: { id }, waitForThrottle: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Saves the CV of application `id` as `fileName`. Throws ApiError when the server refuses it. */
export function downloadJobApplicationCv(id: string, fileName: string): Promise<void> {
  return downloadInvoiceFile(r.downloadJobApplicationCv.path.replace(':id', id), fileName, 'admin');
}
