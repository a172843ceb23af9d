/**
 * Orders, their lines, status history and payments. SPEC §3 "Order", §4 order states.
 * All amounts are integer centavos MXN in bigint columns (read as JS numbers: exact below 2^53, far above the
 * checkout's MAX_ORDER_TOTAL_CENTS); total = items + shipping + fee - discount.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';
import { users } from './accounts.js';
import { products, productVariants } from './catalog.js';

/** A money column: integer centavos, bigint in the database so no total can overflow (issue 5 item 7). */
const money = (name: string) => bigint(name, { mode: 'number' });

/** Snapshot of the delivery address at the moment of ordering. */
export interface OrderAddress {
  fullName: string;
  street: string;
  exteriorNumber: string;
  interiorNumber?: string | null;
  postalCode: string;
  state: string;
  municipality: string;
  city?: string | null;
  neighborhood: string;
  deliveryInstructions?: string | null;
  phone: string;
}
/** The chosen shipping service, as SPEC §3 `servicioEnvio` (precio in centavos). */
export interface OrderShipping {
  proveedor: string;
  servicio: string;
  precio: number;
  descripcion?: string;
  entrega?: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Human order number, sequential per store. */
    folio: integer('folio').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** pending | paid | ready_to_ship | on_the_way | ready_for_pickup | delivered | cancelled */
    status: text('status').notNull().default('pending'),
    /** card | oxxo */
    paymentMethod: text('payment_method').notNull(),
    itemsCents: money('items_cents').notNull(),
    shippingCents: money('shipping_cents').notNull(),
    feeCents: money('fee_cents').notNull().default(0),
    discountCents: money('discount_cents').notNull().default(0),
    totalCents: money('total_cents').notNull(),
    /** economico | paquete | pickup */
    shippingType: text('shipping_type').notNull(),
    shipping: jsonb('shipping').$type<OrderShipping>().notNull(),
    address: jsonb('address').$type<OrderAddress | null>(),
    trackingNumber: text('tracking_number'),
    couponCode: text('coupon_code'),
    lang: text('lang').notNull().default('es'),
    /** Stock reservation is released at this time unless the order is paid (OXXO voucher expiry). */
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /**
     * Random token that lets a guest read (never change) this order at /pedidos/pedido?t=…. Kept as issued so a retried
     * submit and the confirmation email carry the same link (decision 022).
     */
    viewToken: text('view_token'),
    /**
     * Origin of the storefront the order was placed on (e.g. http://demo.localhost:3000), so that emails sent later by
     * a webhook or the sweep link to the same store as the checkout's own confirmation.
     */
    storefrontOrigin: text('storefront_origin'),
    /** HMAC of the client IP (never the raw address): counts one visitor's unpaid orders (decision 028). */
    clientIpHash: text('client_ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_store_folio_uq').on(t.storeId, t.folio),
    uniqueIndex('orders_store_idem_uq').on(t.storeId, t.idempotencyKey),
    index('orders_store_customer_idx').on(t.storeId, t.customerId),
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
    index('orders_status_reservation_idx').on(t.status, t.reservationExpiresAt),
    index('orders_store_status_email_idx').on(t.storeId, t.status, t.email),
    index('orders_store_status_ip_idx').on(t.storeId, t.status, t.clientIpHash),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    codigo: text('codigo').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    imageUrl: text('image_url'),
    unitPriceCents: money('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: money('line_total_cents').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * One payment attempt of an order with a provider (or `manual`: cash the seller received by hand). The row is written
 * in the order's transaction before the provider is called (status `processing`, no provider_ref yet), so a crash
 * between "provider charged" and "order marked paid" is found and reconciled (decision 027). The provider's
 * idempotency key is derived from the row id (payments.service.ts `attemptKey`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** sandbox | manual (later stripe, paypal) */
    provider: text('provider').notNull(),
    /** card | oxxo */
    method: text('method').notNull(),
    /** processing | requires_action | pending | succeeded | failed | expired | canceled | refunded */
    status: text('status').notNull(),
    amountCents: money('amount_cents').notNull(),
    /** The provider's id of the payment; null until the provider answered the first call. */
    providerRef: text('provider_ref'),
    /** OXXO voucher reference (digits shown and encoded in the barcode). */
    reference: text('reference'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    /** 3-D Secure challenge of the sandbox provider. */
    action: jsonb('action').$type<{ type: 'three_d_secure'; challengeId: string } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_status_idx').on(t.status),
  ],
);

/**
 * Provider events (webhooks) already applied: the unique (provider, event_id) makes a replayed webhook change state
 * once. `store_id` is the store of the payment the event was about, when known.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

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
