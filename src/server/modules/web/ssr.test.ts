import { describe, expect, it } from 'vitest';
import { isEntryPage, scriptSafeJson } from './ssr.js';
import { canonicalPath, injectHead } from './head-tags.js';

describe('server rendering helpers (decision 035)', () => {
  it('embeds JSON that cannot close its script element and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028 $&' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('renders only the entry pages', () => {
    for (const p of ['/', '/search', '/search/keyword', '/deps', '/deps/departamento', '/cat', '/product'])
      expect(isEntryPage(p)).toBe(true);
    // The store's content pages too (decision 066).
    for (const p of ['/aviso', '/politicas_compras', '/pagos_envios', '/faq', '/glosario'])
      expect(isEntryPage(p)).toBe(true);
    for (const p of ['/micarrito', '/login', '/admin', '/somos']) expect(isEntryPage(p)).toBe(false);
  });

  it('canonical paths keep what selects products and drop sort, lang and page 1', () => {
    const c = (u: string, codigo?: string) => canonicalPath(new URL(u, 'http://x'), codigo);
    expect(c('/?lang=en')).toBe('/');
    expect(c('/search/keyword?q=gorra&sort=price_asc&page=1&lang=en')).toBe('/search/keyword?q=gorra');
    expect(c('/search?departamento=hombre&page=2')).toBe('/search?departamento=hombre&page=2');
    expect(c('/product?codigo=MH01', 'MH01')).toBe('/product?codigo=MH01');
    expect(c('/micarrito')).toBeNull();
  });

  it('puts the markup and state into the shell, keeping "$&" in a product literal', () => {
    const html = injectHead(
      '<html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div></body></html>',
      { lang: 'en', head: '<title>$& x</title>' },
      { html: '<p>$&</p>', stateJson: '{}', nonce: 'abc', preloadScripts: ['/assets/r.js'] },
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>$& x</title>');
    expect(html).toContain(
      '<div id="root"><p>$&</p></div><script id="vitrina-state" type="application/json" nonce="abc">{}</script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/r.js">');
  });
});
