/**
 * Access for the external store-floor app (the admin home opens it with a token in the URL; decision 026).
 * The URL carries a one-time code, never a session: random 32 bytes, stored hashed, valid STORE_FLOOR_CODE_TTL_MS, for
 * one seller and store. The app's server exchanges it once, authenticated by STORE_FLOOR_APP_SECRET, for an access
 * token valid STORE_FLOOR_TOKEN_TTL_MS that only the /api/store-floor/* routes accept (read the store's name and its
 * orders). A logged, leaked or replayed URL opens nothing.
 *
 * The token is a seller's delegated access, so it is worth no more than the seller's membership now: every use reads
 * that membership and the permission the route needs (orders), and removing the seller or taking a permission away
 * revokes their tokens in the same transaction (revokeStoreAccess, decision 092).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { appAccessCodes, appAccessTokens, storeMemberships, users } from '../../db/schema/accounts.js';
import { getStoreById } from '../stores/index.js';
import type { Actor, BaseContext, DbContext, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Permission } from '../../../shared/contracts/identity.js';
import { effectivePermissions } from './session-actor.js';

const APP = 'store_floor';
/** Long enough to open the link from the dashboard, short enough that a logged URL is dead by the time it is read. */
export const STORE_FLOOR_CODE_TTL_MS = 60_000;
/** One work shift; then the seller opens the app from the dashboard again. */
export const STORE_FLOOR_TOKEN_TTL_MS = 8 * 60 * 60_000;

/** Issues a one-time code for the signed-in seller's store, and forgets the seller's expired or used codes. */
export async function issueStoreFloorCode(ctx: StoreContext & { actor: Actor }): Promise<string> {
  const code = newToken();
  await ctx.db
    .delete(appAccessCodes)
    .where(
      and(
        eq(appAccessCodes.userId, ctx.actor.userId),
        or(isNotNull(appAccessCodes.usedAt), lt(appAccessCodes.expiresAt, sql`now()`)),
      ),
    );
  await ctx.db.insert(appAccessCodes).values({
    app: APP,
    storeId: ctx.storeId,
    userId: ctx.actor.userId,
    codeHash: hashToken(code),
    expiresAt: new Date(Date.now() + STORE_FLOOR_CODE_TTL_MS),
  });
  return code;
}

/** Constant-time comparison of the presented app secret with the configured one (false when none is configured). */
export function isStoreFloorAppSecret(configured: string | undefined, presented: string | undefined): boolean {
  if (!configured || !presented) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(configured), digest(presented));
}

export interface StoreFloorGrant {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  store: { id: string; name: string; slug: string };
}

/** What the store-floor app does with its token: read orders. A seller without this permission gets no token. */
export const STORE_FLOOR_PERMISSION: Permission = 'orders';

/**
 * Trades a code for a store-floor access token, once. Throws UNAUTHORIZED (401) without the app secret and
 * STORE_FLOOR_CODE_INVALID (400) for an unknown, used or expired code, or a seller no longer on that store or no
 * longer allowed to see its orders.
 */
export async function exchangeStoreFloorCode(ctx: BaseContext, appSecret: string | undefined, code: string) {
  if (!isStoreFloorAppSecret(ctx.config.STORE_FLOOR_APP_SECRET, appSecret)) throw new AppError('UNAUTHORIZED');
  return ctx.db.transaction(async (tx): Promise<StoreFloorGrant> => {
    const [used] = await tx
      .update(appAccessCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(appAccessCodes.codeHash, hashToken(code)),
          eq(appAccessCodes.app, APP),
          isNull(appAccessCodes.usedAt),
          gt(appAccessCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ storeId: appAccessCodes.storeId, userId: appAccessCodes.userId });
    if (!used) throw new AppError('STORE_FLOOR_CODE_INVALID');
    // Still a member of that store, still allowed to see its orders (memberships read at exchange time).
    const [seller] = await tx
      .select({ role: storeMemberships.role, permissions: storeMemberships.permissions })
      .from(storeMemberships)
      .where(and(eq(storeMemberships.userId, used.userId), eq(storeMemberships.storeId, used.storeId)))
      .limit(1);
    const allowed = seller && effectivePermissions(seller.role, seller.permissions).includes(STORE_FLOOR_PERMISSION);
    const store = allowed ? await getStoreById({ db: tx, storeId: used.storeId }) : null;
    if (!store || store.status !== 'active') throw new AppError('STORE_FLOOR_CODE_INVALID');
    const accessToken = newToken();
    await tx.insert(appAccessTokens).values({
      app: APP,
      storeId: used.storeId,
      userId: used.userId,
      tokenHash: hashToken(accessToken),
      expiresAt: new Date(Date.now() + STORE_FLOOR_TOKEN_TTL_MS),
    });
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: STORE_FLOOR_TOKEN_TTL_MS / 1000,
      store: { id: used.storeId, name: store.name, slug: store.slug },
    };
  });
}

/**
 * The store and seller of a store-floor access token, checked on every use against the seller's membership of that
 * store now, not only against the token: a removed seller's token opens nothing even before it is revoked, and one
 * whose membership lacks `permission` is refused. Throws UNAUTHORIZED (401) when the token is missing, unknown,
 * revoked or expired, its seller no longer on the store, or the store not active; FORBIDDEN (403) without
 * `permission`.
 */
export async function storeFloorGrant(
  ctx: DbContext,
  token: string | null,
  permission: Permission,
): Promise<{ storeId: string; userId: string }> {
  const { db } = ctx;
  if (!token || token.length > 200) throw new AppError('UNAUTHORIZED');
  const [row] = await db
    .select({
      storeId: appAccessTokens.storeId,
      userId: appAccessTokens.userId,
      role: storeMemberships.role,
      permissions: storeMemberships.permissions,
    })
    .from(appAccessTokens)
    .innerJoin(
      storeMemberships,
      and(eq(storeMemberships.userId, appAccessTokens.userId), eq(storeMemberships.storeId, appAccessTokens.storeId)),
    )
    .where(
      and(
        eq(appAccessTokens.tokenHash, hashToken(token)),
        eq(appAccessTokens.app, APP),
        isNull(appAccessTokens.revokedAt),
        gt(appAccessTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row || (await getStoreById({ db, storeId: row.storeId }))?.status !== 'active')
    throw new AppError('UNAUTHORIZED');
  if (!effectivePermissions(row.role, row.permissions).includes(permission))
    throw new AppError('FORBIDDEN', { permission });
  return { storeId: row.storeId, userId: row.userId };
}

/** The store and seller a store-floor token is for. Throws like storeFloorGrant (the app's one permission). */
export async function storeFloorStore(ctx: DbContext, token: string | null) {
  const { db } = ctx;
  const grant = await storeFloorGrant({ db }, token, STORE_FLOOR_PERMISSION);
  const store = await getStoreById({ db, storeId: grant.storeId });
  const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, grant.userId)).limit(1);
  if (!store || !row) throw new AppError('UNAUTHORIZED');
  return { store: { id: grant.storeId, name: store.name, slug: store.slug }, seller: { fullName: row.fullName } };
}
