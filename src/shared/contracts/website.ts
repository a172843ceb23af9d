/**
 * Store look, settings, set-up wizard and content (website settings, carousel, initial set-up
 * wizard, policies, FAQ, glossary, and their validation rules). Used by the routes
 * of src/server/modules/stores/website.routes.ts and the admin forms alike.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { email, text, uuid } from './common.js';

/** The eight colours of the site look, in the order the form shows them. */
export const COLOR_KEYS = [
  'navbar',
  'navbarText',
  'primary',
  'secondary',
  'info',
  'highlight',
  'footerBg',
  'footerText',
] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

/** Defaults a new look starts from (the storefront stylesheet's own colours). */
export const DEFAULT_COLORS: Record<ColorKey, string> = {
  navbar: '#0f172a',
  navbarText: '#ffffff',
  primary: '#0b5fa5',
  secondary: '#1f8a70',
  info: '#334155',
  highlight: '#c2410c',
  footerBg: '#0f172a',
  footerText: '#e2e8f0',
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour `#rrggbb`, required, with its own message: errors:fields.color_<key>. */
const colour = (key: string) => z.string({ error: `i18n:color_${key}` }).regex(HEX, { message: `i18n:color_${key}` });

export const colors = z.object(
  Object.fromEntries(COLOR_KEYS.map((k) => [k, colour(k)])) as Record<ColorKey, ReturnType<typeof colour>>,
);
export type Colors = z.infer<typeof colors>;

/** An image's URL: a path on this site (an upload) or an https URL. */
export const imageUrl = text({ max: 500 }).refine(
  (v) => /^\/uploads\/[A-Za-z0-9._/-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
  {
    params: { i18n: 'image_url' },
  },
);
/** An image reference: its URL and, when uploaded through the files module, the file id. */
export const imageRef = z.object({ url: imageUrl, fileId: uuid.optional() });
export type ImageRef = z.infer<typeof imageRef>;

/** The domain of each social network. */
export const SOCIAL_DOMAINS = {
  facebook: 'facebook.com',
  instagram: 'instagram.com',
  youtube: 'youtube.com',
} as const;
export type SocialNetwork = keyof typeof SOCIAL_DOMAINS;

/** What a social URL starts with once stored (the rule says "must start with {host}"; decision 106). */
export const SOCIAL_HOSTS: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  youtube: 'https://www.youtube.com/',
};

/**
 * The stored form of a social URL of `network` (decision 106): `https://www.<domain>/<path>`, from
 * `https://<domain>…`, `https://www.<domain>…` or `https://m.<domain>…` (host in any case; the path kept as given).
 * Null for anything else: another host (`facebook.com.evil.mx`), http, or characters a link must not carry.
 */
export function canonicalSocialUrl(network: SocialNetwork, value: string): string | null {
  const domain = SOCIAL_DOMAINS[network].replace('.', '\\.');
  const m = new RegExp(`^https://(?:(?:www|m)\\.)?${domain}(/[^\\s"'<>\\\\]*)?$`, 'i').exec(value);
  return m ? `${SOCIAL_HOSTS[network]}${(m[1] ?? '/').slice(1)}` : null;
}

/**
 * A social URL in a form: empty (none) or a URL of the network in any spelling `canonicalSocialUrl` accepts, saved in
 * its stored form; errors:fields.social_<network>.
 */
const socialUrl = (network: SocialNetwork) =>
  text({ max: 300 })
    .refine((v) => v === '' || canonicalSocialUrl(network, v) !== null, {
      params: { i18n: `social_${network}` },
    })
    .overwrite((v) => (v === '' ? v : (canonicalSocialUrl(network, v) ?? v)));
export const social = z.object({
  facebook: socialUrl('facebook'),
  instagram: socialUrl('instagram'),
  youtube: socialUrl('youtube'),
});
export type Social = z.infer<typeof social>;

/** A link target of the banner button: empty, a path of the store ("/search?q=...") or an https URL. */
const linkUrl = text({ max: 500 }).refine(
  (v) => v === '' || /^\/[^\s"'<>]*$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
  {
    params: { i18n: 'link_url' },
  },
);

export const bannerButton = z.object({
  title: text({ max: 40 }),
  url: linkUrl,
  textColor: colour('bannerText'),
});

/** At least one image, else "upload an image before continuing"; errors:fields.<which>_required. */
const images = (which: 'carousel' | 'banner', max: number) =>
  z
    .array(imageRef)
    .min(1, { message: `i18n:${which}_required` })
    .max(max);

/** Store languages. */
export const storeLang = z.enum(['es', 'en']);

/** A Mexican (or international, with +) phone number checked with libphonenumber-js. */
const supportPhone = text({ max: 20 }).refine((v) => v === '' || isValidPhoneNumber(v, 'MX'), {
  params: { i18n: 'invalid_phone' },
});

/** PUT /api/proveedor/webconfigs/info: /admin/mi-tienda. */
export const storeInfoBody = z.object({
  name: text({ min: 2, max: 80 }),
  lang: storeLang,
  supportPhone,
  supportEmail: z.union([z.literal(''), email]),
  menuName: text({ max: 40 }),
  aboutUs: text({ max: 2000, multiline: true }),
  websiteActive: z.boolean(),
});
export type StoreInfoBody = z.infer<typeof storeInfoBody>;

/** PUT /api/proveedor/webconfigs/look: /admin/website. */
export const storeLookBody = z.object({
  logo: imageRef.nullable(),
  icon: imageRef.nullable(),
  cartIcon: imageRef.nullable(),
  verificationIcon: imageRef.nullable(),
  colors,
  bannerButton,
  carousel: images('carousel', 10),
  banners: images('banner', 5),
  social,
});
export type StoreLookBody = z.infer<typeof storeLookBody>;

/**
 * Answers carry what the database holds, checked only for its type: a value saved under an older or looser rule (or
 * by hand) is shown to the seller, who fixes it on the next save, instead of failing the read with a 500. The input
 * schemas above are the rules; these are the shapes.
 */
const storedImageRef = z.object({ url: z.string(), fileId: z.string().optional() });
/** The social URLs as stored (empty when none). */
export const storedSocial = z.object({ facebook: z.string(), instagram: z.string(), youtube: z.string() });

/** GET /api/proveedor/webconfigs: what both pages edit; an unset look comes with defaults and empty image lists. */
export const webConfigs = z.object({
  info: z.object({
    name: z.string(),
    lang: storeLang,
    supportPhone: z.string(),
    supportEmail: z.string(),
    menuName: z.string(),
    aboutUs: z.string(),
    websiteActive: z.boolean(),
  }),
  look: z.object({
    logo: storedImageRef.nullable(),
    icon: storedImageRef.nullable(),
    cartIcon: storedImageRef.nullable(),
    verificationIcon: storedImageRef.nullable(),
    colors: z.object(Object.fromEntries(COLOR_KEYS.map((k) => [k, z.string()])) as Record<ColorKey, z.ZodString>),
    bannerButton: z.object({ title: z.string(), url: z.string(), textColor: z.string() }),
    carousel: z.array(storedImageRef),
    banners: z.array(storedImageRef),
    social: storedSocial,
  }),
  /** The storefront address, for "view my store". */
  storeUrl: z.string(),
});
export type WebConfigs = z.infer<typeof webConfigs>;

/** Steps of the set-up wizard, in order. */
export const WIZARD_STEPS = ['language', 'logo', 'banner', 'colors', 'social'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * The wizard's draft (`wizard_config`): the step to resume at and the values of the steps saved so far. Each value is
 * checked with its step's own rules when saved.
 */
export const wizardDraft = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(WIZARD_STEPS.length - 1),
  lang: storeLang.optional(),
  logo: imageRef.nullable().optional(),
  banners: images('banner', 5).optional(),
  colors: colors.optional(),
  social: social.optional(),
});
export type WizardDraft = z.infer<typeof wizardDraft>;

/** GET /api/proveedor/wizard and the answer of its PUT and finish. */
export const wizardState = z.object({
  draft: wizardDraft,
  /** ISO time the wizard was finished, or null while it is pending. */
  finishedAt: z.string().nullable(),
  /** True when a draft was saved but not finished (the dashboard offers to resume it). */
  inProgress: z.boolean(),
  /** True when the wizard never ran and the store has no banner yet (the dashboard offers to start it). */
  suggested: z.boolean(),
});
export type WizardState = z.infer<typeof wizardState>;

/** POST /api/proveedor/wizard/finish: every step must be complete. */
export const wizardFinishBody = z.object({
  lang: storeLang,
  logo: imageRef.nullable(),
  banners: images('banner', 5),
  colors,
  social,
});

/** Content kinds (storefront pages): three rich-text pages and two lists. */
export const PAGE_KINDS = ['aviso', 'politicas_compras', 'pagos_envios'] as const;
export const LIST_KINDS = ['faq', 'glosario'] as const;
export const contentKind = z.enum([...PAGE_KINDS, ...LIST_KINDS]);
export type ContentKind = z.infer<typeof contentKind>;

/** A rich-text page body: HTML, sanitised on the server (only formatting tags and links survive). */
export const pageBody = z.object({ html: text({ max: 60_000, multiline: true }) });
export const faqBody = z.object({
  items: z
    .array(z.object({ question: text({ min: 1, max: 300 }), answer: text({ min: 1, max: 4000, multiline: true }) }))
    .max(100),
});
export const glossaryBody = z.object({
  items: z
    .array(z.object({ word: text({ min: 1, max: 100 }), definition: text({ min: 1, max: 2000, multiline: true }) }))
    .max(300),
});
/** PUT /api/proveedor/content/:kind: a page body for the pages, an item list for faq and glosario. */
export const contentBody = z.union([pageBody, faqBody, glossaryBody]);

/** GET /api/reseller/content/:kind and /api/proveedor/content/:kind. */
export const contentResponse = z.object({
  kind: contentKind,
  html: z.string().nullable(),
  items: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
  terms: z.array(z.object({ word: z.string(), definition: z.string() })).nullable(),
  /** False while the store shows the default text (never saved). */
  customised: z.boolean(),
});
export type ContentResponse = z.infer<typeof contentResponse>;
