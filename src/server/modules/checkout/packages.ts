/**
 * How a marketplace order ships (decision 135): its lines grouped into packages — the store's own lines, then one
 * package per supplier in the order the cart first names it — each quoted from its own origin for the service the
 * shopper chose; the shopper sees one shipping total (their sum) with the per-package detail. A cart without
 * listings is one package quoted exactly as before. Amounts are integer centavos.
 */
import type { StoreContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import type { CartLine, RateServiceResponse, ShippingQuote } from '../../../shared/contracts/checkout.js';
import { quoteShipping } from '../shipping/index.js';
import { variantsForSale, type SoldVariant } from './sold-variants.js';

/** A cart line with the variant it buys as sold here. */
export interface SoldLine extends CartLine {
  variant: SoldVariant;
}

/** The lines one package holds: the store's own (`supplierStoreId` null) or one supplier's. */
export interface PackageLines<L extends SoldLine = SoldLine> {
  supplierStoreId: string | null;
  lines: L[];
}

/** Groups lines into packages: own lines first, then each supplier in order of its first line. */
export function groupIntoPackages<L extends SoldLine>(lines: L[]): PackageLines<L>[] {
  const groups = new Map<string | null, L[]>();
  const own = lines.filter((l) => !l.variant.source);
  if (own.length) groups.set(null, own);
  for (const l of lines) {
    const s = l.variant.source?.supplierStoreId;
    if (s) groups.set(s, [...(groups.get(s) ?? []), l]);
  }
  return [...groups].map(([supplierStoreId, ls]) => ({ supplierStoreId, lines: ls }));
}

/** One package's quotes: parcels from the lines' products, origin from the supplier's store when it is one's. */
async function quotePackage(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  postalCode: string,
  p: PackageLines,
): Promise<ShippingQuote[]> {
  return quoteShipping(ctx, {
    postalCode,
    items: p.lines.map(({ sku, quantity }) => ({ sku, quantity })),
    originStoreId: p.supplierStoreId ?? undefined,
  });
}

/**
 * The quotes of each package (same order as `packages`) and the combined offer: the services every package can use,
 * priced at the sum, delivered when the slowest package is. Throws POSTAL_CODE_NOT_FOUND.
 */
export async function quotePackages(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  postalCode: string,
  packages: PackageLines[],
): Promise<{ perPackage: ShippingQuote[][]; combined: RateServiceResponse }> {
  const perPackage = await Promise.all(packages.map((p) => quotePackage(ctx, postalCode, p)));
  if (perPackage.length === 1) return { perPackage, combined: perPackage[0] };
  const combined: RateServiceResponse = [];
  for (const first of perPackage[0] ?? []) {
    // Pickup at the store's branch is for its own goods only: a supplier's package always ships.
    if (first.servicio === 'pickup') continue;
    const each = perPackage.map((qs) => qs.find((q) => q.servicio === first.servicio));
    if (each.some((q) => !q)) continue;
    const all = each as ShippingQuote[];
    combined.push({
      proveedor: first.proveedor,
      servicio: first.servicio,
      precio: all.reduce((s, q) => s + q.precio, 0),
      minDays: Math.max(...all.map((q) => q.minDays)),
      maxDays: Math.max(...all.map((q) => q.maxDays)),
      paquetes: all.map((q) => ({ precio: q.precio, minDays: q.minDays, maxDays: q.maxDays })),
    });
  }
  return { perPackage, combined };
}

/**
 * POST /api/reseller/packaging/rate-service: the shipping offer for a cart to a postal code, per package summed.
 * Lines not sold here are left out (the cart quote reports them). Throws POSTAL_CODE_NOT_FOUND.
 */
export async function quoteCartShipping(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  input: { postalCode: string; items: CartLine[] },
): Promise<RateServiceResponse> {
  const variants = await variantsForSale(
    ctx,
    input.items.map((i) => i.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const lines = input.items.flatMap((i) => {
    const variant = bySku.get(i.sku);
    return variant ? [{ ...i, variant }] : [];
  });
  if (!lines.some((l) => l.variant.source)) return quoteShipping(ctx, input);
  return (await quotePackages(ctx, input.postalCode, groupIntoPackages(lines))).combined;
}

/**
 * The coupon's discount split over the packages pro rata to their items (decision 136): largest remainder, ties to
 * the package listed first, so the parts sum to the discount exactly. Centavos.
 */
export function splitDiscount(discountCents: number, itemsCents: number[]): number[] {
  const total = itemsCents.reduce((s, x) => s + x, 0);
  if (!discountCents || !total) return itemsCents.map(() => 0);
  const exact = itemsCents.map((x) => (BigInt(discountCents) * BigInt(x)) / BigInt(total));
  const parts = exact.map(Number);
  const rest = itemsCents.map((x, i) => ({ i, r: (BigInt(discountCents) * BigInt(x)) % BigInt(total) }));
  let left = discountCents - parts.reduce((s, x) => s + x, 0);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

/** Pickup is only for the store's own goods: a cart with a supplier's lines ships. Throws SHIPPING_NOT_AVAILABLE. */
export function assertPickupAllowed(servicio: string, packages: PackageLines[]): void {
  if (servicio === 'pickup' && packages.some((p) => p.supplierStoreId)) throw new AppError('SHIPPING_NOT_AVAILABLE');
}
