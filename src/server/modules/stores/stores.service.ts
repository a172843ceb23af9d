/**
 * Stores (tenants): creation with their domains, the website configuration
 * (GET /api/reseller/configwebsite), order folios and the store language used by search.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { storeDomains, stores, type StoreSettings } from '../../db/schema/stores.js';
import type { DbContext, StoreContext, StoreDbContext } from '../../lib/context.js';
import { assertFound } from '../../lib/app-error.js';
import type { WebsiteConfig } from '../../../shared/contracts/stores.js';
import { DEFAULT_OXXO_FEE_CENTS } from '../../../shared/limits.js';
import { bannerSrcset } from '../../../shared/responsive-images.js';
import { canonicalSocialUrl, SOCIAL_DOMAINS, type SocialNetwork } from '../../../shared/contracts/website.js';
import { acceptedMethods } from '../../providers/payments/index.js';

export interface NewStore {
  slug: string;
  name: string;
  lang: 'es' | 'en';
  hostnames: string[];
  settings?: StoreSettings;
  iconUrl?: string | null;
  oxxoFeeCents?: number;
  /**
   * False for a store created at sign-up: its storefront stays unpublished until the owner verifies their email
   * (decision 100). Default true.
   */
  published?: boolean;
}

/** Creates a store and an active domain per hostname (the first is primary). Returns the store id. */
export async function createStore(ctx: DbContext, input: NewStore): Promise<{ id: string }> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [store] = await tx
      .insert(stores)
      .values({
        slug: input.slug,
        name: input.name,
        lang: input.lang,
        settings: input.settings ?? {},
        iconUrl: input.iconUrl ?? null,
        oxxoFeeCents: input.oxxoFeeCents ?? DEFAULT_OXXO_FEE_CENTS,
        ...(input.published === false && { publishedAt: null }),
      })
      .returning({ id: stores.id });
    if (input.hostnames.length) {
      await tx.insert(storeDomains).values(
        input.hostnames.map((h, i) => ({
          storeId: store.id,
          hostname: h.toLowerCase(),
          status: 'active',
          isPrimary: i === 0,
        })),
      );
    }
    return store;
  });
}

/** Updates a store's settings, name or icon (used by the seed). */
export async function updateStore(
  ctx: StoreDbContext,
  patch: { settings?: StoreSettings; iconUrl?: string | null; name?: string },
): Promise<void> {
  const { db, storeId } = ctx;
  await db.update(stores).set(patch).where(eq(stores.id, storeId));
}

/** The store row, or null. */
export async function getStoreById(ctx: StoreDbContext) {
  const { db, storeId } = ctx;
  const rows = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  return rows[0] ?? null;
}

/** Store by slug, or null. */
export async function getStoreBySlug(ctx: DbContext, slug: string) {
  const { db } = ctx;
  const rows = await db.select().from(stores).where(eq(stores.slug, slug)).limit(1);
  return rows[0] ?? null;
}

/** Number of stores (the seed runs on an empty database). */
export async function countStores(ctx: DbContext): Promise<number> {
  const { db } = ctx;
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(stores);
  return r.n;
}

/**
 * The social links the storefront shows: each stored URL in its stored form (decision 106); a value today's rule
 * refuses (saved under an older one, or by hand) is left out, so the storefront never links an unchecked address.
 */
function linkableSocial(stored: StoreSettings['social']): WebsiteConfig['social'] {
  const out: WebsiteConfig['social'] = {};
  for (const k of Object.keys(SOCIAL_DOMAINS) as SocialNetwork[]) {
    const url = typeof stored?.[k] === 'string' ? canonicalSocialUrl(k, stored[k]) : null;
    if (url) out[k] = url;
  }
  return out;
}

