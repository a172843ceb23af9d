/** Cart, shipping, checkout, payments and orders (/micarrito/*, /pedidos). */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../limits.js';
import { addressInput } from './accounts.js';
import { asStored, cents, codigo, email, postalCode, sku, text, uuid } from './common.js';
import { quoteRef } from './quotes.js';
import { fiscalDataInput } from './invoices.js';

export const cartLineInput = z.object({ codigo, sku, quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) });
export type CartLine = z.infer<typeof cartLineInput>;

/** POST /api/cart/quote: prices and checks a cart against current stock, prices and minimums. */
export const cartQuoteBody = z.object({ items: z.array(cartLineInput).max(MAX_CART_LINES) });
/** Per-line problems use the error codes: OUT_OF_STOCK, INSUFFICIENT_STOCK, MIN_ORDER_QUANTITY, PRODUCT_NOT_AVAILABLE. */
export const cartQuoteResponse = z.object({
  lines: z.array(
    z.object({
      codigo: z.string(),
      sku: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      options: z.record(z.string(), z.string()),
      unitPriceCents: cents,
      quantity: z.number().int(),
      lineTotalCents: cents,
      stock: z.number().int(),
      minOrderQty: z.number().int(),
      problem: z.enum(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'MIN_ORDER_QUANTITY', 'PRODUCT_NOT_AVAILABLE']).nullable(),
    }),
  ),
  itemsCents: cents,
});
export type CartQuoteResponse = z.infer<typeof cartQuoteResponse>;

export const shippingServiceName = z.enum(['economico', 'paquete', 'pickup']);
export type ShippingServiceName = z.infer<typeof shippingServiceName>;

/** POST /api/reseller/packaging/rate-service: shipping options for a cart to a postal code. */
export const rateServiceBody = z.object({ postalCode, items: z.array(cartLineInput).min(1).max(MAX_CART_LINES) });
export const rateServiceResponse = z.array(
  z.object({
    proveedor: z.string(),
    servicio: shippingServiceName,
    precio: cents,
    minDays: z.number().int(),
    maxDays: z.number().int(),
    /** A cart with a supplier's products ships in several packages: each one's price and delivery estimate. */
    paquetes: z.array(z.object({ precio: cents, minDays: z.number().int(), maxDays: z.number().int() })).optional(),
  }),
);
export type RateServiceResponse = z.infer<typeof rateServiceResponse>;
/** One service's quote: price in centavos, delivery estimate in business days. */
export type ShippingQuote = RateServiceResponse[number];

/** The card fields the sandbox provider's confirm URL checks (the storefront's payment form reuses them). */
export const cardInput = z.object({
  number: text({ max: 40 })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'i18n:invalid_card' })),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  holderName: text({ min: 2, max: 120 }),
});
/**
 * A card as the sandbox provider's confirm URL takes it (the browser's card step, decision 056; POST /api/pedido
 * takes no card, decision 086). The number is kept without spaces or dashes.
 */
export type CardInput = z.infer<typeof cardInput>;

/**
 * POST /api/pedido: places an order. Stock is reserved atomically; an OXXO voucher is issued in the same call. A card
 * payment is created at the provider and the answer's `confirmation` tells the browser how to confirm it with the
 * provider itself (Stripe.js, or the sandbox's confirm URL), so the card never reaches this server
 * (decision 056). A body that carries `card` is refused, whatever the provider, with 422 CARD_DATA_NOT_ACCEPTED
 * before anything is created (decision 086).
 * `idempotencyKey` (client-generated UUID) makes a retried submit return the first order. A signed-in customer may
 * pass `addressId`; a guest passes `address` and `email`.
 */
/** How a shopper pays: card, cash at OXXO, or the PayPal wallet (decision 071). */
export const paymentMethodName = z.enum(['card', 'oxxo', 'paypal']);
export type PaymentMethodName = z.infer<typeof paymentMethodName>;

