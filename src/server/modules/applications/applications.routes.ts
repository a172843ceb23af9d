/**
 * HTTP routes of job applications (decisions 168, 169): the storefront's public form `POST /api/bolsa_trabajo`
 * (multipart: the text fields, then the CV as the `file` part; store resolved by domain; limited per client address)
 * and the owner's admin under /api/admin/job-applications (list, read, download the CV, mark reviewed, delete).
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { applicationsOps as ops } from '../../../shared/routes/applications.ops.js';
import { jobApplicationFields, type JobApplicationFields } from '../../../shared/contracts/applications.js';
import { MAX_FILE_BYTES } from '../../../shared/contracts/files.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { ownerContext, storeContext } from '../../plugins/request-context.js';
import {
  deleteJobApplication,
  getJobApplication,
  listJobApplications,
  readJobApplicationCv,
  setJobApplicationReviewed,
  submitJobApplication,
} from './applications.service.js';

/** A person applies now and then; a flood from one address is abuse (each one stores a file of up to 5 MB). */
const applyLimit = { config: { rateLimit: { max: 10, timeWindow: 3_600_000 } } };

/** The longest text part, bytes: a letter of 2,000 characters of 4 bytes each fits; a longer one fails its check. */
const FIELD_BYTES = 10_000;

const checkFields = validatorCompiler({ schema: jobApplicationFields, method: 'POST', url: '', httpPart: 'body' });

/**
 * Reads the form's parts: the text fields (validated like a JSON body: 400 VALIDATION_FAILED with one translated
 * message per field) and the `file` part. Throws UNSUPPORTED_MEDIA_TYPE, BAD_REQUEST, FILE_REQUIRED, FILE_TOO_LARGE.
 */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: JobApplicationFields; cv: { data: Buffer; fileName: string } }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const raw: Record<string, string> = {};
  let cv: { data: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || cv) {
          await part.toBuffer();
          continue;
        }
        cv = { data: await part.toBuffer(), fileName: part.filename ?? '' };
      } else if (typeof part.value === 'string') {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 });
    throw new AppError('BAD_REQUEST');
  }
  const checked = checkFields(raw) as { value?: JobApplicationFields; error?: unknown[] };
  if (checked.error)
    // The errors plugin turns this into the same answer as a JSON body's failed schema.
    throw Object.assign(new Error('validation'), {
      code: 'FST_ERR_VALIDATION',
      statusCode: 400,
      validation: checked.error,
      validationContext: 'body',
    });
  if (!cv) throw new AppError('FILE_REQUIRED');
  return { fields: checked.value!, cv };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: FIELD_BYTES, parts: 11 },
  });

  route(app, ops.applyForJob, applyLimit, async (request, reply) => {
    const ctx = storeContext(request);
    const { fields, cv } = await readForm(request);
    return reply.code(201).send(await submitJobApplication(ctx, fields, cv));
  });

  route(app, ops.listJobApplications, async (request) => listJobApplications(ownerContext(request), request.query));
  route(app, ops.getJobApplication, async (request) => getJobApplication(ownerContext(request), request.params.id));
  route(app, ops.downloadJobApplicationCv, async (request, reply) => {
    const file = await readJobApplicationCv(ownerContext(request), request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
  route(app, ops.setJobApplicationReviewed, async (request) => {
    await setJobApplicationReviewed(ownerContext(request), request.params.id, request.body.reviewed);
    return { ok: true as const };
  });
  route(app, ops.deleteJobApplication, async (request) => {
    await deleteJobApplication(ownerContext(request), request.params.id);
    return { ok: true as const };
  });
};

export default routes;
