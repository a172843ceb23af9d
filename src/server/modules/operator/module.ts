/** The operator module as the app registers it: the operator's API and the daily badges sweep. */
import { defineModule } from '../definition.js';
import operatorRoutes from './operator.routes.js';
import { badgeEmailJob, badgesDailyJob } from './badge-jobs.js';

export const operatorModule = defineModule({
  name: 'operator',
  routes: [operatorRoutes],
  jobs: [badgesDailyJob, badgeEmailJob],
});
