/**
 * The store builder's look and settings (/admin/mi-tienda, /admin/website, the set-up wizard;
 * `config_store.wizard_config`) and the website switch (activated or deactivated).
 * Everything is written to the `stores` row, whose trigger publishes a `store` change (change feed, decision 033), so
 * every instance forgets its cached domain look-up and language at once; the storefront configuration itself is read
 * from the database on every request (GET /api/reseller/configwebsite and the page head), so it is never stale.
 */
import { eq, sql } from 'drizzle-orm';
import { stores, type StoreSettings } from '../../db/schema/stores.js';
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import { AppError, assertFound } from '../../lib/app-error.js';
import {
  COLOR_KEYS,
  DEFAULT_COLORS,
  SOCIAL_HOSTS,
  canonicalSocialUrl,
  wizardDraft,
  type Social,
  type SocialNetwork,
  type Colors,
  type ImageRef,
  type StoreInfoBody,
  type StoreLookBody,
  type WebConfigs,
  type WizardDraft,
  type WizardState,
} from '../../../shared/contracts/website.js';
import type { FilePurpose } from '../../../shared/contracts/files.js';
import { assertStoreFiles } from '../files/index.js';

type StoreRow = typeof stores.$inferSelect;

/**
 * Checks the uploaded images named by file id belong to the store and have the right purpose (files module: 422
 * otherwise), and replaces each such reference's URL with the stored file's own (a client cannot name one file and
 * show another). References without a file id (an https URL, the seed's images) pass as they are.
 */
async function resolveImages(
  ctx: StoreDbContext,
  groups: { refs: (ImageRef | null | undefined)[]; purposes: FilePurpose[] }[],
): Promise<void> {
  for (const g of groups) {
    const withId = g.refs.filter((r): r is ImageRef & { fileId: string } => !!r?.fileId);
    if (!withId.length) continue;
    const found = await assertStoreFiles(
      ctx,
      withId.map((r) => r.fileId),
      g.purposes,
    );
    for (const r of withId) r.url = found.get(r.fileId)?.url ?? r.url;
  }
}

async function loadStore(ctx: StoreDbContext): Promise<StoreRow> {
  const rows = await ctx.db.select().from(stores).where(eq(stores.id, ctx.storeId)).limit(1);
  return assertFound(rows[0], 'STORE_NOT_FOUND');
}

const ref = (url: string | undefined | null, fileId?: string): ImageRef | null =>
  url ? { url, ...(fileId ? { fileId } : {}) } : null;

