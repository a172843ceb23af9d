/**
 * Shipping quotes for a cart to a Mexican postal code (/micarrito/envio, shipping kinds;decision 068): the destination state comes
 * from SEPOMEX, the origin state
 * from the postal code of the store's pickup location (Mexico City when it has none), the parcels from each
 * product's packaging (packages = ⌈units of the product in the cart / pieces per package⌉ of its gross weight and
 * outer dimensions) or, for a product without complete packaging data, from its unit weight and dimensions; prices from the configured
 * ShippingProvider (built-in table rates). Prices are integer centavos.
 */
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import type { Parcel, ShippingQuote } from '../../providers/shipping/index.js';
import { AppError } from '../../lib/app-error.js';
import { lookupPostalCode } from '../accounts/index.js';
import { getVariantsForCheckout, type CheckoutVariant } from '../catalog/index.js';
import { getPickupSettings } from './pickups.service.js';

/** What parcels need of a cart line: the product's unit weight and dimensions and its packaging. */
export interface ParcelSource {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  packaging?: CheckoutVariant['packaging'] | null;
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * The parcels of `quantity` units of a product (decision 068): with complete packaging data (pieces per package,
 * length, width, height and gross weight, all positive) ⌈quantity / pieces⌉ packages of the package's gross weight
 * and dimensions; otherwise `quantity` units of the product's own weight and dimensions (the rule before packaging).
 */
export function parcelsFor(source: ParcelSource, quantity: number): Parcel {
  const p = source.packaging ?? {};
  if (
    positive(p.piecesPerPackage) &&
    positive(p.lengthCm) &&
    positive(p.widthCm) &&
    positive(p.heightCm) &&
    positive(p.grossWeightGrams)
  )
    return {
      weightGrams: p.grossWeightGrams,
      lengthCm: p.lengthCm,
      widthCm: p.widthCm,
      heightCm: p.heightCm,
      quantity: Math.ceil(quantity / Math.max(1, Math.floor(p.piecesPerPackage))),
    };
  return {
    weightGrams: source.weightGrams,
    lengthCm: source.lengthCm,
    widthCm: source.widthCm,
    heightCm: source.heightCm,
    quantity,
  };
}

/**
 * The state parcels leave from: that of the postal code of the store's pickup location (/admin/pickups), or
 * undefined (the provider's default, Mexico City) when the store has none or its code is not in the catalogue.
 */
export async function originState(ctx: StoreDbContext): Promise<string | undefined> {
  const settings = await getPickupSettings(ctx);
  const postalCode = settings?.location.address.postalCode;
  if (!postalCode) return undefined;
  try {
    return (await lookupPostalCode(ctx, postalCode)).state;
  } catch (e) {
    if (e instanceof AppError && e.code === 'POSTAL_CODE_NOT_FOUND') return undefined;
    throw e;
  }
}

/**
 * Quotes every service for `items` (SKUs of `ctx.storeId`) to `postalCode`, leaving from the pickup location of
 * `originStoreId` (a supplier shipping a reseller's package; default the store's own); `ctx.db` may be a transaction.
 * Throws POSTAL_CODE_NOT_FOUND. Unknown SKUs are ignored.
 */
export async function quoteShipping(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  input: { postalCode: string; items: { sku: string; quantity: number }[]; originStoreId?: string },
): Promise<ShippingQuote[]> {
  const place = await lookupPostalCode(ctx, input.postalCode);
  const variants = await getVariantsForCheckout(
    ctx,
    input.items.map((i) => i.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  // Units of one product (several variants, several lines) share its packages.
  const byProduct = new Map<string, { source: ParcelSource; quantity: number }>();
  for (const i of input.items) {
    const v = bySku.get(i.sku);
    if (!v) continue;
    const line = byProduct.get(v.productId) ?? { source: v, quantity: 0 };
    line.quantity += i.quantity;
    byProduct.set(v.productId, line);
  }
  const parcels = [...byProduct.values()].map((l) => parcelsFor(l.source, l.quantity));
  const origin = await originState({ db: ctx.db, storeId: input.originStoreId ?? ctx.storeId });
  return ctx.providers.shipping.quote({ originState: origin, state: place.state, parcels });
}
