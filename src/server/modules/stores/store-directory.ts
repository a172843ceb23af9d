/**
 * Every store as the platform operator lists them (decision 164): name, slug, main domain, status, who suspended it
 * and when it was created, searched by name, slug or domain and paged. Not tenant-scoped on purpose: only the operator
 * area calls it.
 */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { stores } from '../../db/schema/stores.js';
import type { DbContext, StoreDbContext } from '../../lib/context.js';

/** A store's line in the operator's list. */
export interface StoreDirectoryRow {
  id: string;
  name: string;
  slug: string;
  hostname: string | null;
  /** active | deactivated | suspended */
  status: string;
  /** subscription | operator | null */
  suspendedBy: string | null;
  createdAt: Date;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of stores, by name: `q` (optional, at most 100 characters) matches name, slug or any domain, case-blind.
 * Returns the page and the total count of matches.
 */
export async function listStoreDirectory(
  ctx: DbContext,
  opts: { q?: string; offset: number; limit: number },
): Promise<{ rows: StoreDirectoryRow[]; total: number }> {
  const q = opts.q?.trim();
  const like = q ? `%${escapeLike(q)}%` : null;
  const where = like
    ? or(
        ilike(stores.name, like),
        ilike(stores.slug, like),
        sql`exists (select 1 from store_domains d where d.store_id = ${stores.id} and d.hostname ilike ${like})`,
      )
    : undefined;
  const hostname = sql<string | null>`(select d.hostname from store_domains d where d.store_id = ${stores.id}
    and d.status = 'active' order by d.is_primary desc, d.hostname limit 1)`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: stores.id,
        name: stores.name,
        slug: stores.slug,
        hostname,
        status: stores.status,
        suspendedBy: stores.suspendedBy,
        createdAt: stores.createdAt,
      })
      .from(stores)
      .where(where)
      .orderBy(asc(stores.name), asc(stores.id))
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One store's line, or null. */
export async function getStoreDirectoryRow(ctx: StoreDbContext): Promise<StoreDirectoryRow | null> {
  const { storeId } = ctx;
  const [r] = await ctx.db
    .select({
      id: stores.id,
      name: stores.name,
      slug: stores.slug,
      hostname: sql<string | null>`(select d.hostname from store_domains d where d.store_id = ${stores.id}
        and d.status = 'active' order by d.is_primary desc, d.hostname limit 1)`,
      status: stores.status,
      suspendedBy: stores.suspendedBy,
      createdAt: stores.createdAt,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  return r ?? null;
}
