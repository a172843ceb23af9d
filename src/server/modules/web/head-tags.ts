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
}): { lang: string; head: string } {
  const { config, product, origin, nonce } = input;
  if (!config) {
    return {
      lang: 'es',
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
    const image = product.image ? `${origin}${product.image}-960.webp` : null;
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

/**
 * The inline script (with this response's script nonce) at the head of every server-rendered page that keeps a tap
 * made before the page has hydrated (decision 085). Until the app takes them, a click on a button inside `#root` that
 * does nothing without scripts (any button except a submit button of a form with an `action`, which the browser
 * submits itself) is stopped and kept, at most 20; so is a click on a link once a tap has been kept (the order of "add
 * to cart, then the cart link" holds). `window.__vitrinaTaps.take()` (src/web/lib/taps-before-hydration.ts) stops
 * keeping and returns them in order, for the app to click again once hydrated. Otherwise links, radios and a form with
 * an action keep their browser behaviour.
 */
export function tapKeeper(nonce: string): string {
  const code =
    '(function(w,d){var q=[],on=1;' +
    'function keep(e){if(!on)return;var t=e.target,c=t&&t.closest,b=c?t.closest("#root button"):null;' +
    // A link is kept only behind a kept tap, so that "add to cart, then the cart link" happen in that order.
    'if(!b){b=c&&q.length?t.closest("#root a[href]"):null;if(!b)return}' +
    'else if(b.disabled||(b.type!=="button"&&b.form&&b.form.hasAttribute("action")))return;' +
    'e.preventDefault();e.stopPropagation();if(q.length<20)q.push(b)}' +
    'd.addEventListener("click",keep,true);' +
    'w.__vitrinaTaps={take:function(){on=0;d.removeEventListener("click",keep,true);var k=q;q=[];return k}}' +
    '})(window,document)';
  return `<script nonce="${escapeHtml(nonce)}">${code}</script>`;
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
 * The inline script (with this response's script nonce) that server-rendered pages carry in place of the app's
 * `<script type="module">` and its modulepreload links (decision 084). It adds them once the page's largest image
 * (`image`, the `src` of the `<img>` the head preloads) has loaded and been painted, two frames later, so on a slow
 * network that image does not share the bandwidth with ~80 KB of scripts. When that image is already there (it loaded
 * while the page was parsing) or there is none, the scripts still wait for the first paint (the image decoded, then two
 * frames): a script requested before the page's first paint delays it in Lighthouse's simulated throttling (FCP
 * and LCP both later: docs/performance.md). After `maxWaitMs` (default 2,500 ms) they load whatever happens (a page
 * opened in a background tab gets no frames), at once if the image fails. Paths are written as script-safe JSON.
 */
export function deferredScripts(input: {
  entry: string;
  preload: string[];
  image: string | null;
  nonce: string;
  maxWaitMs?: number;
}): string {
  const json = (v: unknown) =>
    JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const code =
    `(function(d){var done=0,entry=${json(input.entry)},pre=${json(input.preload)},src=${json(input.image)};` +
    'function go(){if(done)return;done=1;' +
    "pre.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
    "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;d.head.appendChild(s)}" +
    'function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}' +
    `setTimeout(go,${input.maxWaitMs ?? 2500});` +
    "var img=null,all=d.querySelectorAll('#root img');" +
    "for(var i=0;i<all.length;i++)if(src&&all[i].getAttribute('src')===src){img=all[i];break}" +
    // Decoded, then painted: an image that loaded while the page was still parsing has not been painted yet either.
    'function ready(){if(img&&img.decode)img.decode().then(painted,painted);else painted()}' +
    "if(!img||img.complete)ready();else{img.addEventListener('load',ready);img.addEventListener('error',go)}" +
    '})(document)';
  return `<script nonce="${escapeHtml(input.nonce)}">${code}</script>`;
}
