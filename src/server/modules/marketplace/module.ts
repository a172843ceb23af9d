/** The marketplace module as the app registers it: suppliers' offers, the global catalogue, resellers' listings. */
import { defineModule } from '../definition.js';

export const marketplaceModule = defineModule({
  name: 'marketplace',
  routes: [],
});
