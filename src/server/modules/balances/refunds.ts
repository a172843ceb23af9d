/**
 * Refunds as records with amounts (decisions 046, 067): part or all of an order's card payment back to the
 * buyer, through the payment provider. Requesting one (inside the caller's transaction, the order row locked) records
 * it as `pending` and moves the amount from the store's balance of the order (pending first, then available) to
 * `refunds` (owed to the buyer). Sending it first commits the row as `processing` with its attempt number, which names
 * the attempt's idempotency key `refund_<id>_<attempt>`, then asks the provider (no transaction held open), then marks
 * the outcome and posts the ledger entry in one transaction. A refusal leaves it `failed` and still owed, and the
 * seller may retry with a new attempt (a new key). Only one attempt runs at a time (the row moves to `processing` by a
 * conditional update), so two retries never refund twice. If the process dies (or the provider cannot be reached)
 * between the claim and the outcome, the row stays `processing`: the `refund-reconcile` job asks the provider again
 * with the same key (which refunds at most once) and finishes it. Vitrina's fee follows the goods refunded (decision
 * 095): each refund gives back its pro-rata part of the fee (feeReturnedCents), so a full refund returns to the buyer
 * everything they paid, the store giving back its share and Vitrina its fee. A refund of units of one line (decision
 * 147, line-refunds.ts) reverses exactly that line's shares of each party instead. The payment provider keeps its own
 * fee of the payment on any refund: it stays Vitrina's cost (provider_fee, collection_cost), no refund moves it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema/balances.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { BaseContext, DbContext, DbOrTx, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { getPayment, providerOf } from '../payments/index.js';
import type { RefundView } from '../../../shared/contracts/balances.js';
import { feeReturnedCents } from '../../../shared/money.js';
import { postEntry, postRefundPaid, type LedgerLineInput } from './ledger.js';
import { orderSettlement } from './order-settlement.js';
import { postSharesReversed } from './package-ledger.js';
import {
  availableOf,
  heldOf,
  lineRefundParts,
  postLineRefund,
  takeFromHeld,
  type Held,
  type LinePackage,
  type LineRefundPosting,
  type LineRefundShares,
  type RefundedUnits,
} from './line-refunds.js';

type RefundRow = typeof refunds.$inferSelect;

function toView(r: RefundRow): RefundView {
  return {
    id: r.id,
    orderId: r.orderId,
    amountCents: r.amountCents,
    status: r.status as RefundView['status'],
    failureCode: r.failureCode,
    attempts: r.attempts,
    reason: r.reason,
    orderItemId: r.orderItemId,
    quantity: r.quantity,
    createdAt: r.createdAt.toISOString(),
  };
}

interface RefundRoom {
  /** The largest refund possible now, centavos. */
  maxCents: number;
  /** What the store holds of the order, per package: its pending share, then available money not paid out. */
  held: Held[];
  storeAvailable: number;
  storeHolds: number;
  /** The fee charged on the payment, what is left of it, and the amount already asked back (any status). */
  feeCents: number;
  feeHeld: number;
  paidCents: number;
  doneCents: number;
}

/**
 * The part of the fee a refund of `amountCents` returns, after `doneCents` were refunded (cumulative pro rata),
 * never more than what is left of the fee (line refunds give back their lines' fee parts).
 */
function feePartOf(
  room: Pick<RefundRoom, 'feeCents' | 'feeHeld' | 'paidCents' | 'doneCents'>,
  amountCents: number,
): number {
  const at = (refunded: number) =>
    feeReturnedCents({ feeCents: room.feeCents, paidCents: room.paidCents, refundedCents: refunded });
  return Math.min(room.feeHeld, at(room.doneCents + amountCents) - at(room.doneCents));
}

/** What was asked back of payment `paymentId` so far, whatever the refunds' status, centavos. */
async function refundedOf(ctx: StoreDbContext, paymentId: string): Promise<number> {
  const [{ done }] = await ctx.db
    .select({ done: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.storeId, ctx.storeId), eq(refunds.paymentId, paymentId)));
  return Number(done);
}

