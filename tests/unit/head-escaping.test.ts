/**
 * The store's head tags injected into index.html (web/head-tags.ts): every store- or seller-written value is
 * HTML-escaped, the JSON-LD cannot close its script element, and only well-formed colours reach the inline style.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, injectHead, renderHead } from '../../src/server/modules/web/head-tags.js';
import type { WebsiteConfig } from '../../src/shared/contracts/stores.js';
import type { ProductDetail } from '../../src/shared/contracts/catalog.js';

const nonce = { script: 'a'.repeat(32), style: 'b'.repeat(32) };
const config = (over: Partial<WebsiteConfig> = {}) =>
  ({
    lang: 'es',
    nombretienda: 'Tienda "Rosa" <b>&</b>',
    icon: '/icon.png" onerror="alert(1)',
    logo: null,
    slug: 'rosa',
    websiteActive: true,
    colors: { navbar: '#0b4f8a', primary: 'red;}</style><script>alert(1)</script>' },
    banners: [],
    social: {},
    supportPhone: null,
    supportEmail: null,
    menuName: null,
    aboutUs: "Ropa de 'temporada'",
    ...over,
  }) as WebsiteConfig;
const product = {
  codigo: 'MH01"><x',
  name: '</script><script>alert(1)</script>',
  shortDescription: 'Sudadera <i>ligera</i>',
  brand: null,
  image: null,
  priceCents: 61900,
  inStock: true,
  ratingCount: 0,
} as unknown as ProductDetail;

describe('head tags', () => {
  it('escapeHtml escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('Café ñandú 100%')).toBe('Café ñandú 100%');
  });

  it('escapes the store name, description and icon, and drops a colour that is not a hex colour', () => {
    const { lang, head } = renderHead({ config: config(), origin: 'http://rosa.localhost', path: '/', nonce });
    expect(lang).toBe('es');
    expect(head).toContain('<title>Tienda &quot;Rosa&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(head).toContain('content="Ropa de &#39;temporada&#39;"');
    expect(head).toContain('<link rel="icon" href="/icon.png&quot; onerror=&quot;alert(1)" />');
    expect(head).toContain(`<style id="store-theme" nonce="${nonce.style}">html:root{--color-navbar:#0b4f8a}</style>`);
    expect(head).not.toContain('<script>');
    expect(head).not.toContain('<b>');
  });

  it('keeps a product name from closing the JSON-LD script, and escapes the canonical URL', () => {
    const { head } = renderHead({
      config: config(),
      product,
      origin: 'http://rosa.localhost',
      path: '/product',
      nonce,
    });
    const scripts = head.match(/<script\b/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(head).toContain(`<script type="application/ld+json" nonce="${nonce.script}">`);
    expect(head).toContain('href="http://rosa.localhost/product?codigo=MH01%22%3E%3Cx"');
    expect(head).toContain('"price":"619.00"');
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*)<\/script>/.exec(head)![1]);
    expect(ld.name).toBe(product.name);
  });

  it('without a store: the platform title in Spanish; injectHead sets the language and the tags', () => {
    const rendered = renderHead({ config: null, origin: 'http://localhost', path: '/', nonce });
    expect(rendered.lang).toBe('es');
    expect(rendered.head).toContain('<title>Vitrina</title>');
    const html = injectHead('<html lang="es"><head><!--vitrina-head--></head></html>', { lang: 'en', head: '<x>' });
    expect(html).toBe('<html lang="en"><head><x></head></html>');
  });
});
