/**
 * The store's head tags injected into index.html before any script runs: title, icon, language,
 * theme colour and CSS custom properties of the store colours; on /product also the product's title, description,
 * image (Open Graph) and a JSON-LD Product with its offer in MXN. Every value is HTML-escaped. The inline <style> and
 * <script> carry the response's CSP nonces (`nonce`), the only inline elements the page policy lets through
 * (plugins/security-headers.ts). The entry pages (home, search, product) also get a canonical link and `hreflang`
 * alternates for es and en (`?lang=`, read by src/web/lib/i18n.ts), and the server-rendered ones a preload of their
 * largest image (decision 035).
 */
import type { WebsiteConfig } from '../../../shared/contracts/stores.js';
import type { ProductDetail } from '../../../shared/contracts/catalog.js';
import { absoluteFileUrl } from '../../lib/public-url.js';
import { INLINE_INPUT, inlineScriptCode, type InlineScriptName } from './inline-scripts.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/** CSS custom property names of the store colours (websiteConfig.colors keys). */
const COLOR_VARS: Record<string, string> = {
  navbar: '--color-navbar',
  navbarText: '--color-navbar-text',
  primary: '--color-primary',
  secondary: '--color-secondary',
  info: '--color-info',
  highlight: '--color-highlight',
  footerBg: '--color-footer-bg',
  footerText: '--color-footer-text',
  bannerText: '--color-banner-text',
};

export function renderHead(input: {
  config: WebsiteConfig | null;
  product?: ProductDetail | null;
  origin: string;
  path: string;
  /** This response's CSP nonces (hex), from `reply.cspNonce`. */
  nonce: { script: string; style: string };
  /** The image to preload (server-rendered pages, ssr.ts). */
  preload?: { href: string; srcset?: string; sizes?: string } | null;
  /** The store's language when there is no config to read it from (a suspended or unpublished store's page). */
  storeLang?: string | null;
}): { lang: string; head: string } {
  const { config, product, origin, nonce } = input;
  if (!config) {
    return {
      lang: input.storeLang === 'en' ? 'en' : 'es',
      head: '<title>Vitrina</title>\n<meta name="description" content="Vitrina: crea tu tienda en línea en México." />',
    };
  }
  const tags: string[] = [];
  const title = product ? `${product.name} | ${config.nombretienda}` : config.nombretienda;
  const description = product ? product.shortDescription || product.name : (config.aboutUs ?? config.nombretienda);
  tags.push(`<title>${escapeHtml(title)}</title>`);
  tags.push(`<meta name="description" content="${escapeHtml(description.slice(0, 300))}" />`);
  if (config.icon) tags.push(`<link rel="icon" href="${escapeHtml(config.icon)}" />`);
  const primary = config.colors.navbar ?? config.colors.primary;
  if (primary && /^#[0-9a-fA-F]{3,8}$/.test(primary)) tags.push(`<meta name="theme-color" content="${primary}" />`);
  const vars = Object.entries(config.colors)
    .filter(([k, v]) => COLOR_VARS[k] && /^#[0-9a-fA-F]{3,8}$/.test(v))
    .map(([k, v]) => `${COLOR_VARS[k]}:${v}`);
  // A banner button with its own text colour sits on the primary colour (a white button would hide white text).
  if (vars.some((v) => v.startsWith('--color-banner-text:'))) vars.push('--color-banner-bg:var(--color-primary)');
  // `html:root` outranks the stylesheet's `:root` defaults, which Vite links after these tags.
  if (vars.length)
    tags.push(`<style id="store-theme" nonce="${escapeHtml(nonce.style)}">html:root{${vars.join(';')}}</style>`);
  tags.push(`<meta property="og:site_name" content="${escapeHtml(config.nombretienda)}" />`);
  tags.push(`<meta property="og:title" content="${escapeHtml(title)}" />`);
  tags.push(`<meta property="og:description" content="${escapeHtml(description.slice(0, 300))}" />`);
  if (product) {
    const image = product.image ? absoluteFileUrl(origin, `${product.image}-960.webp`) : null;
    tags.push('<meta property="og:type" content="product" />');
    if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`);
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.codigo,
      description: product.shortDescription,
      ...(image ? { image } : {}),
      ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
      ...(product.ratingCount
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.ratingAvg,
              reviewCount: product.ratingCount,
            },
            // The product detail carries only visible reviews (decision 157): a hidden one is never marked up.
            review: product.reviews.slice(0, 5).map((r) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: r.authorName },
              datePublished: r.createdAt.slice(0, 10),
              name: r.title,
              reviewBody: r.comment,
              reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
      offers: {
        '@type': 'Offer',
        priceCurrency: 'MXN',
        price: (product.priceCents / 100).toFixed(2),
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${origin}/product?codigo=${encodeURIComponent(product.codigo)}`,
      },
    };
    // "<" is escaped so the JSON cannot close the script element.
    const json = JSON.stringify(ld).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json" nonce="${escapeHtml(nonce.script)}">${json}</script>`);
  }
  const url = new URL(input.path, 'http://localhost');
  const urlLang = url.searchParams.get('lang');
  const canonical = canonicalPath(url, product?.codigo);
  if (canonical !== null) {
    const withLang = (lang: string) => `${origin}${canonical}${canonical.includes('?') ? '&' : '?'}lang=${lang}`;
    const self = urlLang === 'es' || urlLang === 'en' ? withLang(urlLang) : `${origin}${canonical}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(self)}" />`);
    tags.push(`<link rel="alternate" hreflang="es" href="${escapeHtml(withLang('es'))}" />`);
    tags.push(`<link rel="alternate" hreflang="en" href="${escapeHtml(withLang('en'))}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${canonical}`)}" />`);
  }
  if (input.preload) {
    const p = input.preload;
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(p.href)}"` +
        (p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}"` : '') +
        (p.sizes ? ` imagesizes="${escapeHtml(p.sizes)}"` : '') +
        ' />',
    );
  }
  const lang = urlLang === 'es' || urlLang === 'en' ? urlLang : config.lang;
  return { lang, head: tags.join('\n    ') };
}

