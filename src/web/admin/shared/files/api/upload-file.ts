/** Uploads of the admin: one file per request to POST /api/proveedor/files?purpose=… (multipart `file`). */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as filesRoutes from '../../../../../shared/routes/files';
import type { FilePurpose, UploadedFile } from '../../../../../shared/contracts/files';

/** Sends `file` for `purpose`; waits for the throttle so that several uploads in a row all go through. */
export function uploadFile(purpose: FilePurpose, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(filesRoutes.uploadFile, { query: { purpose }, body: form, waitForThrottle: true });
}

/** The mutation behind `<FileField>`: `mutateAsync(file)` resolves with the stored file's record. */
export function useUploadFile(purpose: FilePurpose) {
  return useMutation({ mutationFn: (file: File) => uploadFile(purpose, file) });
}

/** Reads an upload's record (its URL and size) by id. */
export function getUploadedFile(id: string): Promise<UploadedFile> {
  return call(filesRoutes.getFile, { params: { id } });
}
