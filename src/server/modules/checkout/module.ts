/** The checkout module as the app registers it: carts, placing orders, payment returns and webhooks. */
import { defineModule } from '../definition.js';
import checkoutRoutes from './checkout.routes.js';

export const checkoutModule = defineModule({
  name: 'checkout',
  routes: [checkoutRoutes],
});
