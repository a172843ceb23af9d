/**
 * The operator account at first start (decision 163). With the demo (SEED_DEMO, never in production by default) an
 * operator `operador@demo.vitrina.mx` with the demo password is created when none exists and printed with the demo
 * accounts. In production nothing is created at start: the printed line says to run `npm run operator:create -- --email
 * <address>`, which prints a generated password once. There is never a default password in production.
 */
import type { AppConfig } from '../../config.js';
import type { DbContext } from '../../lib/context.js';
import { createOperatorAccount, hasOperatorAccount } from '../accounts/index.js';

/** The demo operator's email. */
export const DEMO_OPERATOR_EMAIL = 'operador@demo.vitrina.mx';

/** What start-up prints about the operator. */
export type OperatorAtStart =
  { kind: 'created'; email: string; password: string } | { kind: 'exists' } | { kind: 'missing' };

/**
 * Makes sure an operator can sign in: creates the demo operator with `demoPassword` when the demo is seeded and no
 * operator exists; otherwise only tells whether one exists.
 */
export async function ensureOperatorAtStart(
  ctx: DbContext,
  config: Pick<AppConfig, 'NODE_ENV' | 'SEED_DEMO'>,
  demoPassword: string,
): Promise<OperatorAtStart> {
  if (await hasOperatorAccount(ctx)) return { kind: 'exists' };
  if (config.NODE_ENV === 'production' || !config.SEED_DEMO) return { kind: 'missing' };
  await createOperatorAccount(ctx, {
    email: DEMO_OPERATOR_EMAIL,
    password: demoPassword,
    fullName: 'Operador demo',
    checkStrength: false,
  });
  return { kind: 'created', email: DEMO_OPERATOR_EMAIL, password: demoPassword };
}
