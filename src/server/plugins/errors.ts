/**
 * The one error handler: AppError, zod validation failures and Fastify's own client errors
 * become `{ code, message, params?, fields? }` with a translated message; a 5xx never leaks internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldError } from '../../shared/errors.js';
import { errorMessageKey } from '../../shared/features.js';
import { AppError } from '../lib/app-error.js';
import { isRetryable, sqlState, UNIQUE_VIOLATION } from '../db/transaction.js';
import { translator } from '../lib/i18n.js';
import type { Locale } from '../lib/context.js';

/**
 * Maps a zod issue (as carried by fastify-type-provider-zod) to a translated field error. A schema picks its own
 * message key with `{ message: 'i18n:<key>' }` or, on refinements, `{ params: { i18n: '<key>' } }` (errors:fields.<key>).
 */
function fieldError(
  locale: Locale,
  v: { instancePath: string; keyword: string; message?: string; params?: Record<string, unknown> },
  part: string,
): FieldError {
  const t = translator(locale);
  const p = v.params ?? {};
  let code = v.keyword;
  const params: Record<string, unknown> = {};
  if (v.message?.startsWith('i18n:')) {
    code = v.message.slice(5);
  } else if (code === 'custom' && p.params && typeof (p.params as Record<string, unknown>).i18n === 'string') {
    code = (p.params as Record<string, string>).i18n;
  } else if (code === 'invalid_type' && p.input === undefined) {
    code = 'required';
  } else if (code === 'too_small' || code === 'too_big') {
    const bound = code === 'too_small' ? p.minimum : p.maximum;
    params[code === 'too_small' ? 'minimum' : 'maximum'] = typeof bound === 'bigint' ? Number(bound) : bound;
    if (p.origin === 'string') code = `${code}_string`;
    if (code === 'too_small_string' && p.minimum === 1) code = 'required';
  } else if (code === 'invalid_format' && p.format === 'email') {
    code = 'invalid_email';
  } else if (code === 'unrecognized_keys') {
    params.keys = Array.isArray(p.keys) ? p.keys.join(', ') : '';
  }
  const key = `errors:fields.${code}`;
  const message = t(key, { ...params, defaultValue: '' }) || t('errors:fields.invalid');
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return {
    path: part === 'body' || !path ? path : `${part}.${path}`,
    code,
    message,
    ...(Object.keys(params).length ? { params } : {}),
  };
}

function body(locale: Locale, code: ErrorCode, params: Record<string, unknown> = {}, fields?: FieldError[]): ErrorBody {
  // A message that would offer a feature not built yet says something true instead (decision 108).
  const message = translator(locale)(`errors:${errorMessageKey(code)}`, params);
  return { code, message, ...(Object.keys(params).length ? { params } : {}), ...(fields?.length ? { fields } : {}) };
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = request.locale ?? 'es';
    if (error instanceof AppError) {
      // SERVER_BUSY says when to come back (RFC 9110 Retry-After, seconds).
      if (typeof error.params.retryAfter === 'number') reply.header('retry-after', String(error.params.retryAfter));
      // A service's field error without a message gets errors:fields.<code> in the request's language.
      const fields = error.fields?.map((f) =>
        f.message ? f : { ...f, message: translator(locale)(`errors:fields.${f.code}`, f.params ?? {}) },
      );
      return reply.status(error.statusCode).send(body(locale, error.code, error.params, fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error as { validationContext?: string }).validationContext ?? 'body';
      const fields = error.validation.map((v) => fieldError(locale, v as never, part));
      return reply.status(400).send(body(locale, 'VALIDATION_FAILED', {}, fields));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body(locale, 'RATE_LIMITED'));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(ERROR_STATUS[mapped]).send(body(locale, mapped));
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send(body(locale, 'BAD_REQUEST'));
    }
    // A database race that escaped runTransaction (a deadlock, a serialization failure, a lost unique race) is a
    // conflict the client can retry, never a 500.
    if (isRetryable(error) || sqlState(error) === UNIQUE_VIOLATION) {
      request.log.warn({ err: error }, 'database conflict outside runTransaction');
      return reply.status(409).send(body(locale, 'CONFLICT'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(locale, 'INTERNAL'));
  });
});
