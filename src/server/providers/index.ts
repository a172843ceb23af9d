/**
 * Adapters to the outside world. Each has a built-in, offline default.
 */
import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createOutboxMail, type MailProvider } from './mail/index.js';
import { createSmtpMail } from './mail/smtp.js';
import { createLocalStorage, type StorageProvider } from './storage/index.js';
import { createS3Storage } from './storage/s3.js';
import { createPaymentProvider, createWalletProvider, type PaymentProvider } from './payments/index.js';
import { createRecurringPayments, type RecurringPayments } from './payments/recurring-provider.js';
import { createShippingProvider, type ShippingProvider } from './shipping/index.js';
import { createInvoicingProvider, type InvoicingProvider } from './invoicing/index.js';

export interface Providers {
  mail: MailProvider;
  storage: StorageProvider;
  payments: PaymentProvider;
  /** The wallet (PayPal, or the sandbox's own), or null when none is configured (decision 071). */
  wallet?: PaymentProvider | null;
  /** Recurring charges of a saved card: the seller's subscription (payments/recurring.ts). */
  recurring: RecurringPayments;
  shipping: ShippingProvider;
  /** The PAC that stamps the stores' CFDIs (Facturapi, or the sandbox PAC; decision 154). */
  invoicing: InvoicingProvider;
}

/**
 * Mail through the SMTP server of SMTP_URL, from MAIL_FROM (default no-reply@PLATFORM_DOMAIN); without SMTP_URL, the
 * .eml outbox in DATA_DIR/outbox (decision 143).
 */
function createMail(config: AppConfig, log?: { info(obj: object, msg: string): void }): MailProvider {
  if (!config.SMTP_URL) return createOutboxMail(path.join(config.dataDir, 'outbox'), log, { from: config.MAIL_FROM });
  return createSmtpMail(
    { ...config, SMTP_URL: config.SMTP_URL, from: config.MAIL_FROM ?? `Vitrina <no-reply@${config.PLATFORM_DOMAIN}>` },
    log,
  );
}

/**
 * `db` and `secret` serve the sandbox payment provider, which keeps its own tables (decision 027). Files go to the
 * S3 bucket when S3_BUCKET is set (decision 144), else to DATA_DIR/uploads and DATA_DIR/private.
 */
export function createProviders(
  config: AppConfig,
  deps: { db: Db; secret: string },
  log?: { info(obj: object, msg: string): void },
): Providers {
  const payments = createPaymentProvider(config, deps);
  return {
    mail: createMail(config, log),
    storage: config.S3_BUCKET
      ? createS3Storage({ ...config, S3_BUCKET: config.S3_BUCKET })
      : createLocalStorage(path.join(config.dataDir, 'uploads')),
    payments,
    wallet: createWalletProvider(config, payments),
    recurring: createRecurringPayments(config, deps),
    shipping: createShippingProvider(),
    invoicing: createInvoicingProvider(config),
  };
}
