/**
 * Two app instances on one database (decision 033): each keeps its own search index and cached
 * answers, and each sees the other's writes through the change feed. On PostgreSQL they are two pools with two
 * listening connections (LISTEN/NOTIFY); on PGlite (one process) both apps share the embedded database and its
 * in-process notifications. Also the HTTP side: ETag, 304 and Cache-Control on product and search answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products } from '../../src/server/db/schema/index.js';
import { createTwoInstances, type TwoInstances } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-db.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';

describe('two instances on one database see each other’s writes', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let store: StoreFixture;
  let product: { id: string; codigo: string };

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { 'x-store-domain': store.hostname, ...headers } });
  const detail = async (app: FastifyInstance) => (await get(app, `/api/productos/${product.codigo}`)).json();
  const search = async (app: FastifyInstance, q: string) =>
    (await get(app, `/api/reseller/producto/search?q=${encodeURIComponent(q)}`)).json();

  beforeAll(async () => {
    // A second instance has its own connections when there is a server to connect to.
    two = await createTwoInstances();
    ({ a, b, database } = two);
    store = await createStoreFixture(database.db);
    product = await createProductFixture(database.db, store.id, {
      name: 'Taladro percutor',
      variants: [{ sku: 'TP-1', options: {}, priceCents: 150000, stock: 3 }],
    });
    await a.changeFeed.sync();
    await b.changeFeed.sync();
  });
  afterAll(async () => {
    await two?.close();
  });

  it('a stock change committed by one instance reaches the other’s cached product detail and search', async () => {
    // Both instances have answered once, so both hold cached answers and a built index.
    expect((await detail(a)).stock).toBe(3);
    expect((await detail(b)).stock).toBe(3);
    expect((await search(b, 'taladro')).items[0]).toMatchObject({ codigo: product.codigo, inStock: true });

    // What checkout does when the last units sell: a conditional UPDATE of the variant, through instance A's database.
    await a.db.execute(
      sql`update product_variants set stock = stock - 3 where store_id = ${store.id} and sku = 'TP-1'`,
    );
    await b.changeFeed.sync();
    expect((await detail(b)).stock).toBe(0);
    expect((await search(b, 'taladro')).items[0]).toMatchObject({ codigo: product.codigo, inStock: false });
  });

  it('a new product, a renamed one and a hidden one reach the other instance’s search index', async () => {
    expect((await search(b, 'rotomartillo')).total).toBe(0);
    const created = await createProductFixture(a.db, store.id, { name: 'Rotomartillo SDS' });
    await a.db.update(products).set({ name: 'Taladro de banco' }).where(eq(products.id, product.id));
    await b.changeFeed.sync();
    expect((await search(b, 'rotomartillo')).items.map((i: { codigo: string }) => i.codigo)).toEqual([created.codigo]);
    expect((await search(b, 'banco')).items.map((i: { codigo: string }) => i.codigo)).toEqual([product.codigo]);
    expect((await detail(b)).name).toBe('Taladro de banco');

    await a.db.update(products).set({ visible: false }).where(eq(products.id, created.id));
    await b.changeFeed.sync();
    expect((await search(b, 'rotomartillo')).total).toBe(0);
    expect((await get(b, `/api/productos/${created.codigo}`)).statusCode).toBe(404);
  });

  it('a store’s language change rebuilds the other instance’s index with the new stemmer', async () => {
    expect((await search(b, 'taladros')).total).toBe(1); // Spanish: "taladros" -> "taladr"
    await a.db.execute(sql`update stores set lang = 'en' where id = ${store.id}`);
    a.clearStoreCache();
    b.clearStoreCache(); // the request-context domain cache is not this feature's (it keeps its own 30 s TTL)
    await b.changeFeed.sync();
    const en = await search(b, 'taladro');
    expect(en.items.map((i: { codigo: string }) => i.codigo)).toEqual([product.codigo]);
    await a.db.execute(sql`update stores set lang = 'es' where id = ${store.id}`);
    a.clearStoreCache();
    b.clearStoreCache();
    await b.changeFeed.sync();
  });

  it('answers carry an ETag and Cache-Control, and a matching If-None-Match gets 304 until the product changes', async () => {
    const first = await get(a, `/api/productos/${product.codigo}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(first.headers.vary).toBe('X-Store-Domain');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(b, `/api/productos/${product.codigo}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await b.db.execute(sql`update product_variants set stock = 7 where store_id = ${store.id} and sku = 'TP-1'`);
    await a.changeFeed.sync();
    const changed = await get(a, `/api/productos/${product.codigo}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().stock).toBe(7);
    expect(changed.headers.etag).not.toBe(etag);

    const s = await get(a, '/api/reseller/producto/search?q=taladro');
    expect(s.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    const s304 = await get(a, '/api/reseller/producto/search?q=TALADRO', { 'if-none-match': s.headers.etag as string });
    expect(s304.statusCode).toBe(304);
  });

  it('never caches an error: a product that appears after a 404 is found', async () => {
    expect((await get(b, '/api/productos/NUEVO-1')).statusCode).toBe(404);
    await createProductFixture(a.db, store.id, { codigo: 'NUEVO-1', name: 'Broca' });
    await b.changeFeed.sync();
    expect((await get(b, '/api/productos/NUEVO-1')).statusCode).toBe(200);
  });
});
