/**
 * The catalog module as the app registers it: products, departments, the CSV import and export, and the reviews'
 * moderation and publishing (they move the product's rating; decision 157).
 */
import { defineModule } from '../definition.js';
import catalogRoutes from './catalog.routes.js';
import adminProductsRoutes from './admin-products.routes.js';
import catalogCsvRoutes from './catalog-csv.routes.js';
import { catalogImportJob, catalogExportJob } from './catalog-csv.jobs.js';
import reviewModerationRoutes from './review-moderation.routes.js';
import { reviewsPublishJob } from './review-jobs.js';

export const catalogModule = defineModule({
  name: 'catalog',
  routes: [catalogRoutes, adminProductsRoutes, catalogCsvRoutes, reviewModerationRoutes],
  jobs: [catalogImportJob, catalogExportJob, reviewsPublishJob],
});
