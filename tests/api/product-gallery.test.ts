/**
 * The product page's photos (GET /api/productos/:codigo): every photo the seller uploaded, in the gallery's order with
 * the cover first, then the colour photos the gallery does not already hold (decision 045), so the storefront shows
 * them all and switches to a colour's photo when the colour is chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { products, productVariants } from '../../src/server/db/schema/index.js';

describe('product detail: photos', () => {
  let t: TestApp;
  let a: StoreFixture;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const url = (n: number) => `/uploads/${a.id}/files/00000000-0000-4000-8000-00000000000${n}`;
  const ref = (n: number) => ({ fileId: `00000000-0000-4000-8000-00000000000${n}`, url: url(n) });
  const detail = async (codigo: string) => {
    const res = await t.app.inject({ url: `/api/productos/${codigo}`, headers: { 'x-store-domain': a.hostname } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists the gallery (cover first) and then the colour photos, each once', async () => {
    const p = await createProductFixture(t.database.db, a.id, {
      variants: [
        { sku: 'GAL-R', options: { color: 'Rojo' }, priceCents: 19900, stock: 3 },
        { sku: 'GAL-A', options: { color: 'Azul' }, priceCents: 19900, stock: 3 },
        { sku: 'GAL-V', options: { color: 'Verde' }, priceCents: 19900, stock: 3 },
      ],
    });
    await t.database.db
      .update(products)
      .set({
        photos: [ref(1), ref(2), ref(3)],
        coverFileId: ref(2).fileId,
        imageUrl: url(2),
        // Azul's photo is also in the gallery; Rojo's is its own.
        colourPhotos: { Rojo: ref(4), Azul: ref(3) },
      })
      .where(and(eq(products.storeId, a.id), eq(products.id, p.id)));
    await t.database.db
      .update(productVariants)
      .set({ imageUrl: url(4) })
      .where(and(eq(productVariants.storeId, a.id), eq(productVariants.sku, 'GAL-R')));
    await t.database.db
      .update(productVariants)
      .set({ imageUrl: url(3) })
      .where(and(eq(productVariants.storeId, a.id), eq(productVariants.sku, 'GAL-A')));
    const d = await detail(p.codigo);
    expect(d.image).toBe(url(2));
    expect(d.photos).toEqual([url(2), url(1), url(3), url(4)]);
    expect(d.variants.find((v: { sku: string }) => v.sku === 'GAL-R').image).toBe(url(4));
  });

  it('a product made before galleries (only a cover) has that one photo; one without photos none', async () => {
    const old = await createProductFixture(t.database.db, a.id);
    await t.database.db
      .update(products)
      .set({ imageUrl: url(5) })
      .where(and(eq(products.storeId, a.id), eq(products.id, old.id)));
    expect((await detail(old.codigo)).photos).toEqual([url(5)]);
    const none = await createProductFixture(t.database.db, a.id);
    expect((await detail(none.codigo)).photos).toEqual([]);
  });
});
