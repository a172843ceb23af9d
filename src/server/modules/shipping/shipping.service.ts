/**
 * Shipping quotes for a cart to a Mexican postal code (SPEC §2 /micarrito/envio, §9 shipping kinds): the
 * destination state comes from SEPOMEX, parcels from the products' weight and packaging dimensions, prices from the
 * configured ShippingProvider (built-in table rates). Prices are integer centavos.
 */
import type { StoreContext } from '../../lib/context.js';
import type { ShippingQuote } from '../../providers/shipping/index.js';
import { lookupPostalCode } from '../accounts/index.js';
import { getVariantsForCheckout } from '../catalog/index.js';

/**
 * Quotes every service for `items` to `postalCode`; `ctx.db` may be a transaction. Throws POSTAL_CODE_NOT_FOUND.
 * Unknown SKUs are ignored.
 */
export async function quoteShipping(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  input: { postalCode: string; items: { sku: string; quantity: number }[] },
): Promise<ShippingQuote[]> {
  const place = await lookupPostalCode(ctx, input.postalCode);
  const variants = await getVariantsForCheckout(
    ctx,
    input.items.map((i) => i.sku),
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const parcels = input.items.flatMap((i) => {
    const v = bySku.get(i.sku);
    return v
      ? [
          {
            weightGrams: v.weightGrams,
            lengthCm: v.lengthCm,
            widthCm: v.widthCm,
            heightCm: v.heightCm,
            quantity: i.quantity,
          },
        ]
      : [];
  });
  return ctx.providers.shipping.quote({ state: place.state, parcels });
}
