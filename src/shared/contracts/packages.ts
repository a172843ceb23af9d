/**
 * Packages of marketplace orders (decision 135): a supplier's purchase orders ("Pedidos de revendedores") and the
 * moves of a package. A purchase order shows the supplier only its own lines at wholesale price and where to ship
 * them; never the shopper's email, the payment, the retail prices or the reseller's other lines. Money in centavos.
 */
import { z } from 'zod';
import { asStored, cents, text, uuid } from './common.js';
import { addressInput } from './accounts.js';
import { fulfilmentStatus } from './checkout.js';

/** One purchase order in the supplier's list. */
export const purchaseOrderSummary = z.object({
  id: z.string(),
  /** "<order folio>-<package number>", as the reseller's order shows the package. */
  number: z.string(),
  resellerStoreName: z.string(),
  status: fulfilmentStatus,
  createdAt: z.string(),
  /** Units and their wholesale price, less units refunded with the supplier's share (decision 147). */
  units: z.number().int(),
  wholesaleCents: cents,
  shippingCents: cents,
});

export const purchaseOrderList = z.object({
  items: z.array(purchaseOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PurchaseOrderList = z.infer<typeof purchaseOrderList>;

export const purchaseOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: fulfilmentStatus.optional(),
});

/**
 * A purchase order in full: its lines at wholesale, the ship-to and the shipping service. A line's `quantity` is what
 * is left to ship or shipped once units refunded with the supplier's share (decision 147) are taken off; `id` names
 * the line for the supplier's own refunds.
 */
export const purchaseOrderView = purchaseOrderSummary.extend({
  lines: z.array(
    z.object({
      id: z.string(),
      /** The supplier's own SKU of the variant. */
      sku: z.string(),
      name: z.string(),
      options: z.record(z.string(), z.string()),
      image: z.string().nullable(),
      quantity: z.number().int(),
      refundedQuantity: z.number().int(),
      wholesaleUnitCents: cents,
      lineWholesaleCents: cents,
    }),
  ),
  shipTo: asStored(
    addressInput.pick({
      fullName: true,
      street: true,
      exteriorNumber: true,
      interiorNumber: true,
      postalCode: true,
      state: true,
      municipality: true,
      city: true,
      neighborhood: true,
      deliveryInstructions: true,
      phone: true,
    }),
  ).nullable(),
  shipping: z.object({ proveedor: z.string(), servicio: z.string(), precio: cents, entrega: z.string().optional() }),
  trackingNumber: z.string().nullable(),
  rejectReason: z.string().nullable(),
  nextStatuses: z.array(fulfilmentStatus),
});
export type PurchaseOrderView = z.infer<typeof purchaseOrderView>;

/** A package's move: ready to ship, on its way (with the tracking number), delivered; rejected (supplier, reason). */
export const packageMoveBody = z
  .object({
    status: z.enum(['ready_to_ship', 'on_the_way', 'delivered', 'rejected']),
    trackingNumber: text({ min: 3, max: 60 }).optional(),
    reason: text({ min: 3, max: 300 }).optional(),
  })
  .refine((b) => b.status !== 'rejected' || b.reason, { path: ['reason'], message: 'i18n:required' })
  // A package leaves with its carrier's tracking number: the buyer and the reseller follow it by that number.
  .refine((b) => b.status !== 'on_the_way' || b.trackingNumber, {
    path: ['trackingNumber'],
    message: 'i18n:required',
  });

export const packageParams = z.object({ id: uuid });
