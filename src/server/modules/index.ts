/**
 * The server's modules in their one order (decision 126): `order.json` lists every module name from the lowest to the
 * highest (a module imports only modules before it; `.dependency-cruiser.cjs` reads the same file, and
 * docs/architecture.md repeats it), including domains that have no folder yet. `MODULES` is that order's defined
 * modules; `app.ts` registers their routes, jobs and change listeners from it. The web module (the pages, which answer
 * every other path) comes last.
 */
import type { FastifyInstance } from 'fastify';
import order from './order.json' with { type: 'json' };
import type { ModuleDefinition, ModuleOptions } from './definition.js';
import subscriptionGate from './subscriptions/gate.js';
import { filesModule } from './files/module.js';
import { storesModule } from './stores/module.js';
import { accountsModule } from './accounts/module.js';
import { companyModule } from './company/module.js';
import { applicationsModule } from './applications/module.js';
import { catalogModule } from './catalog/module.js';
import { shippingModule } from './shipping/module.js';
import { couponsModule } from './coupons/module.js';
import { balancesModule } from './balances/module.js';
import { subscriptionsModule } from './subscriptions/module.js';
import { searchModule } from './search/module.js';
import { analyticsModule } from './analytics/module.js';
import { marketplaceModule } from './marketplace/module.js';
import { messagesModule } from './messages/module.js';
import { quotesModule } from './quotes/module.js';
import { ordersModule } from './orders/module.js';
import { invoicesModule } from './invoices/module.js';
import { checkoutModule } from './checkout/module.js';
import { operatorModule } from './operator/module.js';
import { webModule } from './web/module.js';

const DEFINED: readonly ModuleDefinition[] = [
  filesModule,
  storesModule,
  accountsModule,
  companyModule,
  applicationsModule,
  catalogModule,
  shippingModule,
  couponsModule,
  balancesModule,
  subscriptionsModule,
  searchModule,
  analyticsModule,
  marketplaceModule,
  quotesModule,
  messagesModule,
  ordersModule,
  invoicesModule,
  checkoutModule,
  operatorModule,
  webModule,
];

/** Module names from the lowest to the highest (`order.json`). */
export const MODULE_ORDER: readonly string[] = order;

/** The defined modules in `MODULE_ORDER`. Throws at start-up when one is missing from that order. */
export const MODULES: readonly ModuleDefinition[] = (() => {
  const stray = DEFINED.filter((m) => !order.includes(m.name)).map((m) => m.name);
  if (stray.length) throw new Error(`modules missing from src/server/modules/order.json: ${stray.join(', ')}`);
  return [...DEFINED].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
})();

/** Registers every module's routes, in module order, after the subscription gate. */
export async function registerModules(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  // A suspended store's seller APIs answer 402 but for its subscription (before any module's routes).
  await app.register(subscriptionGate);
  for (const module of MODULES) for (const routes of module.routes ?? []) await app.register(routes, opts);
}
