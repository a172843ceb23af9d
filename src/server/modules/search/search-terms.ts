/**
 * The storefront's searched words (decision 161): each first-page search with words is kept as its normalised words
 * and how many products it found, with nothing about who searched, so the seller sees what shoppers look for, found
 * or not. Written in batches by the search route (`app.searchTerms`), never on the request path; words that look
 * like an email address or a phone number are not kept at all.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import { and, desc, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { searchTerms } from '../../db/schema/search.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import { createBatchWriter, pgArrayLiteral, type BatchWriter } from '../../lib/batch-writer.js';
import { words } from './text.js';

/** The longest term kept, in characters. */
export const SEARCH_TERM_MAX = 80;

export interface SearchTermRow {
  storeId: string;
  term: string;
  results: number;
  searchedAt: Date;
}

/**
 * What is kept of a query: its accent-free lower-case words, at most SEARCH_TERM_MAX characters; null when there are
 * none or they may be personal data (an @, or a run of 7 or more digits such as a phone number).
 */
export function searchTermOf(q: string | undefined): string | null {
  if (!q || q.includes('@') || /\d[\d\s-]{5,}\d/.test(q)) return null;
  const term = words(q).join(' ').slice(0, SEARCH_TERM_MAX).trim();
  return term || null;
}

/** Writes searched terms in one INSERT of four array parameters (a batch of any size is one statement). */
export async function insertSearchTerms(ctx: DbContext, rows: readonly SearchTermRow[]): Promise<void> {
  if (!rows.length) return;
  await ctx.db.execute(sql`insert into ${searchTerms} (store_id, term, results, searched_at)
    select * from unnest(${pgArrayLiteral(rows.map((r) => r.storeId))}::uuid[],
      ${pgArrayLiteral(rows.map((r) => r.term))}::text[],
      ${pgArrayLiteral(rows.map((r) => String(r.results)))}::int[],
      ${pgArrayLiteral(rows.map((r) => r.searchedAt.toISOString()))}::timestamptz[])`);
}

/** A batch writer of searched terms to `ctx.db`, skipping bots. */
export function createSearchTermRecorder(
  ctx: DbContext,
  opts: { log: FastifyBaseLogger },
): BatchWriter<SearchTermRow> & { record(row: Omit<SearchTermRow, 'searchedAt'>, userAgent?: string): boolean } {
  const writer = createBatchWriter<SearchTermRow>({
    name: 'search terms',
    log: opts.log,
    write: (rows) => insertSearchTerms(ctx, rows),
  });
  return Object.assign(writer, {
    record(row: Omit<SearchTermRow, 'searchedAt'>, userAgent?: string) {
      if (!userAgent || isbot(userAgent)) return false;
      return writer.push({ ...row, searchedAt: new Date() });
    },
  });
}

/**
 * The store's most searched terms since `since` (an SQL timestamptz), most searched first: those whose latest search
 * found something (`found`), or found nothing. `results` is what the latest search of the term found.
 */
export async function topSearchTerms(
  ctx: StoreDbContext,
  input: { since: SQL; found: boolean; limit: number },
): Promise<{ term: string; searches: number; results: number }[]> {
  const searches = sql<number>`count(*)::int`;
  const latest = sql<number>`(array_agg(${searchTerms.results} order by ${searchTerms.searchedAt} desc))[1]::int`;
  const rows = await ctx.db
    .select({ term: searchTerms.term, searches, results: latest })
    .from(searchTerms)
    .where(and(eq(searchTerms.storeId, ctx.storeId), gte(searchTerms.searchedAt, input.since)))
    .groupBy(searchTerms.term)
    .having(input.found ? gt(latest, 0) : eq(latest, 0))
    .orderBy(desc(searches), searchTerms.term)
    .limit(input.limit);
  return rows;
}
