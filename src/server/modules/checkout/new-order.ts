/**
 * Creates the order of a POST /api/pedido (/micarrito/pago, stock messages) as the named steps of
 * order-steps.ts: resolve the address, validate the lines, check the store's unit caps (decision 097), quote the
 * shipping, price the order and check its limits (decision 028), then in one transaction check the buyer's unpaid
 * orders and held units, create the order rows (lines, the plan's fee rate, stock held for the store's card hold),
 * start the payment attempt before any provider call (a zero total is paid there and then), and last hold the stock
 * (conditional UPDATEs: never oversells) and take the store's next folio: the rows every order waits for are held
 * only from there to the commit. Totals are integer centavos: items + shipping + fee − discount
 * (src/shared/money.ts).
 */
import { withTx, type StoreContext, type StoreTxContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import type { PlaceOrderInput } from '../../../shared/contracts/checkout.js';
import { checkUnpaidOrders } from './limits.js';
import { linkOrder } from './idempotency.js';
import { getOrderLimits } from '../orders/index.js';
import { storeFeeBps } from '../subscriptions/index.js';
import { acceptQuoteForOrder, quotedLine } from '../quotes/index.js';
import { checkCheckoutInvoice, recordCheckoutInvoice } from '../invoices/index.js';
import {
  checkUnitCaps,
  createOrderRows,
  holdStock,
  numberOrder,
  priceOrder,
  quoteOrderShipping,
  quotedShipping,
  resolveAddress,
  startPayment,
  validateLines,
  validateQuotedLine,
  type Buyer,
  type OrderLine,
} from './order-steps.js';
import type { OrderRow } from '../orders/index.js';

export type { Buyer } from './order-steps.js';

/** Holds the order's units (never oversells: throws OUT_OF_STOCK / INSUFFICIENT_STOCK) and gives it its folio. */
async function lockShared(ctx: StoreTxContext, lines: OrderLine[], order: OrderRow): Promise<void> {
  await holdStock(ctx, lines);
  await numberOrder(ctx, order);
}

/**
 * Validates and prices the order, then creates it with its payment attempt; returns the order id. Throws the
 * cart-line codes, ADDRESS_REQUIRED / ADDRESS_NOT_FOUND, SHIPPING_NOT_AVAILABLE, PRICE_CHANGED, the limit codes of
 * limits.ts, for a quote order the codes of quotes' `quotedLine` and QUOTE_NOT_ACCEPTABLE {reason: 'accepted'} (another
 * order took it), and, when another request took the key over, IDEMPOTENCY_KEY_IN_PROGRESS.
 */
export async function createOrder(
  ctx: StoreContext,
  input: PlaceOrderInput,
  buyer: Buyer,
  claim: { id: string; leaseId: string },
): Promise<string> {
  // A factura asked with the order (decision 154) is checked before anything is held.
  const factura = input.factura ? await checkCheckoutInvoice(ctx, input.factura) : null;
  const address = await resolveAddress(ctx, input, buyer.customerId);
  // A quote's line is the seller's agreement with this buyer (decision 151): its price, units and services stand for
  // the cart's, and the store's unit caps, which bound anonymous hoarding, do not apply to it.
  const quoted = input.quote ? await quotedLine(ctx, input.quote) : null;
  const lines = quoted ? await validateQuotedLine(ctx, quoted) : await validateLines(ctx, input.items);
  const limits = await getOrderLimits(ctx);
  if (!quoted) checkUnitCaps(limits, lines);
  const shipping = quoted
    ? quotedShipping(quoted)
    : await quoteOrderShipping(ctx, address, input.shipping.servicio, lines);
  const totals = await priceOrder(
    ctx,
    quoted ? { ...input, couponCode: undefined } : input,
    lines,
    shipping.shippingCents,
    {
      quoted: !!quoted,
    },
  );
  const feeBps = await storeFeeBps(ctx);
  const units = lines.reduce((n, l) => n + l.quantity, 0);

  return runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    await checkUnpaidOrders(txCtx, buyer, {
      units,
      // The held-units cap bounds hoarding by anonymous carts; a quote's units were agreed with the seller.
      maxHeldUnits: quoted ? Number.POSITIVE_INFINITY : limits.maxHeldUnitsPerClient,
    });
    const order = await createOrderRows(txCtx, input, buyer, {
      address,
      lines,
      shipping,
      totals,
      feeBps,
      holdMs: limits.cardHoldMinutes * 60_000,
    });
    // The quote is claimed in the order's transaction: of racing accepts, the one that commits first keeps it.
    if (quoted) await acceptQuoteForOrder(txCtx, quoted, order.id);
    if (factura) await recordCheckoutInvoice(txCtx, order, factura, buyer.customerId);
    // The rows other orders wait for (the variants' stock, the store's folio counter) are locked last, so that they are
    // held for these few writes and the commit only. A free order is paid within this transaction, so it holds its
    // units and takes its folio before that.
    const free = order.totalCents === 0;
    if (free) await lockShared(txCtx, lines, order);
    await startPayment(txCtx, order, input.paymentMethod);
    await linkOrder(txCtx, claim.id, claim.leaseId, order.id);
    if (!free) await lockShared(txCtx, lines, order);
    return order.id;
  });
}
