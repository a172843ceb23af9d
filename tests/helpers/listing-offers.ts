/**
 * Offers of the global catalogue for the listing tests, inserted as the supplier's publish API would write them (that
 * API is built apart): a new product of the supplier's store and its offer, with a wholesale price per variant.
 */
import { eq } from 'drizzle-orm';
import { createProductFixture } from './factories.js';
import { setSupplierEnabled } from '../../src/server/modules/company/index.js';
import { catalogOfferVariants, catalogOffers, productVariants } from '../../src/server/db/schema/index.js';
import type { Db } from '../../src/server/db/client.js';

/** An offer of `storeId`'s new product: variants with their wholesale price (inserted as the publish API would). */
export async function offerFixture(
  db: Db,
  storeId: string,
  variants: { sku: string; options?: Record<string, string>; stock: number; wholesale: number }[],
  extra: { suggested?: number; status?: 'published' | 'unpublished'; codigo?: string } = {},
) {
  // A supplier's offers stay published only while its switch is on (decision 138).
  await setSupplierEnabled({ db, storeId }, true);
  const p = await createProductFixture(db, storeId, {
    ...(extra.codigo ? { codigo: extra.codigo } : {}),
    description: 'Taza de barro hecha a mano en Oaxaca.',
    specifications: [{ label: 'Material', value: 'Barro' }],
    attributes: { Material: ['Barro'] },
    weightGrams: 750,
    variants: variants.map((v) => ({
      sku: v.sku,
      options: v.options ?? {},
      priceCents: v.wholesale * 2,
      stock: v.stock,
    })),
  });
  const rows = await db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, p.id));
  const idOf = new Map(rows.map((r) => [r.sku, r.id]));
  const [offer] = await db
    .insert(catalogOffers)
    .values({
      storeId,
      productId: p.id,
      status: extra.status ?? 'published',
      suggestedRetailCents: extra.suggested ?? null,
      wholesaleFromCents: Math.min(...variants.map((v) => v.wholesale)),
    })
    .returning({ id: catalogOffers.id });
  await db
    .insert(catalogOfferVariants)
    .values(
      variants.map((v) => ({ storeId, offerId: offer.id, variantId: idOf.get(v.sku)!, wholesaleCents: v.wholesale })),
    );
  return {
    offerId: offer.id,
    productId: p.id,
    codigo: p.codigo,
    variants: variants.map((v) => ({ id: idOf.get(v.sku)!, sku: v.sku, wholesale: v.wholesale })),
  };
}