export const placeOrderBody = z
  .object({
    idempotencyKey: uuid,
    /** The cart's lines; empty for an order that accepts a quote (`quote`), whose one line is the quote's. */
    items: z.array(cartLineInput).max(MAX_CART_LINES),
    /**
     * Accepts tier `tier` of the signed-in buyer's sent quote `id` (decision 151): the order buys that tier's units at
     * its unit price, its quoted services are its shipping line, and no coupon applies.
     */
    quote: quoteRef.optional(),
    email: email.optional(),
    addressId: uuid.optional(),
    address: addressInput.optional(),
    shipping: z.object({ servicio: shippingServiceName }),
    paymentMethod: paymentMethodName,
    /** The total the shopper saw; the order is refused with PRICE_CHANGED when the server's differs. */
    expectedTotalCents: cents.optional(),
    /** A coupon of the store: its discount comes off the products, never the shipping. */
    couponCode: text({ min: 1, max: 30 }).optional(),
    /** The buyer's fiscal data when they want a factura of this order (decision 154). */
    factura: fiscalDataInput.optional(),
  })
  .superRefine((b, ctx) => {
    // A cart order needs a line; a quote order takes its line from the quote and nothing else.
    if (!b.quote && !b.items.length)
      ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, path: ['items'], message: '' });
    if (b.quote && b.items.length)
      ctx.addIssue({ code: 'too_big', origin: 'array', maximum: 0, inclusive: true, path: ['items'], message: '' });
  });
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
/** The validated POST /api/pedido body, as the server's checkout takes it. */
export type PlaceOrderInput = z.infer<typeof placeOrderBody>;

export const orderStatus = z.enum([
  'pending',
  'paid',
  'ready_to_ship',
  'on_the_way',
  'ready_for_pickup',
  'delivered',
  'cancelled',
]);
export type OrderStatus = z.infer<typeof orderStatus>;

/** A package's status (decision 135): as an order's, or rejected by its supplier (its lines refunded). */
export const fulfilmentStatus = z.enum([
  'pending',
  'paid',
  'ready_to_ship',
  'on_the_way',
  'delivered',
  'rejected',
  'cancelled',
]);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatus>;

export const payment = z.object({
  id: z.string(),
  method: paymentMethodName,
  /**
   * `processing`: being sent to the provider; `pending`: an OXXO voucher waiting for cash (shown `expired` once past
   * its expiry); `canceled`: voided at the provider (a voucher the seller settled by hand); `refunded`: a card payment
   * returned in full when the seller cancelled the order.
   */
  status: z.enum([
    'processing',
    'requires_action',
    'pending',
    'succeeded',
    'failed',
    'expired',
    'canceled',
    'refunded',
  ]),
  amountCents: cents,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** OXXO: the voucher reference (also encoded in the barcode) and its expiry (3 days). */
  reference: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Sandbox 3-D Secure: the challenge the shopper answers at POST /api/payments/sandbox/3ds/:challengeId. */
  challengeId: z.string().nullable(),
  failureCode: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;

export const orderView = z.object({
  id: z.string(),
  folio: z.number().int(),
  status: orderStatus,
  createdAt: z.string(),
  email: z.string(),
  /** The language the buyer ordered in; emails about the order use it. */
  lang: z.enum(['es', 'en']),
  customerName: z.string().nullable(),
  paymentMethod: paymentMethodName,
  itemsCents: cents,
  shippingCents: cents,
  feeCents: cents,
  discountCents: cents,
  /** The coupon applied (its name and discount), or null. */
  couponCode: z.string().nullable(),
  totalCents: cents,
  shippingType: shippingServiceName,
  shipping: z.object({
    proveedor: z.string(),
    servicio: z.string(),
    precio: cents,
    descripcion: z.string().optional(),
    entrega: z.string().optional(),
  }),
  /** The address as the order recorded it: read back without today's input rules (`asStored`). */
  address: asStored(addressInput).nullable(),
  trackingNumber: z.string().nullable(),
  items: z.array(
    z.object({
      codigo: z.string(),
      sku: z.string(),
      name: z.string(),
      options: z.record(z.string(), z.string()),
      image: z.string().nullable(),
      unitPriceCents: cents,
      quantity: z.number().int(),
      lineTotalCents: cents,
    }),
  ),
  payment: payment.nullable(),
  /**
   * Money the buyer paid that must still go back to them, centavos: a payment of a cancelled order not yet refunded,
   * or a voucher paid after the seller had already marked the order paid by hand (cash the seller owes back).
   */
  refundDueCents: cents,
  history: z.array(z.object({ status: orderStatus, at: z.string() })),
  /** Statuses the seller may move this order to next (admin views). */
  nextStatuses: z.array(orderStatus),
  /**
   * The packages a marketplace order ships in (decision 135), each with its own status and tracking; empty for an
   * order of the store's own goods (one package: the order). `own` is the store's own package; which supplier ships
   * the others is never shown to the buyer.
   */
  packages: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      own: z.boolean(),
      status: fulfilmentStatus,
      shippingCents: cents,
      trackingNumber: z.string().nullable(),
      skus: z.array(z.string()),
    }),
  ),
});
export type OrderView = z.infer<typeof orderView>;

