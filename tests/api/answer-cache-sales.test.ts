/**
 * The answer cache under sales on a real database (decision 149): the triggers tell a sale (stock and sales count only)
 * from other product changes, a sale drops the cached searches that show the product sold and no other, and any other
 * product change drops every search of its store. Runs on PGlite and on PostgreSQL (notifications then arrive on
 * another connection: each write is followed by the feed's sync).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, createStoreFixture } from '../helpers/factories.js';
import { products, productVariants } from '../../src/server/db/schema/catalog.js';
import type { ChangeEvent } from '../../src/server/db/change-feed.js';

describe('answer cache and sales (decision 149)', () => {
  let t: TestApp;
  let host: string;
  let storeId: string;
  let cup: { id: string; codigo: string };
  let plate: { id: string; codigo: string };
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_CACHE_STALE_MS: '60000' });
    const db = t.database.db;
    const s = await createStoreFixture(db);
    host = s.hostname;
    storeId = s.id;
    cup = await createProductFixture(db, s.id, {
      name: 'Taza de barro negro',
      variants: [{ sku: 'TAZA-1', options: {}, priceCents: 25000, stock: 1 }],
    });
    plate = await createProductFixture(db, s.id, { name: 'Plato de talavera' });
    await t.app.changeFeed.sync();
    t.app.changeFeed.subscribe((e) => events.push(e));
  });
  afterAll(async () => t?.close());

  const search = async (q: string) => {
    const res = await t.app.inject({
      url: `/api/reseller/producto/search?q=${q}`,
      headers: { 'x-store-domain': host },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: { codigo: string; inStock: boolean; name: string }[] };
  };
  const counts = () => ({ hits: t.app.answerCache.hits, misses: t.app.answerCache.misses });
  const write = async (run: () => Promise<unknown>) => {
    events.length = 0;
    await run();
    await t.app.changeFeed.sync();
    return events.filter((e) => e.storeId === storeId);
  };

  it('a sale drops the searches showing the product sold, keeps the others; a rename drops them all', async () => {
    await search('taza');
    await search('plato');
    const before = counts();
    await search('taza');
    await search('plato');
    expect(counts().hits - before.hits).toBe(2);

    // The last cup is sold: its variant's stock and its sales count, as checkout writes them.
    const sale = await write(() =>
      t.database.db.transaction(async (tx) => {
        await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - 1` })
          .where(eq(productVariants.productId, cup.id));
        await tx
          .update(products)
          .set({ soldCount: sql`${products.soldCount} + 1` })
          .where(eq(products.id, cup.id));
      }),
    );
    expect(sale.length).toBeGreaterThan(0);
    expect(sale.every((e) => e.topic === 'products' && e.stockOnly && e.ids?.includes(cup.id))).toBe(true);

    const afterSale = counts();
    const cups = await search('taza');
    expect(cups.items.map((i) => [i.codigo, i.inStock])).toEqual([[cup.codigo, false]]);
    expect(counts().misses - afterSale.misses).toBe(1);
    const plates = await search('plato');
    expect(plates.items.map((i) => i.codigo)).toEqual([plate.codigo]);
    expect(counts().hits - afterSale.hits).toBe(1);

    // A rename is more than stock: every search of the store is computed again.
    const rename = await write(() =>
      t.database.db.update(products).set({ name: 'Taza de talavera' }).where(eq(products.id, cup.id)),
    );
    expect(rename.some((e) => e.topic === 'products' && !e.stockOnly)).toBe(true);
    const afterRename = counts();
    expect((await search('plato')).items.map((i) => i.codigo).sort()).toEqual([plate.codigo]);
    expect((await search('talavera')).items.map((i) => i.codigo).sort()).toEqual([cup.codigo, plate.codigo].sort());
    expect(counts().misses - afterRename.misses).toBe(2);

    // A price change of a variant is not a sale either.
    const price = await write(() =>
      t.database.db.update(productVariants).set({ priceCents: 26000 }).where(eq(productVariants.productId, cup.id)),
    );
    expect(price.some((e) => e.topic === 'products' && !e.stockOnly)).toBe(true);
  });
});
