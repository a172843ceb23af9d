/**
 * The answer cache (src/server/lib/answer-cache.ts) on a hand-driven change feed: hits while nothing changed, the
 * generation counters that drop exactly the answers a change touches, one computation for concurrent misses, the
 * least recently used answer dropped past the budget, products and lists kept apart, each store within its share, a
 * sale dropping only the lists that show its product (others served a bounded time while recomputed), and nothing
 * kept that a change overtook or that failed.
 */
import { describe, expect, it } from 'vitest';
import { AnswerCache, type Computed } from '../../src/server/lib/answer-cache.js';
import type { ChangeEvent, ChangeFeed, ChangeListener } from '../../src/server/db/change-feed.js';

/** A change feed whose events the test sends. */
function handFeed() {
  const listeners = new Set<ChangeListener>();
  const feed = {
    live: true,
    kind: 'pglite',
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync: async () => {},
  } as unknown as ChangeFeed & { live: boolean };
  const emit = (e: ChangeEvent) => listeners.forEach((l) => l(e));
  return { feed, emit };
}

/** A computation that counts its runs and answers `{ n }` (with `productId` when given). */
function counter(productId?: string) {
  let runs = 0;
  const compute = async (): Promise<Computed> => ({ value: { n: ++runs }, ...(productId && { productId }) });
  return { compute, runs: () => runs };
}

