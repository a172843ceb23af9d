/**
 * The store's visits report (/admin/visitas and the dashboard's tile; decisions 161, 162): visitors and page views
 * by day from analytics, the most viewed products, searched words with and without results from search, and the
 * store's own orders per day for conversion, all by calendar day in the store's time zone. Here because conversion needs orders, which sit above analytics and search.
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.js';
import type { StoreDbContext } from '../../lib/context.js';
import { assertFound } from '../../lib/app-error.js';
import type { VisitPeriod, VisitsReport } from '../../../shared/contracts/visits.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';
import { lastDays, periodStart, topViewedProducts, visitsByDay } from '../analytics/index.js';
import { topSearchTerms } from '../search/index.js';

/** Rows in each top list. */
export const VISITS_TOP_LIMIT = 10;

/** Orders placed on each of the last `days` days in `timeZone`, cancelled ones left out. */
export async function ordersByDay(
  ctx: StoreDbContext,
  input: { days: number; timeZone: string },
): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, ctx.storeId),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, periodStart(input.days, input.timeZone)),
      ),
    )
    // By position: the time zone is a parameter, so the expression written twice would not be the same one.
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** The report of the last `days` days. Throws STORE_NOT_FOUND. */
export async function getVisitsReport(ctx: StoreDbContext, days: VisitPeriod): Promise<VisitsReport> {
  const store = assertFound(await getStoreById(ctx), 'STORE_NOT_FOUND');
  const timeZone = storeTimeZone(store.settings);
  const since = periodStart(days, timeZone);
  const [visits, orderDays, topProducts, withResults, withoutResults] = await Promise.all([
    visitsByDay(ctx, { days, timeZone }),
    ordersByDay(ctx, { days, timeZone }),
    topViewedProducts(ctx, { days, timeZone, limit: VISITS_TOP_LIMIT }),
    topSearchTerms(ctx, { since, found: true, limit: VISITS_TOP_LIMIT }),
    topSearchTerms(ctx, { since, found: false, limit: VISITS_TOP_LIMIT }),
  ]);
  const byDay = lastDays(days, timeZone).map((day, i) => ({ ...visits[i], day, orders: orderDays.get(day) ?? 0 }));
  const sum = (k: 'visitors' | 'pageViews' | 'untrackedViews' | 'orders') => byDay.reduce((n, d) => n + d[k], 0);
  const visitors = sum('visitors');
  const orderCount = sum('orders');
  return {
    timeZone,
    days: byDay,
    totals: {
      visitors,
      pageViews: sum('pageViews'),
      untrackedViews: sum('untrackedViews'),
      orders: orderCount,
      conversionPercent: visitors ? Math.round((orderCount / visitors) * 1000) / 10 : null,
    },
    topProducts,
    searchesWithResults: withResults,
    searchesWithoutResults: withoutResults,
  };
}
