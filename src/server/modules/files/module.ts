/** The files module as the app registers it: uploads of the seller's store. */
import { defineModule } from '../definition.js';
import filesRoutes from './files.routes.js';
import { stagedFilesSweepJob } from './files.jobs.js';

export const filesModule = defineModule({
  name: 'files',
  routes: [filesRoutes],
  jobs: [stagedFilesSweepJob],
});