async function refundRoom(
  ctx: StoreDbContext,
  input: { orderId: string; paymentId: string; paymentAmountCents: number },
): Promise<RefundRoom> {
  const held = await heldOf(ctx, input.orderId, ctx.storeId, 'store');
  const storeAvailable = await availableOf(ctx, ctx.storeId, 'store_available');
  const settlement = await orderSettlement(ctx, input.orderId);
  const sum = (k: 'pending' | 'available' | 'fee') => held.reduce((n, h) => n + h[k], 0);
  const fromPending = Math.max(0, sum('pending'));
  const fromAvailable = Math.max(0, Math.min(sum('available'), storeAvailable));
  const room = {
    held,
    storeAvailable,
    storeHolds: fromPending + fromAvailable,
    feeCents: settlement?.feeCents ?? 0,
    feeHeld: Math.max(0, sum('fee')),
    paidCents: input.paymentAmountCents,
    doneCents: await refundedOf(ctx, input.paymentId),
  };
  // The store's part of a refund (amount − fee part) grows with the amount, one centavo at a time at most: the
  // largest amount whose store part the store still holds is found by bisection.
  let lo = 0;
  let hi = Math.max(0, input.paymentAmountCents - room.doneCents);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mid - feePartOf(room, mid) <= room.storeHolds) lo = mid;
    else hi = mid - 1;
  }
  return { ...room, maxCents: lo };
}

/**
 * What can still be refunded of payment `paymentId` (of `paymentAmountCents`) of order `orderId`, centavos: at most what
 * the payment has left to refund (requested refunds count, whatever their status), and only as much as the store
 * still holds of its share (its pending share, then available money of the order it has not paid out), Vitrina's fee
 * part coming back with it (decision 095). A paid order nothing was refunded of nor paid out from can be refunded in
 * full. Read-only: a caller that goes on to refund holds the order row locked.
 */
export async function refundable(
  ctx: StoreDbContext,
  input: { orderId: string; paymentId: string; paymentAmountCents: number },
): Promise<{ maxCents: number }> {
  return { maxCents: (await refundRoom(ctx, input)).maxCents };
}

/** Fee lines giving back `cents` of Vitrina's fee from the packages that still hold some, in order. */
function feeBackLines(held: Held[], cents: number): LedgerLineInput[] {
  const out: LedgerLineInput[] = [];
  let left = cents;
  for (const h of held) {
    const take = Math.min(left, Math.max(0, h.fee));
    if (take > 0) out.push({ account: 'platform_fee', amountCents: take, fulfilmentId: h.fulfilmentId });
    left -= take;
  }
  return out;
}

/**
 * Records a refund of `amountCents` of payment `paymentId` (of `paymentAmountCents`) of order `orderId`, inside the
 * caller's transaction with the order row locked: the amount becomes owed to the buyer, taken from the store's share
 * (pending first, then available) and from Vitrina's fee in proportion (decision 095). Throws
 * REFUND_EXCEEDS_REFUNDABLE (422, max) beyond what `refundable` allows.
 */
export async function requestRefund(
  ctx: StoreTxContext,
  input: { orderId: string; paymentId: string; paymentAmountCents: number; amountCents: number; reason?: string },
): Promise<RefundView> {
  const room = await refundRoom(ctx, input);
  if (input.amountCents > room.maxCents) throw new AppError('REFUND_EXCEEDS_REFUNDABLE', { max: room.maxCents });
  const feePart = feePartOf(room, input.amountCents);
  const storePart = input.amountCents - feePart;
  const row = await recordOwedRefund(ctx, input);
  // Each part is taken from a package of the order (a marketplace order's packages are released one by one).
  await postEntry(ctx, {
    key: `refund-request:${row.id}`,
    kind: 'refund',
    orderId: input.orderId,
    memo: 'requested',
    lines: [
      ...takeFromHeld(
        room.held,
        storePart,
        { pending: 'store_pending', available: 'store_available' },
        {
          first: room.held[0]?.fulfilmentId ?? null,
          released: false,
          onPackage: false,
          // An order refunded by amount left whole (decision 135): none of its packages can be reversed any more.
          alsoPending: 'all',
          availableCap: room.storeAvailable,
        },
      ),
      ...feeBackLines(room.held, feePart),
      { account: 'refunds', amountCents: -input.amountCents },
    ],
  });
  return row;
}

