/**
 * The buyer's own account (/miperfil): personal data, an email change confirmed from the new address (decision 159),
 * a password change that signs out every other session, the address book (edit, default, a limit) and deleting the
 * account, which anonymises the person and keeps their orders for the tax law (decision 160).
 * Every function acts on the signed-in customer of the context's store only: the rows are found by the actor's user
 * id and the store, never by an id from the request alone.
 */
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  addresses,
  appAccessTokens,
  emailVerifications,
  passwordResets,
  sessions,
  users,
} from '../../db/schema/accounts.js';
import type { Actor, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { translator } from '../../lib/i18n.js';
import { EMAIL_CHANGE_LINK_TTL_MS, MAX_ADDRESSES_PER_BUYER } from '../../../shared/limits.js';
import type { Address, AddressInput, User } from '../../../shared/contracts/accounts.js';
import type { PasswordChangeBody, ProfileBody } from '../../../shared/contracts/buyer-account.js';
import { hashPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';
import { toAddress, toUser, verifyAccountPassword, type UserRow } from './accounts.service.js';

type BuyerContext = StoreContext & { actor: Actor };

/** The signed-in customer's row in the context's store. Throws UNAUTHORIZED when it is gone. */
async function buyerRow(ctx: BuyerContext): Promise<UserRow> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, ctx.actor.userId), eq(users.storeId, ctx.storeId), eq(users.role, 'customer')))
    .limit(1);
  if (!u) throw new AppError('UNAUTHORIZED');
  return u;
}

/** Changes the signed-in buyer's name and phone (already E.164 from the contract; null removes it). */
export async function updateProfile(ctx: BuyerContext, input: ProfileBody): Promise<User> {
  await buyerRow(ctx);
  const [u] = await ctx.db
    .update(users)
    .set({ fullName: input.fullName, ...(input.phone !== undefined ? { phone: input.phone } : {}) })
    .where(eq(users.id, ctx.actor.userId))
    .returning();
  return toUser(u);
}

/** Whether another customer of this store already signs in with `email`. */
async function emailTaken(ctx: BuyerContext, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, ctx.storeId), eq(users.role, 'customer'), eq(users.email, email)))
    .limit(1);
  return !!row;
}

/**
 * Asks to change the signed-in buyer's email: checks the current password, refuses an email another customer of
 * this store uses (customers are unique per store) and mails a single-use link (stored hashed, valid
 * EMAIL_CHANGE_LINK_TTL_MS) to the new address. The account keeps its email until the link is followed, so a typo
 * cannot lock the person out. Throws CURRENT_PASSWORD_INCORRECT, EMAIL_UNCHANGED, EMAIL_TAKEN.
 */
export async function requestEmailChange(
  ctx: BuyerContext,
  input: { newEmail: string; currentPassword: string },
  origin: string,
): Promise<{ pendingEmail: string }> {
  const u = await buyerRow(ctx);
  await verifyAccountPassword(ctx, u.id, input.currentPassword);
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === u.email) throw new AppError('EMAIL_UNCHANGED');
  if (await emailTaken(ctx, newEmail)) throw new AppError('EMAIL_TAKEN');
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    // Only the newest link counts: an older one might name an address the person no longer wants.
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, u.id), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      userId: u.id,
      email: newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
    });
  });
  const t = translator(ctx.locale);
  await ctx.providers.mail.send({
    to: newEmail,
    subject: t('emails:emailChange.subject'),
    text: t('emails:emailChange.text', {
      name: u.fullName,
      link: `${origin}/miperfil/datos?correo=${encodeURIComponent(token)}`,
      hours: EMAIL_CHANGE_LINK_TTL_MS / 3_600_000,
    }),
  });
  return { pendingEmail: newEmail };
}

/**
 * Follows an email-change link of a customer of this store: the new email applies and the old address is told (so
 * a stolen session changing the email does not go unnoticed). Needs no session: the link is opened from the mailbox,
 * perhaps on another device. Single use; of simultaneous uses one wins (a conditional UPDATE). Throws
 * EMAIL_CHANGE_LINK_EXPIRED when unknown, used, expired, of another store, or when the address was taken meanwhile.
 */
export async function confirmEmailChange(ctx: StoreContext, token: string): Promise<{ email: string }> {
  const changed = await ctx.db.transaction(async (tx) => {
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
    if (!link) throw new AppError('EMAIL_CHANGE_LINK_EXPIRED');
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.storeId, ctx.storeId), eq(users.role, 'customer')))
      .limit(1);
    if (!before) throw new AppError('EMAIL_CHANGE_LINK_EXPIRED');
    try {
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, before.id));
    } catch (err) {
      if (isUniqueViolation(err, 'users_store_role_email_uq')) throw new AppError('EMAIL_CHANGE_LINK_EXPIRED');
      throw err;
    }
    return { name: before.fullName, oldEmail: before.email, email: link.email };
  });
  const t = translator(ctx.locale);
  await ctx.providers.mail.send({
    to: changed.oldEmail,
    subject: t('emails:emailChanged.subject'),
    text: t('emails:emailChanged.text', { name: changed.name, email: changed.email }),
  });
  return { email: changed.email };
}

