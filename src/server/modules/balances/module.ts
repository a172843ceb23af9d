/** The balances module as the app registers it: the store's money. */
import { defineModule } from '../definition.js';
import balancesRoutes from './balances.routes.js';
import { refundReconcileJob, bankAccountEmailJob } from './balance-jobs.js';

export const balancesModule = defineModule({
  name: 'balances',
  routes: [balancesRoutes],
  jobs: [refundReconcileJob, bankAccountEmailJob],
});
