/**
 * The answer cache (src/server/lib/answer-cache.ts) on a hand-driven change feed: hits while nothing changed, the
 * generation counters that drop exactly the answers a change touches, one computation for concurrent misses, the
 * least recently used answer dropped past the limit, and nothing kept that a change overtook or that failed.
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
    const cache = new AnswerCache(feed, 100);
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
    const cache = new AnswerCache(feed, 100);
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
    const cache = new AnswerCache(feed, 100);
    const c = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('A', 'k', c.compute)));
    expect(c.runs()).toBe(1);
    expect(new Set(answers.map((x) => x.body))).toEqual(new Set(['{"n":1}']));
  });

  it('keeps at most its limit of answers, dropping the least recently used', async () => {
    const { feed } = handFeed();
    const cache = new AnswerCache(feed, 2);
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
    const cache = new AnswerCache(feed, 100);
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
    const cache = new AnswerCache(feed, 100);
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
    const off = new AnswerCache(handFeed().feed, 0);
    await off.get('A', 'k', c.compute);
    await off.get('A', 'k', c.compute);
    expect(c.runs()).toBe(4);
  });
});