describe('answer cache', () => {
  it('serves a hit until a change of its store, and keeps other stores’ answers', async () => {
    const { feed, emit } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    const a = counter();
    const b = counter();
    expect((await cache.get('A', 'search', a.compute)).body).toBe('{"n":1}');
    expect((await cache.get('A', 'search', a.compute)).body).toBe('{"n":1}');
    await cache.get('B', 'search', b.compute);
    expect(cache.hits).toBe(1);
    emit({ storeId: 'A', topic: 'store' });
    const again = await cache.get('A', 'search', a.compute);
    expect(again.body).toBe('{"n":2}');
    expect(again.etag).toMatch(/^W\/"/);
    await cache.get('B', 'search', b.compute);
    expect([a.runs(), b.runs()]).toEqual([2, 1]);
  });

  it('a product change drops that product’s answer and the store’s lists, not another product’s answer', async () => {
    const { feed, emit } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    const p1 = counter('p1');
    const p2 = counter('p2');
    const list = counter();
    for (const [key, c] of [
      ['p1', p1],
      ['p2', p2],
      ['list', list],
    ] as const)
      await cache.get('A', key, c.compute);
    emit({ storeId: 'A', topic: 'products', ids: ['p1'] });
    for (const [key, c] of [
      ['p1', p1],
      ['p2', p2],
      ['list', list],
    ] as const)
      await cache.get('A', key, c.compute);
    expect([p1.runs(), p2.runs(), list.runs()]).toEqual([2, 1, 2]);
    // A feed reset (no store) drops everything.
    emit({ storeId: null, topic: 'all' });
    await cache.get('A', 'p2', p2.compute);
    expect(p2.runs()).toBe(2);
  });

  it('concurrent misses of one key share one computation', async () => {
    const { feed } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    const c = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('A', 'k', c.compute)));
    expect(c.runs()).toBe(1);
    expect(new Set(answers.map((x) => x.body))).toEqual(new Set(['{"n":1}']));
  });

  it('keeps answers within its bytes, dropping the least recently used', async () => {
    const { feed } = handFeed();
    // An answer here takes body + key + 200 = 210 bytes: half of 1,000 holds two lists.
    const cache = new AnswerCache(feed, { maxBytes: 1000, maxStaleMs: 0, storeShare: 1 });
    const [x, y, z] = [counter(), counter(), counter()];
    await cache.get('A', 'x', x.compute);
    await cache.get('A', 'y', y.compute);
    await cache.get('A', 'x', x.compute); // x is now the most recently used
    await cache.get('A', 'z', z.compute); // drops y
    await cache.get('A', 'x', x.compute);
    await cache.get('A', 'y', y.compute);
    expect([x.runs(), y.runs(), z.runs()]).toEqual([1, 2, 1]);
  });

  it('an answer computed while a change arrived answers its callers but is not served again', async () => {
    const { feed, emit } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    let runs = 0;
    const compute = async (): Promise<Computed> => {
      runs++;
      if (runs === 1) emit({ storeId: 'A', topic: 'products', ids: ['p1'] });
      return { value: runs, productId: 'p1' };
    };
    expect((await cache.get('A', 'p1', compute)).body).toBe('1');
    expect((await cache.get('A', 'p1', compute)).body).toBe('2');
    expect((await cache.get('A', 'p1', compute)).body).toBe('2');
    // Emptied by a feed reset mid-computation: the callers still get their answer.
    let resets = 0;
    const reset = async (): Promise<Computed> => {
      if (++resets === 1) emit({ storeId: null, topic: 'all' });
      return { value: resets };
    };
    expect((await Promise.all([cache.get('A', 'r', reset), cache.get('A', 'r', reset)])).map((a) => a.body)).toEqual([
      '1',
      '1',
    ]);
    expect((await cache.get('A', 'r', reset)).body).toBe('2');
  });

  it('a failed computation is thrown to every caller and not kept; nothing is kept while the feed is down', async () => {
    const { feed } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    let fail = true;
    const compute = async (): Promise<Computed> => {
      if (fail) throw new Error('boom');
      return { body: '<xml/>' };
    };
    await expect(Promise.all([cache.get('A', 'k', compute), cache.get('A', 'k', compute)])).rejects.toThrow('boom');
    fail = false;
    expect((await cache.get('A', 'k', compute)).body).toBe('<xml/>');
    expect(cache.hits).toBe(0);

    feed.live = false;
    const c = counter();
    await cache.get('A', 'down', c.compute);
    await cache.get('A', 'down', c.compute);
    expect(c.runs()).toBe(2);
    const off = new AnswerCache(handFeed().feed, { maxBytes: 0, maxStaleMs: 0 });
    await off.get('A', 'k', c.compute);
    await off.get('A', 'k', c.compute);
    expect(c.runs()).toBe(4);
  });

  /** A list computation that counts its runs and shows `ids`. */
  function list(ids: string[]) {
    let runs = 0;
    const compute = async (): Promise<Computed> => ({ value: { n: ++runs }, productIds: ids });
    return { compute, runs: () => runs };
  }

  it('a sale drops at once the lists that show its product, and serves the others a bounded time while recomputing them', async () => {
    const { feed, emit } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 60_000 });
    const showsP1 = list(['p1', 'p2']);
    const other = list(['p3']);
    const unknown = counter(); // a list that does not say what it shows (the PostgreSQL engine's, a sitemap)
    await cache.get('A', 'q1', showsP1.compute);
    await cache.get('A', 'q2', other.compute);
    await cache.get('A', 'sitemap', unknown.compute);
    emit({ storeId: 'A', topic: 'products', ids: ['p1'], stockOnly: true });
    expect((await cache.get('A', 'q1', showsP1.compute)).body).toBe('{"n":2}');
    expect((await cache.get('A', 'sitemap', unknown.compute)).body).toBe('{"n":2}');
    // Untouched: the stale answer now, recomputed behind it; the next one is the new answer.
    expect((await cache.get('A', 'q2', other.compute)).body).toBe('{"n":1}');
    expect(cache.staleHits).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(other.runs()).toBe(2);
    expect((await cache.get('A', 'q2', other.compute)).body).toBe('{"n":2}');
    // A product change beyond stock (renamed, repriced, new, hidden) and a change to the store itself (departments,
    // settings) drop every list, shown products or not.
    emit({ storeId: 'A', topic: 'products', ids: ['p7'] });
    expect((await cache.get('A', 'q2', other.compute)).body).toBe('{"n":3}');
    emit({ storeId: 'A', topic: 'store' });
    expect((await cache.get('A', 'q2', other.compute)).body).toBe('{"n":4}');

    // With no staleness allowed, any product change drops every list of the store.
    const strict = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 0 });
    const l = list(['p9']);
    await strict.get('A', 'q', l.compute);
    emit({ storeId: 'A', topic: 'products', ids: ['p1'], stockOnly: true });
    expect((await strict.get('A', 'q', l.compute)).body).toBe('{"n":2}');
  });

  it('a list computed while a sale arrived is kept unless it shows the product sold', async () => {
    const { feed, emit } = handFeed();
    const cache = new AnswerCache(feed, { maxBytes: 1_000_000, maxStaleMs: 60_000 });
    const during = (ids: string[], sold: string) => {
      let runs = 0;
      return async (): Promise<Computed> => {
        if (++runs === 1) emit({ storeId: 'A', topic: 'products', ids: [sold], stockOnly: true });
        return { value: runs, productIds: ids };
      };
    };
    const untouched = during(['p1'], 'p2');
    await cache.get('A', 'a', untouched);
    expect((await cache.get('A', 'a', untouched)).body).toBe('1');
    const touched = during(['p1'], 'p1');
    await cache.get('A', 'b', touched);
    expect((await cache.get('A', 'b', touched)).body).toBe('2');
    // An answer its computation says not to keep answers once.
    let runs = 0;
    const once = async (): Promise<Computed> => ({ value: ++runs, productIds: [], keep: false });
    await cache.get('A', 'c', once);
    expect((await cache.get('A', 'c', once)).body).toBe('2');
  });

  it('keeps product answers apart from lists, and each store within its share', async () => {
    const { feed } = handFeed();
    // Halves of 10,000 bytes; a store may hold a quarter of each (1,250 bytes, about five answers).
    const cache = new AnswerCache(feed, { maxBytes: 10_000, maxStaleMs: 0 });
    const product = counter('p1');
    const victim = list(['v1']);
    await cache.get('A', 'p1', product.compute);
    await cache.get('B', 'popular', victim.compute);
    // Store C floods the lists with never-repeated searches.
    for (let i = 0; i < 200; i++) await cache.get('C', `crawl-${i}`, list([]).compute);
    // C used the free room, never B's answer nor a product's.
    expect(cache.storeBytes('C')).toBeLessThanOrEqual(5000);
    await cache.get('A', 'p1', product.compute);
    await cache.get('B', 'popular', victim.compute);
    expect([product.runs(), victim.runs()]).toEqual([1, 1]);
    // A store within its share arriving at a full pool gets room from C, the store over its share, not from B.
    for (let i = 0; i < 5; i++) await cache.get('D', `d-${i}`, list([]).compute);
    await cache.get('B', 'popular', victim.compute);
    expect(victim.runs()).toBe(1);
    expect(cache.storeBytes('D')).toBeGreaterThan(0);
  });
});
