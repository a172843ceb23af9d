/** The marketplace module as the app registers it: suppliers' offers, the global catalogue, resellers' listings. */
import { defineModule } from '../definition.js';
import { listenForSupplierChanges } from './product-changes.js';
import { marketplaceSyncJob } from './sync.jobs.js';
import listingsRoutes from './listings.routes.js';
import offersRoutes from './offers.routes.js';
import offerIndexes from './offer-index.plugin.js';

export const marketplaceModule = defineModule({
  name: 'marketplace',
  routes: [offerIndexes, offersRoutes, listingsRoutes],
  jobs: [marketplaceSyncJob],
  onChange: (event, app) => listenForSupplierChanges({ db: app.db, log: app.log }, event),
});
