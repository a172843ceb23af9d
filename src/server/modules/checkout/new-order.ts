/**
 * Creates the order of a POST /api/pedido (SPEC §2 /micarrito/pago, §5 stock messages, §9): validates lines, address
 * and shipping, prices everything on the server, checks the limits of decision 028, then in one transaction reserves
 * stock (conditional UPDATEs: never oversells), allocates the folio, inserts the order (stock held
 * UNCONFIRMED_HOLD_MS until its payment is under way) and records the payment attempt before any provider call.
 * Totals are integer centavos: items + shipping + fee − discount (src/shared/money.ts).
 */
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { runTransaction } from '../../db/transaction.js';
import { newToken } from '../../lib/tokens.js';
import { formatMoney, lineTotalCents, orderTotalCents } from '../../../shared/money.js';
import { UNCONFIRMED_HOLD_MS } from '../../../shared/limits.js';
import type { AddressInput } from '../../../shared/contracts/accounts.js';
import type { CartQuoteResponse, PlaceOrderBody } from '../../../shared/contracts/checkout.js';
import { getVariantsForCheckout, reserveStock, type CheckoutVariant } from '../catalog/index.js';
import { getOxxoFeeCents, nextFolio } from '../stores/index.js';
import { getAddress } from '../accounts/index.js';
import { quoteShippingWith } from '../shipping/index.js';
import { createPaymentAttempt } from '../payments/index.js';
import { insertOrder } from '../orders/index.js';
import { checkOrderLimits, checkUnpaidOrders } from './limits.js';
import { linkOrder } from './idempotency.js';

export type Line = { codigo: string; sku: string; quantity: number };
type LineProblem = CartQuoteResponse['lines'][number]['problem'];

export function lineProblem(v: CheckoutVariant | undefined, quantity: number): LineProblem {
  if (!v || !v.available) return 'PRODUCT_NOT_AVAILABLE';
  if (v.stock <= 0) return 'OUT_OF_STOCK';
  if (quantity > v.stock) return 'INSUFFICIENT_STOCK';
  if (quantity < v.minOrderQty) return 'MIN_ORDER_QUANTITY';
  return null;
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
 * Validates and prices the order, then creates it with its payment attempt; returns the order id. Throws the SPEC §5
 * line codes, ADDRESS_REQUIRED / ADDRESS_NOT_FOUND, SHIPPING_NOT_AVAILABLE, PRICE_CHANGED, the limit codes of
 * limits.ts and, when another request took the key over, IDEMPOTENCY_KEY_IN_PROGRESS.
 */
export async function createOrder(
  ctx: StoreContext,
  input: PlaceOrderBody,
  meta: { email: string; customerId: string | null; origin: string | null; clientIpHash: string | null },
  claim: { id: string; leaseId: string },
): Promise<string> {
  let address: AddressInput | null = null;
  if (input.addressId) {
    if (!meta.customerId) throw new AppError('ADDRESS_NOT_FOUND');
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

  let shippingCents = 0;
  let shipping = { proveedor: 'Vitrina Envíos', servicio: 'pickup', precio: 0, descripcion: 'pickup', entrega: '1-2' };
  if (address?.postalCode) {
    const quotes = await quoteShippingWith(ctx.db, ctx.providers, ctx.storeId, {
      postalCode: address.postalCode,
      items: lines,
    });
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
  checkOrderLimits(ctx.locale, {
    paymentMethod: input.paymentMethod,
    totalCents,
    lines: lines.map((l) => ({ name: bySku.get(l.sku)!.name, quantity: l.quantity })),
  });
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents) {
    throw new AppError('PRICE_CHANGED', { name: 'total', price: formatMoney(totalCents, ctx.locale), totalCents });
  }

  return runTransaction(ctx.db, async (tx) => {
    await checkUnpaidOrders(tx, ctx.storeId, { email: meta.email, clientIpHash: meta.clientIpHash });
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
    const order = await insertOrder(tx, ctx.storeId, {
      folio,
      customerId: meta.customerId,
      email: meta.email,
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
      viewToken: newToken(24),
      reservationExpiresAt: new Date(Date.now() + UNCONFIRMED_HOLD_MS),
      storefrontOrigin: meta.origin,
      clientIpHash: meta.clientIpHash,
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
    await createPaymentAttempt(tx, {
      storeId: ctx.storeId,
      orderId: order.id,
      provider: ctx.providers.payments.name,
      method: input.paymentMethod,
      amountCents: totalCents,
    });
    await linkOrder(tx, claim.id, claim.leaseId, order.id);
    return order.id;
  });
}
