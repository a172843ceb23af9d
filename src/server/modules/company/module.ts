/** The company module as the app registers it: the company profile. */
import { defineModule } from '../definition.js';
import companyRoutes from './company.routes.js';

export const companyModule = defineModule({
  name: 'company',
  routes: [companyRoutes],
});
