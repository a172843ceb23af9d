/**
 * The admin dashboard home: the store's domains with links to open them, the external store-floor app URL
 * carrying an access token as the `token` query parameter, and counts. The token is a one-time code valid 60 s that
 * the app's server exchanges (accounts/store-floor.ts; decision 026), never the seller's session.
 */
import type { Actor, StoreContext } from '../../lib/context.js';
import type { AdminDashboard } from '../../../shared/contracts/stores.js';
import { getStoreById, listDomains, storeTimeZone } from '../stores/index.js';
import { countProducts } from '../catalog/index.js';
import { issueStoreFloorCode } from '../accounts/index.js';
import { assertFound } from '../../lib/app-error.js';
import { publicOrigin } from '../../lib/public-url.js';
import { orderCounts } from './orders.service.js';

/** Each call issues a fresh store-floor code; domain URLs use the configured scheme and port (PUBLIC_*). */
export async function getAdminDashboard(ctx: StoreContext & { actor: Actor }): Promise<AdminDashboard> {
  const store = assertFound(await getStoreById(ctx), 'STORE_NOT_FOUND');
  const [domains, counts, products, code] = await Promise.all([
    listDomains(ctx),
    orderCounts(ctx, storeTimeZone(store.settings)),
    countProducts(ctx),
    issueStoreFloorCode(ctx),
  ]);
  const floor = new URL(ctx.config.STORE_FLOOR_APP_URL);
  floor.searchParams.set('token', code);
  return {
    store: { name: store.name, slug: store.slug },
    domains: domains.map((d) => ({
      hostname: d.hostname,
      status: d.status,
      url: `${publicOrigin(ctx.config, d.hostname)}/`,
    })),
    storeFloorUrl: floor.toString(),
    counts: { ...counts, products },
  };
}