function colorsOf(s: StoreSettings): Colors {
  const c = s.colors ?? {};
  return Object.fromEntries(
    COLOR_KEYS.map((k) => [k, typeof c[k] === 'string' && /^#[0-9a-fA-F]{6}$/.test(c[k]!) ? c[k]! : DEFAULT_COLORS[k]]),
  ) as Colors;
}

/**
 * GET /api/proveedor/webconfigs: the values /admin/mi-tienda and /admin/website edit; colours the store never set
 * come as the defaults, images it never uploaded as null or empty lists. `storeUrl` is the storefront address.
 */
export async function getWebConfigs(ctx: StoreDbContext, storeUrl: string): Promise<WebConfigs> {
  const store = await loadStore(ctx);
  const s = store.settings ?? {};
  const first = s.bannerImages?.[0];
  return {
    info: {
      name: store.name,
      lang: store.lang === 'en' ? 'en' : 'es',
      supportPhone: s.supportPhone ?? '',
      supportEmail: s.supportEmail ?? '',
      menuName: s.menuName ?? '',
      aboutUs: s.aboutUs ?? '',
      websiteActive: store.websiteActive,
    },
    look: {
      logo: ref(s.logoUrl, s.logoFileId),
      icon: ref(store.iconUrl, s.iconFileId),
      cartIcon: s.cartIcon ?? null,
      verificationIcon: s.verificationIcon ?? null,
      colors: colorsOf(s),
      bannerButton: s.bannerButton ?? {
        title: first?.buttonTitle ?? '',
        url: first?.buttonUrl ?? '',
        textColor: '#ffffff',
      },
      carousel: (s.carouselImages ?? []).map((i) => ({ url: i.url, ...(i.fileId ? { fileId: i.fileId } : {}) })),
      banners: (s.bannerImages ?? []).map((i) => ({ url: i.url, ...(i.fileId ? { fileId: i.fileId } : {}) })),
      social: storedSocialUrls(s.social),
    },
    storeUrl,
  };
}

/**
 * The stored social URLs as the seller edits them: a spelling saved before decision 106 comes in its stored form, any
 * other value as it is (the form then asks the seller to correct it), never an error.
 */
function storedSocialUrls(stored: StoreSettings['social']): Social {
  const out = { facebook: '', instagram: '', youtube: '' };
  for (const k of Object.keys(SOCIAL_HOSTS) as SocialNetwork[]) {
    const v = stored?.[k];
    if (typeof v === 'string' && v) out[k] = canonicalSocialUrl(k, v) ?? v;
  }
  return out;
}

/** Drops empty strings from the social URLs (an empty one means "no link"). */
function socialSettings(social: StoreLookBody['social']): StoreSettings['social'] {
  return Object.fromEntries(
    (Object.keys(SOCIAL_HOSTS) as (keyof typeof SOCIAL_HOSTS)[]).filter((k) => social[k]).map((k) => [k, social[k]]),
  );
}

/** Merges `patch` into the store's settings JSON in one statement (no lost update between two saves). */
async function patchSettings(
  ctx: StoreDbContext,
  patch: Partial<StoreSettings>,
  columns: Partial<Pick<StoreRow, 'name' | 'lang' | 'iconUrl' | 'websiteActive' | 'wizardConfig'>> = {},
): Promise<void> {
  // Keys set to undefined are removed: JSON.stringify leaves them out, so they are listed for `-` separately.
  const removed = Object.entries(patch)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  const json = JSON.stringify(patch);
  await ctx.db
    .update(stores)
    .set({
      ...columns,
      settings: sql`(coalesce(${stores.settings}, '{}'::jsonb) - ${sql.raw(`'{${removed.join(',')}}'::text[]`)}) || ${json}::jsonb`,
    })
    .where(eq(stores.id, ctx.storeId));
}

/**
 * PUT /api/proveedor/webconfigs/info (/admin/mi-tienda): name, language, support phone and email, main menu name,
 * about-us text and the website switch. Input is already validated by `storeInfoBody`.
 */
export async function saveStoreInfo(ctx: StoreDbContext, body: StoreInfoBody): Promise<void> {
  await patchSettings(
    ctx,
    {
      supportPhone: body.supportPhone || undefined,
      supportEmail: body.supportEmail || undefined,
      menuName: body.menuName || undefined,
      aboutUs: body.aboutUs || undefined,
    },
    { name: body.name, lang: body.lang, websiteActive: body.websiteActive },
  );
}

/**
 * PUT /api/proveedor/webconfigs/look (/admin/website): images, colours, banner button, carousel, banners and social
 * URLs, validated by `storeLookBody` (at least one carousel image and one banner, every colour, social hosts).
 */
export async function saveStoreLook(ctx: StoreDbContext, body: StoreLookBody): Promise<void> {
  await resolveImages(ctx, [
    { refs: [body.logo], purposes: ['logo'] },
    { refs: [body.icon, body.cartIcon, body.verificationIcon], purposes: ['icon', 'logo'] },
    { refs: [...body.banners, ...body.carousel], purposes: ['banner', 'carousel'] },
  ]);
  const b = body.bannerButton;
  await patchSettings(
    ctx,
    {
      logoUrl: body.logo?.url,
      logoFileId: body.logo?.fileId,
      iconFileId: body.icon?.fileId,
      cartIcon: body.cartIcon ?? undefined,
      verificationIcon: body.verificationIcon ?? undefined,
      colors: body.colors,
      bannerButton: b,
      // The storefront's banners carry the button (the home page reads them from configwebsite).
      bannerImages: body.banners.map((i) => ({
        ...i,
        ...(b.title ? { buttonTitle: b.title } : {}),
        ...(b.url ? { buttonUrl: b.url } : {}),
        buttonTextColor: b.textColor,
      })),
      carouselImages: body.carousel,
      social: socialSettings(body.social),
    },
    { iconUrl: body.icon?.url ?? null },
  );
}

interface StoredWizard {
  draft?: unknown;
  finishedAt?: string;
}

/**
 * The stored draft, checked with today's rules one step at a time: a step saved under an older rule is dropped (the
 * seller fills it again), the others are kept; never an error on read.
 */
function draftOf(stored: unknown): WizardDraft {
  const whole = wizardDraft.safeParse(stored);
  if (whole.success) return whole.data;
  const draft: WizardDraft = { step: 0 };
  if (!stored || typeof stored !== 'object') return draft;
  const shape = wizardDraft.shape;
  for (const [key, value] of Object.entries(stored)) {
    if (!(key in shape)) continue;
    const field = shape[key as keyof typeof shape].safeParse(value);
    if (field.success && field.data !== undefined) Object.assign(draft, { [key]: field.data });
  }
  return draft;
}

function wizardStateOf(row: StoreRow): WizardState {
  const w = (row.wizardConfig ?? {}) as StoredWizard;
  return {
    draft: draftOf(w.draft),
    finishedAt: typeof w.finishedAt === 'string' ? w.finishedAt : null,
    inProgress: !w.finishedAt && w.draft !== undefined,
    suggested: !w.finishedAt && w.draft === undefined && !(row.settings?.bannerImages ?? []).length,
  };
}

/** GET /api/proveedor/wizard: the saved draft (step 0 and nothing else when never started) and whether it finished. */
export async function getWizard(ctx: StoreDbContext): Promise<WizardState> {
  return wizardStateOf(await loadStore(ctx));
}

/**
 * PUT /api/proveedor/wizard: saves the draft as a step is left (decision 050). Nothing goes live: the storefront
 * keeps its current look until Finish. Saving after Finish starts a new draft.
 */
export async function saveWizardDraft(ctx: StoreDbContext, draft: WizardDraft): Promise<WizardState> {
  await resolveImages(ctx, [
    { refs: [draft.logo], purposes: ['logo'] },
    { refs: draft.banners ?? [], purposes: ['banner', 'carousel'] },
  ]);
  const [row] = await ctx.db
    .update(stores)
    .set({ wizardConfig: sql`jsonb_build_object('draft', ${JSON.stringify(draft)}::jsonb)` })
    .where(eq(stores.id, ctx.storeId))
    .returning();
  return wizardStateOf(assertFound(row, 'STORE_NOT_FOUND'));
}

/**
 * POST /api/proveedor/wizard/finish: applies the wizard's language, logo, banners, colours and social URLs to the
 * live store in one statement and marks the wizard finished. Body validated by `wizardFinishBody`.
 */
export async function finishWizard(
  ctx: StoreDbContext,
  body: Required<Omit<WizardDraft, 'step'>>,
): Promise<WizardState> {
  await resolveImages(ctx, [
    { refs: [body.logo], purposes: ['logo'] },
    { refs: body.banners, purposes: ['banner', 'carousel'] },
  ]);
  const draft: WizardDraft = { step: 4, ...body };
  await patchSettings(
    ctx,
    {
      logoUrl: body.logo?.url,
      logoFileId: body.logo?.fileId,
      colors: body.colors,
      bannerImages: body.banners,
      social: socialSettings(body.social),
    },
    {
      lang: body.lang,
      wizardConfig: { draft, finishedAt: new Date().toISOString() },
    },
  );
  return getWizard(ctx);
}

/**
 * Refuses storefront carts and orders while the store's website is deactivated (decision 051): throws
 * WEBSITE_DEACTIVATED (403). Read from the database, not the per-process domain cache, so a switch on any instance
 * applies to the next request everywhere.
 */
export async function assertWebsiteActive(ctx: StoreContext): Promise<void> {
  const [r] = await ctx.db
    .select({ active: stores.websiteActive })
    .from(stores)
    .where(eq(stores.id, ctx.storeId))
    .limit(1);
  if (!r?.active) throw new AppError('WEBSITE_DEACTIVATED');
}
