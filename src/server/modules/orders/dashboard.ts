/**
 * The admin dashboard home (SPEC §1): the store's domains with links to open them, the external store-floor app URL
 * carrying the seller's access token as a query parameter, and counts.
 */
import type { StoreContext } from '../../lib/context.js';
import type { AdminDashboard } from '../../../shared/contracts/stores.js';
import { getStoreById, listDomains } from '../stores/index.js';
import { countProducts } from '../catalog/index.js';
import { assertFound } from '../../lib/app-error.js';
import { orderCounts } from './orders.service.js';

/** `accessToken` is the seller's bearer token; `port` is appended to domain URLs when not 80/443. */
export async function getAdminDashboard(
  ctx: StoreContext,
  opts: { accessToken: string; protocol: string; port: number | null },
): Promise<AdminDashboard> {
  const store = assertFound(await getStoreById(ctx.db, ctx.storeId), 'STORE_NOT_FOUND');
  const [domains, counts, products] = await Promise.all([listDomains(ctx), orderCounts(ctx), countProducts(ctx)]);
  const port = opts.port && ![80, 443].includes(opts.port) ? `:${opts.port}` : '';
  const floor = new URL(ctx.config.STORE_FLOOR_APP_URL);
  floor.searchParams.set('token', opts.accessToken);
  return {
    store: { name: store.name, slug: store.slug },
    domains: domains.map((d) => ({
      hostname: d.hostname,
      status: d.status,
      url: `${opts.protocol}://${d.hostname}${port}/`,
    })),
    storeFloorUrl: floor.toString(),
    counts: { ...counts, products },
  };
}
