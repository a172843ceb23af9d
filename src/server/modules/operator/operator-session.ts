/**
 * The operator's sessions (decision 163): a token audience of their own. An operator token is a row of
 * `operator_sessions`, never of `sessions`, so the store and buyer areas never take it (the request context finds no
 * actor for it) and an operator route never takes a store's or a buyer's token (it is not in this table). Tokens are
 * 32 random bytes stored hashed, valid OPERATOR_SESSION_TTL_MS, revoked on sign-out.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { operatorSessions } from '../../db/schema/operator.js';
import type { DbContext } from '../../lib/context.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { checkOperatorCredentials, findOperatorAccount, type OperatorAccount } from '../accounts/index.js';

/** An operator session lasts 12 hours: a working day, then sign in again. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The signed-in operator of a request. */
export interface OperatorActor extends OperatorAccount {
  sessionId: string;
}

/** Signs an operator in. Throws INVALID_CREDENTIALS (401). */
export async function signInOperator(
  ctx: DbContext,
  email: string,
  password: string,
): Promise<{ token: string; operator: OperatorAccount }> {
  const operator = await checkOperatorCredentials(ctx, email, password);
  const token = newToken();
  await ctx.db.insert(operatorSessions).values({
    tokenHash: hashToken(token),
    userId: operator.id,
    expiresAt: new Date(Date.now() + OPERATOR_SESSION_TTL_MS),
  });
  return { token, operator };
}

/** The operator of a live session token, or null (unknown, revoked, expired, or the account is no operator's). */
export async function findOperatorSession(ctx: DbContext, token: string): Promise<OperatorActor | null> {
  const [s] = await ctx.db
    .select({ id: operatorSessions.id, userId: operatorSessions.userId })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!s) return null;
  const account = await findOperatorAccount(ctx, s.userId);
  return account ? { ...account, sessionId: s.id } : null;
}

/** Revokes the operator session `sessionId`. */
export async function signOutOperator(ctx: DbContext, sessionId: string): Promise<void> {
  await ctx.db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}
