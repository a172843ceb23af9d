/** The analytics module as the app registers it: recently viewed products and product views. */
import { defineModule } from '../definition.js';
import analyticsRoutes from './analytics.routes.js';

export const analyticsModule = defineModule({
  name: 'analytics',
  routes: [analyticsRoutes],
});
