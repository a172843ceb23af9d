/**
 * Forms: every form is a react-hook-form form validated by the shared zod schema of its request, and shows
 * its field errors with the same translated texts the server sends (src/server/plugins/errors.ts maps a zod issue to
 * `errors:fields.<key>` the same way). Validation stores a message as `i18n:<key>` (plus `|<json params>`), translated
 * when shown, so a language switch retranslates the errors on screen; a server field error (ApiError.fields) is stored
 * already translated. This module has no zod at run time (the storefront's first load imports it); a module that
 * builds or imports schemas imports `lib/zod-csp` first.
 */
import { useCallback } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { decodeFieldMessage, formErrorMap } from './form-errors';

/** zodResolver's parse options for web forms: issues become `errors:fields.<key>` keys (lib/form-errors.ts). */
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
      const coded = decodeFieldMessage(message);
      if (!coded) return message;
      return t(`errors:fields.${coded.key}`, { ...coded.params, defaultValue: '' }) || t('errors:fields.invalid');
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
