/** The catalog module as the app registers it: products, departments and the CSV import and export. */
import { defineModule } from '../definition.js';
import catalogRoutes from './catalog.routes.js';
import adminProductsRoutes from './admin-products.routes.js';
import catalogCsvRoutes from './catalog-csv.routes.js';
import { catalogImportJob, catalogExportJob } from './catalog-csv.jobs.js';

export const catalogModule = defineModule({
  name: 'catalog',
  routes: [catalogRoutes, adminProductsRoutes, catalogCsvRoutes],
  jobs: [catalogImportJob, catalogExportJob],
});
