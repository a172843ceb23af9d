/**
 * Orders, their lines and status history: the orders module's tables.
 * All amounts are integer centavos MXN in bigint columns (read as JS numbers: exact below 2^53, far above the
 * checkout's MAX_ORDER_TOTAL_CENTS); total = items + shipping + fee - discount.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money } from './columns.js';
import { stores } from './stores.js';
import { users } from './accounts.js';
import { products, productVariants } from './catalog.js';
import type { AddressInput } from '../../../shared/contracts/accounts.js';

/** Snapshot of the delivery address at the moment of ordering. */
export type OrderAddress = AddressInput;
/** The chosen shipping service, as `servicioEnvio` (precio in centavos). */
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
    /**
     * Vitrina's fee rate for this order, basis points (350 = 3.5 %), taken from the store's plan when it was placed
     * (decision 096): the fee is this rate of the products after the coupon, posted when the order is paid.
     */
    platformFeeBps: integer('platform_fee_bps').notNull(),
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
    check('orders_platform_fee_bps_range', sql`${t.platformFeeBps} between 0 and 10000`),
  ],
);

/**
 * What one unpaid order and one client may hold in a store (decision 097), set by the seller; a store without a row
 * has the defaults of src/shared/limits.ts. Units are pieces; the card hold is minutes.
 */
export const storeOrderLimits = pgTable(
  'store_order_limits',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    maxUnitsPerLine: integer('max_units_per_line').notNull(),
    maxUnitsPerOrder: integer('max_units_per_order').notNull(),
    /** Units one email may hold across its unpaid orders (one client address: 3 times this). */
    maxHeldUnitsPerClient: integer('max_held_units_per_client').notNull(),
    /** How long a card or wallet order holds its stock until the payment is confirmed. */
    cardHoldMinutes: integer('card_hold_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_order_limits_line', sql`${t.maxUnitsPerLine} between 1 and 999`),
    check('store_order_limits_order', sql`${t.maxUnitsPerOrder} between ${t.maxUnitsPerLine} and 9999`),
    check('store_order_limits_client', sql`${t.maxHeldUnitsPerClient} between ${t.maxUnitsPerOrder} and 99999`),
    check('store_order_limits_hold', sql`${t.cardHoldMinutes} between 5 and 60`),
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
    /** The package this line ships in (null for orders placed before fulfilments existed: one package, the order). */
    fulfilmentId: uuid('fulfilment_id'),
    /** A listing's line: the supplier's store and variant (whose stock it took) and the wholesale unit price. */
    supplierStoreId: uuid('supplier_store_id'),
    sourceVariantId: uuid('source_variant_id'),
    wholesaleUnitCents: money('wholesale_unit_cents'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * A package of an order (decision 135): the reseller's own lines are one fulfilment, each supplier's lines another,
 * each shipped from its own origin with its own shipping price, tracking number and status. `store_id` is the
 * order's store; a supplier reads its fulfilments by `supplier_store_id` and sees only their lines and ship-to.
 * Amounts in centavos: `items_cents` the lines at retail, `discount_cents` the coupon's share, `wholesale_cents` what
 * the supplier is owed for the goods. Status: pending | paid | ready_to_ship | on_the_way | delivered | rejected |
 * cancelled.
 */
export const fulfilments = pgTable(
  'fulfilments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … within the order; shown as "<folio>-<number>". */
    number: integer('number').notNull(),
    /** The supplier that ships it; null for the reseller's own lines. */
    supplierStoreId: uuid('supplier_store_id').references(() => stores.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending'),
    itemsCents: money('items_cents').notNull(),
    discountCents: money('discount_cents').notNull().default(0),
    wholesaleCents: money('wholesale_cents').notNull().default(0),
    shippingCents: money('shipping_cents').notNull(),
    shipping: jsonb('shipping').$type<OrderShipping>().notNull(),
    /** The supplier's platform fee rate when the order was placed, basis points; null for own lines. */
    supplierFeeBps: integer('supplier_fee_bps'),
    trackingNumber: text('tracking_number'),
    rejectReason: text('reject_reason'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fulfilments_order_number_uq').on(t.orderId, t.number),
    index('fulfilments_store_order_idx').on(t.storeId, t.orderId),
    index('fulfilments_supplier_idx').on(t.supplierStoreId, t.createdAt),
    check(
      'fulfilments_status',
      sql`${t.status} in ('pending', 'paid', 'ready_to_ship', 'on_the_way', 'delivered', 'rejected', 'cancelled')`,
    ),
  ],
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
 * Proof of delivery of an order (/admin/entrega/:pedido_id): pieces delivered, who collected them and their
 * drawn signature (PNG bytes checked by their header and size). One per order.
 */
export const deliveryProofs = pgTable(
  'delivery_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    piecesDelivered: integer('pieces_delivered').notNull(),
    collectorName: text('collector_name').notNull(),
    /** The signature as a PNG, base64 (checked to be a PNG of bounded size before insert). */
    signaturePng: text('signature_png_base64').notNull(),
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_proofs_order_uq').on(t.orderId), index('delivery_proofs_store_idx').on(t.storeId)],
);
