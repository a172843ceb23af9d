/**
 * The store's visits as /admin/visitas and the dashboard read them (decisions 161, 162). Days are calendar days in
 * the store's time zone, oldest first.
 */
import { z } from 'zod';

/** The periods the page offers (7, 30, 90 days) and the dashboard's sparkline (14). */
export const VISIT_PERIODS = [7, 14, 30, 90] as const;
export type VisitPeriod = (typeof VISIT_PERIODS)[number];

export const visitsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n): n is VisitPeriod => (VISIT_PERIODS as readonly number[]).includes(n), {
      message: 'i18n:visits_period',
    })
    .default(30),
});
export type VisitsQuery = z.input<typeof visitsQuery>;

const count = z.number().int().min(0);

export const visitDay = z.object({
  /** YYYY-MM-DD in the store's time zone. */
  day: z.string(),
  /** Distinct visitor keys of the day (DNT / GPC views have none and are not among them). */
  visitors: count,
  pageViews: count,
  /** Page views counted without a key (the browser sent DNT: 1 or Sec-GPC: 1). */
  untrackedViews: count,
  /** Orders placed that day, cancelled ones left out. */
  orders: count,
});

export const searchTermCount = z.object({
  term: z.string(),
  searches: count,
  /** Products the latest of these searches found (0 in the "without results" list). */
  results: count,
});

export const visitsReport = z.object({
  timeZone: z.string(),
  days: z.array(visitDay),
  totals: z.object({
    /** Sum of the days' visitors (keys change every day, so a visitor of two days counts twice). */
    visitors: count,
    pageViews: count,
    untrackedViews: count,
    orders: count,
    /** Orders per visitor as a percentage with one decimal; null without visitors. */
    conversionPercent: z.number().nullable(),
  }),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), views: count })),
  searchesWithResults: z.array(searchTermCount),
  searchesWithoutResults: z.array(searchTermCount),
});
export type VisitsReport = z.infer<typeof visitsReport>;
