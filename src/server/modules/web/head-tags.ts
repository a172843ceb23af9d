/**
 * The store's head tags injected into index.html before any script runs (DESIGN.md "Web"): title, icon, language,
 * theme colour and CSS custom properties of the store colours; on /product also the product's title, description,
 * image (Open Graph) and a JSON-LD Product with its offer in MXN. Every value is HTML-escaped. The inline <style> and
 * <script> carry the response's CSP nonces (`nonce`), the only inline elements the page policy lets through
 * (plugins/security-headers.ts).
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
};

export function renderHead(input: {
  config: WebsiteConfig | null;
  product?: ProductDetail | null;
  origin: string;
  path: string;
  /** This response's CSP nonces (hex), from `reply.cspNonce`. */
  nonce: { script: string; style: string };
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
    tags.push(
      `<link rel="canonical" href="${escapeHtml(`${origin}/product?codigo=${encodeURIComponent(product.codigo)}`)}" />`,
    );
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
  return { lang: config.lang, head: tags.join('\n    ') };
}

/** Puts the head tags and language into the built index.html. */
export function injectHead(html: string, rendered: { lang: string; head: string }): string {
  return html
    .replace('<html lang="es">', `<html lang="${rendered.lang}">`)
    .replace('<!--vitrina-head-->', rendered.head);
}
