/** The app's own operations (routes in platform.ts). */
import { defineOps } from './op.js';
import * as routes from './platform.js';

export const platformOps = defineOps(routes, {
  health: {
    tags: ['platform'],
    hide: true,
    // `ok` stays true while the app serves, even degraded; `redis` tells whether rate limits are shared (decision 031).
  },
});
