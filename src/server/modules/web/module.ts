/** The web module as the app registers it: robots.txt, the sitemap and the pages of the web app (last: it answers every other path). */
import { defineModule } from '../definition.js';
import seoRoutes from './seo.routes.js';
import webRoutes from './web.routes.js';

export const webModule = defineModule({
  name: 'web',
  routes: [seoRoutes, webRoutes],
});
