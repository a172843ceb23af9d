/**
 * The demo marketplace (decision 134): the supplier store publishes every product at a wholesale price of 55-65 % of
 * its retail price, and each reseller demo store lists a few of them in one of its departments at its own price
 * (wholesale × 1.4, up to the next ,90 peso, never below the listing floor of decision 136 at the store's fee rate).
 * A listing's product is a copy of the supplier's content in the reseller's store, made through the catalog module
 * so its search document is built. Money is integer centavos MXN.
 */
import type { Db } from '../db/client.js';
import { createProduct, markProductCopy } from '../modules/catalog/index.js';
import { storeFeeBps } from '../modules/subscriptions/index.js';
import { insertDemoListings, insertDemoOffers, refreshOffers, type DemoListing } from '../modules/marketplace/index.js';
import { listingFloorCents } from '../../shared/money.js';
import type { SeedCatalogFile } from './seed-catalog.js';

type SeedProduct = SeedCatalogFile['products'][number];

/** A supplier's product as the seed created it. */
export interface SeededProduct {
  id: string;
  variantIds: string[];
  imageUrl: string | null;
  data: SeedProduct;
}

/** What each reseller demo store lists and where: supplier product codes and the department/category they go in. */
export interface ResellerPlan {
  storeId: string;
  lang: 'es' | 'en';
  codes: string[];
  department: { slug: string; name: string };
  category: { slug: string; name: string };
  /** English titles and descriptions for a store in English (the listing's own title, decision 134). */
  english?: Record<string, { name: string; description: string }>;
}

/** The first sentence of `text`, at most 160 characters (a product's short description). */
function firstSentence(text: string): string {
  const first = text.trim().split(/(?<=\.)\s/)[0] ?? '';
  return first.length <= 160 ? first : `${first.slice(0, 159).replace(/\s+\S*$/, '')}…`;
}

/** The wholesale price: 55-65 % of `retailCents` (the percentage varies by product), whole pesos. */
export function wholesaleOf(retailCents: number, index: number): number {
  const pct = 55 + ((index * 7) % 11);
  return Math.max(100, Math.round((retailCents * pct) / 10_000) * 100);
}

/** The smallest price ending in ,90 centavos that is at least `cents`. */
export function upToNinety(cents: number): number {
  return Math.ceil((cents - 90) / 100) * 100 + 90;
}

/** A reseller's retail price for `wholesaleCents`: × 1.4 up to ,90, raised to the listing floor at `feeBps`. */
export function resellerPrice(wholesaleCents: number, feeBps: number): number {
  const floor = listingFloorCents(wholesaleCents, feeBps);
  return upToNinety(Math.max(Math.round(wholesaleCents * 1.4), floor));
}

/** Publishes every product of the supplier; answers the offer id and wholesale price by product code. */
export async function publishDemoOffers(
  db: Db,
  supplierStoreId: string,
  products: SeededProduct[],
  leadTimeDays: [number, number],
): Promise<Map<string, { offerId: string; wholesaleCents: number[] }>> {
  const priced = products.map((p, i) => ({
    p,
    wholesale: p.data.variants.map((v) => wholesaleOf(v.priceCents, i)),
  }));
  const ids = await insertDemoOffers(
    { db, storeId: supplierStoreId },
    priced.map(({ p, wholesale }) => ({
      productId: p.id,
      suggestedRetailCents: p.data.priceCents,
      leadTimeDaysMin: leadTimeDays[0],
      leadTimeDaysMax: leadTimeDays[1],
      variants: p.variantIds.map((variantId, j) => ({ variantId, wholesaleCents: wholesale[j] })),
    })),
  );
  const out = new Map<string, { offerId: string; wholesaleCents: number[] }>();
  for (const { p, wholesale } of priced) {
    const offerId = ids.get(p.id);
    if (offerId) out.set(p.data.codigo, { offerId, wholesaleCents: wholesale });
  }
  // What the global catalogue searches and shows of each offer (decision 137), as publishing in the admin makes it.
  await refreshOffers({ db }, supplierStoreId, null);
  return out;
}

/** Creates the reseller's listings of `plan.codes`: product copies at its prices, then the listing rows. */
export async function listDemoOffers(
  db: Db,
  supplierStoreId: string,
  supplier: Map<string, SeededProduct>,
  offers: Map<string, { offerId: string; wholesaleCents: number[] }>,
  plan: ResellerPlan,
): Promise<number> {
  const ctx = { db, storeId: plan.storeId };
  const feeBps = await storeFeeBps(ctx);
  const items: DemoListing[] = [];
  for (const code of plan.codes) {
    const src = supplier.get(code);
    const offer = offers.get(code);
    if (!src || !offer) throw new Error(`demo marketplace: ${code} is not an offer of the supplier`);
    const p = src.data;
    const en = plan.english?.[code];
    const prices = offer.wholesaleCents.map((w) => resellerPrice(w, feeBps));
    const copy = await createProduct(ctx, {
      codigo: p.codigo,
      name: en?.name ?? p.name,
      shortDescription: en ? firstSentence(en.description) : p.shortDescription,
      description: en?.description ?? p.description,
      usage: p.usage,
      keywords: p.keywords,
      brand: p.brand,
      department: plan.department,
      category: plan.category,
      weightGrams: p.weightGrams,
      dimensionsCm: p.dimensionsCm,
      packaging: {
        ...p.packaging,
        lengthCm: p.dimensionsCm.length,
        widthCm: p.dimensionsCm.width,
        heightCm: p.dimensionsCm.height,
        grossWeightGrams: p.weightGrams,
      },
      attributes: p.attributes,
      specifications: p.specifications,
      // The same photo URLs as the supplier's: the copy shows the supplier's photos, never a second upload.
      imageUrl: src.imageUrl,
      origin: 'MX',
      // The stock is the supplier's; the copy mirrors it for display and search.
      variants: p.variants.map((v, j) => ({ sku: v.sku, options: v.options, priceCents: prices[j], stock: v.stock })),
    });
    await markProductCopy(ctx, copy.id, src.id);
    items.push({
      offerId: offer.offerId,
      supplierStoreId,
      productId: copy.id,
      titleOverride: en?.name ?? null,
      descriptionOverride: en?.description ?? null,
      variants: copy.variantIds.map((variantId, j) => ({
        variantId,
        sourceVariantId: src.variantIds[j],
        acceptedWholesaleCents: offer.wholesaleCents[j],
      })),
    });
  }
  return insertDemoListings(ctx, items);
}
