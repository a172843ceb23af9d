/** The search module as the app registers it: product search and synonyms. */
import { defineModule } from '../definition.js';
import searchRoutes from './search.routes.js';
import synonymsRoutes from './synonyms.routes.js';

export const searchModule = defineModule({
  name: 'search',
  routes: [searchRoutes, synonymsRoutes],
});
