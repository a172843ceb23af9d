/** The invoices module as the app registers it: CFDI facturas of orders (decision 154). */
import { defineModule } from '../definition.js';
import invoicesRoutes from './invoices.routes.js';
import { invoiceEmailJob, invoiceIssueJob, invoiceRefundSweepJob, invoiceSweepJob } from './invoices.jobs.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  routes: [invoicesRoutes],
  jobs: [invoiceIssueJob, invoiceSweepJob, invoiceRefundSweepJob, invoiceEmailJob],
});
