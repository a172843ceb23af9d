/**
 * Password reset (/recuperar, /recuperar/token; decisions 010 and 025).
 * - The recover route answers before anything depends on the email: the look-up, the link and the mail run as a
 *   job (src/server/jobs 'password-reset-email'), so a known and an unknown email take the same path and the same
 *   time.
 * - A link is single-use by one conditional UPDATE (used_at IS NULL ... RETURNING): of any number of simultaneous
 *   uses, one wins. Using it revokes every other link and every session and app token of the user.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appAccessTokens, passwordResets, sessions, users } from '../../db/schema/accounts.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { translator } from '../../lib/i18n.js';
import { RESET_LINK_TTL_MS } from '../../../shared/limits.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';

/**
 * Mails a reset link valid RESET_LINK_TTL_MS to the store's customer with `email`, if there is one; otherwise does
 * nothing. `origin` is the store's own origin (requestOrigin), e.g. https://demo.vitrina.mx. Runs as a job.
 */
export async function requestPasswordReset(ctx: StoreContext, email: string, origin: string): Promise<void> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, ctx.storeId), eq(users.role, 'customer'), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  if (!u) return;
  const token = newToken();
  await ctx.db.insert(passwordResets).values({
    storeId: ctx.storeId,
    userId: u.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const link = `${origin}/recuperar/token?token=${encodeURIComponent(token)}`;
  const t = translator(ctx.locale);
  await ctx.providers.mail.send({
    to: u.email,
    subject: t('emails:reset.subject'),
    text: t('emails:reset.text', { name: u.fullName, link, minutes: RESET_LINK_TTL_MS / 60000 }),
  });
}

async function validReset(db: Db, storeId: string, token: string) {
  const [r] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email, fullName: users.fullName })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        eq(passwordResets.storeId, storeId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!r) throw new AppError('RESET_LINK_EXPIRED');
  return r;
}

/** Checks a reset link. Throws RESET_LINK_EXPIRED (410) when unknown, used, revoked or expired. */
export async function checkPasswordReset(ctx: StoreContext, token: string): Promise<{ valid: true; email: string }> {
  const r = await validReset(ctx.db, ctx.storeId, token);
  return { valid: true, email: r.email };
}

/**
 * Sets a new password from a reset link. Throws RESET_LINK_EXPIRED (410) when the link is not valid or another use
 * of it won; PASSWORD_BREACHED / PASSWORD_TOO_WEAK (422); SERVER_BUSY (503). The hash is computed before the
 * transaction (half a second that must not hold a connection); the link is consumed inside it, atomically.
 */
export async function resetPassword(ctx: StoreContext, token: string, password: string): Promise<void> {
  const r = await validReset(ctx.db, ctx.storeId, token);
  assertStrongPassword(ctx.locale, password, [r.email, r.fullName]);
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.id, r.id),
          eq(passwordResets.storeId, ctx.storeId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResets.id });
    if (!consumed.length) throw new AppError('RESET_LINK_EXPIRED');
    await tx
      .update(users)
      .set({ passwordHash: hash })
      .where(and(eq(users.id, r.userId), eq(users.storeId, ctx.storeId)));
    // Whoever knew the old password, or holds an older link, is out.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, r.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, r.userId), isNull(sessions.revokedAt)));
    await tx
      .update(appAccessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(appAccessTokens.userId, r.userId), isNull(appAccessTokens.revokedAt)));
  });
}
