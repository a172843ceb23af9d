/**
 * The platform operator's own tables (decisions 163, 164): its sessions (a token audience of their own: a store's or
 * a buyer's token is never looked up here, nor an operator's token in `sessions`) and the append-only audit log of
 * every operator action. The operator's account itself is a `users` row with role 'operator' (accounts).
 */
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_sessions_token_hash_uq').on(t.tokenHash)],
);

/**
 * Every operator action (decision 164): who (id and email as they were), what, when, on which store, and the state
 * before and after as JSON. A trigger refuses UPDATE, DELETE and TRUNCATE; no foreign key, so deleting a store or an
 * account never rewrites it.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: uuid('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    /** e.g. store.suspend, store.reactivate, badge.verified.accept, badge.audited.reject, fees.update */
    action: text('action').notNull(),
    /** The store the action was about, if any. */
    storeId: uuid('store_id'),
    /** What else the action names (a badge request id, a plan id). */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('operator_audit_log_store_idx').on(t.storeId)],
);
