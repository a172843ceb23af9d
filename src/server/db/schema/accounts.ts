/**
 * Users, sessions, password resets, store memberships and saved addresses.
 * A customer belongs to one store and buys on its domain. A seller is a platform account (store_id null, role
 * 'seller', email unique among platform accounts) that runs stores through `store_memberships` (owner or
 * collaborator). The platform operator has no store either (store_id null).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    /** customer (of store_id) | seller (platform account, store_id null) | operator (store_id null) */
    role: text('role').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    /**
     * When the person proved the email is theirs (a seller's verification link, decision 100); null until then.
     * Accounts that existed before verification was asked for count as verified.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Customers are unique per store; staff emails are unique per store as well (sign-in at /admin/login).
    uniqueIndex('users_store_role_email_uq').on(
      sql`coalesce(${t.storeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.role,
      t.email,
    ),
    index('users_store_idx').on(t.storeId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Who runs which store: a platform account (users.role 'seller') is the owner or a collaborator of any
 * number of stores. A collaborator has `permissions` among catalog, orders, money, settings; the owner has them all.
 */
export const storeMemberships = pgTable(
  'store_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner | collaborator */
    role: text('role').notNull(),
    /** Permission names (collaborators only; empty for the owner, who has them all). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_memberships_store_user_uq').on(t.storeId, t.userId),
    index('store_memberships_user_idx').on(t.userId),
  ],
);

/**
 * An owner's invitation of a collaborator: the emailed link carries a random token, stored here hashed;
 * it expires, and is used once.
 */
export const storeInvitations = pgTable(
  'store_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_invitations_token_hash_uq').on(t.tokenHash),
    index('store_invitations_store_idx').on(t.storeId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * A seller's email-verification links (decision 100): 32 random bytes mailed in the link, stored here hashed (SHA-256),
 * valid VERIFY_LINK_TTL_MS, used once. Verifying publishes the stores the seller owns.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the link was sent to: a link proves this address, not a later one. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_uq').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/**
 * One-time codes of the link that opens an external app from the admin (the store-floor link):
 * random, stored hashed, valid about a minute, used once, for one app, one store and one seller.
 */
export const appAccessCodes = pgTable(
  'app_access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The app the code is for: store_floor. */
    app: text('app').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_access_codes_code_hash_uq').on(t.codeHash), index('app_access_codes_user_idx').on(t.userId)],
);

/**
 * Access tokens an external app's server got by exchanging a code: scoped to that app and store, short-lived, stored
 * hashed. Never a session: the admin and storefront routes do not accept them.
 */
export const appAccessTokens = pgTable(
  'app_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    app: text('app').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_access_tokens_token_hash_uq').on(t.tokenHash),
    index('app_access_tokens_user_idx').on(t.userId),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    street: text('street').notNull(),
    exteriorNumber: text('exterior_number').notNull(),
    interiorNumber: text('interior_number'),
    postalCode: text('postal_code').notNull(),
    state: text('state').notNull(),
    municipality: text('municipality').notNull(),
    city: text('city'),
    neighborhood: text('neighborhood').notNull(),
    deliveryInstructions: text('delivery_instructions'),
    phone: text('phone').notNull(),
    /** The buyer's default address (checkout offers it first); at most one per buyer. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_store_user_idx').on(t.storeId, t.userId),
    uniqueIndex('addresses_user_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** SEPOMEX catalogue (reference data, not tenant-owned). */
export const postalCodes = pgTable(
  'postal_codes',
  {
    postalCode: text('postal_code').notNull(),
    settlement: text('settlement').notNull(),
    settlementType: text('settlement_type').notNull(),
    municipality: text('municipality').notNull(),
    state: text('state').notNull(),
    city: text('city'),
  },
  (t) => [index('postal_codes_cp_idx').on(t.postalCode)],
);
