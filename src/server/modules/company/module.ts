/** The company module as the app registers it: the company profile and supplier badges. */
import { defineModule } from '../definition.js';
import companyRoutes from './company.routes.js';
import badgesRoutes from './badges.routes.js';

export const companyModule = defineModule({
  name: 'company',
  routes: [companyRoutes, badgesRoutes],
});
