/**
 * Checkout (SPEC §2 /micarrito/*, §5 stock and minimum messages, §9 payments and shipping): prices a cart against
 * current stock, and places an order — reserving stock atomically, pricing shipping on the server, adding the store's
 * OXXO fee — then charges the card or issues an OXXO voucher. Totals are integer centavos:
 * items + shipping + fee − discount (src/shared/money.ts).
 */
import type { BaseContext, StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { newToken } from '../../lib/tokens.js';
import { lineTotalCents, orderTotalCents, formatMoney } from '../../../shared/money.js';
import type { CartQuoteResponse, OrderView, PlaceOrderResponse } from '../../../shared/contracts/checkout.js';
import type { AddressInput } from '../../../shared/contracts/accounts.js';
import type { CardInput } from '../../providers/payments/index.js';
import { getVariantsForCheckout, reserveStock, type CheckoutVariant } from '../catalog/index.js';
import { getOxxoFeeCents, nextFolio } from '../stores/index.js';
import { getAddress } from '../accounts/index.js';
import { quoteShippingWith } from '../shipping/index.js';
import {
  chargeCardForOrder,
  completeThreeDSecure,
  createOxxoForOrder,
  getOxxoPaymentByReference,
  getPayment,
  setPaymentStatus,
} from '../payments/index.js';
import {
  applyTransition,
  buildOrderView,
  findOrderByIdempotencyKey,
  getOrderForBuyer,
  getOrderForSeller,
  insertOrder,
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
} from '../orders/index.js';

/** A card order not completed within this time (abandoned 3-D Secure) gives its stock back. */
const CARD_RESERVATION_MS = 30 * 60_000;

type Line = { codigo: string; sku: string; quantity: number };
type LineProblem = CartQuoteResponse['lines'][number]['problem'];

function lineProblem(v: CheckoutVariant | undefined, quantity: number): LineProblem {
  if (!v || !v.available) return 'PRODUCT_NOT_AVAILABLE';
  if (v.stock <= 0) return 'OUT_OF_STOCK';
  if (quantity > v.stock) return 'INSUFFICIENT_STOCK';
  if (quantity < v.minOrderQty) return 'MIN_ORDER_QUANTITY';
  return null;
}

/** POST /api/cart/quote: current price, stock and problems of each cart line (nothing is reserved). */
export async function quoteCart(ctx: StoreContext, items: Line[]): Promise<CartQuoteResponse> {
  const variants = await getVariantsForCheckout(
    ctx.db,
    ctx.storeId,
    items.map((i) => i.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const lines = items.map((i) => {
    const v = bySku.get(i.sku);
    const valid = v && v.codigo === i.codigo ? v : undefined;
    return {
      codigo: i.codigo,
      sku: i.sku,
      name: valid?.name ?? i.codigo,
      image: valid?.imageUrl ?? null,
      options: valid?.options ?? {},
      unitPriceCents: valid?.priceCents ?? 0,
      quantity: i.quantity,
      lineTotalCents: valid ? lineTotalCents(valid.priceCents, i.quantity) : 0,
      stock: valid?.stock ?? 0,
      minOrderQty: valid?.minOrderQty ?? 1,
      problem: lineProblem(valid, i.quantity),
    };
  });
  return { lines, itemsCents: lines.reduce((s, l) => s + (l.problem ? 0 : l.lineTotalCents), 0) };
}

export interface PlaceOrderInput {
  idempotencyKey: string;
  items: Line[];
  email?: string;
  addressId?: string;
  address?: AddressInput;
  shipping: { servicio: 'economico' | 'paquete' | 'pickup' };
  paymentMethod: 'card' | 'oxxo';
  card?: CardInput;
  expectedTotalCents?: number;
}

/** Merges duplicate SKUs so each variant is reserved once. */
function mergeLines(items: Line[]): Line[] {
  const m = new Map<string, Line>();
  for (const i of items) {
    const prev = m.get(i.sku);
    m.set(i.sku, prev ? { ...prev, quantity: prev.quantity + i.quantity } : { ...i });
  }
  return [...m.values()];
}

/**
 * POST /api/pedido. Validates the lines (PRODUCT_NOT_AVAILABLE, MIN_ORDER_QUANTITY, OUT_OF_STOCK, INSUFFICIENT_STOCK),
 * the address (ADDRESS_REQUIRED, ADDRESS_NOT_FOUND) and the shipping service (SHIPPING_NOT_AVAILABLE); refuses with
 * PRICE_CHANGED when `expectedTotalCents` differs from the server's total. In one transaction it allocates the folio,
 * reserves stock (conditional UPDATEs: never oversells) and inserts the order; then it pays. A declined card cancels
 * the order, releases the stock and throws PAYMENT_DECLINED (the cancelled order is kept). Idempotent by key.
 * With `origin` (the storefront's origin, e.g. http://demo.localhost:3000) the buyer is emailed the confirmation and
 * tracking link once the card is approved or the OXXO voucher exists (orders/order-emails.ts).
 */
export async function placeOrder(
  ctx: StoreContext,
  input: PlaceOrderInput,
  origin?: string,
): Promise<PlaceOrderResponse> {
  const existing = await findOrderByIdempotencyKey(ctx.db, ctx.storeId, input.idempotencyKey);
  if (existing) {
    // A retried submit (lost answer, double click) gets the order it already placed and the same view link.
    return { order: await buildOrderView(ctx.db, existing), viewToken: existing.viewToken ?? '' };
  }
  if (input.paymentMethod === 'card' && !input.card) {
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'card', code: 'required', message: '' }]);
  }
  const customerId = ctx.actor?.role === 'customer' ? ctx.actor.userId : null;
  const email = customerId ? ctx.actor!.email : input.email;
  if (!email) throw new AppError('VALIDATION_FAILED', {}, [{ path: 'email', code: 'required', message: '' }]);

  let address: AddressInput | null = null;
  if (input.addressId) {
    if (!customerId) throw new AppError('ADDRESS_NOT_FOUND');
    address = await getAddress({ ...ctx, actor: ctx.actor! }, input.addressId);
  } else if (input.address) address = input.address;
  if (!address && input.shipping.servicio !== 'pickup') throw new AppError('ADDRESS_REQUIRED');

  const lines = mergeLines(input.items);
  const variants = await getVariantsForCheckout(
    ctx.db,
    ctx.storeId,
    lines.map((l) => l.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  for (const l of lines) {
    const v = bySku.get(l.sku);
    const problem = lineProblem(v && v.codigo === l.codigo ? v : undefined, l.quantity);
    if (problem === 'MIN_ORDER_QUANTITY')
      throw new AppError(problem, { name: v!.name, min: v!.minOrderQty, codigo: l.codigo });
    if (problem === 'INSUFFICIENT_STOCK')
      throw new AppError(problem, { name: v!.name, available: v!.stock, codigo: l.codigo });
    if (problem) throw new AppError(problem, { name: v?.name ?? l.codigo, codigo: l.codigo });
  }

  const postalCode = address?.postalCode;
  let shippingCents = 0;
  let shipping = { proveedor: 'Vitrina Envíos', servicio: 'pickup', precio: 0, descripcion: 'pickup', entrega: '1-2' };
  if (postalCode) {
    const quotes = await quoteShippingWith(ctx.db, ctx.providers, ctx.storeId, { postalCode, items: lines });
    const q = quotes.find((x) => x.servicio === input.shipping.servicio);
    if (!q) throw new AppError('SHIPPING_NOT_AVAILABLE');
    shippingCents = q.precio;
    shipping = {
      proveedor: q.proveedor,
      servicio: q.servicio,
      precio: q.precio,
      descripcion: q.servicio,
      entrega: `${q.minDays}-${q.maxDays}`,
    };
  }
  const itemsCents = lines.reduce((s, l) => s + lineTotalCents(bySku.get(l.sku)!.priceCents, l.quantity), 0);
  const feeCents = input.paymentMethod === 'oxxo' ? await getOxxoFeeCents(ctx.db, ctx.storeId) : 0;
  const discountCents = 0;
  const totalCents = orderTotalCents({ itemsCents, shippingCents, feeCents, discountCents });
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents) {
    throw new AppError('PRICE_CHANGED', { name: 'total', price: formatMoney(totalCents, ctx.locale), totalCents });
  }

  const viewToken = newToken(24);
  const reservationMs = input.paymentMethod === 'oxxo' ? 3 * 86_400_000 : CARD_RESERVATION_MS;
  const order = await ctx.db.transaction(async (tx) => {
    const short = await reserveStock(
      tx,
      ctx.storeId,
      lines.map((l) => ({ variantId: bySku.get(l.sku)!.variantId, sku: l.sku, quantity: l.quantity })),
    );
    if (short.length) {
      // Throwing rolls back every reservation made so far in this transaction.
      const [now] = await getVariantsForCheckout(tx, ctx.storeId, [short[0]]);
      const v = now ?? bySku.get(short[0])!;
      if (v.stock <= 0) throw new AppError('OUT_OF_STOCK', { name: v.name, codigo: v.codigo });
      throw new AppError('INSUFFICIENT_STOCK', { name: v.name, available: v.stock, codigo: v.codigo });
    }
    const folio = await nextFolio(tx, ctx.storeId);
    return insertOrder(tx, ctx.storeId, {
      folio,
      customerId,
      email,
      paymentMethod: input.paymentMethod,
      lang: ctx.locale,
      itemsCents,
      shippingCents,
      feeCents,
      discountCents,
      totalCents,
      shippingType: input.shipping.servicio,
      shipping,
      address,
      idempotencyKey: input.idempotencyKey,
      viewToken,
      reservationExpiresAt: new Date(Date.now() + reservationMs),
      items: lines.map((l) => {
        const v = bySku.get(l.sku)!;
        return {
          productId: v.productId,
          variantId: v.variantId,
          codigo: v.codigo,
          sku: v.sku,
          name: v.name,
          options: v.options,
          imageUrl: v.imageUrl,
          unitPriceCents: v.priceCents,
          quantity: l.quantity,
          lineTotalCents: lineTotalCents(v.priceCents, l.quantity),
        };
      }),
    });
  });

  if (input.paymentMethod === 'oxxo') {
    await createOxxoForOrder(ctx.db, ctx.providers, {
      storeId: ctx.storeId,
      orderId: order.id,
      amountCents: totalCents,
      idempotencyKey: input.idempotencyKey,
    });
  } else {
    const payment = await chargeCardForOrder(ctx.db, ctx.providers, {
      storeId: ctx.storeId,
      orderId: order.id,
      amountCents: totalCents,
      card: input.card!,
      idempotencyKey: input.idempotencyKey,
      description: `Pedido ${order.folio}`,
    });
    if (payment.status === 'succeeded') {
      await ctx.db.transaction((tx) => applyTransition(tx, ctx.storeId, order.id, 'paid', { actorId: customerId }));
    } else if (payment.status === 'failed') {
      await ctx.db.transaction((tx) =>
        applyTransition(tx, ctx.storeId, order.id, 'cancelled', {
          actorId: customerId,
          note: payment.failureCode ?? 'card_declined',
        }),
      );
      throw new AppError('PAYMENT_DECLINED', { folio: order.folio, reason: payment.failureCode });
    }
  }
  // Re-read: the payment step may have moved the order to paid or cancelled.
  const placed = await getOrderForSeller(ctx, order.id);
  if (origin && (placed.status === 'paid' || placed.payment?.method === 'oxxo'))
    await sendOrderConfirmation(ctx, placed, orderLink(origin, placed.id, viewToken));
  return { order: placed, viewToken };
}

/** Absolute URL of the order's tracking page (/pedidos/pedido, SPEC §2), with the guest's view token if any. */
function orderLink(origin: string, orderId: string, viewToken?: string): string {
  const q = new URLSearchParams({ id: orderId });
  if (viewToken) q.set('t', viewToken);
  return `${origin}/pedidos/pedido?${q}`;
}

/**
 * POST /api/payments/:id/3ds: the shopper's answer to a 3-D Secure challenge. Approved → order paid; failed →
 * order cancelled, stock released, THREE_D_SECURE_FAILED. The caller must be allowed to read the order. With
 * `origin`, an approved challenge emails the order confirmation.
 */
export async function answerThreeDSecure(
  ctx: StoreContext,
  paymentId: string,
  input: { challengeId: string; approved: boolean; viewToken?: string },
  origin?: string,
): Promise<OrderView> {
  const payment = await getPayment(ctx.db, ctx.storeId, paymentId);
  await getOrderForBuyer(ctx, payment.orderId, input.viewToken);
  const done = await completeThreeDSecure(ctx.db, ctx.providers, payment, input);
  if (done.status === 'succeeded') {
    await ctx.db.transaction((tx) =>
      applyTransition(tx, ctx.storeId, payment.orderId, 'paid', { actorId: ctx.actor?.userId }),
    );
    const paid = await getOrderForBuyer(ctx, payment.orderId, input.viewToken);
    if (origin) await sendOrderConfirmation(ctx, paid, orderLink(origin, paid.id, input.viewToken));
    return paid;
  }
  await ctx.db.transaction((tx) =>
    applyTransition(tx, ctx.storeId, payment.orderId, 'cancelled', {
      actorId: ctx.actor?.userId,
      note: 'three_d_secure_failed',
    }),
  );
  throw new AppError('THREE_D_SECURE_FAILED');
}

/** The OXXO voucher of an order (GET /api/oxxopay/:orderId). Throws ORDER_NOT_FOUND or PAYMENT_NOT_FOUND. */
export async function getOxxoVoucher(ctx: StoreContext, orderId: string, viewToken?: string): Promise<OrderView> {
  const view = await getOrderForBuyer(ctx, orderId, viewToken);
  if (view.payment?.method !== 'oxxo') throw new AppError('PAYMENT_NOT_FOUND');
  return view;
}

/**
 * Marks an OXXO voucher paid (the sandbox's operator action; a real provider does it by webhook): payment succeeded,
 * order paid. Throws PAYMENT_NOT_FOUND, PAYMENT_ALREADY_PROCESSED.
 */
export async function markOxxoPaid(ctx: StoreContext, reference: string): Promise<OrderView> {
  const payment = await getOxxoPaymentByReference(ctx.db, ctx.storeId, reference);
  if (payment.status !== 'pending') throw new AppError('PAYMENT_ALREADY_PROCESSED');
  await ctx.db.transaction(async (tx) => {
    await setPaymentStatus(tx, payment, 'succeeded');
    await applyTransition(tx, ctx.storeId, payment.orderId, 'paid', { note: 'oxxo_paid' });
  });
  const paid = await getOrderForSeller(ctx, payment.orderId);
  await sendOxxoPaymentReceived(ctx, paid);
  return paid;
}

/** Marks an OXXO voucher paid by reference across stores (the `npm run oxxo:pay` CLI). */
export async function markOxxoPaidByReference(ctx: BaseContext, reference: string): Promise<OrderView> {
  const payment = await getOxxoPaymentByReference(ctx.db, null, reference);
  return markOxxoPaid({ ...ctx, storeId: payment.storeId }, reference);
}