/**
 * A line refund to record: the line and its package as the ledger posts them (LineRefundPosting, less the refund's id
 * and parts, which are worked out here), the order's payment, and the package as line-refunds.ts weighs it.
 */
export interface LineRefundRequestInput extends Omit<LineRefundPosting, 'refundId' | 'parts'> {
  paymentId: string;
  paymentAmountCents: number;
  pkg: LinePackage;
  reason?: string;
  /**
   * The refund leaves the package with nothing to ship (it is cancelled): the rest of every party's share of it —
   * its shipping — goes back to the buyer with this refund (`parties`: the order's suppliers).
   */
  reversePackage?: { parties: string[] };
}

/**
 * Records a refund of `quantity` units of line `orderItemId` (decision 147) inside the caller's transaction with the
 * order row locked: the refund row (pending, to be sent after commit), its ledger entry reversing the line's shares
 * (postLineRefund) and, with `reversePackage`, the package's remaining shares. Throws REFUND_LINE_NOT_ALLOWED (409)
 * when the units are worth nothing to the buyer (a coupon took them whole), REFUND_EXCEEDS_REFUNDABLE (422, max) when
 * the payment has less left to refund, REFUND_NOT_COVERED (422) when a party no longer holds its share (paid out).
 */
export async function requestLineRefund(ctx: StoreTxContext, input: LineRefundRequestInput): Promise<RefundView> {
  const parts = lineRefundParts(input.pkg, input);
  if (parts.amountCents <= 0) throw new AppError('REFUND_LINE_NOT_ALLOWED');
  const left = input.paymentAmountCents - (await refundedOf(ctx, input.paymentId));
  if (parts.amountCents > left) throw new AppError('REFUND_EXCEEDS_REFUNDABLE', { max: Math.max(0, left) });
  const id = randomUUID();
  await postLineRefund(ctx, { ...input, refundId: id, parts });
  const rest = input.reversePackage
    ? await postSharesReversed(ctx, {
        orderId: input.orderId,
        parties: input.reversePackage.parties,
        fulfilmentId: input.fulfilmentId ?? undefined,
      })
    : 0;
  if (parts.amountCents + rest > left) throw new AppError('REFUND_EXCEEDS_REFUNDABLE', { max: Math.max(0, left) });
  const [row] = await ctx.db
    .insert(refunds)
    .values({
      id,
      storeId: ctx.storeId,
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountCents: parts.amountCents + rest,
      status: 'pending',
      reason: input.reason ?? null,
      orderItemId: input.orderItemId,
      quantity: input.quantity,
      lineShares: input.shares,
    })
    .returning();
  return toView(row!);
}

/**
 * Units of each of the order lines `orderItemIds` refunded with every party's share (`all`: any status, a refused
 * refund is still owed), by line id; lines without such refunds are absent. Reads across stores: a supplier's
 * purchase orders show what is left of its lines (a store's refund from its own share leaves the supplier's sale).
 */
