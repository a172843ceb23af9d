/**
 * Idempotency keys of POST /api/pedido (decision 029), after Brandur Leach's "Implementing
 * Stripe-like Idempotency Keys in Postgres". The first request with a key claims it (a unique row per store and key,
 * with a lease); a duplicate with the same body waits, polling with backoff up to IDEMPOTENCY_WAIT_MS, for the first
 * result and then answers exactly that (status and body); a different body under the key is 422
 * IDEMPOTENCY_KEY_REUSED. A lease that ran out means the first request's process died: the next request with the key
 * takes over and resumes the order where it stopped.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { checkoutRequests } from '../../db/schema/checkout.js';
import { AppError } from '../../lib/app-error.js';
import { IDEMPOTENCY_WAIT_MS } from '../../../shared/limits.js';
import type { ErrorCode, FieldError } from '../../../shared/errors.js';
import type { DbContext, StoreDbContext, TxContext } from '../../lib/context.js';

/** How long a claim holds its key before another request may take over (longer than any provider call). */
export const LEASE_MS = 30_000;

type Row = typeof checkoutRequests.$inferSelect;
export type Claim =
  | { kind: 'claimed'; id: string; leaseId: string; orderId: string | null }
  | { kind: 'done'; status: number; response: NonNullable<Row['response']> };

/** JSON with object keys sorted, so the same order in any key order hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * SHA-256 of the canonical request body. POST /api/pedido takes no card data (decision 086), so nothing in the body
 * needs leaving out.
 */
export function requestHash(body: object): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/**
 * Claims `key` for this request, or waits for the request that holds it. Returns `claimed` (go on; `orderId` is set
 * when resuming a dead request's order) or `done` (the first result, to answer again). Throws IDEMPOTENCY_KEY_REUSED
 * (another body), IDEMPOTENCY_KEY_IN_PROGRESS (the first request is still running after the wait).
 */
export async function claimKey(ctx: StoreDbContext, key: string, hash: string): Promise<Claim> {
  const { db, storeId } = ctx;
  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 400)) {
    const leaseId = randomUUID();
    const [mine] = await db
      .insert(checkoutRequests)
      .values({ storeId, idempotencyKey: key, requestHash: hash, leaseId, lockedUntil: leaseEnd() })
      .onConflictDoNothing({ target: [checkoutRequests.storeId, checkoutRequests.idempotencyKey] })
      .returning({ id: checkoutRequests.id });
    if (mine) return { kind: 'claimed', id: mine.id, leaseId, orderId: null };
    const [row] = await db
      .select()
      .from(checkoutRequests)
      .where(and(eq(checkoutRequests.storeId, storeId), eq(checkoutRequests.idempotencyKey, key)))
      .limit(1);
    if (row) {
      if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (row.responseStatus !== null && row.response)
        return { kind: 'done', status: row.responseStatus, response: row.response };
      if (!row.lockedUntil || row.lockedUntil.getTime() < Date.now()) {
        const [taken] = await db
          .update(checkoutRequests)
          .set({ leaseId, lockedUntil: leaseEnd(), updatedAt: new Date() })
          .where(
            and(
              eq(checkoutRequests.id, row.id),
              isNull(checkoutRequests.responseStatus),
              or(isNull(checkoutRequests.lockedUntil), lt(checkoutRequests.lockedUntil, new Date())),
            ),
          )
          .returning({ id: checkoutRequests.id, orderId: checkoutRequests.orderId });
        if (taken) return { kind: 'claimed', id: taken.id, leaseId, orderId: taken.orderId };
      }
    }
    if (Date.now() + delay > deadline) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    await sleep(delay + Math.random() * delay);
  }
}

const leaseEnd = () => new Date(Date.now() + LEASE_MS);

/** Links the claimed key to its order, inside the transaction that creates the order. */
export async function linkOrder(ctx: TxContext, claimId: string, leaseId: string, orderId: string): Promise<void> {
  const { db: tx } = ctx;
  const [r] = await tx
    .update(checkoutRequests)
    .set({ orderId, updatedAt: new Date() })
    .where(and(eq(checkoutRequests.id, claimId), eq(checkoutRequests.leaseId, leaseId)))
    .returning({ id: checkoutRequests.id });
  // Our lease ran out and another request took the key over: it places the order, not us.
  if (!r) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
}

/** Records the first result under the key (only the lease holder can): 201 with the order, or a 4xx error. */
export async function completeKey(
  ctx: DbContext,
  claim: { id: string; leaseId: string },
  status: number,
  response: { orderId?: string; code?: ErrorCode; params?: Record<string, unknown>; fields?: FieldError[] },
): Promise<void> {
  const { db } = ctx;
  await db
    .update(checkoutRequests)
    .set({ responseStatus: status, response, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(checkoutRequests.id, claim.id), eq(checkoutRequests.leaseId, claim.leaseId)));
}

/** Gives the key up without a result (an unexpected failure): the next request with it starts or resumes at once. */
export async function releaseKey(ctx: DbContext, claim: { id: string; leaseId: string }): Promise<void> {
  const { db } = ctx;
  await db
    .update(checkoutRequests)
    .set({ lockedUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(checkoutRequests.id, claim.id),
        eq(checkoutRequests.leaseId, claim.leaseId),
        isNull(checkoutRequests.responseStatus),
      ),
    );
}
