/**
 * Stock for checkout: variants are read for pricing and reserved atomically inside the
 * order transaction with a conditional UPDATE, so concurrent checkouts of the last units never oversell.
 * Lock order (src/server/db/transaction.ts): every function here touches rows sorted by id, variants before products,
 * so that a checkout, a cancellation and a payment never wait on each other in a circle (PostgreSQL deadlock 40P01).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { productVariants, products } from '../../db/schema/catalog.js';
import type { ProductPackaging } from '../../db/schema/catalog.js';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';

export interface CheckoutVariant {
  variantId: string;
  productId: string;
  sku: string;
  codigo: string;
  name: string;
  options: Record<string, string>;
  priceCents: number;
  stock: number;
  minOrderQty: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** The product's packaging: pieces per package, its dimensions and gross weight, when given. */
  packaging: ProductPackaging;
  imageUrl: string | null;
  available: boolean;
}

/** `lines` sorted by the id `key` gives: the one lock order of this module. */
function byId<T>(lines: T[], key: (l: T) => string | null): T[] {
  const k = (l: T) => key(l) ?? '';
  return [...lines].sort((a, b) => (k(a) < k(b) ? -1 : k(a) > k(b) ? 1 : 0));
}

/** Units per product (several variants of one product are one counter update), sorted by product id. */
function merged(lines: { productId: string | null; quantity: number }[]): { productId: string; quantity: number }[] {
  const m = new Map<string, number>();
  for (const l of lines) if (l.productId) m.set(l.productId, (m.get(l.productId) ?? 0) + l.quantity);
  return byId(
    [...m].map(([productId, quantity]) => ({ productId, quantity })),
    (l) => l.productId,
  );
}

/** Variants (with their product's data) of a store by SKU. `available` is false for hidden or archived products. */
export async function getVariantsForCheckout(ctx: StoreDbContext, skus: string[]): Promise<CheckoutVariant[]> {
  const { db, storeId } = ctx;
  if (!skus.length) return [];
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      sku: productVariants.sku,
      codigo: products.codigo,
      name: products.name,
      options: productVariants.options,
      priceCents: productVariants.priceCents,
      stock: productVariants.stock,
      minOrderQty: products.minOrderQty,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
      packaging: products.packaging,
      // The variant's colour photo when it has one (the cart line and the order keep the chosen colour's photo).
      imageUrl: sql<string | null>`coalesce(${productVariants.imageUrl}, ${products.imageUrl})`,
      visible: products.visible,
      archivedAt: products.archivedAt,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.id, productVariants.productId), eq(products.storeId, productVariants.storeId)))
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, skus)));
  return rows.map(({ visible, archivedAt, ...r }) => ({ ...r, available: visible && !archivedAt }));
}

/**
 * Takes `quantity` units of each variant, all or nothing. Returns the SKUs that lacked stock (then the caller rolls
 * back the transaction). Each UPDATE only succeeds while stock >= quantity, so stock never goes below zero.
 */
export async function reserveStock(
  ctx: StoreTxContext,
  lines: { variantId: string; sku: string; quantity: number }[],
): Promise<string[]> {
  const { db: tx, storeId } = ctx;
  const short: string[] = [];
  for (const l of byId(lines, (l) => l.variantId)) {
    const updated = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${l.quantity}` })
      .where(
        and(
          eq(productVariants.id, l.variantId),
          eq(productVariants.storeId, storeId),
          sql`${productVariants.stock} >= ${l.quantity}`,
        ),
      )
      .returning({ id: productVariants.id });
    if (!updated.length) short.push(l.sku);
  }
  return short;
}

/** Gives reserved units back (a cancelled or expired order). */
export async function releaseStock(
  ctx: StoreTxContext,
  lines: { variantId: string | null; quantity: number }[],
): Promise<void> {
  const { db: tx, storeId } = ctx;
  for (const l of byId(lines, (l) => l.variantId)) {
    if (!l.variantId) continue;
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${l.quantity}` })
      .where(and(eq(productVariants.id, l.variantId), eq(productVariants.storeId, storeId)));
  }
}

/** Adds sold units to products' best-seller counters (when an order is paid). */
export async function recordSale(
  ctx: StoreDbContext,
  lines: { productId: string | null; quantity: number }[],
): Promise<void> {
  const { db: tx, storeId } = ctx;
  for (const l of merged(lines)) {
    await tx
      .update(products)
      .set({ soldCount: sql`${products.soldCount} + ${l.quantity}` })
      .where(and(eq(products.id, l.productId), eq(products.storeId, storeId)));
  }
}

/** Takes a cancelled paid order's units back off the best-seller counters (never below zero). */
export async function reverseSale(
  ctx: StoreDbContext,
  lines: { productId: string | null; quantity: number }[],
): Promise<void> {
  const { db: tx, storeId } = ctx;
  for (const l of merged(lines)) {
    await tx
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} - ${l.quantity}, 0)` })
      .where(and(eq(products.id, l.productId), eq(products.storeId, storeId)));
  }
}

/** A unit count on a variant of a given store: a listing's line names the supplier's store and variant. */
export interface StoreVariantUnits {
  storeId: string;
  variantId: string;
  sku: string;
  quantity: number;
}

/**
 * `reserveStock` across stores (a marketplace order takes its listings' units from their suppliers' variants, decision
 * 134), all or nothing, in one lock order by variant id over every store so two orders never wait on each other in a
 * circle. Each update is scoped by the variant's own store. Returns the SKUs that lacked stock (the caller rolls back).
 */
export async function reserveStockAcross(
  ctx: { db: StoreTxContext['db'] },
  lines: StoreVariantUnits[],
): Promise<string[]> {
  const short: string[] = [];
  for (const l of byId(lines, (l) => l.variantId)) {
    const updated = await ctx.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${l.quantity}` })
      .where(
        and(
          eq(productVariants.id, l.variantId),
          eq(productVariants.storeId, l.storeId),
          sql`${productVariants.stock} >= ${l.quantity}`,
        ),
      )
      .returning({ id: productVariants.id });
    if (!updated.length) short.push(l.sku);
  }
  return short;
}

/** Gives units back across stores (a cancelled order, a rejected package), in the same lock order. */
export async function releaseStockAcross(
  ctx: { db: StoreTxContext['db'] },
  lines: Omit<StoreVariantUnits, 'sku'>[],
): Promise<void> {
  for (const l of byId(lines, (l) => l.variantId))
    await ctx.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${l.quantity}` })
      .where(and(eq(productVariants.id, l.variantId), eq(productVariants.storeId, l.storeId)));
}

/** Stock now of variants named with their own store, by variant id (variants not found are absent). */
export async function stockOfVariants(
  ctx: { db: StoreDbContext['db'] },
  variants: { storeId: string; variantId: string }[],
): Promise<Map<string, number>> {
  if (!variants.length) return new Map();
  const rows = await ctx.db
    .select({ id: productVariants.id, storeId: productVariants.storeId, stock: productVariants.stock })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        variants.map((v) => v.variantId),
      ),
    );
  const wanted = new Set(variants.map((v) => `${v.storeId}|${v.variantId}`));
  return new Map(rows.filter((r) => wanted.has(`${r.storeId}|${r.id}`)).map((r) => [r.id, r.stock]));
}

/** The SKUs of the store's variants `ids`, by id (a supplier reads its own SKUs on a reseller's purchase order). */
export async function variantSkus(ctx: StoreDbContext, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, ctx.storeId), inArray(productVariants.id, ids)));
  return new Map(rows.map((r) => [r.id, r.sku]));
}
