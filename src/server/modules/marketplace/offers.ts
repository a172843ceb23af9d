/**
 * A supplier's offers (decision 134): publishing one of its own products to the global catalogue at per-variant
 * wholesale prices, updating it, withdrawing it. Every query is scoped by the supplier's store (ctx.storeId); the
 * product is read through the catalog module. Money is integer centavos.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { catalogOfferVariants, catalogOffers, listings } from '../../db/schema/marketplace.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { withTx, type StoreContext } from '../../lib/context.js';
import { MAX_PRODUCT_PRICE_CENTS } from '../../../shared/contracts/catalog-admin.js';
import { publishOfferBody, type PublishOfferBody, type SupplierOffer } from '../../../shared/contracts/marketplace.js';
import { formatMoney } from '../../../shared/money.js';
import { findOfferSourceByCode, type OfferSourceProduct } from '../catalog/index.js';
import { isSupplierEnabled } from '../company/index.js';
import { relistOffer, snapshotOffer, supplierNameOf, withdrawOffers, renameSupplierOffers } from './offer-snapshot.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId'>;

async function productOrThrow(ctx: Ctx, code: string): Promise<OfferSourceProduct> {
  const source = await findOfferSourceByCode(ctx, code);
  if (!source) throw new AppError('PRODUCT_NOT_FOUND', { codigo: code });
  return source;
}

async function isListing(ctx: Ctx, productId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.storeId, ctx.storeId), eq(listings.productId, productId)))
    .limit(1);
  return Boolean(row);
}

async function offerView(ctx: Ctx, source: OfferSourceProduct): Promise<SupplierOffer> {
  const [offer] = await ctx.db
    .select()
    .from(catalogOffers)
    .where(and(eq(catalogOffers.storeId, ctx.storeId), eq(catalogOffers.productId, source.id)))
    .limit(1);
  const prices = offer
    ? new Map(
        (
          await ctx.db
            .select({ variantId: catalogOfferVariants.variantId, wholesaleCents: catalogOfferVariants.wholesaleCents })
            .from(catalogOfferVariants)
            .where(and(eq(catalogOfferVariants.storeId, ctx.storeId), eq(catalogOfferVariants.offerId, offer.id)))
        ).map((v) => [v.variantId, v.wholesaleCents]),
      )
    : new Map<string, number>();
  return {
    supplierEnabled: await isSupplierEnabled(ctx),
    product: {
      code: source.code,
      name: source.name,
      visible: source.visible,
      archived: source.archived,
      isListing: await isListing(ctx, source.id),
      variants: source.variants.map((v) => ({ ...v, wholesaleCents: prices.get(v.id) ?? null })),
    },
    offer: offer
      ? {
          id: offer.id,
          status: offer.status as 'published' | 'unpublished',
          suggestedRetailCents: offer.suggestedRetailCents,
          leadTimeDaysMin: offer.leadTimeDaysMin,
          leadTimeDaysMax: offer.leadTimeDaysMax,
          wholesaleFromCents: offer.wholesaleFromCents,
          publishedAt: offer.publishedAt.toISOString(),
          unpublishedAt: offer.unpublishedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The store's product `code` as a global catalogue offer (its variants, wholesale prices, state). 404 when none. */
export async function getSupplierOffer(ctx: Ctx, code: string): Promise<SupplierOffer> {
  return offerView(ctx, await productOrThrow(ctx, code));
}

function assertPrice(cents: number): void {
  if (!Number.isInteger(cents) || cents <= 0 || cents > MAX_PRODUCT_PRICE_CENTS)
    throw new AppError('OFFER_PRICE_INVALID', { max: formatMoney(MAX_PRODUCT_PRICE_CENTS) });
}

/**
 * Publishes (or updates) the store's product `code` in the global catalogue with `body`'s per-variant wholesale
 * prices; variants left out are not offered. Refuses: SUPPLIER_NOT_ENABLED (409), PRODUCT_NOT_FOUND (404),
 * OFFER_PRODUCT_ARCHIVED / OFFER_PRODUCT_HIDDEN / OFFER_PRODUCT_IS_LISTING (409), OFFER_VARIANT_INVALID and
 * OFFER_NO_VARIANT (422), OFFER_PRICE_INVALID (422: 0 or above the catalogue's largest price). Publishing a withdrawn
 * offer again puts its listings in review. One offer per product whatever the concurrency (unique index + upsert).
 */
