/**
 * The warm set (decision 148): after a start, the indexes of the stores visited most lately are built before the
 * instance listens, so the first minutes after a deploy do not send every busy store to PostgreSQL at once. It stops
 * at the memory budget's 80 % (the rest stays for the stores searched next) or at `deadlineMs`.
 */
import type { DbContext } from '../../lib/context.js';
import { getStoreLanguages } from '../stores/index.js';
import type { SearchIndexes } from './search-indexes.js';

/**
 * Builds the indexes of `storeIds` in their order (most visited first), two at a time.
 * Returns how many were built and how long it took (ms). A store whose build fails is logged and skipped.
 */
export async function warmSearchIndexes(
  ctx: DbContext & { indexes: SearchIndexes; log: { warn: (o: object, msg: string) => void } },
  opts: { storeIds: string[]; deadlineMs: number },
): Promise<{ built: number; ms: number }> {
  const started = Date.now();
  const ids = opts.storeIds;
  const langs = await getStoreLanguages({ db: ctx.db }, ids);
  let built = 0;
  const full = () => {
    const s = ctx.indexes.stats();
    return s.bytes >= s.maxBytes * 0.8 || Date.now() - started >= opts.deadlineMs;
  };
  // Two workers take the next store while there is room (the indexes bound concurrent builds themselves).
  let next = 0;
  const worker = async () => {
    while (next < ids.length && !full()) {
      const id = ids[next++];
      try {
        await ctx.indexes.index(id, langs.get(id) ?? 'es');
        built++;
      } catch (err) {
        ctx.log.warn({ err, storeId: id }, 'search warm-up: store skipped');
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { built, ms: Date.now() - started };
}