/**
 * Changes the signed-in buyer's password: the current one is asked again, the new one meets the sign-up policy and
 * is hashed the same way; every other session and app token of the person is revoked (the one making the change
 * stays), unused reset links die, and a notice is mailed. Throws CURRENT_PASSWORD_INCORRECT, PASSWORD_TOO_WEAK,
 * PASSWORD_BREACHED.
 */
export async function changePassword(ctx: BuyerContext, input: PasswordChangeBody): Promise<{ signedOut: number }> {
  const u = await buyerRow(ctx);
  await verifyAccountPassword(ctx, u.id, input.currentPassword);
  assertStrongPassword(ctx.locale, input.newPassword, [u.email, u.fullName], 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const signedOut = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, u.id));
    const s = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, u.id), ne(sessions.id, ctx.actor.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await tx
      .update(appAccessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(appAccessTokens.userId, u.id), isNull(appAccessTokens.revokedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, u.id), isNull(passwordResets.usedAt)));
    return s.length;
  });
  const t = translator(ctx.locale);
  await ctx.providers.mail.send({
    to: u.email,
    subject: t('emails:passwordChanged.subject'),
    text: t('emails:passwordChanged.text', { name: u.fullName }),
  });
  return { signedOut };
}

const ownAddress = (ctx: BuyerContext, id: string) =>
  and(eq(addresses.id, id), eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId));

/**
 * Saves an address to the signed-in buyer's address book; the first one becomes the default. Throws
 * ADDRESS_LIMIT_REACHED (409) past MAX_ADDRESSES_PER_BUYER. The buyer's row is locked so that two simultaneous
 * additions cannot both pass the count.
 */
export async function addAddress(ctx: BuyerContext, input: AddressInput): Promise<Address> {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.actor.userId)).for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(and(eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)));
    if (n >= MAX_ADDRESSES_PER_BUYER) throw new AppError('ADDRESS_LIMIT_REACHED', { max: MAX_ADDRESSES_PER_BUYER });
    const [a] = await tx
      .insert(addresses)
      .values({ ...input, storeId: ctx.storeId, userId: ctx.actor.userId, isDefault: n === 0 })
      .returning();
    return toAddress(a);
  });
}

/** Replaces one of the signed-in buyer's addresses (its default mark stays). Throws ADDRESS_NOT_FOUND. */
export async function updateAddress(ctx: BuyerContext, id: string, input: AddressInput): Promise<Address> {
  const [a] = await ctx.db
    .update(addresses)
    .set({
      ...input,
      interiorNumber: input.interiorNumber ?? null,
      city: input.city ?? null,
      deliveryInstructions: input.deliveryInstructions ?? null,
    })
    .where(ownAddress(ctx, id))
    .returning();
  if (!a) throw new AppError('ADDRESS_NOT_FOUND');
  return toAddress(a);
}

/** Makes one of the signed-in buyer's addresses the default (the others lose the mark). Throws ADDRESS_NOT_FOUND. */
export async function setDefaultAddress(ctx: BuyerContext, id: string): Promise<Address> {
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: addresses.id }).from(addresses).where(ownAddress(ctx, id)).for('update');
    if (!target) throw new AppError('ADDRESS_NOT_FOUND');
    // The unique index allows one default per buyer: clear first, then mark.
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, ctx.actor.userId), eq(addresses.isDefault, true)));
    const [a] = await tx.update(addresses).set({ isDefault: true }).where(ownAddress(ctx, id)).returning();
    return toAddress(a);
  });
}

/**
 * Deletes one of the signed-in buyer's addresses; when it was the default, the newest remaining one becomes the
 * default. Orders keep their own copy of the address. Throws ADDRESS_NOT_FOUND.
 */
export async function deleteAddress(ctx: BuyerContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(addresses).where(ownAddress(ctx, id)).returning({ isDefault: addresses.isDefault });
    if (!gone) throw new AppError('ADDRESS_NOT_FOUND');
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)))
      .orderBy(desc(addresses.createdAt))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/**
 * Deletes the signed-in buyer's account (decision 160): after the password is checked, the person's name, email and
 * phone are replaced, the password can no longer match, addresses and pending links are removed and every session and
 * app token is revoked. The user row stays, anonymised, because the orders (kept 5 years for the tax law) point to
 * it. Throws CURRENT_PASSWORD_INCORRECT.
 */
export async function deleteAccount(ctx: BuyerContext, currentPassword: string): Promise<void> {
  const u = await buyerRow(ctx);
  await verifyAccountPassword(ctx, u.id, currentPassword);
  // A random password nobody knows, hashed like any other: sign-in with the old one fails in constant time.
  const passwordHash = await hashPassword(newToken());
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        // Not translated: the stored name is what every later reader (the seller's order list) sees.
        fullName: 'Cuenta eliminada',
        // `.invalid` never receives mail (RFC 2606), and the user id keeps the per-store unique index satisfied.
        email: `eliminada-${u.id}@cuenta.invalid`,
        phone: null,
        passwordHash,
        emailVerifiedAt: null,
      })
      .where(eq(users.id, u.id));
    await tx.delete(addresses).where(eq(addresses.userId, u.id));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, u.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, u.id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
    await tx
      .update(appAccessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(appAccessTokens.userId, u.id), isNull(appAccessTokens.revokedAt)));
  });
}
