/**
 * Forms (issue 6): every form is a react-hook-form form validated by the shared zod schema of its request, and shows
 * its field errors with the same translated texts the server sends (src/server/plugins/errors.ts maps a zod issue to
 * `errors:fields.<key>` the same way). Validation stores a message as `i18n:<key>` (plus `|<json params>`), translated
 * when shown, so a language switch retranslates the errors on screen; a server field error (ApiError.fields) is stored
 * already translated. This module has no zod at run time (the storefront's first load imports it); a module that
 * builds or imports schemas imports `lib/zod-csp` first.
 */
import { useCallback } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { $ZodRawIssue } from 'zod/v4/core';
import { ApiError } from './api-client';

const I18N = 'i18n:';

/**
 * The zod error map of web forms: the `errors:fields.<key>` key (and its params) of an issue, encoded as a message.
 * Messages a schema sets itself (`{ message: 'i18n:<key>' }`) win over this map and are already in that form.
 */
export function formErrorMap(iss: $ZodRawIssue): string {
  const p = iss as unknown as Record<string, unknown>;
  let key: string = iss.code ?? 'invalid';
  const params: Record<string, unknown> = {};
  const custom = p.params as Record<string, unknown> | undefined;
  if (iss.code === 'custom' && typeof custom?.i18n === 'string') key = custom.i18n;
  else if (iss.code === 'invalid_type' && iss.input === undefined) key = 'required';
  else if (iss.code === 'too_small' || iss.code === 'too_big') {
    const bound = iss.code === 'too_small' ? p.minimum : p.maximum;
    params[iss.code === 'too_small' ? 'minimum' : 'maximum'] = typeof bound === 'bigint' ? Number(bound) : bound;
    if (p.origin === 'string') key = `${key}_string`;
    // An empty text field is "required", whatever its minimum length.
    if (key === 'too_small_string' && (p.minimum === 1 || iss.input === '')) key = 'required';
  } else if (iss.code === 'invalid_format' && p.format === 'email') key = 'invalid_email';
  return Object.keys(params).length ? `${I18N}${key}|${JSON.stringify(params)}` : `${I18N}${key}`;
}

/** zodResolver's parse options for web forms. */
export const formSchemaOptions = { error: formErrorMap } as const;

/**
 * Returns `(name) => translated message | undefined` for the errors of a form: zod messages are translated here,
 * server messages are shown as sent; an unknown key shows the generic "invalid value".
 */
export function useFieldErrors<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t } = useTranslation();
  return useCallback(
    (name: Path<T>): string | undefined => {
      const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
      if (typeof message !== 'string' || !message) return undefined;
      if (!message.startsWith(I18N)) return message;
      const [key, json] = message.slice(I18N.length).split('|');
      const params = json ? (JSON.parse(json) as Record<string, unknown>) : {};
      return t(`errors:fields.${key}`, { ...params, defaultValue: '' }) || t('errors:fields.invalid');
    },
    [errors, t],
  );
}

/**
 * Puts the field errors of a refused request (400 VALIDATION_FAILED, or a field-level refusal such as a weak password)
 * under their fields. `rename` maps a server path to the form's field name (null: not a field of this form).
 */
export function setServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  rename: (path: string) => string | null = (path) => path,
): void {
  if (!(err instanceof ApiError)) return;
  for (const f of err.fields) {
    const name = rename(f.path);
    if (name) setError(name as Path<T>, { type: 'server', message: f.message });
  }
}