/** Website configuration of the context's store. Throws STORE_NOT_FOUND. */
export async function getWebsiteConfig(ctx: StoreContext): Promise<WebsiteConfig> {
  const store = assertFound(await getStoreById(ctx), 'STORE_NOT_FOUND');
  const s = store.settings ?? {};
  // An uploaded image (with a files-module id) is stored as its WebP base URL: the storefront gets a size of it.
  const sized = (url: string | null | undefined, fileId: string | undefined, width: number) =>
    url ? (fileId ? `${url}-${width}.webp` : url) : null;
  // Banners and carousel images also get the `srcset` of their sizes, so a phone loads a small one (decision 084).
  const wide = (i: { url: string; fileId?: string }) => ({
    ...i,
    url: sized(i.url, i.fileId, 1600)!,
    ...(i.fileId ? { srcset: bannerSrcset(i.url) } : {}),
  });
  return {
    lang: store.lang === 'en' ? 'en' : 'es',
    nombretienda: store.name,
    icon: sized(store.iconUrl, s.iconFileId, 160),
    logo: sized(s.logoUrl, s.logoFileId, 160),
    slug: store.slug,
    websiteActive: store.websiteActive,
    colors: {
      ...(Object.fromEntries(Object.entries(s.colors ?? {}).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >),
      // The banner button's text colour travels with the colours: the head sets it as a CSS variable.
      ...(s.bannerButton?.textColor ? { bannerText: s.bannerButton.textColor } : {}),
    },
    // The home carousel shows the banners (with the banner button) then the carousel images (decision 050).
    banners: [...(s.bannerImages ?? []), ...(s.carouselImages ?? [])]
      .map(({ fileId, ...i }) => wide({ ...i, fileId }))
      .map(({ fileId: _f, ...i }) => i),
    cartIcon: s.cartIcon ? sized(s.cartIcon.url, s.cartIcon.fileId, 160) : null,
    verificationIcon: s.verificationIcon ? sized(s.verificationIcon.url, s.verificationIcon.fileId, 160) : null,
    social: linkableSocial(s.social),
    supportPhone: s.supportPhone ?? null,
    supportEmail: s.supportEmail ?? null,
    menuName: s.menuName ?? null,
    aboutUs: s.aboutUs ?? null,
    oxxoFeeCents: store.oxxoFeeCents,
    paymentMethods: acceptedMethods(ctx.providers),
  };
}

/** Active and pending domains of the context's store. */
export async function listDomains(
  ctx: StoreDbContext,
): Promise<{ hostname: string; status: 'pending_validation' | 'active'; isPrimary: boolean }[]> {
  const rows = await ctx.db
    .select({ hostname: storeDomains.hostname, status: storeDomains.status, isPrimary: storeDomains.isPrimary })
    .from(storeDomains)
    .where(eq(storeDomains.storeId, ctx.storeId))
    .orderBy(sql`${storeDomains.isPrimary} desc`, storeDomains.hostname);
  return rows.map((r) => ({ ...r, status: r.status === 'active' ? 'active' : 'pending_validation' }));
}

/** Allocates the next order folio of a store inside the order transaction (row lock on the store). */
export async function nextFolio(ctx: StoreDbContext): Promise<number> {
  const { db: tx, storeId } = ctx;
  const [r] = await tx
    .update(stores)
    .set({ lastFolio: sql`${stores.lastFolio} + 1` })
    .where(eq(stores.id, storeId))
    .returning({ folio: stores.lastFolio });
  return assertFound(r, 'STORE_NOT_FOUND').folio;
}

/** OXXO fee of a store, centavos. */
export async function getOxxoFeeCents(ctx: StoreDbContext): Promise<number> {
  const { db, storeId } = ctx;
  const [r] = await db.select({ fee: stores.oxxoFeeCents }).from(stores).where(eq(stores.id, storeId)).limit(1);
  return assertFound(r, 'STORE_NOT_FOUND').fee;
}

const langCache = new Map<string, 'es' | 'en'>();

/**
 * Forgets the cached language of `storeId`, or of every store when null. The app calls it for every `store` change
 * and every reset the change feed reports (decision 033), so a language changed on any instance applies at once.
 */
export function forgetStoreLanguage(storeId: string | null): void {
  if (storeId) langCache.delete(storeId);
  else langCache.clear();
}

/** The store's language (es | en), cached per process until the change feed reports a store change. */
export async function getStoreLanguage(ctx: StoreDbContext): Promise<'es' | 'en'> {
  const { db, storeId } = ctx;
  const hit = langCache.get(storeId);
  if (hit) return hit;
  const [r] = await db.select({ lang: stores.lang }).from(stores).where(eq(stores.id, storeId)).limit(1);
  const lang = r?.lang === 'en' ? 'en' : 'es';
  langCache.set(storeId, lang);
  return lang;
}

/** The languages of many stores at once (es | en, by store id), through the same per-process cache. */
export async function getStoreLanguages(ctx: DbContext, storeIds: string[]): Promise<Map<string, 'es' | 'en'>> {
  const out = new Map<string, 'es' | 'en'>();
  const missing: string[] = [];
  for (const id of new Set(storeIds)) {
    const hit = langCache.get(id);
    if (hit) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await ctx.db
      .select({ id: stores.id, lang: stores.lang })
      .from(stores)
      .where(inArray(stores.id, missing));
    for (const r of rows) {
      const lang = r.lang === 'en' ? 'en' : 'es';
      langCache.set(r.id, lang);
      out.set(r.id, lang);
    }
  }
  return out;
}

/** The PostgreSQL text-search configuration for a store language. */
export function textSearchConfig(lang: 'es' | 'en'): 'spanish' | 'english' {
  return lang === 'en' ? 'english' : 'spanish';
}

/** True when `hostname` is an active domain of `storeId`. */
export async function isActiveDomainOf(ctx: StoreDbContext, hostname: string): Promise<boolean> {
  const { db, storeId } = ctx;
  const rows = await db
    .select({ id: storeDomains.id })
    .from(storeDomains)
    .where(
      and(eq(storeDomains.storeId, storeId), eq(storeDomains.hostname, hostname), eq(storeDomains.status, 'active')),
    )
    .limit(1);
  return rows.length > 0;
}

/** Name, slug and primary active hostname of each store in `ids` (the seller's store picker). */
export async function getStoreSummaries(
  ctx: DbContext,
  ids: string[],
): Promise<Map<string, { id: string; name: string; slug: string; hostname: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({
      id: stores.id,
      name: stores.name,
      slug: stores.slug,
      hostname: sql<string | null>`(select d.hostname from store_domains d where d.store_id = "stores"."id"
        and d.status = 'active' order by d.is_primary desc, d.hostname limit 1)`,
    })
    .from(stores)
    .where(inArray(stores.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
