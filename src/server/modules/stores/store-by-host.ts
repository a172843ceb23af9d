/**
 * The store a domain serves: the request-context plugin resolves every /api
 * request's store with this (behind its cache), so that the stores tables are read only by the stores module.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbContext } from '../../lib/context.js';
import { storeDomains, stores } from '../../db/schema/stores.js';

/** A store as a request sees it. */
export interface StoreByHost {
  id: string;
  slug: string;
  name: string;
  lang: string;
  status: string;
  websiteActive: boolean;
  /** False until the owner of a store created at sign-up verifies their email (decision 100). */
  published: boolean;
  /** The store's primary active domain, the one its links are built on (whichever of its domains was asked). */
  primaryHost: string;
}

/** The store whose active domain is `host` (lower case, no port, no "www."), or null. */
export async function findStoreByHost(ctx: DbContext, host: string): Promise<StoreByHost | null> {
  const { db } = ctx;
  const rows = await db
    .select({
      id: stores.id,
      slug: stores.slug,
      name: stores.name,
      lang: stores.lang,
      status: stores.status,
      websiteActive: stores.websiteActive,
      published: sql<boolean>`${stores.publishedAt} is not null`,
      primaryHost: sql<string>`coalesce((select d.hostname from store_domains d where d.store_id = ${stores.id}
        and d.is_primary and d.status = 'active' limit 1), ${storeDomains.hostname})`,
    })
    .from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(and(eq(storeDomains.hostname, host), eq(storeDomains.status, 'active')))
    .limit(1);
  return rows[0] ?? null;
}
