/** The job applications module as the app registers it: the public form, the owner's admin and their jobs. */
import { defineModule } from '../definition.js';
import applicationsRoutes from './applications.routes.js';
import { jobApplicationEmailJob, jobApplicationsExpireJob } from './applications.jobs.js';

export const applicationsModule = defineModule({
  name: 'applications',
  routes: [applicationsRoutes],
  jobs: [jobApplicationEmailJob, jobApplicationsExpireJob],
});
