/**
 * Who sent a request: the request-context plugin turns a bearer token into its actor with this, so
 * that sessions, users and memberships are read only by the accounts module.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, storeMemberships, users } from '../../db/schema/accounts.js';
import type { Actor, DbContext, Role } from '../../lib/context.js';
import { hashToken } from '../../lib/tokens.js';
import { PERMISSIONS, type Permission } from '../../../shared/contracts/identity.js';
import type { SessionAnswer, SessionCache } from './session-cache.js';

/** A membership's effective permissions: the owner has them all, a collaborator the granted ones (known names only). */
export function effectivePermissions(role: string, granted: readonly string[]): Permission[] {
  if (role === 'owner') return [...PERMISSIONS];
  return PERMISSIONS.filter((p) => granted.includes(p));
}

/**
 * The signed-in user of an access token: null when the token is unknown, revoked or expired. A seller's membership of
 * the session's store is read with the session, so a revoked membership or changed permissions count at once: without
 * a membership the actor is a plain 'seller' with no store. With `cache` (this instance's SessionCache) the answer is
 * remembered until the change feed reports a write to that user's session, account or memberships (decision 142).
 */
export async function findSessionActor(ctx: DbContext, token: string, cache?: SessionCache): Promise<Actor | null> {
  const tokenHash = hashToken(token);
  if (!cache) return (await readSessionActor(ctx, tokenHash))?.actor ?? null;
  return cache.get(tokenHash, () => readSessionActor(ctx, tokenHash));
}

/** The actor and expiry of the live session whose token hashes to `tokenHash`, read from the database; null if none. */
export async function readSessionActor(ctx: DbContext, tokenHash: string): Promise<SessionAnswer | null> {
  const { db } = ctx;
  const rows = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      sessionStoreId: sessions.storeId,
      userId: users.id,
      role: users.role,
      storeId: users.storeId,
      email: users.email,
      fullName: users.fullName,
      memberRole: storeMemberships.role,
      memberPermissions: storeMemberships.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      storeMemberships,
      and(eq(storeMemberships.userId, users.id), eq(storeMemberships.storeId, sessions.storeId)),
    )
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  const base = { sessionId: r.sessionId, userId: r.userId, email: r.email, fullName: r.fullName };
  const expiresAt = r.expiresAt.getTime();
  if (r.role !== 'seller')
    return { actor: { ...base, role: r.role as Role, storeId: r.storeId, permissions: [] }, expiresAt };
  if (!r.memberRole || !r.sessionStoreId)
    return { actor: { ...base, role: 'seller', storeId: null, permissions: [] }, expiresAt };
  const permissions = effectivePermissions(r.memberRole, r.memberPermissions ?? []);
  return { actor: { ...base, role: r.memberRole as Role, storeId: r.sessionStoreId, permissions }, expiresAt };
}
