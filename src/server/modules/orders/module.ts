/** The orders module as the app registers it: buyers' and sellers' orders. */
import { defineModule } from '../definition.js';
import ordersRoutes from './orders.routes.js';
import storeFloorOrdersRoutes from './store-floor.routes.js';
import { orderEmailJob, paymentSweepJob } from './order-jobs.js';
import { balanceReleaseJob, balanceReleaseCatchUpJob, packageReleaseJob } from './balance-release.js';
import packagesRoutes from './packages.routes.js';
import { packageEmailJob } from './package-jobs.js';
import reviewPurchasesRoutes from './review-purchases.routes.js';
import visitsReportRoutes from './visits-report.routes.js';

export const ordersModule = defineModule({
  name: 'orders',
  routes: [ordersRoutes, storeFloorOrdersRoutes, packagesRoutes, reviewPurchasesRoutes, visitsReportRoutes],
  jobs: [
    orderEmailJob,
    paymentSweepJob,
    balanceReleaseJob,
    balanceReleaseCatchUpJob,
    packageReleaseJob,
    packageEmailJob,
  ],
});
