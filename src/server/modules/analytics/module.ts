/** The analytics module as the app registers it: recently viewed products, product views and page views. */
import { defineModule } from '../definition.js';
import analyticsRoutes from './analytics.routes.js';
import visitsRoutes from './visits.routes.js';
import { visitSaltsSweepJob } from './visits.jobs.js';

export const analyticsModule = defineModule({
  name: 'analytics',
  routes: [analyticsRoutes, visitsRoutes],
  jobs: [visitSaltsSweepJob],
});
