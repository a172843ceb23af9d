/**
 * The global catalogue's in-memory index (decision 140) on a real database and its real change feed: the search
 * document's lexemes become its terms, a change to one offer or to every offer of a supplier reaches the next search,
 * a withdrawn offer leaves it, a large first build leaves the answer to PostgreSQL, and a feed reset rebuilds. Each
 * write is followed by the feed's `sync`, so the test reads after its notifications on PostgreSQL as on PGlite.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { useDatabaseWithFeed } from '../../../../tests/helpers/database-with-feed.js';
import { createProductFixture, createStoreFixture } from '../../../../tests/helpers/factories.js';
import { catalogOffers } from '../../db/schema/marketplace.js';
import { globalCatalogQuery } from '../../../shared/contracts/marketplace.js';
import { documentTerms, type OfferIndex } from './offer-index.js';
import { OfferIndexes } from './offer-indexes.js';
import { searchOfferIndex } from './offer-index-query.js';

const silentLog = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
const ASKING = '00000000-0000-4000-8000-000000000000';

describe('documentTerms', () => {
  it('puts each lexeme in the field of its weight, once per position, quotes undone', () => {
    expect(documentTerms(`'capuch':3A 'sudader':1A,5C 'algodon':7B 'o''neill':9B 'x':2`)).toEqual([
      ['capuch', 'sudader'],
      ['algodon', "o'neill"],
      ['sudader', 'x'],
    ]);
    expect(documentTerms('')).toEqual([[], [], []]);
  });
});

describe('OfferIndexes (decision 140)', () => {
  const env = useDatabaseWithFeed();
  const indexes = (limits?: ConstructorParameters<typeof OfferIndexes>[3]) => {
    const s = new OfferIndexes(env.database.db, env.feed, silentLog, limits);
    env.keep(s);
    return s;
  };
  const names = (index: OfferIndex | null, q = '') =>
    searchOfferIndex(index!, ASKING, globalCatalogQuery.parse(q ? { q } : {}))
      .items.map((i) => i.name)
      .sort();

  /** A supplier with offers named `names`, their documents written as the snapshot writes them. */
  async function supplier(offerNames: string[]) {
    const store = await createStoreFixture(env.database.db);
    const ids: string[] = [];
    for (const name of offerNames) {
      const p = await createProductFixture(env.database.db, store.id, { name });
      const [row] = await env.database.db
        .insert(catalogOffers)
        .values({ storeId: store.id, productId: p.id, wholesaleFromCents: 1000, name, supplierName: store.slug })
        .returning({ id: catalogOffers.id });
      await setName(row.id, name);
      ids.push(row.id);
    }
    return { storeId: store.id, ids };
  }
  async function setName(offerId: string, name: string) {
    await env.database.db
      .update(catalogOffers)
      .set({
        name,
        searchVector: sql`setweight(to_tsvector('spanish', f_unaccent(${name})), 'A')`,
        searchName: sql`lower(f_unaccent(${name}))`,
      })
      .where(eq(catalogOffers.id, offerId));
    await env.feed.sync();
  }

  it('builds from the published offers and follows changes to one offer, a withdrawal, and a whole supplier', async () => {
    const a = await supplier(['Sudadera con capucha', 'Mochila de lona']);
    const b = await supplier(['Taza de barro']);
    const offers = indexes();
    const first = await offers.current();
    expect(names(first)).toEqual(['Mochila de lona', 'Sudadera con capucha', 'Taza de barro']);
    expect(names(first, 'sudaderas')).toEqual(['Sudadera con capucha']);

    await setName(a.ids[0], 'Chamarra impermeable');
    const renamed = await offers.current();
    // A refresh of a few offers changes the index it has; the new words match, the old ones no longer do.
    expect(renamed).toBe(first);
    expect(names(renamed, 'chamarras')).toEqual(['Chamarra impermeable']);
    expect(names(renamed, 'sudadera')).toEqual([]);

    await env.database.db.update(catalogOffers).set({ status: 'unpublished' }).where(eq(catalogOffers.id, b.ids[0]));
    await env.feed.sync();
    expect(names(await offers.current())).toEqual(['Chamarra impermeable', 'Mochila de lona']);

    // More than 100 rows in one statement: the feed names the supplier, not the offers; its offers are reloaded.
    const many = await supplier([]);
    const created = await env.database.db
      .insert(catalogOffers)
      .values(
        await Promise.all(
          Array.from({ length: 120 }, async (_, i) => ({
            storeId: many.storeId,
            productId: (await createProductFixture(env.database.db, many.storeId, { name: `Vela ${i}` })).id,
            wholesaleFromCents: 500 + i,
            name: `Vela aromática ${i}`,
            supplierName: 'Velas',
            searchVector: sql`setweight(to_tsvector('spanish', ${`vela aromatica ${i}`}), 'A')`,
          })),
        ),
      )
      .returning({ id: catalogOffers.id });
    await env.feed.sync();
    expect(created).toHaveLength(120);
    const withVelas = await offers.current();
    expect(withVelas).toBe(first);
    expect(searchOfferIndex(withVelas!, ASKING, globalCatalogQuery.parse({ q: 'velas' })).total).toBe(120);
    await env.database.db
      .update(catalogOffers)
      .set({ supplierName: 'Velas de Puebla' })
      .where(eq(catalogOffers.storeId, many.storeId));
    await env.feed.sync();
    const facets = searchOfferIndex((await offers.current())!, ASKING, globalCatalogQuery.parse({ q: 'vela' })).facets;
    expect(facets.suppliers).toEqual([{ value: many.storeId, label: 'Velas de Puebla', count: 120 }]);
  });

  it('a failed read answers null (PostgreSQL answers) and the next search rebuilds with the change it missed', async () => {
    const a = await supplier(['Cesta de palma']);
    let failNext = false;
    // The database as the index reads it, with one read made to fail (a dropped connection).
    const flaky = new Proxy(env.database.db, {
      get(target, key, receiver) {
        if (key === 'select' && failNext) {
          failNext = false;
          throw new Error('connection lost');
        }
        return Reflect.get(target, key, receiver);
      },
    });
    const offers = new OfferIndexes(flaky, env.feed, silentLog);
    env.keep(offers);
    const first = await offers.current();
    expect(names(first, 'cesta')).toEqual(['Cesta de palma']);
    failNext = true;
    await setName(a.ids[0], 'Canasta de palma');
    expect(await offers.current()).toBeNull();
    const rebuilt = await offers.current();
    expect(rebuilt).not.toBe(first);
    expect(names(rebuilt, 'canasta')).toEqual(['Canasta de palma']);
  });

  it('leaves a large first build to the background (null: PostgreSQL answers) and rebuilds after a feed reset', async () => {
    await supplier(['Jarrón de talavera']);
    const offers = indexes({ backgroundBuildAt: 1 });
    expect(await offers.current()).toBeNull();
    let built: OfferIndex | null = null;
    await vi.waitFor(async () => {
      built = await offers.current();
      expect(built).not.toBeNull();
    });
    expect(names(built, 'jarron')).toEqual(['Jarrón de talavera']);
    // A reset (the feed may have missed changes) rebuilds in the background; the previous index answers meanwhile.
    (offers as unknown as { onChange: (e: unknown) => void }).onChange({ storeId: null, topic: 'all' });
    expect(await offers.current()).toBe(built);
    await vi.waitFor(async () => expect(await offers.current()).not.toBe(built));
  });
});
