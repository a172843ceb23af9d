/** The orders module as the app registers it: buyers' and sellers' orders. */
import { defineModule } from '../definition.js';
import ordersRoutes from './orders.routes.js';
import storeFloorOrdersRoutes from './store-floor.routes.js';
import { orderEmailJob, paymentSweepJob, balanceReleaseJob, balanceReleaseCatchUpJob } from './order-jobs.js';

export const ordersModule = defineModule({
  name: 'orders',
  routes: [ordersRoutes, storeFloorOrdersRoutes],
  jobs: [orderEmailJob, paymentSweepJob, balanceReleaseJob, balanceReleaseCatchUpJob],
});
