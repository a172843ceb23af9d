/** HTTP routes of a reseller's listings of suppliers' offers (decision 134): the catalog permission. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingsOps as ops } from '../../../shared/routes/listings.ops.js';
import { route } from '../../lib/route.js';
import { sellerContext } from '../../plugins/request-context.js';
import { getListing, getListingOffer, listListings } from './listing-read.js';
import { createListing } from './listing-create.js';
import { acceptListingPrice, deleteListing, updateListing } from './listing-edit.js';
import { priceListings } from './listing-bulk.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listListings, async (request) => listListings(sellerContext(request, 'catalog'), request.query));
  route(app, ops.getListing, async (request) => getListing(sellerContext(request, 'catalog'), request.params.id));
  route(app, ops.getListingOffer, async (request) =>
    getListingOffer(sellerContext(request, 'catalog'), request.params.offerId),
  );
  route(app, ops.createListing, async (request, reply) =>
    reply.code(201).send(await createListing(sellerContext(request, 'catalog'), request.body)),
  );
  route(app, ops.updateListing, async (request) =>
    updateListing(sellerContext(request, 'catalog'), request.params.id, request.body),
  );
  route(app, ops.acceptListingPrice, async (request) =>
    acceptListingPrice(sellerContext(request, 'catalog'), request.params.id),
  );
  route(app, ops.deleteListing, async (request) => deleteListing(sellerContext(request, 'catalog'), request.params.id));
  route(app, ops.previewListingPrices, async (request) =>
    priceListings(sellerContext(request, 'catalog'), request.body, true),
  );
  route(app, ops.applyListingPrices, async (request) =>
    priceListings(sellerContext(request, 'catalog'), request.body, false),
  );
};

export default routes;
