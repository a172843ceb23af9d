import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../../../../tests/helpers/factories.js';
import { products } from '../../db/schema/catalog.js';
import { stores } from '../../db/schema/stores.js';
import { sitemapIndex, storeOrigin } from './seo.js';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let hidden: { id: string; codigo: string };
  const get = (url: string, host: string) => t.app.inject({ url, headers: { host } });

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'VIS-1',
      department: { slug: 'hogar', name: 'Hogar' },
      category: { slug: 'cocina', name: 'Cocina & mesa' },
    });
    hidden = await createProductFixture(t.database.db, store.id, { codigo: 'HID-1' });
    await t.database.db.update(products).set({ visible: false }).where(eq(products.id, hidden.id));
    await createProductFixture(t.database.db, other.id, { codigo: 'OTRA-1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('robots.txt of a store: plain text, private paths disallowed, the sitemap on the store’s own domain', async () => {
    const res = await get('/robots.txt', store.hostname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    for (const p of ['/admin', '/api/', '/micarrito', '/miperfil', '/search/keyword'])
      expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).toContain(`Sitemap: http://${store.hostname}:3000/sitemap.xml\n`);
  });

  it('robots.txt of the platform domain allows crawling without a sitemap; a suspended store allows nothing', async () => {
    const platform = await get('/robots.txt', 'localhost');
    expect(platform.body).not.toContain('Sitemap');
    expect(platform.body).toContain('Disallow: /admin\n');
    const closed = await createStoreFixture(t.database.db);
    await t.database.db.update(stores).set({ status: 'suspended' }).where(eq(stores.id, closed.id));
    expect((await get('/robots.txt', closed.hostname)).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await get('/sitemap.xml', closed.hostname)).statusCode).toBe(404);
  });

  it('sitemap.xml lists the store’s listable products, departments, categories and content pages, as XML', async () => {
    const res = await get('/sitemap.xml', store.hostname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const origin = `http://${store.hostname}:3000`;
    expect(res.body).toContain(`<loc>${origin}/</loc>`);
    expect(res.body).toMatch(
      new RegExp(`<loc>${origin}/product\\?codigo=VIS-1</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
    expect(res.body).toContain(`<loc>${origin}/deps/departamento?departamento=hogar</loc>`);
    expect(res.body).toContain(`<loc>${origin}/search?departamento=hogar&amp;categoria=cocina</loc>`);
    expect(res.body).toContain(`<loc>${origin}/politicas_compras</loc>`);
    expect(res.body).not.toContain('HID-1');
    expect(res.body).not.toContain('OTRA-1');
    expect(res.headers.etag).toBeTruthy();
  });

  it('a new product appears in the sitemap at once', async () => {
    await createProductFixture(t.database.db, store.id, { codigo: 'NEW-1' });
    // Written outside a request: wait until the change feed has told this instance (on PostgreSQL it arrives a moment
    // after the commit), as a request that writes does before it answers.
    await t.app.changeFeed.sync();
    expect((await get('/sitemap.xml', store.hostname)).body).toContain('codigo=NEW-1');
  });

  it('a page past the last answers 404, and large stores get a sitemap index', async () => {
    expect((await get('/sitemap.xml?page=2', store.hostname)).statusCode).toBe(404);
    expect(sitemapIndex('https://tienda.mx', 2)).toContain(
      '<sitemap><loc>https://tienda.mx/sitemap.xml?page=2</loc></sitemap>',
    );
    expect(storeOrigin('tienda.mx', 3000)).toBe('https://tienda.mx');
  });
});
