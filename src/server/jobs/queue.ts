/**
 * Enqueueing background jobs (decision 034). Modules import only this file: it names the app's jobs and their
 * payloads and writes a job row through pg-boss on the handle given, so a job enqueued with a transaction exists
 * exactly when the transaction commits (an order's confirmation email cannot be lost between the commit and the
 * send). The handlers live with their modules (orders/order-jobs.ts, accounts/account-jobs.ts; listed in app.ts) and run wherever a worker is (runner.ts), on any instance.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';
import type { OrderStatus } from '../../shared/contracts/checkout.js';
import { bossDb } from './adapter.js';
import { publishJobQueued } from '../db/change-feed.js';

/** The app's jobs and what each carries (JSON; ids, never secrets: rows live in the `pgboss` schema for 14 days). */
export interface JobPayloads {
  /**
   * An email to the buyer about an order (order-emails.ts): the confirmation of a paid order, or of an OXXO order with
   * its voucher (`voucher`, as issued even if the cash arrived before the email went out), the OXXO payment received,
   * the reservation expired, a status change (`status`, the one the seller chose), or units of one line refunded
   * (`line_refund`, by the store or by the supplier that ships them).
   */
  'order-email': {
    storeId: string;
    orderId: string;
    kind: 'confirmation' | 'voucher' | 'oxxo_paid' | 'expired' | 'status' | 'line_refund';
    status?: OrderStatus;
    /** 'line_refund': the refund of units of one line, and whether it also gave back its package's shipping. */
    refundId?: string;
    withShipping?: boolean;
  };
  /** The password-reset email of a recover request (password-reset.ts), sent whether or not the account exists. */
  'password-reset-email': { storeId: string; email: string; origin: string; locale: 'es' | 'en' };
  /** A new seller's email-verification link (accounts/email-verification.ts; decision 100). */
  'seller-verification-email': { userId: string; locale: 'es' | 'en' };
  /** The notice to an account's owner that someone signed up again with their email (decision 100). */
  'seller-signup-notice': { userId: string; locale: 'es' | 'en' };
  /** A collaborator invitation's link mailed to the invitee (accounts/invitations.ts). */
  'invitation-email': { storeId: string; invitationId: string; locale: 'es' | 'en' };
  /** The reservation sweep: overdue reservations settled or cancelled, refunds retried, webhooks resent (every minute). */
  'payment-sweep': Record<string, never>;
  /** A delivered order's pending money released to available (BALANCE_RELEASE_DAYS after delivery; decision 047). */
  'balance-release': { storeId: string; orderId: string };
  /**
   * An email about a marketplace package to the owners of the store it concerns (orders/package-emails.ts): a
   * supplier's new purchase order, or a reseller's package rejected by its supplier.
   */
  'package-email': { storeId: string; fulfilmentId: string; kind: 'purchase_order' | 'rejected' };
  /** A delivered package's pending shares released to every party's available balance (decision 136). */
  'package-release': { storeId: string; orderId: string; fulfilmentId: string };
  /** Delivered orders past their release date whose money is still pending, released (hourly; decision 067). */
  'balance-release-catchup': Record<string, never>;
  /** Refunds left processing by a crash asked of the provider again with the same key and finished (decision 067). */
  'refund-reconcile': Record<string, never>;
  /** The subscription renewal sweep: trials given, due periods charged, lapsed stores suspended (decision 061). */
  'subscription-renewals': Record<string, never>;
  /** An email to the store's owners: a renewal declined, the store suspended, or active again (decision 083). */
  'subscription-email': {
    storeId: string;
    kind: 'payment_failed' | 'suspended' | 'reactivated';
    invoiceId?: string;
  };
  /**
   * An email to every owner of the store: its bank account for payouts was added or changed (decision 091). What the
   * account was at that moment (bank, last four digits of the CLABE, holder) travels with the job, so two quick changes
   * make two true emails; `heldUntil` (ISO) while payouts to it are held; `changedBy` is the owner's account id.
   */
  'bank-account-email': {
    storeId: string;
    changedBy: string;
    first: boolean;
    bankCode: string;
    clabeLast4: string;
    holderName: string;
    changedAt: string;
    heldUntil: string | null;
  };
  /**
   * A supplier's products changed (content, variants, prices, stock; decision 134): its catalogue offers and every
   * reseller's listing of them brought up to date. `productIds` null: all of the supplier's offered products.
   */
  'marketplace-sync': { supplierStoreId: string; productIds: string[] | null };
  /** PGlite's planner statistics refreshed (hourly; the embedded database has no autovacuum). */
  'pglite-analyze': Record<string, never>;
  /** Custom domains whose DNS check is due, looked up again (every minute; decision 145). */
  'domains-recheck': Record<string, never>;
  /** Active domains waiting for their first certificate, probed at the proxy (every minute; decision 146). */
  'certificates-probe': Record<string, never>;
  /** Issued, renewing and failed certificates probed again (hourly; decision 146). */
  'certificates-review': Record<string, never>;
  /** The buyer's email that the store answered their quote (quotes/quote-emails.ts; the status "Quote: sent"). */
  'quote-email': { storeId: string; quoteId: string; kind: 'sent' };
  /** The store's message to the buyer that their quote was answered (messages/quote-notice.ts). */
  'quote-message': { storeId: string; quoteId: string };
  /** Sent quotes past their validity date moved to expired (every 15 minutes; decision 151). */
  'quotes-expire': Record<string, never>;
  /** Email notices of messages unseen for 10 minutes, one per conversation and side per hour (every minute). */
  'message-notices': Record<string, never>;
  /** Pending reviews past their delay checked and published or held (every minute; decision 157). */
  'reviews-publish': Record<string, never>;
  /**
   * The daily badges sweep (decisions 165, 166): expired badges lapsed, the 30- and 7-day reminders claimed and
   * mailed, diamond computed. `at` (ISO) runs it as of that moment instead of now (tests move the clock).
   */
  'badges-daily': { at?: string; storeId?: string };
  /** An email to the store's owners about a badge: it lapses in 30 or 7 days (`validUntil`), or it lapsed. */
  'badge-email': {
    storeId: string;
    badge: 'verified' | 'audited' | 'diamond';
    kind: 'expires_30' | 'expires_7' | 'lapsed';
    validUntil: string;
  };
  /** Salts of visitor keys whose day is over in every time zone, deleted (hourly; decision 162). */
  'visit-salts-sweep': Record<string, never>;
  /** The store's owners told of a new job application (applications/application-emails.ts; decision 168). */
  'job-application-email': { storeId: string; applicationId: string };
  /** Job applications sent more than 12 months ago deleted with their CV (daily; decision 169). */
  'job-applications-expire': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** Where a handler runs: the app's database, providers, log and configuration, and the job's id. */
export interface JobContext {
  db: Db;
  providers: Providers;
  log: FastifyBaseLogger;
  config: AppConfig;
  /** The pg-boss job id. */
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface JobOptions {
  /** Attempts after the first failure (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 30; with retryBackoff it doubles each time). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A run still active after this long is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
  /** A cron expression (UTC): the job is enqueued once per matching minute across every instance. */
  cron?: string;
  /** Only where the database is PGlite (or only PostgreSQL). */
  only?: 'pglite' | 'postgres';
}

/** A job: its queue name, what it does with its payload, and how it retries. */
export interface JobDefinition<P = unknown> {
  name: string;
  handler: (payload: P, ctx: JobContext) => Promise<unknown>;
  options: JobOptions;
}

/**
 * Declares a job. The handler must be safe to run again (a retry after a crash or a timeout runs it again: every
 * change it makes is conditional on state, as the sweep's are); what it returns is kept as the job's output.
 */
export function defineJob<N extends JobName>(
  name: N,
  handler: (payload: JobPayloads[N], ctx: JobContext) => Promise<unknown>,
  options?: JobOptions,
): JobDefinition<JobPayloads[N]>;
export function defineJob<P>(
  name: string,
  handler: (payload: P, ctx: JobContext) => Promise<unknown>,
  options?: JobOptions,
): JobDefinition<P>;
export function defineJob<P>(
  name: string,
  handler: (payload: P, ctx: JobContext) => Promise<unknown>,
  options: JobOptions = {},
): JobDefinition<P> {
  return { name, handler, options };
}

export interface EnqueueOptions {
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** With singletonSeconds: one job per key and time slot; alone: one queued job per key at a time. */
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * pg-boss only builds the INSERT here; it runs on the handle each call passes, so this instance needs no connection
 * and is never started. The queue tables must exist: the app's jobs runner installs them when the app starts.
 */
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('jobs: enqueue needs a database handle')),
  },
});

