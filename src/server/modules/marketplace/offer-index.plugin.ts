/**
 * This instance's in-memory global catalogue (decision 140) and its memory of which offers each store lists, as the
 * app holds them: created with the app, the index built in the
 * background once the app is ready (so the first reseller search after a start is not the one that waits), closed
 * with it. Not encapsulated, so `app.offerIndexes` is visible to the routes and to the benchmark's server.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { OfferIndexes } from './offer-indexes.js';
import { ListedOffers } from './listed-offers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The global catalogue's in-memory index of this instance. */
    offerIndexes: OfferIndexes;
    /** Which offers each store lists, as this instance remembers them. */
    listedOffers: ListedOffers;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const offers = new OfferIndexes(app.db, app.changeFeed, app.log);
  app.decorate('offerIndexes', offers);
  const listed = new ListedOffers(app.changeFeed);
  app.decorate('listedOffers', listed);
  app.addHook('onClose', async () => listed.close());
  if (app.config.SEARCH_ENGINE === 'index') app.addHook('onReady', async () => void offers.warm());
  app.addHook('onClose', async () => offers.close());
};
export default fp(plugin, { name: 'offer-indexes' });
