/**
 * A new seller's email verification (decision 100). Sign-up builds the store unpublished and a job mails a link
 * (32 random bytes, stored hashed, valid VERIFY_LINK_TTL_MS, single use, like a reset link); following it marks the
 * email verified, publishes every store the person owns that is not yet, and signs them in. The admin shows a banner
 * with "Reenviar" (a new link; rate-limited by the route) until then. An email that already has an account gets a
 * notice instead of a second account (sign-up.ts).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailVerifications, storeMemberships, users } from '../../db/schema/accounts.js';
import type { Actor, BaseContext, DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import { enqueue } from '../../jobs/index.js';
import { publishStores } from '../stores/index.js';
import { VERIFY_LINK_TTL_MS } from '../../../shared/limits.js';
import type { EmailVerificationState, SellerSession } from '../../../shared/contracts/identity.js';
import { startSellerSession } from './accounts.service.js';

/** The platform's own origin (links in platform emails), e.g. https://vitrina.mx. */
function platformOrigin(ctx: Pick<BaseContext, 'config'>): string {
  return publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN);
}

async function sellerAccount(ctx: DbContext, userId: string) {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'seller'), isNull(users.storeId)))
    .limit(1);
  return u ?? null;
}

/**
 * Mails seller `userId` a new verification link, unless the email is verified by now (then nothing). Runs as a job
 * ('seller-verification-email'): the raw token exists only in the email, never in the queue's rows.
 */
export async function sendVerificationEmail(
  ctx: Pick<BaseContext, 'db' | 'config' | 'providers'>,
  userId: string,
  locale: 'es' | 'en',
): Promise<void> {
  const u = await sellerAccount(ctx, userId);
  if (!u || u.emailVerifiedAt) return;
  const token = newToken();
  await ctx.db.insert(emailVerifications).values({
    userId: u.id,
    email: u.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_MS),
  });
  const t = translator(locale);
  const link = `${platformOrigin(ctx)}/verificar-correo?token=${encodeURIComponent(token)}`;
  await ctx.providers.mail.send({
    to: u.email,
    subject: t('emails:verify.subject'),
    text: t('emails:verify.text', { name: u.fullName, link, hours: VERIFY_LINK_TTL_MS / 3_600_000 }),
  });
}

/**
 * Mails the owner of an existing account that someone tried to create a store with their email (a repeated sign-up
 * is answered as a new one, so the person learns it here). Runs as a job ('seller-signup-notice').
 */
export async function sendSignUpNotice(
  ctx: Pick<BaseContext, 'db' | 'config' | 'providers'>,
  userId: string,
  locale: 'es' | 'en',
): Promise<void> {
  const u = await sellerAccount(ctx, userId);
  if (!u) return;
  const t = translator(locale);
  await ctx.providers.mail.send({
    to: u.email,
    subject: t('emails:signUpNotice.subject'),
    text: t('emails:signUpNotice.text', { name: u.fullName, loginLink: `${platformOrigin(ctx)}/admin/login` }),
  });
}

/**
 * Follows a verification link: marks the email verified, publishes the stores the person owns, and opens a seller
 * session (as the sign-in does). Throws VERIFICATION_LINK_EXPIRED (410) when the link is unknown, used, expired, or
 * for an email the account no longer has; of simultaneous uses of one link, one wins (a conditional UPDATE).
 */
export async function verifyEmail(ctx: BaseContext, token: string): Promise<SellerSession> {
  const { userId, storeIds } = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) throw new AppError('VERIFICATION_LINK_EXPIRED');
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email), eq(users.role, 'seller')))
      .returning({ id: users.id });
    if (!u) throw new AppError('VERIFICATION_LINK_EXPIRED');
    // The other links of this person are of no use any more.
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, u.id), isNull(emailVerifications.usedAt)));
    const owned = await tx
      .select({ storeId: storeMemberships.storeId })
      .from(storeMemberships)
      .where(and(eq(storeMemberships.userId, u.id), eq(storeMemberships.role, 'owner')));
    const ids = owned.map((m) => m.storeId);
    await publishStores({ db: tx }, ids);
    return { userId: u.id, storeIds: ids };
  });
  const account = (await sellerAccount(ctx, userId))!;
  return startSellerSession(ctx, account, storeIds.length === 1 ? storeIds[0] : undefined);
}

/** Whether the signed-in seller's email is verified (the admin's banner). */
export async function emailVerificationState(ctx: DbContext & { actor: Actor }): Promise<EmailVerificationState> {
  const [u] = await ctx.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, ctx.actor.userId))
    .limit(1);
  if (!u) throw new AppError('UNAUTHORIZED');
  return { verified: u.verifiedAt !== null, email: u.email };
}

/** "Reenviar": queues a new verification link for the signed-in seller (nothing when already verified). */
export async function resendVerificationEmail(ctx: BaseContext & { actor: Actor }): Promise<void> {
  const state = await emailVerificationState(ctx);
  if (state.verified) return;
  await enqueue(ctx.db, 'seller-verification-email', { userId: ctx.actor.userId, locale: ctx.locale });
}
