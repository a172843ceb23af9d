/** The orders module as the app registers it: buyers' and sellers' orders. */
import { defineModule } from '../definition.js';
import ordersRoutes from './orders.routes.js';
import storeFloorOrdersRoutes from './store-floor.routes.js';
import { orderEmailJob, paymentSweepJob } from './order-jobs.js';
import { balanceReleaseJob, balanceReleaseCatchUpJob } from './balance-release.js';

export const ordersModule = defineModule({
  name: 'orders',
  routes: [ordersRoutes, storeFloorOrdersRoutes],
  jobs: [orderEmailJob, paymentSweepJob, balanceReleaseJob, balanceReleaseCatchUpJob],
});
