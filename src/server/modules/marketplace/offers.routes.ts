/**
 * The supplier side of the marketplace's routes (decision 134): a supplier's offers and the global catalogue.
 * Both need the seller's catalog permission in the chosen store.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceOps as ops } from '../../../shared/routes/marketplace.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import { getSupplierOffer, publishOffer, unpublishOffer } from './offers.js';
import { searchGlobalCatalog, type GlobalCatalogEngines } from './global-catalog.js';
import { getGlobalOffer } from './global-catalog-detail.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const engines: GlobalCatalogEngines = {
    offers: app.offerIndexes,
    listed: app.listedOffers,
    engine: app.config.SEARCH_ENGINE,
  };

  route(app, ops.getSupplierOffer, async (request) =>
    getSupplierOffer(sellerContext(request, 'catalog'), request.params.codigo),
  );
  route(app, ops.publishOffer, async (request) =>
    publishOffer(sellerContext(request, 'catalog'), request.params.codigo, request.body),
  );
  route(app, ops.unpublishOffer, async (request) =>
    unpublishOffer(sellerContext(request, 'catalog'), request.params.codigo),
  );
  route(app, ops.searchGlobalCatalog, async (request) =>
    searchGlobalCatalog(sellerContext(request, 'catalog'), request.query, engines),
  );
  route(app, ops.getGlobalOffer, async (request) =>
    getGlobalOffer(sellerContext(request, 'catalog'), request.params.offerId),
  );
};
export default routes;
