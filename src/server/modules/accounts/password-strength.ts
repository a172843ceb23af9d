/**
 * Password strength (decision 024): zxcvbn-ts with its common, English and Spanish dictionaries
 * estimates how many guesses a password takes; below MIN_PASSWORD_SCORE it is refused. Passwords on zxcvbn's list
 * of the most common passwords of public breaches (`passwords-common`, about 49,000) are refused outright with their
 * own message. Runs on the server only, so no dictionary reaches a shopper's browser.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import type { Locale } from '../../lib/context.js';

/** zxcvbn score 3: "safely unguessable", about 10^10 guesses (decision 024). */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;
let breached: Set<string> | null = null;

/** Built on first use (about 0.2 s): the dictionaries are ranked once per process. */
function estimator(): { zxcvbn: ZxcvbnFactory; breached: Set<string> } {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    // Past 64 characters a password is strong anyway; a cap keeps the estimate cheap (zxcvbn's matching is superlinear).
    maxLength: 64,
  });
  breached ??= new Set(common.dictionary['passwords-common']);
  return { zxcvbn: factory, breached };
}

export type PasswordVerdict = 'ok' | 'password_breached' | 'password_too_weak';

/** Judges `password`; `userInputs` (email, name, store) count as known words, so "lupita.perez2024" is weak for Lupita. */
export function judgePassword(password: string, userInputs: string[] = []): PasswordVerdict {
  const { zxcvbn, breached: list } = estimator();
  const normal = password.normalize('NFKC');
  if (list.has(normal.toLowerCase())) return 'password_breached';
  const inputs = userInputs.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((s) => s.length >= 3);
  return zxcvbn.check(normal, inputs).score >= MIN_PASSWORD_SCORE ? 'ok' : 'password_too_weak';
}

/**
 * Throws PASSWORD_BREACHED or PASSWORD_TOO_WEAK (422) with a translated field error on `field` unless the password is
 * strong enough. Called by every path that sets a password: sign-up, reset, seller accounts.
 */
export function assertStrongPassword(
  locale: Locale,
  password: string,
  userInputs: string[] = [],
  field = 'password',
): void {
  const verdict = judgePassword(password, userInputs);
  if (verdict === 'ok') return;
  const code = verdict === 'password_breached' ? 'PASSWORD_BREACHED' : 'PASSWORD_TOO_WEAK';
  const message = translator(locale)(`errors:fields.${verdict}`);
  throw new AppError(code, {}, [{ path: field, code: verdict, message }]);
}