/**
 * An order's money for its seller (decisions 095, 096; never shown to the buyer): `posted` from the ledger once the
 * order is paid, `estimated` from the order while it waits for its payment. sale − fee − refunded + feeReturned = net;
 * cash the seller collected by hand is already in the seller's hands (net − collected goes to the balance).
 */
export const orderSettlement = z.object({
  status: z.enum(['estimated', 'posted']),
  /** What the buyer paid: the order's total. */
  saleCents: z.number().int(),
  /** Vitrina's fee rate (basis points: 350 = 3.5 %) and its base: the products after the coupon. */
  feeBps: z.number().int(),
  feeBaseCents: z.number().int(),
  feeCents: z.number().int(),
  /** Given back to the buyer (refunds and a cancellation), and the part of Vitrina's fee returned with it. */
  refundedCents: z.number().int(),
  feeReturnedCents: z.number().int(),
  /** Cash the seller took by hand for the order. */
  collectedCents: z.number().int(),
  /**
   * A marketplace order: what its suppliers are owed for their packages (wholesale, their shipping and Vitrina's fee
   * on their share), less what was reversed with a rejected package (decision 136); 0 otherwise.
   */
  suppliersCents: z.number().int(),
  /**
   * What the payment provider kept of the buyer's payment (decision 147): Vitrina pays it out of its fee, so it does
   * not change the net; 0 for cash by hand, a zero total, or an order paid before it was recorded.
   */
  paymentFeeCents: z.number().int(),
  netCents: z.number().int(),
});
export type OrderSettlement = z.infer<typeof orderSettlement>;

/** The seller's view of an order (GET /api/admin/orders/:id and status changes): the order and its money. */
export const sellerOrderView = orderView.extend({ settlement: orderSettlement.nullable() });
export type SellerOrderView = z.infer<typeof sellerOrderView>;

/**
 * How the browser confirms a card payment with the provider (decision 056): Stripe gives `publishableKey` (Stripe.js
 * `confirmCardPayment(clientSecret)`); the sandbox gives `confirmUrl`, its own route that takes the card with the
 * client secret (src/web/storefront/features/checkout/api/provider-client.ts). `locale`: the provider's card form
 * language (es or en).
 */
export const paymentConfirmation = z.object({
  provider: z.enum(['sandbox', 'stripe', 'paypal']),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  confirmUrl: z.string().nullable(),
  /** Wallet (PayPal, or the sandbox's): the page where the buyer approves the payment; the browser goes there. */
  approveUrl: z.string().nullable().optional(),
  locale: z.enum(['es', 'en']),
});
export type PaymentConfirmation = z.infer<typeof paymentConfirmation>;

/**
 * GET /api/payments/client-config: which provider the checkout page confirms cards with (the sandbox's card fields,
 * or Stripe Elements with this publishable key), before any order exists.
 */
export const paymentClientConfig = z.object({
  provider: z.enum(['sandbox', 'stripe', 'none']),
  publishableKey: z.string().nullable(),
  /** The wallet offered at checkout (PayPal, or the sandbox's stand-in of it), or null when none is configured. */
  wallet: z.enum(['paypal', 'sandbox']).nullable().optional(),
});
export type PaymentClientConfig = z.infer<typeof paymentClientConfig>;

/**
 * Answer of POST /api/pedido; also for guests a `viewToken` to read the order at /pedidos/pedido. `confirmation`:
 * set while a card payment waits for the browser to confirm it with the provider, else null.
 */
export const placeOrderResponse = z.object({
  order: orderView,
  viewToken: z.string(),
  confirmation: paymentConfirmation.nullable(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

/**
 * POST /api/payments/:id/3ds, after the browser confirmed the card with the provider (and answered 3-D Secure at the
 * bank if asked): the server asks the provider how the payment ended (the shopper's word is never taken for it).
 * No fields.
 */
export const threeDSecureBody = z.object({}).strict().optional();

/** GET /api/pedidos (signed-in customer) and GET /api/admin/orders (seller). */
export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: orderStatus.optional(),
});
export const orderSummary = z.object({
  id: z.string(),
  folio: z.number().int(),
  status: orderStatus,
  createdAt: z.string(),
  totalCents: cents,
  paymentMethod: paymentMethodName,
  itemCount: z.number().int(),
  customerName: z.string().nullable(),
  email: z.string(),
});
export const orderList = z.object({
  items: z.array(orderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof orderList>;

/** POST /api/admin/orders/:id/status (/admin/orderStatus). */
export const orderStatusBody = z.object({ status: orderStatus, trackingNumber: text({ max: 60 }).optional() });

/** `?viewToken=`: the guest's order view token (decision 022); reads the order, never changes it. */
export const viewTokenQuery = z.object({ viewToken: text({ max: 200 }).optional() });
