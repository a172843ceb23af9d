/**
 * This instance's in-memory global catalogue (decision 140) as the app holds it: created with the app, built in the
 * background once the app is ready (so the first reseller search after a start is not the one that waits), closed
 * with it. Not encapsulated, so `app.offerIndexes` is visible to the routes and to the benchmark's server.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { OfferIndexes } from './offer-indexes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The global catalogue's in-memory index of this instance. */
    offerIndexes: OfferIndexes;
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const offers = new OfferIndexes(app.db, app.changeFeed, app.log);
  app.decorate('offerIndexes', offers);
  if (app.config.SEARCH_ENGINE === 'index') app.addHook('onReady', async () => void offers.warm());
  app.addHook('onClose', async () => offers.close());
};
export default fp(plugin, { name: 'offer-indexes' });
