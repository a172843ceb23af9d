/**
 * Accounts: users, sign-up and sign-in, sessions, password reset, saved addresses and the SEPOMEX postal-code
 * look-up (SPEC §2 /registro, /login, /recuperar, /micarrito/direccion; §3 "Address"; §5; §6; §8).
 * Customers belong to one store and sign in on its domain; sellers sign in at /admin/login.
 */
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addresses, passwordResets, postalCodes, sessions, users } from '../../db/schema/index.js';
import type { BaseContext, Role, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { translator } from '../../lib/i18n.js';
import { RESET_LINK_TTL_MS, SESSION_TTL_MS } from '../../../shared/limits.js';
import type {
  Address,
  AddressInput,
  PostalCodeLookup,
  SessionResponse,
  User,
} from '../../../shared/contracts/accounts.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';

type UserRow = typeof users.$inferSelect;
const toUser = (u: UserRow): User => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  phone: u.phone,
  role: u.role as Role,
});

/** Creates a user. Throws EMAIL_TAKEN when the store already has that email for that role. */
export async function createUser(
  db: Db,
  input: {
    storeId: string | null;
    role: Role;
    email: string;
    password: string;
    fullName: string;
    phone?: string | null;
  },
): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        input.storeId ? eq(users.storeId, input.storeId) : isNull(users.storeId),
        eq(users.role, input.role),
        eq(users.email, email),
      ),
    )
    .limit(1);
  if (existing.length) throw new AppError('EMAIL_TAKEN');
  const [u] = await db
    .insert(users)
    .values({
      storeId: input.storeId,
      role: input.role,
      email,
      passwordHash: await hashPassword(input.password),
      fullName: input.fullName,
      phone: input.phone ?? null,
    })
    .returning();
  return toUser(u);
}

async function startSession(db: Db, user: UserRow): Promise<SessionResponse> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    storeId: user.storeId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, user: toUser(user) };
}

/** Registers a customer of the context's store and signs them in. Throws EMAIL_TAKEN. */
export async function registerCustomer(
  ctx: StoreContext,
  input: { fullName: string; email: string; phone?: string; password: string },
): Promise<SessionResponse> {
  const created = await createUser(ctx.db, {
    storeId: ctx.storeId,
    role: 'customer',
    email: input.email,
    password: input.password,
    fullName: input.fullName,
    phone: input.phone,
  });
  const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
  return startSession(ctx.db, row);
}

async function checkCredentials(candidates: UserRow[], password: string): Promise<UserRow> {
  if (!candidates.length) {
    await verifyPassword(password, await dummyHash());
    throw new AppError('INVALID_CREDENTIALS');
  }
  for (const u of candidates) if (await verifyPassword(password, u.passwordHash)) return u;
  throw new AppError('INVALID_CREDENTIALS');
}

/** Signs in a customer of the context's store. Throws INVALID_CREDENTIALS (SPEC §8 "credentials do not match"). */
export async function loginCustomer(ctx: StoreContext, email: string, password: string): Promise<SessionResponse> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, ctx.storeId), eq(users.role, 'customer'), eq(users.email, email.toLowerCase())))
    .limit(1);
  return startSession(ctx.db, await checkCredentials(rows, password));
}

/** Signs in a seller (owner or collaborator) at /admin/login; the store comes from the account. */
export async function loginSeller(ctx: BaseContext, email: string, password: string): Promise<SessionResponse> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(inArray(users.role, ['owner', 'collaborator']), eq(users.email, email.toLowerCase())))
    .limit(5);
  return startSession(ctx.db, await checkCredentials(rows, password));
}

/** Revokes the session of the request's token. */
export async function logout(ctx: BaseContext): Promise<void> {
  if (ctx.actor)
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ctx.actor.sessionId));
}

/** The signed-in user. Throws UNAUTHORIZED. */
export async function currentUser(ctx: BaseContext): Promise<User> {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED');
  const [u] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId)).limit(1);
  if (!u) throw new AppError('UNAUTHORIZED');
  return toUser(u);
}

/**
 * Starts a password reset: mails a link valid RESET_LINK_TTL_MS to the customer, if the account exists. Always
 * resolves (no account enumeration). `origin` is the store's origin, e.g. http://demo.localhost:3000.
 */
