import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDatabase } from '../../../tests/helpers/test-db.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../../../tests/helpers/factories.js';
import { openDatabase, type Database } from './client.js';
import { openChangeFeed, parseChange, publishChange, type ChangeEvent, type ChangeFeed } from './change-feed.js';

describe('change feed (decision 033)', () => {
  let database: TestDatabase;
  let feed: ChangeFeed;
  let store: StoreFixture;
  const heard: ChangeEvent[] = [];
  /** Events heard while `write` runs and once the feed has caught up. */
  const during = async (write: () => Promise<unknown>) => {
    await feed.sync();
    heard.length = 0;
    await write();
    await feed.sync();
    return heard.filter((e) => e.storeId === store.id || e.storeId === null);
  };

  beforeAll(async () => {
    database = await createTestDb();
    feed = await openChangeFeed(database.db);
    feed.subscribe((e) => heard.push(e));
    store = await createStoreFixture(database.db);
  });
  afterAll(async () => {
    await feed.close();
    await database.close();
  });

  it('publishes product ids when a product, its variants (stock) or its reviews are written', async () => {
    const p = await createProductFixture(database.db, store.id);
    const events = await during(() =>
      database.db.execute(sql`update product_variants set stock = stock - 1 where store_id = ${store.id}`),
    );
    // Stock alone is a sale's kind of change (decision 149); a price is not.
    expect(events).toEqual([{ storeId: store.id, topic: 'products', ids: [p.id], stockOnly: true }]);
    const price = await during(() =>
      database.db.execute(sql`update product_variants set price_cents = price_cents + 1 where store_id = ${store.id}`),
    );
    expect(price).toEqual([{ storeId: store.id, topic: 'products', ids: [p.id] }]);
    const sold = await during(() =>
      database.db.execute(sql`update products set sold_count = sold_count + 1 where id = ${p.id}`),
    );
    expect(sold).toEqual([{ storeId: store.id, topic: 'products', ids: [p.id], stockOnly: true }]);
    const review = await during(() =>
      database.db.execute(
        sql`insert into reviews (store_id, product_id, author_name, rating, title, comment) values (${store.id}, ${p.id}, 'Ana', 5, 'Bien', 'Muy bien')`,
      ),
    );
    expect(review).toEqual([{ storeId: store.id, topic: 'products', ids: [p.id] }]);
  });

  it('publishes nothing when a transaction rolls back, or when an update matches no row', async () => {
    const events = await during(async () => {
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update products set name = 'X' where store_id = ${store.id}`);
          throw new Error('rollback');
        })
        .catch(() => {});
      await database.db.execute(
        sql`update products set sold_count = 1 where store_id = ${store.id} and codigo = 'none'`,
      );
    });
    expect(events).toEqual([]);
  });

  it('leaves out ids when more than 100 products change in one statement', async () => {
    const values = Array.from({ length: 101 }, (_, i) => sql`(${store.id}, ${`BULK${i}`}, 'Bulk', 100)`);
    const events = await during(() =>
      database.db.execute(
        sql`insert into products (store_id, codigo, name, price_cents) values ${sql.join(values, sql`, `)}`,
      ),
    );
    expect(events).toEqual([{ storeId: store.id, topic: 'products' }]);
  });

  it('tells store settings, departments and domains apart, and ignores the order folio counter', async () => {
    expect(
      await during(() =>
        database.db.execute(sql`update stores set last_folio = last_folio + 1 where id = ${store.id}`),
      ),
    ).toEqual([]);
    expect(await during(() => database.db.execute(sql`update stores set lang = 'en' where id = ${store.id}`))).toEqual([
      { storeId: store.id, topic: 'store' },
    ]);
    const dep = await during(() =>
      database.db.execute(sql`update departments set name = 'Otro' where store_id = ${store.id}`),
    );
    expect(dep.map((e) => e.topic)).toEqual(['departments']);
    const domain = await during(() =>
      database.db.execute(
        sql`insert into store_domains (store_id, hostname, status) values (${store.id}, ${`n${store.slug}.example.mx`}, 'pending_validation')`,
      ),
    );
    expect(domain).toEqual([{ storeId: store.id, topic: 'domains', ids: [`n${store.slug}.example.mx`] }]);
  });

  it('delivers what code publishes itself, on commit', async () => {
    const events = await during(() =>
      database.db.transaction(async (tx) => publishChange(tx, { storeId: store.id, topic: 'synonyms', ids: ['a'] })),
    );
    expect(events).toEqual([{ storeId: store.id, topic: 'synonyms', ids: ['a'] }]);
  });

  it('ignores payloads that are not changes', () => {
    expect(parseChange('not json')).toBeNull();
    expect(parseChange('{"s":1}')).toBeNull();
    expect(parseChange('{"s":"x","t":"store","i":null}')).toEqual({ storeId: 'x', topic: 'store' });
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let second: Database;
    let secondFeed: ChangeFeed;
    const secondHeard: ChangeEvent[] = [];

    beforeAll(async () => {
      second = await openDatabase({ url: database.url! });
      secondFeed = await openChangeFeed(second.db, { maxBackoffMs: 200 });
      secondFeed.subscribe((e) => secondHeard.push(e));
    });
    afterAll(async () => {
      await secondFeed.close();
      await second.close();
    });

    it('another instance (its own pool and listening connection) hears this one’s writes', async () => {
      secondHeard.length = 0;
      const p = await createProductFixture(database.db, store.id);
      await secondFeed.sync();
      expect(secondHeard).toContainEqual({ storeId: store.id, topic: 'products', ids: [p.id] });
    });

    it('reconnects after losing its listening connection, and tells its listeners to start over', async () => {
      secondHeard.length = 0;
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN vitrina_changes' and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => secondHeard.some((e) => e.storeId === null), { timeout: 10_000 }).toBe(true);
      expect(secondFeed.live).toBe(true);
      const p = await createProductFixture(database.db, store.id);
      await secondFeed.sync();
      expect(secondHeard).toContainEqual({ storeId: store.id, topic: 'products', ids: [p.id] });
    });
  });
});
