/**
 * Registers every domain module's routes. Order follows the dependency direction
 * (docs/architecture.md, "Module order"); the web module (SPA and head injection) comes last.
 */
import type { FastifyInstance } from 'fastify';
import storesRoutes from './stores/stores.routes.js';
import websiteRoutes from './stores/website.routes.js';
import accountsRoutes from './accounts/accounts.routes.js';
import storeFloorAccessRoutes from './accounts/store-floor.routes.js';
import identityRoutes from './accounts/identity.routes.js';
import signUpRoutes from './accounts/sign-up.routes.js';
import catalogRoutes from './catalog/catalog.routes.js';
import catalogAdminRoutes from './catalog/admin-products.routes.js';
import catalogCsvRoutes from './catalog/catalog-csv.routes.js';
import searchRoutes from './search/search.routes.js';
import synonymRoutes from './search/synonyms.routes.js';
import analyticsRoutes from './analytics/analytics.routes.js';
import shippingRoutes from './shipping/shipping.routes.js';
import balancesRoutes from './balances/balances.routes.js';
import ordersRoutes from './orders/orders.routes.js';
import storeFloorOrdersRoutes from './orders/store-floor.routes.js';
import checkoutRoutes from './checkout/checkout.routes.js';
import companyRoutes from './company/company.routes.js';
import filesRoutes from './files/files.routes.js';
import couponsRoutes from './coupons/coupons.routes.js';
import subscriptionsRoutes from './subscriptions/subscriptions.routes.js';
import subscriptionGate from './subscriptions/gate.js';
import seoRoutes from './web/seo.routes.js';
import webRoutes from './web/web.routes.js';

export async function registerModules(
  app: FastifyInstance,
  opts: { serveWeb: boolean; indexHtml?: string },
): Promise<void> {
  // A suspended store's seller APIs answer 402 but for its subscription (before any module's routes).
  await app.register(subscriptionGate);
  await app.register(storesRoutes);
  await app.register(websiteRoutes);
  await app.register(accountsRoutes);
  await app.register(storeFloorAccessRoutes);
  await app.register(identityRoutes);
  await app.register(signUpRoutes);
  await app.register(catalogRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(catalogCsvRoutes);
  await app.register(searchRoutes);
  await app.register(synonymRoutes);
  await app.register(analyticsRoutes);
  await app.register(shippingRoutes);
  await app.register(balancesRoutes);
  await app.register(ordersRoutes);
  await app.register(storeFloorOrdersRoutes);
  await app.register(checkoutRoutes);
  await app.register(companyRoutes);
  await app.register(filesRoutes);
  await app.register(couponsRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(seoRoutes);
  await app.register(webRoutes, { serveWeb: opts.serveWeb, indexHtml: opts.indexHtml });
}
