/**
 * The invoices module's background jobs (decision 154). Each may run again: the PAC call carries the CFDI's id as its
 * idempotency key and every write is conditional on the row's status.
 */
import { defineJob } from '../../jobs/index.js';
import { sendInvoiceEmail } from './invoice-emails.js';
import { creditRefundedInvoices, issueInvoice, issueRequestedInvoices } from './issue.js';

/** Issues one factura now (asked for an order already paid); retried while the PAC cannot be reached. */
export const invoiceIssueJob = defineJob<{ storeId: string; invoiceId: string }>(
  'invoice-issue',
  async ({ storeId, invoiceId }, ctx) => ({ result: await issueInvoice({ ...ctx, storeId }, invoiceId) }),
  { retryLimit: 5, retryDelay: 60, retryBackoff: true },
);

/** Every minute: facturas asked for orders that have been paid since are issued. */
export const invoiceSweepJob = defineJob<Record<string, never>>(
  'invoice-sweep',
  async (_p, ctx) => ({ issued: await issueRequestedInvoices(ctx) }),
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 600 },
);

/** Every ten minutes: refunds after a factura get their credit note, or the factura is cancelled (motive 02). */
export const invoiceRefundSweepJob = defineJob<Record<string, never>>(
  'invoice-refund-sweep',
  async (_p, ctx) => ({ credited: await creditRefundedInvoices(ctx) }),
  { cron: '*/10 * * * *', retryLimit: 0, expireInSeconds: 600 },
);

/** The email with the links to an issued CFDI's PDF and XML; retried when the mail fails. */
export const invoiceEmailJob = defineJob<{ storeId: string; invoiceId: string }>(
  'invoice-email',
  async ({ storeId, invoiceId }, ctx) => ({ sent: await sendInvoiceEmail({ ...ctx, storeId }, invoiceId) }),
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);
