/**
 * The recurring-charge adapter for the configured provider (recurring.ts; decision 062), apart from the interface so
 * that the sandbox can implement it without a cycle. `sandbox` is the offline default (only when PAYMENTS_SANDBOX is
 * on); `none` refuses with 503 PAYMENTS_UNAVAILABLE.
 */
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { createSandboxRecurring } from './sandbox/recurring.js';
import type { RecurringPayments } from './recurring.js';

export type { RecurringCharge, RecurringPayments, SavedCard } from './recurring.js';

function createNoRecurring(): RecurringPayments {
  return {
    name: 'none',
    retrieveCard: async () => null,
    chargeCard: async () => {
      throw new AppError('PAYMENTS_UNAVAILABLE');
    },
  };
}

/** The recurring-charge adapter for the configured provider (the sandbox only, for now). */
export function createRecurringPayments(
  config: Pick<AppConfig, 'PAYMENT_PROVIDER' | 'PAYMENTS_SANDBOX'>,
  deps: { db: Db },
): RecurringPayments {
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.PAYMENTS_SANDBOX) return createSandboxRecurring(deps);
  return createNoRecurring();
}
