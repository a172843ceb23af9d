/**
 * The zod error map of web forms (pure: no React, no i18next, so unit tests run it against the real contracts). An
 * issue becomes the `errors:fields.<key>` key the server would send for it (src/server/plugins/errors.ts), encoded as
 * the message `i18n:<key>` or `i18n:<key>|<json params>`; lib/forms.ts translates it when shown.
 */
import type { $ZodRawIssue } from 'zod/v4/core';

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
  // A field left empty is "required", whatever the check that refused it (an empty email is not "invalid").
  else if ((iss.code === 'invalid_type' && iss.input === undefined) || (iss.code !== 'custom' && iss.input === ''))
    key = 'required';
  else if (iss.code === 'too_small' || iss.code === 'too_big') {
    const bound = iss.code === 'too_small' ? p.minimum : p.maximum;
    params[iss.code === 'too_small' ? 'minimum' : 'maximum'] = typeof bound === 'bigint' ? Number(bound) : bound;
    if (p.origin === 'string') key = `${key}_string`;
    if (key === 'too_small_string' && p.minimum === 1) key = 'required';
  } else if (iss.code === 'invalid_format' && p.format === 'email') key = 'invalid_email';
  return Object.keys(params).length ? `${I18N}${key}|${JSON.stringify(params)}` : `${I18N}${key}`;
}

/** The key and params of a message `formErrorMap` (or a schema's own `i18n:<key>`) made; null for any other text. */
export function decodeFieldMessage(message: string): { key: string; params: Record<string, unknown> } | null {
  if (!message.startsWith(I18N)) return null;
  const [key, json] = message.slice(I18N.length).split('|');
  return { key, params: json ? (JSON.parse(json) as Record<string, unknown>) : {} };
}
