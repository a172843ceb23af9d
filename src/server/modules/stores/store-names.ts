/**
 * Rules for a new store's name and address beyond their format (decision 101): no brand, payment or security word
 * inside either (src/shared/store-names.ts), a name's Unicode look-alikes cured first with `unhomoglyph` (the Unicode
 * confusables table: Cyrillic "а", Greek "Ρ", full-width and script letters), and no address that looks like an existing store's ("dem0" next to
 * "demo"), found through the index on the slug skeleton. Publication after the owner's email is verified is here too
 * (decision 100).
 */
import unhomoglyph from 'unhomoglyph';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { stores } from '../../db/schema/stores.js';
import type { DbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { publishChange } from '../../db/change-feed.js';
import { forbiddenWordIn, nameSkeleton, SLUG_SKELETON_SQL } from '../../../shared/store-names.js';

/**
 * `text` with its confusable characters replaced by the letters they imitate ("Рaypal" → "Paypal"), after the
 * Unicode confusables table (UTS #39). Diacritics are dropped first so that "León" stays "Leon". The table reads some
 * Latin letters as pairs ("m" → "rn"); the skeleton merges those back.
 */
export function cureConfusables(text: string): string {
  return unhomoglyph(text.normalize('NFKD').replace(/\p{M}/gu, ''));
}

/** The brand, payment or security word a store name contains once cured (decision 101), or null. */
export function forbiddenWordInStoreName(name: string): string | null {
  return forbiddenWordIn(cureConfusables(name)) ?? forbiddenWordIn(name);
}

/** The slug of an existing store whose address looks like `slug` (same skeleton), other than `slug` itself, or null. */
export async function findLookAlikeSlug(ctx: DbContext, slug: string): Promise<string | null> {
  const rows = await ctx.db
    .select({ slug: stores.slug })
    .from(stores)
    .where(sql`${sql.raw(SLUG_SKELETON_SQL('"stores"."slug"'))} = ${nameSkeleton(slug)}`)
    .limit(2);
  return rows.find((r) => r.slug !== slug)?.slug ?? null;
}

/**
 * Refuses a new store's name or address (before any work is done): VALIDATION_FAILED (400) with a field error on
 * `storeName` (store_name_reserved) or `slug` (slug_reserved, slug_similar); SLUG_TAKEN (409) when a store has it.
 * The address's format and reserved words were already checked by the contract (storeSlug).
 */
export async function assertNewStoreNameAllowed(ctx: DbContext, input: { name: string; slug: string }): Promise<void> {
  if (forbiddenWordInStoreName(input.name))
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'storeName', code: 'store_name_reserved', message: '' }]);
  const [taken] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.slug, input.slug)).limit(1);
  if (taken) throw new AppError('SLUG_TAKEN', { slug: input.slug });
  if (await findLookAlikeSlug(ctx, input.slug))
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'slug', code: 'slug_similar', message: '' }]);
}

/**
 * Inside the transaction that creates a store: serialises creations of look-alike addresses (a transaction-scoped
 * advisory lock on the skeleton), then refuses `slug` when a store with a look-alike address exists by now. Of two
 * sign-ups for "demo" and "dem0" at once, one wins. Throws VALIDATION_FAILED (slug_similar).
 */
export async function claimSlugSkeleton(ctx: DbContext, slug: string): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`vitrina.slug:${nameSkeleton(slug)}`}))`);
  if (await findLookAlikeSlug(ctx, slug))
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'slug', code: 'slug_similar', message: '' }]);
}

/**
 * Publishes the stores of `storeIds` that are not yet (decision 100), inside the caller's transaction; every instance
 * forgets its cached look-up of them when it commits. Returns the ids published now.
 */
export async function publishStores(ctx: DbContext, storeIds: string[]): Promise<string[]> {
  if (!storeIds.length) return [];
  const rows = await ctx.db
    .update(stores)
    .set({ publishedAt: sql`now()` })
    .where(and(inArray(stores.id, storeIds), isNull(stores.publishedAt)))
    .returning({ id: stores.id });
  for (const r of rows) await publishChange(ctx.db, { storeId: r.id, topic: 'store' });
  return rows.map((r) => r.id);
}
