/**
 * Seller sign-up on the platform home (decisions 037, 100, 101). One transaction creates the platform account, the
 * store (unpublished), the owner's membership and the store's `<slug>.<PLATFORM_DOMAIN>` domain; a job mails the
 * verification link, and the storefront goes public when the owner follows it. The seller may sign in and build the
 * store meanwhile.
 *
 * - The answer is the same whether the email is new or already has an account (`{ status: 'check_email' }`, 202):
 *   an existing account's owner is mailed a notice instead, after the same work (the password hash), so neither the
 *   answer nor its timing tells which emails have accounts.
 * - The expensive part (hash, transaction, content) runs through a per-process queue: SIGNUP_CONCURRENCY at once,
 *   SIGNUP_QUEUE_MAX waiting, and beyond it 503 SERVER_BUSY with Retry-After, as the password-hash queue does
 *   (decision 025), so a flood of sign-ups cannot slow shoppers. The per-address and platform-wide hourly limits are
 *   checked before, by the route.
 * - Race-safe by the unique indexes (stores_slug_uq, store_domains_hostname_uq, users_store_role_email_uq) and a lock
 *   on the address's skeleton (look-alikes): of simultaneous sign-ups for one slug one wins, the others get 409
 *   SLUG_TAKEN; of two for one email, the second is answered as an existing email.
 */
import { and, eq, isNull } from 'drizzle-orm';
import pLimit from 'p-limit';
import { storeMemberships, users } from '../../db/schema/accounts.js';
import type { BaseContext, DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { enqueue } from '../../jobs/index.js';
import {
  assertNewStoreNameAllowed,
  claimSlugSkeleton,
  createStore,
  findLookAlikeSlug,
  getStoreBySlug,
} from '../stores/index.js';
import {
  isReservedSlug,
  SLUG_PATTERN,
  type SignUpAccepted,
  type SignUpBody,
  type SlugCheck,
} from '../../../shared/contracts/identity.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';

/** The storefront hostname a new store gets: `<slug>.<PLATFORM_DOMAIN>` (demo.localhost in development). */
export function storeHostname(platformDomain: string, slug: string): string {
  return `${slug}.${platformDomain}`.toLowerCase();
}

/**
 * Whether `slug` could be taken now: format, reserved words and brand/payment/security words, then existing stores
 * and their look-alikes (advisory; sign-up decides).
 */
export async function checkSlug(ctx: DbContext, raw: string): Promise<SlugCheck> {
  const slug = raw.trim().toLowerCase();
  if (!SLUG_PATTERN.test(slug) || slug.includes('--')) return { slug, available: false, reason: 'slug_format' };
  if (isReservedSlug(slug)) return { slug, available: false, reason: 'slug_reserved' };
  if (await getStoreBySlug(ctx, slug)) return { slug, available: false, reason: 'slug_taken' };
  if (await findLookAlikeSlug(ctx, slug)) return { slug, available: false, reason: 'slug_similar' };
  return { slug, available: true, reason: null };
}

const queue = { limit: pLimit(2), maxQueue: 8, averageMs: 800 };

/** Sets the sign-up queue's bounds (once per app, from the identity routes; the queue is per process). */
export function configureSignUpQueue(opts: { concurrency: number; maxQueue: number }): void {
  if (queue.limit.concurrency !== opts.concurrency) queue.limit.concurrency = opts.concurrency;
  queue.maxQueue = opts.maxQueue;
}

/** Runs `work` in the sign-up queue. Throws SERVER_BUSY (503, params.retryAfter in seconds) when it is full. */
function inSignUpQueue<T>(work: () => Promise<T>): Promise<T> {
  const ahead = queue.limit.activeCount + queue.limit.pendingCount;
  if (ahead >= queue.limit.concurrency + queue.maxQueue) {
    const retryAfter = Math.max(1, Math.ceil(((ahead / queue.limit.concurrency) * queue.averageMs) / 1000));
    return Promise.reject(new AppError('SERVER_BUSY', { retryAfter }));
  }
  return queue.limit(async () => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      queue.averageMs = queue.averageMs * 0.8 + (performance.now() - started) * 0.2;
    }
  });
}

/** The platform account (role seller) with `email`, or null. */
async function sellerWithEmail(ctx: DbContext, email: string): Promise<{ id: string } | null> {
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.storeId), eq(users.role, 'seller'), eq(users.email, email)))
    .limit(1);
  return u ?? null;
}

/**
 * Signs a seller up: answers `{ status: 'check_email' }` whether the email is new (account, unpublished store,
 * membership and domain created; the verification link mailed) or already has an account (its owner mailed a notice).
 * Throws before any work: VALIDATION_FAILED (400; storeName store_name_reserved, slug slug_similar), SLUG_TAKEN (409),
 * PASSWORD_TOO_WEAK / PASSWORD_BREACHED (422); SERVER_BUSY (503) when the sign-up or password-hash queue is full.
 * The body's slug is already format- and reserved-checked by the contract (signUpBody).
 */
export async function signUpSeller(ctx: BaseContext, input: SignUpBody): Promise<SignUpAccepted> {
  const email = input.email.trim().toLowerCase();
  assertStrongPassword(ctx.locale, input.password, [email, input.fullName, input.storeName, input.slug]);
  await assertNewStoreNameAllowed(ctx, { name: input.storeName, slug: input.slug });
  const accepted: SignUpAccepted = { status: 'check_email' };
  return inSignUpQueue(async () => {
    // Hashed whether or not the email has an account: the same work, the same time.
    const passwordHash = await hashPassword(input.password);
    const existing = await sellerWithEmail(ctx, email);
    if (existing) {
      await enqueue(ctx.db, 'seller-signup-notice', { userId: existing.id, locale: ctx.locale });
      return accepted;
    }
    const hostname = storeHostname(ctx.config.PLATFORM_DOMAIN, input.slug);
    try {
      await ctx.db.transaction(async (tx) => {
        await claimSlugSkeleton({ db: tx }, input.slug);
        const [u] = await tx
          .insert(users)
          .values({ storeId: null, role: 'seller', email, passwordHash, fullName: input.fullName })
          .returning({ id: users.id });
        const store = await createStore(
          { db: tx },
          { slug: input.slug, name: input.storeName, lang: input.lang, hostnames: [hostname], published: false },
        );
        await tx.insert(storeMemberships).values({ storeId: store.id, userId: u.id, role: 'owner', permissions: [] });
        // In the transaction: the link is mailed exactly when the account exists.
        await enqueue(tx, 'seller-verification-email', { userId: u.id, locale: ctx.locale });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_store_role_email_uq')) {
        // Another sign-up with this email committed first: answered as an existing email.
        const winner = await sellerWithEmail(ctx, email);
        if (winner) await enqueue(ctx.db, 'seller-signup-notice', { userId: winner.id, locale: ctx.locale });
        return accepted;
      }
      if (isUniqueViolation(err, 'stores_slug_uq') || isUniqueViolation(err, 'store_domains_hostname_uq'))
        throw new AppError('SLUG_TAKEN', { slug: input.slug });
      throw err;
    }
    return accepted;
  });
}