export async function refundedQuantities(ctx: DbContext, orderItemIds: string[]): Promise<Map<string, number>> {
  if (!orderItemIds.length) return new Map();
  const rows = await ctx.db
    .select({ id: refunds.orderItemId, n: sql<string>`sum(${refunds.quantity})` })
    .from(refunds)
    .where(and(inArray(refunds.orderItemId, orderItemIds), eq(refunds.lineShares, 'all')))
    .groupBy(refunds.orderItemId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

/**
 * Centavos of payment `paymentId` its refunds have asked back so far, whatever their status (a refused one is still
 * owed and will be sent again).
 */
export async function requestedRefundsCents(ctx: StoreDbContext, paymentId: string): Promise<number> {
  const [{ asked }] = await ctx.db
    .select({ asked: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.storeId, ctx.storeId), eq(refunds.paymentId, paymentId)));
  return Number(asked);
}

/** The line refunds of an order so far (every status: a refused one is still owed), by line. */
export async function refundedUnits(
  ctx: StoreDbContext,
  orderId: string,
): Promise<(RefundedUnits & { orderItemId: string })[]> {
  const rows = await ctx.db
    .select({ orderItemId: refunds.orderItemId, quantity: refunds.quantity, shares: refunds.lineShares })
    .from(refunds)
    .where(and(eq(refunds.storeId, ctx.storeId), eq(refunds.orderId, orderId), isNotNull(refunds.orderItemId)));
  return rows.map((r) => ({
    orderItemId: r.orderItemId!,
    quantity: r.quantity!,
    shares: r.shares as LineRefundShares,
  }));
}

/**
 * Records a refund whose amount the ledger already owes the buyer (a supplier's rejected package: its shares were
 * reversed to `refunds` in the same transaction; decision 136), to be sent to the provider after the commit like any
 * other. Posts nothing itself.
 */
export async function recordOwedRefund(
  ctx: StoreTxContext,
  input: { orderId: string; paymentId: string; amountCents: number; reason?: string },
): Promise<RefundView> {
  const [row] = await ctx.db
    .insert(refunds)
    .values({
      storeId: ctx.storeId,
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      status: 'pending',
      reason: input.reason ?? null,
    })
    .returning();
  return toView(row!);
}

/** The idempotency key of attempt `attempt` of refund `refundId`: the same attempt asked twice refunds once. */
export const refundAttemptKey = (refundId: string, attempt: number) => `refund_${refundId}_${attempt}`;

/**
 * Asks the provider to refund a pending or failed refund (its payment's provider reference `providerRef`). Returns the
 * refund as it ends: `succeeded` (the ledger records the money leaving the platform), `failed` (still owed; retry), or
 * `processing` when the provider could not be reached (the reconcile job asks again with the same key).
 * Throws REFUND_NOT_FOUND, REFUND_IN_PROGRESS (409: another attempt is running, or it already succeeded).
 */
export async function sendRefund(
  ctx: Pick<BaseContext, 'db' | 'providers'> & { storeId: string },
  refundId: string,
  providerRef: string,
): Promise<RefundView> {
  const { db, storeId } = ctx;
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'processing', attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId), inArray(refunds.status, ['pending', 'failed'])))
    .returning();
  if (!claimed) {
    await getRefund(ctx, refundId);
    throw new AppError('REFUND_IN_PROGRESS');
  }
  let outcome: RefundOutcome;
  try {
    // The payment's own provider: a wallet payment is refunded at the wallet, a card at the card provider.
    const payment = await getPayment(ctx, claimed.paymentId);
    outcome = await (providerOf(ctx, payment) ?? ctx.providers.payments).refundPayment({
      providerRef,
      amountCents: claimed.amountCents,
      idempotencyKey: refundAttemptKey(claimed.id, claimed.attempts),
    });
  } catch {
    // The provider may or may not have refunded: a new attempt (new key) could refund twice. It stays processing and
    // the reconcile job asks again with this attempt's key.
    return toView(claimed);
  }
  return (await finishRefund(db, claimed, outcome)) ?? getRefund(ctx, refundId);
}

type RefundOutcome = { status: 'succeeded' | 'failed'; failureCode?: string };

/**
 * Records the provider's answer to attempt `claimed.attempts` of a refund, in one transaction: the row leaves
 * `processing` (only if it is still in it at that attempt) and, when it succeeded, the ledger entry is posted.
 * Returns null when another run already finished it.
 */