const SEARCH_PARAMS = ['q', 'departamento', 'categoria', 'page'];

/**
 * The canonical path of an entry page ("/", a search page with its q, departamento, categoria and page, or the
 * product), or null for any other page. Sorting and `lang` are left out: they show the same products.
 */
export function canonicalPath(url: URL, codigo?: string): string | null {
  if (url.pathname === '/') return '/';
  if (url.pathname === '/product') return codigo ? `/product?codigo=${encodeURIComponent(codigo)}` : null;
  if (!['/search', '/search/keyword', '/deps', '/deps/departamento', '/cat'].includes(url.pathname)) return null;
  const kept = new URLSearchParams();
  for (const k of SEARCH_PARAMS) {
    const v = url.searchParams.get(k);
    if (v && !(k === 'page' && v === '1')) kept.set(k, v);
  }
  const qs = kept.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

/** An inline script (src/web/lib/inline, decision 131) with its input and this response's script nonce. */
function inlineScript(name: InlineScriptName, input: unknown, nonce: string): string {
  // Script-safe JSON: it cannot end the script element nor open a comment (still the same value).
  const json = JSON.stringify(input).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // A function as the replacement: a "$&" in the input must stay literal.
  return `<script nonce="${escapeHtml(nonce)}">${inlineScriptCode(name).replace(INLINE_INPUT, () => json)}</script>`;
}

/**
 * The tap keeper (src/web/lib/inline/tap-keeper.ts, decision 085) at the head of every server-rendered page: keeps a
 * tap on a button that needs scripts made before the page has hydrated, for the app to make again once hydrated.
 */
export function tapKeeper(nonce: string): string {
  return inlineScript('tap-keeper', null, nonce);
}

/**
 * Puts the head tags and language into the built index.html; with `body` (a server-rendered page, ssr.ts) also the
 * page markup into `<div id="root">` and its hydration state, as inert JSON carrying the script nonce.
 */
export function injectHead(
  html: string,
  rendered: { lang: string; head: string },
  body?: { html: string; stateJson: string; nonce: string; preloadScripts?: string[] },
): string {
  // Functions as replacements: a "$&" or "$1" in a product's text must stay literal.
  let out = html
    .replace('<html lang="es">', () => `<html lang="${rendered.lang}">`)
    .replace('<!--vitrina-head-->', () => rendered.head);
  if (body) {
    const preloads = (body.preloadScripts ?? [])
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
      .join('');
    out = out
      .replace('</head>', () => `${tapKeeper(body.nonce)}${preloads}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body.html}</div><script id="vitrina-state" type="application/json" nonce="${escapeHtml(body.nonce)}">${body.stateJson}</script>`,
      );
  }
  return out;
}

/**
 * The script loader (src/web/lib/inline/deferred-scripts.ts, decision 084) that server-rendered pages carry in place
 * of the app's `<script type="module">` and its modulepreload links: it adds them once the page's largest image
 * (`image`) has been painted, or after `maxWaitMs` (default 2,500 ms) whatever happens.
 */
export function deferredScripts(input: {
  entry: string;
  preload: string[];
  image: string | null;
  nonce: string;
  maxWaitMs?: number;
}): string {
  const { nonce, maxWaitMs, ...rest } = input;
  return inlineScript('deferred-scripts', { ...rest, maxWaitMs: maxWaitMs ?? 2500 }, nonce);
}
