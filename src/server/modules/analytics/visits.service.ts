/**
 * Visits (decisions 161, 162): page-view rows, the daily salts of visitor
 * keys, and the store's figures by day in its own time zone. Rows are written by the recorder (visit-recorder.ts),
 * never on the request path.
 */
import { createHmac, randomBytes, type KeyObject } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { pageViews, productViews, visitSalts } from '../../db/schema/analytics.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';
import { pgArrayLiteral } from '../../lib/batch-writer.js';
import { readProductTexts } from '../catalog/index.js';

/** A page view as the recorder writes it. `visitorKey` null: the browser asked not to be tracked. */
export interface PageViewRow {
  storeId: string;
  visitorKey: string | null;
  viewedAt: Date;
}

/** Writes page views in one INSERT of three array parameters (a batch of any size is one statement). */
export async function insertPageViews(ctx: DbContext, rows: readonly PageViewRow[]): Promise<void> {
  if (!rows.length) return;
  await ctx.db.execute(sql`insert into ${pageViews} (store_id, visitor_key, viewed_at)
    select * from unnest(${pgArrayLiteral(rows.map((r) => r.storeId))}::uuid[],
      ${pgArrayLiteral(rows.map((r) => r.visitorKey))}::text[],
      ${pgArrayLiteral(rows.map((r) => r.viewedAt.toISOString()))}::timestamptz[])`);
}

/**
 * The random salt of calendar day `day` (YYYY-MM-DD), made on first use. Every instance gets the same one: the
 * first to insert wins and the others read it.
 */
export async function dailySalt(ctx: DbContext, day: string): Promise<string> {
  await ctx.db
    .insert(visitSalts)
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await ctx.db.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day));
  return row.salt;
}

/**
 * The visitor key (decision 162): HMAC-SHA256 keyed by the day's salt (hex, or already a key) over the IP, the user
 * agent and the store, hex, its first 128 bits. The same browser on the same network gets the same key in one store
 * on one day only; once the salt is deleted nobody, the platform included, can tell which IP made it.
 */
export function visitorKey(salt: string | KeyObject, ip: string, userAgent: string, storeId: string): string {
  return createHmac('sha256', typeof salt === 'string' ? Buffer.from(salt, 'hex') : salt)
    .update(`${ip}\u0000${userAgent}\u0000${storeId}`)
    .digest('hex')
    .slice(0, 32);
}

/** Day formatters by time zone: made once each (a formatter costs far more to make than to use). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) that `at` falls on in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone })));
  return format.format(at);
}

/**
 * Deletes the salts of days that are over in every time zone: a day's salt lives from its first visit until the
 * hourly sweep after the end of the next UTC day (at most about two days). Returns how many were deleted.
 */
export async function sweepVisitSalts(ctx: DbContext, now = new Date()): Promise<number> {
  const keepFrom = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const gone = await ctx.db.delete(visitSalts).where(lt(visitSalts.day, keepFrom)).returning({ day: visitSalts.day });
  return gone.length;
}

/** The last `days` calendar days in `timeZone`, oldest first, today last. */
export function lastDays(days: number, timeZone: string, now = new Date()): string[] {
  const today = dayIn(now, timeZone);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(base - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Start of the first of the last `days` days in `timeZone`, as an SQL timestamptz (PostgreSQL does the zone). */
export const periodStart = (days: number, timeZone: string) =>
  sql`((date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${days - 1})) at time zone ${timeZone})`;

/** One day's visits: distinct visitor keys, page views, and the views counted without a key (DNT / GPC). */
export interface VisitDay {
  day: string;
  visitors: number;
  pageViews: number;
  untrackedViews: number;
}

/**
 * The store's visits of the last `days` days by calendar day in `timeZone` (every day present, zeros included).
 * Visitors of a day are its distinct keys; keys change every day, so a period's visitors are the sum of its days'.
 */
export async function visitsByDay(ctx: StoreDbContext, input: { days: number; timeZone: string }): Promise<VisitDay[]> {
  const day = sql<string>`to_char(${pageViews.viewedAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      visitors: sql<number>`count(distinct ${pageViews.visitorKey})::int`,
      pageViews: sql<number>`count(*)::int`,
      untrackedViews: sql<number>`(count(*) filter (where ${pageViews.visitorKey} is null))::int`,
    })
    .from(pageViews)
    .where(and(eq(pageViews.storeId, ctx.storeId), gte(pageViews.viewedAt, periodStart(input.days, input.timeZone))))
    // By position: the time zone is a parameter, so the expression written twice would not be the same one.
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return lastDays(input.days, input.timeZone).map((d) => {
    const r = byDay.get(d);
    return { day: d, visitors: r?.visitors ?? 0, pageViews: r?.pageViews ?? 0, untrackedViews: r?.untrackedViews ?? 0 };
  });
}

/** The store's most viewed products of the last `days` days (product pages, /api/visto), most viewed first. */
export async function topViewedProducts(
  ctx: StoreDbContext,
  input: { days: number; timeZone: string; limit: number },
): Promise<{ productId: string; name: string; views: number }[]> {
  const views = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({ productId: productViews.productId, views })
    .from(productViews)
    .where(
      and(eq(productViews.storeId, ctx.storeId), gte(productViews.viewedAt, periodStart(input.days, input.timeZone))),
    )
    .groupBy(productViews.productId)
    .orderBy(desc(views), productViews.productId)
    .limit(input.limit);
  const texts = await readProductTexts(
    ctx,
    rows.map((r) => r.productId),
  );
  return rows.map((r) => ({ productId: r.productId, name: texts.get(r.productId)?.name ?? '', views: r.views }));
}
