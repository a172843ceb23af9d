/**
 * Accounts: users, sign-up and sign-in, sessions, password reset, saved addresses and the SEPOMEX postal-code
 * look-up (/registro, /login, /recuperar, /micarrito/direccion).
 * Customers belong to one store and sign in on its domain; sellers sign in at /admin/login.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { addresses, postalCodes, sessions, storeMemberships, users } from '../../db/schema/accounts.js';
import type { BaseContext, DbContext, Locale, Role, StoreContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { SESSION_TTL_MS } from '../../../shared/limits.js';
import type { Address, PostalCodeLookup, SessionResponse, User } from '../../../shared/contracts/accounts.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import { assertStrongPassword } from './password-strength.js';
import type { Permission, SellerSession } from '../../../shared/contracts/identity.js';
import { listMyStores, type StoreOfMember } from './memberships.js';

export type UserRow = typeof users.$inferSelect;
export const toUser = (u: UserRow): User => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  phone: u.phone,
  role: u.role as Role,
});

/**
 * Creates a user. Throws PASSWORD_BREACHED / PASSWORD_TOO_WEAK (422) for a weak password and EMAIL_TAKEN (409) when
 * the store already has that email for that role (customers), or a platform account has it (sellers).
 * Role 'owner' or 'collaborator' with a `storeId` (the seed, test factories) creates the platform account (role
 * 'seller', no store) and its membership of that store in one transaction; the answer's role is the membership's. The email's uniqueness is the database's unique index: a pre-check
 * would let two simultaneous sign-ups both pass it, so the insert's unique violation is the answer.
 */
export async function createUser(
  ctx: DbContext,
  input: {
    storeId: string | null;
    role: Role;
    email: string;
    password: string;
    fullName: string;
    phone?: string | null;
    locale?: Locale;
    /** False only for the demo seed, whose passwords are published in the README on purpose (SEED_DEMO). */
    checkStrength?: boolean;
    /** A collaborator's permissions (ignored for other roles). */
    permissions?: Permission[];
    /**
     * True only for the demo seed's sellers: their stores are published from the start and their addresses are
     * examples that receive no mail, so the admin must not ask them to follow a verification link.
     */
    emailVerified?: boolean;
  },
): Promise<User> {
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  if (input.checkStrength !== false)
    assertStrongPassword(input.locale ?? 'es', input.password, [email, input.fullName]);
  const passwordHash = await hashPassword(input.password);
  const member = (input.role === 'owner' || input.role === 'collaborator') && input.storeId ? input.storeId : null;
  const isSeller = input.role === 'owner' || input.role === 'collaborator' || input.role === 'seller';
  try {
    return await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          storeId: isSeller ? null : input.storeId,
          role: isSeller ? 'seller' : input.role,
          email,
          passwordHash,
          fullName: input.fullName,
          phone: input.phone ?? null,
          ...(input.emailVerified ? { emailVerifiedAt: new Date() } : {}),
        })
        .returning();
      if (member) {
        await tx.insert(storeMemberships).values({
          storeId: member,
          userId: u.id,
          role: input.role,
          permissions: input.role === 'collaborator' ? (input.permissions ?? []) : [],
        });
        return { ...toUser(u), role: input.role };
      }
      return toUser(u);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_store_role_email_uq')) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}

export async function startSession(ctx: DbContext, user: UserRow): Promise<SessionResponse> {
  const { db } = ctx;
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
  const created = await createUser(ctx, {
    storeId: ctx.storeId,
    role: 'customer',
    email: input.email,
    password: input.password,
    fullName: input.fullName,
    phone: input.phone,
    locale: ctx.locale,
  });
  const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
  return startSession(ctx, row);
}

async function checkCredentials(candidates: UserRow[], password: string): Promise<UserRow> {
  if (!candidates.length) {
    await verifyPassword(password, await dummyHash());
    throw new AppError('INVALID_CREDENTIALS');
  }
  for (const u of candidates) if (await verifyPassword(password, u.passwordHash)) return u;
  throw new AppError('INVALID_CREDENTIALS');
}

