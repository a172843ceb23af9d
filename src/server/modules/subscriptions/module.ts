/** The subscriptions module as the app registers it: the store's subscription. */
import { defineModule } from '../definition.js';
import subscriptionsRoutes from './subscriptions.routes.js';
import { subscriptionRenewalsJob, subscriptionEmailJob } from './subscription-jobs.js';

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  routes: [subscriptionsRoutes],
  jobs: [subscriptionRenewalsJob, subscriptionEmailJob],
});
