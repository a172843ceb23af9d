/** The quotes module as the app registers it: quote requests, the seller's answers, their emails and expiry. */
import { defineModule } from '../definition.js';
import quotesRoutes from './quotes.routes.js';
import { quoteEmailJob, quotesExpireJob } from './quote-jobs.js';

export const quotesModule = defineModule({
  name: 'quotes',
  routes: [quotesRoutes],
  jobs: [quoteEmailJob, quotesExpireJob],
});
