/** Idempotency keys of placing an order: the checkout module's table. */
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { orders } from './orders.js';

/**
 * Idempotency keys of POST /api/pedido (Brandur Leach, "Implementing Stripe-like Idempotency Keys in Postgres"): the
 * first request with a key claims it for `locked_until`; duplicates wait for its result; a different body under the
 * same key is refused (request_hash); a claim whose lease ran out (the process died) is taken over and the order
 * resumed. `response` keeps the first result: the order id of a 201, or the error code and params of a 4xx.
 */
export const checkoutRequests = pgTable(
  'checkout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request body (card number reduced to its last 4 digits). */
    requestHash: text('request_hash').notNull(),
    /** The request holding the key until `locked_until`: only it may record the result. */
    leaseId: text('lease_id'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    responseStatus: integer('response_status'),
    response: jsonb('response').$type<{
      orderId?: string;
      code?: string;
      params?: Record<string, unknown>;
      fields?: { path: string; code: string; message: string; params?: Record<string, unknown> }[];
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkout_requests_store_key_uq').on(t.storeId, t.idempotencyKey)],
);