export async function publishOffer(ctx: Ctx, code: string, input: PublishOfferBody): Promise<SupplierOffer> {
  const body = publishOfferBody.parse(input);
  if (!(await isSupplierEnabled(ctx))) throw new AppError('SUPPLIER_NOT_ENABLED');
  const source = await productOrThrow(ctx, code);
  if (await isListing(ctx, source.id)) throw new AppError('OFFER_PRODUCT_IS_LISTING', { codigo: code });
  if (source.archived) throw new AppError('OFFER_PRODUCT_ARCHIVED', { codigo: code });
  if (!source.visible) throw new AppError('OFFER_PRODUCT_HIDDEN', { codigo: code });
  const own = new Set(source.variants.map((v) => v.id));
  const prices = new Map<string, number>();
  for (const v of body.variants) {
    if (!own.has(v.variantId)) throw new AppError('OFFER_VARIANT_INVALID', { variantId: v.variantId });
    assertPrice(v.wholesaleCents);
    prices.set(v.variantId, v.wholesaleCents);
  }
  if (!prices.size) throw new AppError('OFFER_NO_VARIANT');
  if (body.suggestedRetailCents !== null) assertPrice(body.suggestedRetailCents);
  const supplierName = await supplierNameOf(ctx);
  const now = new Date();
  const settings = {
    status: 'published',
    suggestedRetailCents: body.suggestedRetailCents,
    leadTimeDaysMin: body.leadTimeDaysMin,
    leadTimeDaysMax: body.leadTimeDaysMax,
    wholesaleFromCents: Math.min(...prices.values()),
    unpublishedAt: null,
    updatedAt: now,
  };

  await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    // Locks an existing offer, so concurrent publishes of one product run one after the other.
    const [before] = await c.db
      .select({ status: catalogOffers.status })
      .from(catalogOffers)
      .where(and(eq(catalogOffers.storeId, c.storeId), eq(catalogOffers.productId, source.id)))
      .for('update');
    const [offer] = await c.db
      .insert(catalogOffers)
      .values({ ...settings, storeId: c.storeId, productId: source.id, publishedAt: now })
      .onConflictDoUpdate({
        target: catalogOffers.productId,
        set: before?.status === 'published' ? settings : { ...settings, publishedAt: now },
      })
      .returning({ id: catalogOffers.id, storeId: catalogOffers.storeId });
    // The product is this store's (read scoped above), so its offer is too; checked anyway before writing under it.
    if (offer.storeId !== c.storeId) throw new AppError('PRODUCT_NOT_FOUND', { codigo: code });
    await c.db
      .delete(catalogOfferVariants)
      .where(
        and(
          eq(catalogOfferVariants.storeId, c.storeId),
          eq(catalogOfferVariants.offerId, offer.id),
          notInArray(catalogOfferVariants.variantId, [...prices.keys()]),
        ),
      );
    await c.db
      .insert(catalogOfferVariants)
      .values(
        [...prices].map(([variantId, wholesaleCents]) => ({
          storeId: c.storeId,
          offerId: offer.id,
          variantId,
          wholesaleCents,
        })),
      )
      .onConflictDoUpdate({
        target: catalogOfferVariants.variantId,
        set: { wholesaleCents: sql`excluded.wholesale_cents`, updatedAt: now },
      });
    if (before?.status === 'unpublished') await relistOffer(c, offer.id);
    await snapshotOffer(c, offer.id, source, supplierName);
    await renameSupplierOffers(c, supplierName);
  });
  return getSupplierOffer(ctx, code);
}

/**
 * Withdraws the store's product `code` from the global catalogue; every listing of it stops selling (same
 * transaction). Idempotent. 404 OFFER_NOT_FOUND when it was never published.
 */
export async function unpublishOffer(ctx: Ctx, code: string): Promise<SupplierOffer> {
  const source = await productOrThrow(ctx, code);
  await runTransaction(ctx.db, async (tx) => {
    const c = withTx(ctx, tx);
    const offers = await c.db
      .select({ id: catalogOffers.id })
      .from(catalogOffers)
      .where(and(eq(catalogOffers.storeId, c.storeId), inArray(catalogOffers.productId, [source.id])))
      .for('update');
    if (!offers.length) throw new AppError('OFFER_NOT_FOUND', { codigo: code });
    await withdrawOffers(
      c,
      offers.map((o) => o.id),
    );
  });
  return getSupplierOffer(ctx, code);
}
