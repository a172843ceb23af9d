/**
 * Storefront pages answer the status they are (decision 107): an unknown path or product code is a real 404 with the
 * "page not found" page (in the store's language, with a link home), an archived product a 410, and every page the
 * storefront's router has a 200. Soft 404s (200 with "Loading..." that the browser then sends to /404) were indexed
 * by search engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { STOREFRONT_PATHS } from '../../src/shared/storefront-paths.js';

const SHELL =
  '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

describe('storefront page status', () => {
  let t: TestApp;
  let store: StoreFixture;
  let english: StoreFixture;
  let seller: string;
  let codigo: string;

  beforeAll(async () => {
    t = await createTestApp({}, { indexHtml: SHELL });
    store = await createStoreFixture(t.database.db);
    english = await createStoreFixture(t.database.db, { lang: 'en' });
    seller = (await createSellerFixture(t.app, store.id)).token;
    codigo = (await createProductFixture(t.database.db, store.id)).codigo;
  });
  afterAll(async () => t?.close());

  const page = (url: string, s = store) => t.app.inject({ url, headers: { host: s.hostname } });

  it('an unknown path is a 404 with the "page not found" page in the store’s language and a link home', async () => {
    for (const url of ['/no-existe', '/search/otra-cosa', '/product/MH01', '/wp-login.php', '/micarrito/x', '/404']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1>Lo sentimos, página no encontrada</h1>');
      expect(res.body).toContain('<a class="btn btn-primary" href="/">Ir al inicio</a>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      // Never "Loading..." only, and the app still loads (it shows the same page with the store's header).
      expect(res.body).toContain('/assets/app.js');
    }
    const en = await page('/nope', english);
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Sorry, page not found</h1>');
    expect(en.body).toContain('Go to the home page');
  });

  it('an unknown or malformed product code is a 404; a listed product is a 200', async () => {
    expect((await page(`/product?codigo=${codigo}`)).statusCode).toBe(200);
    for (const url of ['/product?codigo=NOPE', '/product', '/product?codigo=', '/product?codigo=%3Cscript%3E']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Lo sentimos, página no encontrada');
    }
  });

  it('a product that gets archived turns 410 at once (nothing cached keeps it 200), and 200 again when restored', async () => {
    const p = await createProductFixture(t.database.db, store.id);
    const url = `/product?codigo=${p.codigo}`;
    expect((await page(url)).statusCode).toBe(200);
    expect((await page(url)).statusCode).toBe(200);
    const auth = { authorization: `Bearer ${seller}` };
    const archive = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${p.codigo}/archive`,
      headers: auth,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    await t.app.changeFeed.sync();
    const gone = await page(url);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Lo sentimos, página no encontrada');
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
    // The storefront's API still answers 404 for it (the browser goes to /404, decision 008).
    const api = await t.app.inject({
      url: `/api/productos/${p.codigo}`,
      headers: { 'x-store-domain': store.hostname },
    });
    expect(api.statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/api/admin/products/${p.codigo}/restore`, headers: auth });
    await t.app.changeFeed.sync();
    expect((await page(url)).statusCode).toBe(200);
  });

  it('every page the storefront’s router has answers 200, in any case and with a trailing slash', async () => {
    for (const path of STOREFRONT_PATHS) {
      const url = path === '/product' ? `/product?codigo=${codigo}` : path;
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('Lo sentimos, página no encontrada');
    }
    expect((await page('/Search/')).statusCode).toBe(200);
    expect((await page('/miperfil/datos/')).statusCode).toBe(200);
    expect((await page('/search?q=playera&page=2')).statusCode).toBe(200);
  });

  it('the API keeps its JSON 404, and the platform domain and /admin are not storefront pages', async () => {
    const api = await t.app.inject({ url: '/api/no-existe', headers: { host: store.hostname } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await page('/admin/ventas')).statusCode).toBe(200);
  });
});