export async function requestPasswordReset(ctx: StoreContext, email: string, origin: string): Promise<void> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, ctx.storeId), eq(users.role, 'customer'), eq(users.email, email.toLowerCase())))
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
    .select()
    .from(passwordResets)
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

/** Checks a reset link. Throws RESET_LINK_EXPIRED (410) when unknown, used or expired. */
export async function checkPasswordReset(ctx: StoreContext, token: string): Promise<{ valid: true; email: string }> {
  const r = await validReset(ctx.db, ctx.storeId, token);
  const [u] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, r.userId));
  return { valid: true, email: u.email };
}

/** Sets a new password from a reset link, marks the link used and revokes the user's sessions. */
export async function resetPassword(ctx: StoreContext, token: string, password: string): Promise<void> {
  const r = await validReset(ctx.db, ctx.storeId, token);
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: hash })
      .where(and(eq(users.id, r.userId), eq(users.storeId, ctx.storeId)));
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, r.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, r.userId), isNull(sessions.revokedAt)));
  });
}

const toAddress = (a: typeof addresses.$inferSelect): Address => ({
  id: a.id,
  fullName: a.fullName,
  street: a.street,
  exteriorNumber: a.exteriorNumber,
  interiorNumber: a.interiorNumber,
  postalCode: a.postalCode,
  state: a.state,
  municipality: a.municipality,
  city: a.city,
  neighborhood: a.neighborhood,
  deliveryInstructions: a.deliveryInstructions,
  phone: a.phone,
});

/** The signed-in customer's saved addresses, newest first. */
export async function listAddresses(ctx: StoreContext & { actor: { userId: string } }): Promise<Address[]> {
  const rows = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)))
    .orderBy(desc(addresses.createdAt));
  return rows.map(toAddress);
}

/** Saves an address to the signed-in customer's account. */
export async function addAddress(
  ctx: StoreContext & { actor: { userId: string } },
  input: AddressInput,
): Promise<Address> {
  const [a] = await ctx.db
    .insert(addresses)
    .values({ ...input, storeId: ctx.storeId, userId: ctx.actor.userId })
    .returning();
  return toAddress(a);
}

/** One of the signed-in customer's addresses. Throws ADDRESS_NOT_FOUND. */
export async function getAddress(ctx: StoreContext & { actor: { userId: string } }, id: string): Promise<Address> {
  const [a] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)))
    .limit(1);
  if (!a) throw new AppError('ADDRESS_NOT_FOUND');
  return toAddress(a);
}

/** Deletes one of the signed-in customer's addresses. Throws ADDRESS_NOT_FOUND. */
export async function deleteAddress(ctx: StoreContext & { actor: { userId: string } }, id: string): Promise<void> {
  const r = await ctx.db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)))
    .returning({ id: addresses.id });
  if (!r.length) throw new AppError('ADDRESS_NOT_FOUND');
}

/** SEPOMEX look-up: state, municipality, city and colonias of a postal code. Throws POSTAL_CODE_NOT_FOUND. */
export async function lookupPostalCode(db: Db, postalCode: string): Promise<PostalCodeLookup> {
  const rows = await db
    .select()
    .from(postalCodes)
    .where(eq(postalCodes.postalCode, postalCode))
    .orderBy(asc(postalCodes.settlement));
  if (!rows.length) throw new AppError('POSTAL_CODE_NOT_FOUND', { postalCode });
  return {
    postalCode,
    state: rows[0].state,
    municipality: rows[0].municipality,
    city: rows.find((r) => r.city)?.city ?? null,
    neighborhoods: rows.map((r) => ({ name: r.settlement, type: r.settlementType })),
  };
}

/** Names of the users of a store by id (for order views). */
export async function getUserNames(db: Db, storeId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** Number of postal-code rows (the seed imports SEPOMEX when empty). */
export async function hasPostalCodes(db: Db): Promise<boolean> {
  const r = await db.select({ p: postalCodes.postalCode }).from(postalCodes).limit(1);
  return r.length > 0;
}

/** Bulk-inserts SEPOMEX rows (seed). */
export async function insertPostalCodes(db: Db, rows: (typeof postalCodes.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(postalCodes).values(rows);
}
