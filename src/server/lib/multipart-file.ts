/**
 * The one file of a multipart upload (the form field `file`), read into memory within the limits the route's
 * @fastify/multipart registration sets. Throws AppError: UNSUPPORTED_MEDIA_TYPE (not multipart), BAD_REQUEST (a
 * malformed body), FILE_REQUIRED (no `file` field), or `tooLarge()` when the file passes the size limit.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export async function readUploadedFile(
  request: FastifyRequest,
  tooLarge: () => AppError,
): Promise<{ data: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let part;
  try {
    part = await request.file();
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  if (!part || part.fieldname !== 'file') throw new AppError('FILE_REQUIRED');
  try {
    return { data: await part.toBuffer(), fileName: part.filename ?? '' };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('BAD_REQUEST');
  }
}
