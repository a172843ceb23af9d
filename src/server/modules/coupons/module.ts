/** The coupons module as the app registers it: the seller's coupons. */
import { defineModule } from '../definition.js';
import couponsRoutes from './coupons.routes.js';

export const couponsModule = defineModule({
  name: 'coupons',
  routes: [couponsRoutes],
});
