/**
 * A supplier's purchase orders (Ventas → "Pedidos de revendedores"; decision 135): the packages it ships of
 * resellers' orders, read by `supplier_store_id` — the one read of another store's order, and only of what decision
 * 134 lets cross: the reseller's store name, the package's own lines at wholesale price, the ship-to, the shipping
 * service and the package's status. Units refunded with the supplier's share (decision 147) are taken off what it
 * ships and is owed. Amounts in centavos.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { fulfilments, orderItems, orders } from '../../db/schema/orders.js';
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { FulfilmentStatus } from '../../../shared/contracts/checkout.js';
import type { PurchaseOrderList, PurchaseOrderView } from '../../../shared/contracts/packages.js';
import { variantSkus } from '../catalog/index.js';
import { storeDisplayNames } from '../stores/index.js';
import { refundedQuantities } from '../balances/index.js';
import { nextPackageStatuses } from './package-actions.js';

export const PURCHASE_ORDERS_PAGE_SIZE = 20;

const summaryColumns = {
  id: fulfilments.id,
  number: fulfilments.number,
  storeId: fulfilments.storeId,
  status: fulfilments.status,
  createdAt: fulfilments.createdAt,
  wholesaleCents: fulfilments.wholesaleCents,
  shippingCents: fulfilments.shippingCents,
  folio: orders.folio,
  units: sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.fulfilment_id = ${fulfilments.id} and i.store_id = ${fulfilments.storeId})`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  id: string;
  number: number;
  storeId: string;
  status: string;
  createdAt: Date;
  wholesaleCents: number;
  shippingCents: number;
  folio: number;
  units: number;
};

const toSummary = (r: SummaryRow, names: Map<string, string>) => ({
  id: r.id,
  number: `${r.folio}-${r.number}`,
  resellerStoreName: names.get(r.storeId) ?? '',
  status: r.status as FulfilmentStatus,
  createdAt: r.createdAt.toISOString(),
  units: r.units,
  wholesaleCents: r.wholesaleCents,
  shippingCents: r.shippingCents,
});

/**
 * What was refunded with the supplier's share of each package (decision 147): units and their wholesale price, by
 * package id; packages without such refunds are absent.
 */
async function refundedOfPackages(
  ctx: StoreContext,
  fulfilmentIds: string[],
): Promise<Map<string, { units: number; wholesaleCents: number }>> {
  if (!fulfilmentIds.length) return new Map();
  const lines = await ctx.db
    .select({ id: orderItems.id, f: orderItems.fulfilmentId, wholesale: orderItems.wholesaleUnitCents })
    .from(orderItems)
    .where(and(inArray(orderItems.fulfilmentId, fulfilmentIds), eq(orderItems.supplierStoreId, ctx.storeId)));
  const refunded = await refundedQuantities(
    ctx,
    lines.map((l) => l.id),
  );
  const out = new Map<string, { units: number; wholesaleCents: number }>();
  for (const l of lines) {
    const n = refunded.get(l.id) ?? 0;
    if (!n || !l.f) continue;
    const o = out.get(l.f) ?? { units: 0, wholesaleCents: 0 };
    out.set(l.f, { units: o.units + n, wholesaleCents: o.wholesaleCents + n * (l.wholesale ?? 0) });
  }
  return out;
}

const netOfRefunds = (r: SummaryRow, refunded: Map<string, { units: number; wholesaleCents: number }>) => {
  const off = refunded.get(r.id);
  return off ? { ...r, units: r.units - off.units, wholesaleCents: r.wholesaleCents - off.wholesaleCents } : r;
};

/** Packages still waiting for their payment are not the supplier's to ship yet, and are not shown. */
const visibleToSupplier = (storeId: string) =>
  and(eq(fulfilments.supplierStoreId, storeId), sql`${fulfilments.status} <> 'pending'`);