async function finishRefund(db: DbOrTx, claimed: RefundRow, outcome: RefundOutcome): Promise<RefundView | null> {
  const storeId = claimed.storeId;
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set({
        status: outcome.status,
        failureCode: outcome.status === 'failed' ? (outcome.failureCode ?? 'failed') : null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(refunds.storeId, storeId),
          eq(refunds.id, claimed.id),
          eq(refunds.status, 'processing'),
          eq(refunds.attempts, claimed.attempts),
        ),
      )
      .returning();
    if (!row) return null;
    if (outcome.status === 'succeeded')
      await postRefundPaid(
        { db: tx, storeId },
        { orderId: claimed.orderId, refundKey: claimed.id, amountCents: claimed.amountCents },
      );
    return toView(row);
  });
}

/** How long a refund may stay `processing` before the reconcile job asks the provider about it (decision 067). */
export const REFUND_STUCK_AFTER_MS = 2 * 60_000;

/**
 * The `refund-reconcile` job's work (decision 067): every refund of any store left `processing` for longer than
 * `stuckAfterMs` (a crash or an unreachable provider between the claim and the outcome) is asked of the provider
 * again with the same attempt's idempotency key, which refunds at most once, and finished like a live attempt (the
 * ledger entry posted once: its key is unique). Up to `limit` per run, oldest first. An unreachable provider leaves
 * it for the next run. Returns how many were finished.
 */
export async function reconcileStuckRefunds(
  ctx: Pick<BaseContext, 'db' | 'providers'> & { log?: Pick<BaseContext['log'], 'warn'> },
  opts: { now?: Date; stuckAfterMs?: number; limit?: number } = {},
): Promise<{ reconciled: number; succeeded: number; failed: number }> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.stuckAfterMs ?? REFUND_STUCK_AFTER_MS));
  const stuck = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'processing'), lt(refunds.updatedAt, cutoff)))
    .orderBy(asc(refunds.updatedAt))
    .limit(opts.limit ?? 100);
  const out = { reconciled: 0, succeeded: 0, failed: 0 };
  for (const r of stuck) {
    let outcome: RefundOutcome;
    try {
      const payment = await getPayment({ db: ctx.db, storeId: r.storeId }, r.paymentId);
      if (!payment.providerRef) throw new Error('payment without provider reference');
      outcome = await (providerOf(ctx, payment) ?? ctx.providers.payments).refundPayment({
        providerRef: payment.providerRef,
        amountCents: r.amountCents,
        idempotencyKey: refundAttemptKey(r.id, r.attempts),
      });
    } catch (err) {
      ctx.log?.warn({ err, refundId: r.id }, 'refund reconcile: provider not reached');
      continue;
    }
    const done = await finishRefund(ctx.db, r, outcome);
    if (!done) continue;
    out.reconciled++;
    out[done.status === 'succeeded' ? 'succeeded' : 'failed']++;
  }
  return out;
}

/** A refund of the store. Throws REFUND_NOT_FOUND. */
export async function getRefund(ctx: StoreDbContext, refundId: string): Promise<RefundView> {
  const { db, storeId } = ctx;
  const [r] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)));
  if (!r) throw new AppError('REFUND_NOT_FOUND');
  return toView(r);
}

/** A refund of the store, or null when it has none of that id (a job reading what a transaction committed). */
export async function findRefund(ctx: StoreDbContext, refundId: string): Promise<RefundView | null> {
  const [r] = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, ctx.storeId), eq(refunds.id, refundId)));
  return r ? toView(r) : null;
}

/** The refunds of an order of the store, newest first. */
export async function listRefunds(ctx: StoreDbContext, orderId: string): Promise<RefundView[]> {
  const { db, storeId } = ctx;
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.orderId, orderId)))
    .orderBy(desc(refunds.createdAt));
  return rows.map(toView);
}
