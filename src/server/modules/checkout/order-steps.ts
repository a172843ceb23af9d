/**
 * The steps of creating an order (new-order.ts runs them in this order; /micarrito/pago). The first
 * four read and check, and throw before anything is written; the last three run inside the order's transaction
 * (`ctx.db` is then the transaction). Amounts are integer centavos: items + shipping + fee − discount
 * (src/shared/money.ts).
 */
import { randomInt } from 'node:crypto';
import type { StoreContext, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { newToken } from '../../lib/tokens.js';
import { formatMoney, lineTotalCents, orderTotalCents } from '../../../shared/money.js';
import type { AddressInput } from '../../../shared/contracts/accounts.js';
import type { CartLine, CartQuoteResponse, PlaceOrderInput } from '../../../shared/contracts/checkout.js';
import { reserveStockAcross, type CheckoutVariant } from '../catalog/index.js';
import { getOxxoFeeCents, nextFolio } from '../stores/index.js';
import { getAddress } from '../accounts/index.js';
import { quoteShipping } from '../shipping/index.js';
import { storeFeeBps } from '../subscriptions/index.js';
import { createPaymentAttempt, insertFreePayment } from '../payments/index.js';
import { providerForMethod } from '../../providers/payments/index.js';
import { insertOrder, markOrderPaid, setOrderFolio, type NewPackage, type OrderRow } from '../orders/index.js';
import type { OrderLimits } from '../../../shared/contracts/order-limits.js';
import { enqueue } from '../../jobs/queue.js';
import { priceCoupon, redeemCoupon, type PricedCoupon } from '../coupons/index.js';
import type { QuotedLine } from '../quotes/index.js';
import { checkOrderLimits } from './limits.js';
import { variantsForSale, type SoldVariant } from './sold-variants.js';
import { assertPickupAllowed, groupIntoPackages, quotePackages, splitDiscount } from './packages.js';

/** Who places the order: the signed-in customer (or null for a guest), the email, and where the request came from. */
export interface Buyer {
  email: string;
  customerId: string | null;
  /** The storefront's origin, for the emailed tracking link. */
  origin: string | null;
  /** Keyed hash of the client IP (limits.ts), for the unpaid-order limit. */
  clientIpHash: string | null;
}

/** A cart line with the variant it buys (priced and checked; `variant.source` set for a listing's). */
export interface OrderLine extends CartLine {
  variant: SoldVariant;
}

type ShippingSnapshot = { proveedor: string; servicio: string; precio: number; descripcion: string; entrega: string };

/** A package of a marketplace order (decision 135): its lines, its shipping, and, filled by pricing, its money. */
export interface PlannedPackage {
  supplierStoreId: string | null;
  lines: OrderLine[];
  shippingCents: number;
  shipping: ShippingSnapshot;
}

/**
 * What the order's shipping costs and the snapshot kept on the order; `packages` is empty for an order of the
 * store's own goods only (one package: the order), else one per package.
 */
export interface OrderShippingChoice {
  shippingCents: number;
  shipping: ShippingSnapshot;
  packages: PlannedPackage[];
}

const snapshot = (q: { proveedor: string; servicio: string; precio: number; minDays: number; maxDays: number }) => ({
  proveedor: q.proveedor,
  servicio: q.servicio,
  precio: q.precio,
  descripcion: q.servicio,
  entrega: `${q.minDays}-${q.maxDays}`,
});

/** The order's amounts in centavos, and the coupon whose discount is in them. */
export interface OrderTotals {
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  discountCents: number;
  totalCents: number;
  coupon: PricedCoupon | null;
}

type LineProblem = CartQuoteResponse['lines'][number]['problem'];

/** What is wrong with buying `quantity` of variant `v` (an error code), or null. `v` undefined: not sold here. */
export function lineProblem(v: CheckoutVariant | undefined, quantity: number): LineProblem {
  // A listing's variant is unavailable while its listing cannot sell (sold-variants.ts).
  if (!v || !v.available) return 'PRODUCT_NOT_AVAILABLE';
  if (v.stock <= 0) return 'OUT_OF_STOCK';
  if (quantity > v.stock) return 'INSUFFICIENT_STOCK';
  if (quantity < v.minOrderQty) return 'MIN_ORDER_QUANTITY';
  return null;
}

/** Merges duplicate SKUs so each variant is reserved once. */
function mergeLines(items: CartLine[]): CartLine[] {
  const m = new Map<string, CartLine>();
  for (const i of items) {
    const prev = m.get(i.sku);
    m.set(i.sku, prev ? { ...prev, quantity: prev.quantity + i.quantity } : { ...i });
  }
  return [...m.values()];
}

/**
 * Step 1. The delivery address: a saved address of the signed-in customer (`addressId`), or the one typed in. Null
 * only for pickup. Throws ADDRESS_NOT_FOUND (not the caller's, or a guest passing an id), ADDRESS_REQUIRED.
 */
export async function resolveAddress(
  ctx: StoreContext,
  input: Pick<PlaceOrderInput, 'addressId' | 'address' | 'shipping'>,
  customerId: string | null,
): Promise<AddressInput | null> {
  let address: AddressInput | null = null;
  if (input.addressId) {
    if (!customerId) throw new AppError('ADDRESS_NOT_FOUND');
    address = await getAddress({ ...ctx, actor: ctx.actor! }, input.addressId);
  } else if (input.address) address = input.address;
  if (!address && input.shipping.servicio !== 'pickup') throw new AppError('ADDRESS_REQUIRED');
  return address;
}

/**
 * Step 2. The cart's lines (duplicate SKUs merged) with their variants at current price and stock. Throws the first
 * line's code: PRODUCT_NOT_AVAILABLE, OUT_OF_STOCK, INSUFFICIENT_STOCK {available}, MIN_ORDER_QUANTITY {min}.
 */
export async function validateLines(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  items: CartLine[],
): Promise<OrderLine[]> {
  const lines = mergeLines(items);
  const variants = await variantsForSale(
    ctx,
    lines.map((l) => l.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  return lines.map((l) => {
    const v = bySku.get(l.sku);
    const problem = lineProblem(v && v.codigo === l.codigo ? v : undefined, l.quantity);
    if (problem === 'MIN_ORDER_QUANTITY')
      throw new AppError(problem, { name: v!.name, min: v!.minOrderQty, codigo: l.codigo });
    if (problem === 'INSUFFICIENT_STOCK')
      throw new AppError(problem, { name: v!.name, available: v!.stock, codigo: l.codigo });
    if (problem) throw new AppError(problem, { name: v?.name ?? l.codigo, codigo: l.codigo });
    return { ...l, variant: v! };
  });
}

/**
 * Step 2, for an order that accepts a quote (decision 151): the quote's one line, its variant at the quoted unit price
 * (never repriced from the variant) with current stock. Throws PRODUCT_NOT_AVAILABLE, OUT_OF_STOCK,
 * INSUFFICIENT_STOCK {available}; the product's MOQ was checked when the seller answered.
 */
export async function validateQuotedLine(
  ctx: Pick<StoreContext, 'db' | 'storeId'>,
  q: QuotedLine,
): Promise<OrderLine[]> {
  const [found] = await variantsForSale(ctx, [q.sku]);
  const v = found && found.codigo === q.codigo ? found : undefined;
  const problem = lineProblem(v && { ...v, minOrderQty: 1 }, q.quantity);
  if (problem === 'INSUFFICIENT_STOCK')
    throw new AppError(problem, { name: v!.name, available: v!.stock, codigo: q.codigo });
  if (problem) throw new AppError(problem, { name: v?.name ?? q.codigo, codigo: q.codigo });
  return [{ codigo: q.codigo, sku: q.sku, quantity: q.quantity, variant: { ...v!, priceCents: q.unitPriceCents } }];
}

/**
 * Step 3, for an order that accepts a quote: its shipping line is the quote's services as the seller priced them
 * (freight, insurance, customs, delivery, consulting; decision 151), delivered in the quoted lead time.
 */
export function quotedShipping(q: Pick<QuotedLine, 'servicesCents' | 'leadTimeDays'>): OrderShippingChoice {
  const days = String(q.leadTimeDays);
  return {
    shippingCents: q.servicesCents,
    shipping: {
      proveedor: 'Cotización',
      servicio: 'cotizacion',
      precio: q.servicesCents,
      descripcion: 'cotizacion',
      entrega: `${days}-${days}`,
    },
    packages: [],
  };
}

/**
 * Step 2b. The store's caps on what one order may hold (decision 097), before anything is reserved: units of one line
 * (LINE_UNITS_LIMIT {name, max}) and of the whole order (ORDER_UNITS_LIMIT {max}).
 */
export function checkUnitCaps(limits: OrderLimits, lines: OrderLine[]): void {
  const big = lines.find((l) => l.quantity > limits.maxUnitsPerLine);
  if (big)
    throw new AppError('LINE_UNITS_LIMIT', { name: big.variant.name, max: limits.maxUnitsPerLine, codigo: big.codigo });
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units > limits.maxUnitsPerOrder) throw new AppError('ORDER_UNITS_LIMIT', { max: limits.maxUnitsPerOrder });
}

/**
 * Step 3. The chosen shipping service quoted to the address's postal code (free pickup without an address).
 * Throws SHIPPING_NOT_AVAILABLE when the service is not offered there, POSTAL_CODE_NOT_FOUND.
 */
export async function quoteOrderShipping(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  address: AddressInput | null,
  servicio: PlaceOrderInput['shipping']['servicio'],
  lines: OrderLine[],
): Promise<OrderShippingChoice> {
  const groups = groupIntoPackages(lines);
  const marketplace = groups.some((g) => g.supplierStoreId);
  assertPickupAllowed(servicio, groups);
  if (!address?.postalCode)
    return {
      shippingCents: 0,
      shipping: { proveedor: 'Vitrina Envíos', servicio: 'pickup', precio: 0, descripcion: 'pickup', entrega: '1-2' },
      packages: [],
    };
  if (!marketplace) {
    const quotes = await quoteShipping(ctx, {
      postalCode: address.postalCode,
      items: lines.map(({ sku, quantity }) => ({ sku, quantity })),
    });
    const q = quotes.find((x) => x.servicio === servicio);
    if (!q) throw new AppError('SHIPPING_NOT_AVAILABLE');
    return { shippingCents: q.precio, shipping: snapshot(q), packages: [] };
  }
  const { perPackage, combined } = await quotePackages(ctx, address.postalCode, groups);
  const q = combined.find((x) => x.servicio === servicio);
  if (!q) throw new AppError('SHIPPING_NOT_AVAILABLE');
  const packages = groups.map((g, i) => {
    const own = perPackage[i].find((x) => x.servicio === servicio)!;
    return { supplierStoreId: g.supplierStoreId, lines: g.lines, shippingCents: own.precio, shipping: snapshot(own) };
  });
  return { shippingCents: q.precio, shipping: snapshot(q), packages };
}

/**
 * Step 4. Prices the order on the server (OXXO adds the store's fee, a coupon takes its discount off the products,
 * never the shipping) and checks it against the limits of decision 028 (limits.ts codes) and the total the shopper saw
 * (PRICE_CHANGED {price, totalCents}). Throws COUPON_NOT_VALID {reason} for a coupon that does not apply. `opts.quoted`:
 * the lines are a quote's, which OXXO's per-line unit cap does not bound.
 */
export async function priceOrder(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'locale'>,
  input: Pick<PlaceOrderInput, 'paymentMethod' | 'expectedTotalCents' | 'couponCode'>,
  lines: OrderLine[],
  shippingCents: number,
  opts: { quoted?: boolean } = {},
): Promise<OrderTotals> {
  const itemsCents = lines.reduce((s, l) => s + lineTotalCents(l.variant.priceCents, l.quantity), 0);
  const feeCents = input.paymentMethod === 'oxxo' ? await getOxxoFeeCents(ctx) : 0;
  const coupon = input.couponCode ? await priceCoupon(ctx, input.couponCode, itemsCents) : null;
  const discountCents = coupon?.discountCents ?? 0;
  const totalCents = orderTotalCents({ itemsCents, shippingCents, feeCents, discountCents });
  checkOrderLimits(ctx.locale, {
    paymentMethod: input.paymentMethod,
    totalCents,
    // OXXO's per-line unit cap bounds anonymous hoarding; a quote's units are the seller's agreement (decision 151).
    lines: opts.quoted ? [] : lines.map((l) => ({ name: l.variant.name, quantity: l.quantity })),
  });
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents) {
    throw new AppError('PRICE_CHANGED', { name: 'total', price: formatMoney(totalCents, ctx.locale), totalCents });
  }
  return { itemsCents, shippingCents, feeCents, discountCents, totalCents, coupon };
}

/**
 * Step 5 (in the transaction). Reserves every line's units, all or nothing (catalog/stock.ts never oversells).
 * Throws OUT_OF_STOCK or INSUFFICIENT_STOCK {available} with the stock as it is now, which rolls back what was taken.
 */
export async function holdStock(ctx: StoreTxContext, lines: OrderLine[]): Promise<void> {
  // A listing's units are the supplier's: taken from its variant, in one lock order with the store's own.
  const short = await reserveStockAcross(
    ctx,
    lines.map((l) => ({
      storeId: l.variant.source?.supplierStoreId ?? ctx.storeId,
      variantId: l.variant.source?.sourceVariantId ?? l.variant.variantId,
      sku: l.sku,
      quantity: l.quantity,
    })),
  );
  if (!short.length) return;
  const [now] = await variantsForSale(ctx, [short[0]]);
  const v = now ?? lines.find((l) => l.sku === short[0])!.variant;
  if (v.stock <= 0) throw new AppError('OUT_OF_STOCK', { name: v.name, codigo: v.codigo });
  throw new AppError('INSUFFICIENT_STOCK', { name: v.name, available: v.stock, codigo: v.codigo });
}

/**
 * Last step (in the transaction, just before the commit). Gives the order the store's next folio. The store's counter
 * row is one every order of the store locks until its commit, so it is taken last, with the stock: orders of one store
 * then wait for each other only for these writes and the commit, not for the whole transaction. Sets `order.folio`.
 */
export async function numberOrder(ctx: StoreTxContext, order: OrderRow): Promise<void> {
  order.folio = await nextFolio(ctx);
  await setOrderFolio(ctx, order.id, order.folio);
}

/**
 * Step 6 (in the transaction). Inserts the pending order with its lines, a
 * guest view token, Vitrina's fee rate of the store's plan (`feeBps`; decision 096) and the store's card hold
 * (`holdMs`; decision 097: moved on once its payment is under way); takes the coupon's use (COUPON_NOT_VALID
 * {reason: 'used_up'} when another order took the last one).
 */
export async function createOrderRows(
  ctx: StoreTxContext & Pick<StoreContext, 'locale'>,
  input: Pick<PlaceOrderInput, 'paymentMethod' | 'shipping' | 'idempotencyKey'>,
  buyer: Buyer,
  order: {
    address: AddressInput | null;
    lines: OrderLine[];
    shipping: OrderShippingChoice;
    totals: OrderTotals;
    feeBps: number;
    holdMs: number;
  },
): Promise<OrderRow> {
  // A provisional folio, unique among orders in flight; numberOrder gives the real one just before the commit.
  const folio = -randomInt(1, 2 ** 31 - 1);
  const { coupon, ...amounts } = order.totals;
  const packages = await packageRows(ctx, order.shipping.packages, amounts.discountCents);
  const packageOf = new Map(order.shipping.packages.flatMap((p, i) => p.lines.map((l) => [l.sku, i + 1] as const)));
  const row = await insertOrder(ctx, {
    folio,
    customerId: buyer.customerId,
    email: buyer.email,
    paymentMethod: input.paymentMethod,
    lang: ctx.locale,
    ...amounts,
    couponCode: coupon?.code ?? null,
    platformFeeBps: order.feeBps,
    shippingType: input.shipping.servicio,
    shipping: order.shipping.shipping,
    address: order.address,
    idempotencyKey: input.idempotencyKey,
    viewToken: newToken(24),
    reservationExpiresAt: new Date(Date.now() + order.holdMs),
    storefrontOrigin: buyer.origin,
    clientIpHash: buyer.clientIpHash,
    items: order.lines.map(({ variant: v, quantity, sku }) => ({
      productId: v.productId,
      variantId: v.variantId,
      codigo: v.codigo,
      sku: v.sku,
      name: v.name,
      options: v.options,
      imageUrl: v.imageUrl,
      unitPriceCents: v.priceCents,
      quantity,
      lineTotalCents: lineTotalCents(v.priceCents, quantity),
      packageNumber: packageOf.get(sku),
      supplierStoreId: v.source?.supplierStoreId ?? null,
      sourceVariantId: v.source?.sourceVariantId ?? null,
      wholesaleUnitCents: v.source?.wholesaleCents ?? null,
    })),
    packages,
  });
  // The coupon's use is taken in the order's transaction: if it ran out meanwhile, the order rolls back.
  if (coupon)
    await redeemCoupon(ctx, { couponId: coupon.couponId, orderId: row.id, discountCents: coupon.discountCents });
  return row;
}

/**
 * A marketplace order's packages with their money (decision 136): each one's items at retail, its share of the
 * coupon's discount, the wholesale price owed to its supplier, its shipping and the supplier's fee rate now.
 */
async function packageRows(
  ctx: StoreTxContext,
  planned: PlannedPackage[],
  discountCents: number,
): Promise<NewPackage[]> {
  const items = planned.map((p) => p.lines.reduce((s, l) => s + lineTotalCents(l.variant.priceCents, l.quantity), 0));
  const discounts = splitDiscount(discountCents, items);
  return Promise.all(
    planned.map(async (p, i) => ({
      supplierStoreId: p.supplierStoreId,
      itemsCents: items[i],
      discountCents: discounts[i],
      wholesaleCents: p.lines.reduce(
        (s, l) => s + lineTotalCents(l.variant.source?.wholesaleCents ?? 0, l.quantity),
        0,
      ),
      shippingCents: p.shippingCents,
      shipping: p.shipping,
      supplierFeeBps: p.supplierStoreId ? await storeFeeBps({ db: ctx.db, storeId: p.supplierStoreId }) : null,
    })),
  );
}

/**
 * Step 7 (in the transaction). Records the order's payment attempt (status processing) with the configured provider,
 * before any provider call: a crash after the commit leaves an attempt that a retry or the sweep can pick up. An
 * order whose total is zero (a 100 % coupon on a pickup order) has nothing to charge: it is paid at once, without
 * asking any provider (a $0 payment, succeeded), through markOrderPaid like every paid order, and its confirmation
 * email is a job committed with it.
 */
export async function startPayment(
  ctx: StoreTxContext & Pick<StoreContext, 'providers'>,
  order: OrderRow,
  method: PlaceOrderInput['paymentMethod'],
): Promise<void> {
  if (order.totalCents === 0) {
    const free = await insertFreePayment(ctx, { orderId: order.id, method });
    await markOrderPaid(ctx, order, free, { note: 'zero_total' });
    await enqueue(ctx.db, 'order-email', { storeId: ctx.storeId, orderId: order.id, kind: 'confirmation' });
    return;
  }
  // The wallet's payments go to the wallet provider (decision 071); cards and OXXO to the card provider.
  const provider = providerForMethod(ctx.providers, method);
  if (!provider) throw new AppError('PAYMENTS_UNAVAILABLE');
  await createPaymentAttempt(ctx, {
    orderId: order.id,
    provider: provider.name,
    method,
    amountCents: order.totalCents,
  });
}