/** Signs in a customer of the context's store. Throws INVALID_CREDENTIALS. */
export async function loginCustomer(ctx: StoreContext, email: string, password: string): Promise<SessionResponse> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, ctx.storeId), eq(users.role, 'customer'), eq(users.email, email.toLowerCase())))
    .limit(1);
  return startSession(ctx, await checkCredentials(rows, password));
}

/**
 * Opens a session for a seller's platform account: with the given store (it must be one of theirs), else with the
 * only store when there is exactly one, else with none (the web shows the store picker, /admin/tiendas).
 */
export async function startSellerSession(
  ctx: DbContext,
  user: UserRow,
  chosenStoreId?: string,
): Promise<SellerSession> {
  const stores = await listMyStores(ctx, user.id);
  const chosen: StoreOfMember | null =
    (chosenStoreId ? stores.find((s) => s.id === chosenStoreId) : stores.length === 1 ? stores[0] : undefined) ?? null;
  const token = newToken();
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    storeId: chosen?.id ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, user: { ...toUser(user), role: chosen?.role ?? 'seller' }, store: chosen, stores };
}

/**
 * Signs in a seller's platform account at /admin/login: one store → signed in to it; several → no store yet
 * (`store: null`, pick one of `stores`). Throws INVALID_CREDENTIALS.
 */
export async function loginSeller(ctx: BaseContext, email: string, password: string): Promise<SellerSession> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return startSellerSession(ctx, await checkCredentials(rows, password));
}

/** The platform account (role seller) with `email`, or null. */
export async function findSellerAccount(ctx: DbContext, email: string): Promise<UserRow | null> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'seller'), eq(users.email, email.trim().toLowerCase())))
    .limit(1);
  return u ?? null;
}

/** Checks a platform account's password. Throws INVALID_CREDENTIALS. */
export async function checkSellerPassword(user: UserRow, password: string): Promise<void> {
  await checkCredentials([user], password);
}

/**
 * Re-authentication: checks the password of the platform account `userId` before a sensitive change (the bank
 * account; decision 091), in constant time like sign-in. Throws CURRENT_PASSWORD_INCORRECT (422, field
 * `currentPassword`) when it is wrong or the account is gone: never 401, which would sign the person out for a typo.
 * Throws SERVER_BUSY when the hashing queue is full.
 */
export async function verifyAccountPassword(ctx: DbContext, userId: string, password: string): Promise<void> {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  const ok = await verifyPassword(password, u?.passwordHash ?? (await dummyHash()));
  if (!u || !ok)
    throw new AppError('CURRENT_PASSWORD_INCORRECT', {}, [
      { path: 'currentPassword', code: 'current_password_incorrect', message: '' },
    ]);
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
  // A seller's role is the membership's in the session's store ('seller' when none is chosen).
  return u.role === 'seller' ? { ...toUser(u), role: ctx.actor.role } : toUser(u);
}

/** A saved address row as the API answers it. */
export const toAddress = (a: typeof addresses.$inferSelect): Address => ({
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
  isDefault: a.isDefault,
});

/** The signed-in customer's saved addresses, the default first, then newest first. */
export async function listAddresses(ctx: StoreContext & { actor: { userId: string } }): Promise<Address[]> {
  const rows = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.storeId, ctx.storeId), eq(addresses.userId, ctx.actor.userId)))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt));
  return rows.map(toAddress);
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

/** SEPOMEX look-up: state, municipality, city and colonias of a postal code. Throws POSTAL_CODE_NOT_FOUND. */
export async function lookupPostalCode(ctx: DbContext, postalCode: string): Promise<PostalCodeLookup> {
  const { db } = ctx;
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
export async function getUserNames(ctx: StoreDbContext, ids: string[]): Promise<Map<string, string>> {
  const { db, storeId } = ctx;
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** Number of postal-code rows (the seed imports SEPOMEX when empty). */
export async function hasPostalCodes(ctx: DbContext): Promise<boolean> {
  const { db } = ctx;
  const r = await db.select({ p: postalCodes.postalCode }).from(postalCodes).limit(1);
  return r.length > 0;
}

/** Bulk-inserts SEPOMEX rows (seed). */
export async function insertPostalCodes(ctx: DbContext, rows: (typeof postalCodes.$inferInsert)[]): Promise<void> {
  const { db } = ctx;
  if (rows.length) await db.insert(postalCodes).values(rows);
}
