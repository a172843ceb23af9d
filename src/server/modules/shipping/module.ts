/** The shipping module as the app registers it: rates and pickups. */
import { defineModule } from '../definition.js';
import shippingRoutes from './shipping.routes.js';

export const shippingModule = defineModule({
  name: 'shipping',
  routes: [shippingRoutes],
});
