/**
 * Who sent a request: the request-context plugin turns a bearer token into its actor with this, so
 * that sessions, users and memberships are read only by the accounts module.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, storeMemberships, users } from '../../db/schema/accounts.js';
import type { Actor, DbContext, Role } from '../../lib/context.js';
import { hashToken } from '../../lib/tokens.js';
import { PERMISSIONS, type Permission } from '../../../shared/contracts/identity.js';

/** A membership's effective permissions: the owner has them all, a collaborator the granted ones (known names only). */
export function effectivePermissions(role: string, granted: readonly string[]): Permission[] {
  if (role === 'owner') return [...PERMISSIONS];
  return PERMISSIONS.filter((p) => granted.includes(p));
}

/**
 * The signed-in user of an access token: null when the token is unknown, revoked or expired. A seller's membership of
 * the session's store is read here on every request, so a revoked membership or changed permissions count at once:
 * without a membership the actor is a plain 'seller' with no store.
 */
export async function findSessionActor(ctx: DbContext, token: string): Promise<Actor | null> {
  const { db } = ctx;
  const rows = await db
    .select({
      sessionId: sessions.id,
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
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  const base = { sessionId: r.sessionId, userId: r.userId, email: r.email, fullName: r.fullName };
  if (r.role !== 'seller') return { ...base, role: r.role as Role, storeId: r.storeId, permissions: [] };
  if (!r.memberRole || !r.sessionStoreId) return { ...base, role: 'seller', storeId: null, permissions: [] };
  return {
    ...base,
    role: r.memberRole as Role,
    storeId: r.sessionStoreId,
    permissions: effectivePermissions(r.memberRole, r.memberPermissions ?? []),
  };
}
