/**
 * The totals a checkout page shows, always through `orderTotalCents` of src/shared/money.ts (items + shipping
 * + fee − discount, the discount never taking shipping), the same function the server charges with. Integer centavos.
 */
import { orderTotalCents } from '../../../shared/money';

export interface CheckoutTotals {
  itemsCents: number;
  /** null: not chosen yet (shown as "calculated at checkout", counted as 0). */
  shippingCents: number | null;
  feeCents: number;
  discountCents: number;
  totalCents: number;
}

export function checkoutTotals(parts: {
  itemsCents: number;
  shippingCents: number | null;
  feeCents?: number;
  discountCents?: number;
}): CheckoutTotals {
  const feeCents = parts.feeCents ?? 0;
  const discountCents = parts.discountCents ?? 0;
  return {
    itemsCents: parts.itemsCents,
    shippingCents: parts.shippingCents,
    feeCents,
    discountCents,
    totalCents: orderTotalCents({
      itemsCents: parts.itemsCents,
      shippingCents: parts.shippingCents ?? 0,
      feeCents,
      discountCents,
    }),
  };
}
