/**
 * The one error class of the server. Throw `new AppError('OUT_OF_STOCK', { codigo })`;
 * the errors plugin turns it into `{ code, message, params, fields? }` with the status of ERROR_STATUS.
 */
import { ERROR_STATUS, type ErrorCode, type FieldError } from '../../shared/errors.js';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;
  readonly fields?: FieldError[];
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  constructor(code: ErrorCode, params: Record<string, unknown> = {}, fields?: FieldError[]) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.fields = fields;
  }
}

/** Throws `new AppError(code, params)` when `value` is null or undefined; returns it otherwise. */
export function assertFound<T>(value: T | null | undefined, code: ErrorCode, params: Record<string, unknown> = {}): T {
  if (value === null || value === undefined) throw new AppError(code, params);
  return value;
}
