/**
 * Marketplace fixtures for tests (decision 134): a supplier's offer and a reseller's listing of it, written as rows
 * the way the marketplace module keeps them, so the order, stock and ledger tests do not depend on the admin screens.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import {
  catalogOfferVariants,
  catalogOffers,
  listingVariants,
  listings,
  productVariants,
} from '../../src/server/db/schema/index.js';
import { createProductFixture } from './factories.js';
import { setSupplierEnabled } from '../../src/server/modules/company/index.js';

/** A supplier's product offered at `wholesaleCents` per unit: returns its offer, product and variant. */
export async function offerFixture(
  db: Db,
  supplierStoreId: string,
  opts: { wholesaleCents?: number; stock?: number; priceCents?: number } = {},
): Promise<{
  offerId: string;
  productId: string;
  codigo: string;
  sku: string;
  variantId: string;
  wholesaleCents: number;
}> {
  const wholesaleCents = opts.wholesaleCents ?? 30_000;
  // A supplier's offers stay published only while its switch is on (decision 138).
  await setSupplierEnabled({ db, storeId: supplierStoreId }, true);
  const p = await createProductFixture(db, supplierStoreId, {
    variants: [
      {
        sku: `SUP-${Math.random().toString(36).slice(2, 8)}`,
        options: {},
        priceCents: opts.priceCents ?? 55_000,
        stock: opts.stock ?? 10,
      },
    ],
  });
  const [v] = await db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  const [offer] = await db
    .insert(catalogOffers)
    .values({ storeId: supplierStoreId, productId: p.id, wholesaleFromCents: wholesaleCents })
    .returning();
  await db
    .insert(catalogOfferVariants)
    .values({ storeId: supplierStoreId, offerId: offer.id, variantId: v.id, wholesaleCents });
  return { offerId: offer.id, productId: p.id, codigo: p.codigo, sku: v.sku, variantId: v.id, wholesaleCents };
}

/** A reseller's listing of `offer` at `retailCents`: its own product (code, SKU) in the reseller's store. */
export async function listingFixture(
  db: Db,
  resellerStoreId: string,
  offer: { offerId: string; variantId: string; wholesaleCents: number },
  supplierStoreId: string,
  retailCents = 45_000,
): Promise<{ listingId: string; codigo: string; sku: string; productId: string }> {
  const sku = `LST-${Math.random().toString(36).slice(2, 8)}`;
  const p = await createProductFixture(db, resellerStoreId, {
    variants: [{ sku, options: {}, priceCents: retailCents, stock: 0 }],
  });
  const [v] = await db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  const [l] = await db
    .insert(listings)
    .values({ storeId: resellerStoreId, offerId: offer.offerId, supplierStoreId, productId: p.id })
    .returning();
  await db.insert(listingVariants).values({
    storeId: resellerStoreId,
    listingId: l.id,
    variantId: v.id,
    sourceVariantId: offer.variantId,
    acceptedWholesaleCents: offer.wholesaleCents,
  });
  return { listingId: l.id, codigo: p.codigo, sku, productId: p.id };
}
