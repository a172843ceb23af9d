/**
 * Ending a person's access to one store at once (decision 092): their sessions working on it, the external apps'
 * access tokens they opened for it and the app codes not yet exchanged. Called in the transaction that removes the
 * membership or takes a permission away, so the change and the revocation commit together; an instance that remembers
 * the session forgets it when the change feed reports the write (decision 142), so it counts everywhere on the next
 * request.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { appAccessCodes, appAccessTokens, sessions } from '../../db/schema/accounts.js';
import type { StoreTxContext } from '../../lib/context.js';

/**
 * Revokes `userId`'s sessions on the context's store and their app tokens for it, and deletes their unused app codes
 * for it. Sessions on another store (the same person may work on several) are left alone. Returns how many sessions
 * and tokens it revoked.
 */
export async function revokeStoreAccess(
  ctx: StoreTxContext,
  userId: string,
): Promise<{ sessions: number; appTokens: number }> {
  const { db, storeId } = ctx;
  const s = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), eq(sessions.storeId, storeId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const a = await db
    .update(appAccessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(appAccessTokens.userId, userId), eq(appAccessTokens.storeId, storeId), isNull(appAccessTokens.revokedAt)),
    )
    .returning({ id: appAccessTokens.id });
  await db
    .delete(appAccessCodes)
    .where(and(eq(appAccessCodes.userId, userId), eq(appAccessCodes.storeId, storeId), isNull(appAccessCodes.usedAt)));
  return { sessions: s.length, appTokens: a.length };
}
