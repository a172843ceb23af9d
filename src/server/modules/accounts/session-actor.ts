/**
 * Who sent a request (DESIGN.md "Auth"): the request-context plugin turns a bearer token into its actor with this, so
 * that sessions and users are read only by the accounts module.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/accounts.js';
import type { Actor, DbContext, Role } from '../../lib/context.js';
import { hashToken } from '../../lib/tokens.js';

/** The signed-in user of an access token: null when the token is unknown, revoked or expired. */
export async function findSessionActor(ctx: DbContext, token: string): Promise<Actor | null> {
  const { db } = ctx;
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      storeId: users.storeId,
      email: users.email,
      fullName: users.fullName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  const r = rows[0];
  return r ? { ...r, role: r.role as Role } : null;
}
