/**
 * Quotes (cotizaciones): a buyer's request for a price on a quantity of one product, the seller's answer and what
 * became of it. Owned by the quotes module. Money (inside `answer`) is integer centavos MXN, IVA included
 * (decision 150).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import type { QuoteAnswer, QuoteServices } from '../../../shared/contracts/quotes.js';

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The signed-in customer who asked (no foreign key: accounts owns users). */
    customerId: uuid('customer_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    /** The product and variant as they were when asked (no foreign key: catalog owns products). */
    productId: uuid('product_id').notNull(),
    codigo: text('codigo').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    imageUrl: text('image_url'),
    hsCode: text('hs_code'),
    minOrderQty: integer('min_order_qty').notNull(),
    quantity: integer('quantity').notNull(),
    /** ISO 3166-1 alpha-2. */
    destinationCountry: text('destination_country').notNull(),
    destinationCity: text('destination_city').notNull(),
    services: jsonb('services').$type<QuoteServices>().notNull(),
    note: text('note').notNull().default(''),
    /** The language the buyer asked in (their emails' language) and the storefront they asked from (its links). */
    lang: text('lang').notNull().default('es'),
    storefrontOrigin: text('storefront_origin'),
    /** The request date, the server's. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** requested | sent | accepted | declined | expired */
    status: text('status').notNull().default('requested'),
    /** The seller's answer with each tier's money as computed when sent; null until sent. */
    answer: jsonb('answer').$type<QuoteAnswer>(),
    /** Last day the answer can be accepted (inclusive); the expiry job moves a sent quote past it to expired. */
    validUntil: date('valid_until', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The tier the buyer accepted (index into answer.tiers) and the order that buys it. */
    acceptedTier: integer('accepted_tier'),
    orderId: uuid('order_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_store_status_idx').on(t.storeId, t.status, t.requestedAt),
    index('quotes_customer_idx').on(t.storeId, t.customerId, t.requestedAt),
    index('quotes_sent_valid_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'sent'`),
    uniqueIndex('quotes_order_uq').on(t.orderId),
    check('quotes_status', sql`${t.status} in ('requested', 'sent', 'accepted', 'declined', 'expired')`),
    check('quotes_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'quotes_accepted_has_order',
      sql`(${t.status} = 'accepted') = (${t.orderId} is not null and ${t.acceptedTier} is not null)`,
    ),
  ],
);
