/**
 * What one unpaid order and one client may hold in a store (decision 097; GET/PUT /api/admin/order-limits, the
 * "Pedidos sin pagar" card of /admin/ventas). Units are pieces; the card hold is minutes.
 */
import { z } from 'zod';
import { ORDER_LIMIT_RANGES as R } from '../limits.js';

const units = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);

export const orderLimitsInput = z
  .object({
    /** Units of one product variant in one order. */
    maxUnitsPerLine: units(R.maxUnitsPerLine),
    /** Units of one unpaid order, all lines together. */
    maxUnitsPerOrder: units(R.maxUnitsPerOrder),
    /** Units one email may hold across its unpaid orders (one client address: three times as many). */
    maxHeldUnitsPerClient: units(R.maxHeldUnitsPerClient),
    /** How long a card or wallet order holds its stock until the payment is confirmed. */
    cardHoldMinutes: units(R.cardHoldMinutes),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.maxUnitsPerOrder < v.maxUnitsPerLine)
      ctx.addIssue({ code: 'custom', path: ['maxUnitsPerOrder'], message: 'i18n:order_units_below_line' });
    if (v.maxHeldUnitsPerClient < v.maxUnitsPerOrder)
      ctx.addIssue({ code: 'custom', path: ['maxHeldUnitsPerClient'], message: 'i18n:held_units_below_order' });
  });
export type OrderLimitsInput = z.infer<typeof orderLimitsInput>;
export type OrderLimitsFormValues = z.input<typeof orderLimitsInput>;

export const orderLimits = z.object({
  maxUnitsPerLine: z.number().int(),
  maxUnitsPerOrder: z.number().int(),
  maxHeldUnitsPerClient: z.number().int(),
  cardHoldMinutes: z.number().int(),
});
export type OrderLimits = z.infer<typeof orderLimits>;