/**
 * Enqueues job `name` with `payload` on `handle` (a context's `db`, the app's Db or a transaction: inside a
 * transaction, always pass the transaction, never the app's Db, which would wait for it on PGlite). Returns the job
 * id, or null when a singleton key already has its job. Throws when the queue does not exist (no such job).
 */
export async function enqueue<N extends JobName>(
  handle: Db | Tx | { db: Db | Tx },
  name: N,
  payload: JobPayloads[N],
  opts?: EnqueueOptions,
): Promise<string | null>;
export async function enqueue(
  handle: Db | Tx | { db: Db | Tx },
  name: string,
  payload: object,
  opts?: EnqueueOptions,
): Promise<string | null>;
export async function enqueue(
  handle: Db | Tx | { db: Db | Tx },
  name: string,
  payload: object,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  const db = 'db' in handle && !('select' in handle) ? handle.db : (handle as Db | Tx);
  const { startAfter, ...rest } = opts;
  const options: PgBoss.SendOptions = { ...rest, db: bossDb(db) };
  // Seconds are counted by the database's clock (pg-boss adds them to now()), so instances' clocks do not matter.
  if (startAfter !== undefined) options.startAfter = startAfter;
  const id = await sender.send(name, payload, options);
  if (id === null && !opts.singletonKey) throw new Error(`jobs: no queue named ${name}`);
  // Wakes the workers of every instance when this commits (never if it rolls back), so the job does not wait for a
  // poll; a job for later is left to the poll.
  if (id !== null && startAfter === undefined) await publishJobQueued(db, name);
  return id;
}