/** The supplier's purchase orders, newest first, optionally by status. */
export async function listPurchaseOrders(
  ctx: StoreContext,
  page: number,
  status?: FulfilmentStatus,
): Promise<PurchaseOrderList> {
  const where = and(visibleToSupplier(ctx.storeId), status ? eq(fulfilments.status, status) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(fulfilments)
      .innerJoin(orders, and(eq(orders.id, fulfilments.orderId), eq(orders.storeId, fulfilments.storeId)))
      .where(where)
      .orderBy(desc(fulfilments.createdAt))
      .limit(PURCHASE_ORDERS_PAGE_SIZE)
      .offset((page - 1) * PURCHASE_ORDERS_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(fulfilments).where(where),
  ]);
  const [names, refunded] = await Promise.all([
    storeDisplayNames(
      ctx,
      rows.map((r) => r.storeId),
    ),
    refundedOfPackages(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    items: rows.map((r) => toSummary(netOfRefunds(r as SummaryRow, refunded), names)),
    total: n,
    page,
    pageSize: PURCHASE_ORDERS_PAGE_SIZE,
  };
}

/** One purchase order of the supplier. Throws FULFILMENT_NOT_FOUND (not this supplier's, or not paid yet). */
export async function getPurchaseOrder(ctx: StoreContext, id: string): Promise<PurchaseOrderView> {
  const [row] = await ctx.db
    .select({
      ...summaryColumns,
      trackingNumber: fulfilments.trackingNumber,
      rejectReason: fulfilments.rejectReason,
      shipping: fulfilments.shipping,
      address: orders.address,
    })
    .from(fulfilments)
    .innerJoin(orders, and(eq(orders.id, fulfilments.orderId), eq(orders.storeId, fulfilments.storeId)))
    .where(and(eq(fulfilments.id, id), visibleToSupplier(ctx.storeId)))
    .limit(1);
  if (!row) throw new AppError('FULFILMENT_NOT_FOUND');
  const lines = await ctx.db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      options: orderItems.options,
      image: orderItems.imageUrl,
      quantity: orderItems.quantity,
      sourceVariantId: orderItems.sourceVariantId,
      wholesaleUnitCents: orderItems.wholesaleUnitCents,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.storeId, row.storeId),
        eq(orderItems.fulfilmentId, id),
        eq(orderItems.supplierStoreId, ctx.storeId),
      ),
    );
  const [names, skus, refunded] = await Promise.all([
    storeDisplayNames(ctx, [row.storeId]),
    variantSkus(
      ctx,
      lines.flatMap((l) => (l.sourceVariantId ? [l.sourceVariantId] : [])),
    ),
    refundedQuantities(
      ctx,
      lines.map((l) => l.id),
    ),
  ]);
  const a = row.address;
  const refundedOf = (id: string) => refunded.get(id) ?? 0;
  return {
    ...toSummary(
      {
        ...(row as SummaryRow),
        units: row.units - lines.reduce((n, l) => n + refundedOf(l.id), 0),
        wholesaleCents:
          row.wholesaleCents - lines.reduce((n, l) => n + refundedOf(l.id) * (l.wholesaleUnitCents ?? 0), 0),
      },
      names,
    ),
    lines: lines.map((l) => ({
      id: l.id,
      sku: (l.sourceVariantId && skus.get(l.sourceVariantId)) || '',
      name: l.name,
      options: l.options,
      image: l.image,
      quantity: l.quantity - refundedOf(l.id),
      refundedQuantity: refundedOf(l.id),
      wholesaleUnitCents: l.wholesaleUnitCents ?? 0,
      lineWholesaleCents: (l.wholesaleUnitCents ?? 0) * (l.quantity - refundedOf(l.id)),
    })),
    shipTo: a
      ? {
          fullName: a.fullName,
          street: a.street,
          exteriorNumber: a.exteriorNumber,
          interiorNumber: a.interiorNumber ?? null,
          postalCode: a.postalCode,
          state: a.state,
          municipality: a.municipality,
          city: a.city ?? null,
          neighborhood: a.neighborhood,
          deliveryInstructions: a.deliveryInstructions ?? null,
          phone: a.phone,
        }
      : null,
    shipping: {
      proveedor: row.shipping.proveedor,
      servicio: row.shipping.servicio,
      precio: row.shipping.precio,
      entrega: row.shipping.entrega,
    },
    trackingNumber: row.trackingNumber,
    rejectReason: row.rejectReason,
    nextStatuses: nextPackageStatuses(row.status as FulfilmentStatus, 'supplier'),
  };
}
