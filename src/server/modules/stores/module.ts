/** The stores module as the app registers it: the storefront's configuration, the store builder and its domains. */
import { defineModule } from '../definition.js';
import storesRoutes from './stores.routes.js';
import websiteRoutes from './website.routes.js';
import domainsRoutes from './domains.routes.js';
import { domainsRecheckJob } from './domain-jobs.js';
import { certificatesProbeJob, certificatesReviewJob } from './certificate-probe.js';
import { forgetStoreLanguage } from './stores.service.js';

export const storesModule = defineModule({
  name: 'stores',
  routes: [storesRoutes, websiteRoutes, domainsRoutes],
  jobs: [domainsRecheckJob, certificatesProbeJob, certificatesReviewJob],
  // A store or domain changed on any instance, or the feed may have missed changes (a reset): forget this instance's
  // domain → store look-ups and store languages (no stale per-process cache).
  onChange: (event, app) => {
    if (event.topic === 'store' || event.topic === 'domains') app.clearStoreCache();
    if (event.topic === 'store' || event.topic === 'all') forgetStoreLanguage(event.storeId);
  },
});
