/**
 * Adapters to the outside world. Each has a built-in, offline default.
 */
import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createOutboxMail, type MailProvider } from './mail/index.js';
import { createLocalStorage, type StorageProvider } from './storage/index.js';
import { createPaymentProvider, createWalletProvider, type PaymentProvider } from './payments/index.js';
import { createRecurringPayments, type RecurringPayments } from './payments/recurring-provider.js';
import { createShippingProvider, type ShippingProvider } from './shipping/index.js';

export interface Providers {
  mail: MailProvider;
  storage: StorageProvider;
  payments: PaymentProvider;
  /** The wallet (PayPal, or the sandbox's own), or null when none is configured (decision 071). */
  wallet?: PaymentProvider | null;
  /** Recurring charges of a saved card: the seller's subscription (payments/recurring.ts). */
  recurring: RecurringPayments;
  shipping: ShippingProvider;
}

/** `db` and `secret` serve the sandbox payment provider, which keeps its own tables (decision 027). */
export function createProviders(
  config: AppConfig,
  deps: { db: Db; secret: string },
  log?: { info(obj: object, msg: string): void },
): Providers {
  const payments = createPaymentProvider(config, deps);
  return {
    mail: createOutboxMail(path.join(config.dataDir, 'outbox'), log),
    storage: createLocalStorage(path.join(config.dataDir, 'uploads')),
    payments,
    wallet: createWalletProvider(config, payments),
    recurring: createRecurringPayments(config, deps),
    shipping: createShippingProvider(),
  };
}
