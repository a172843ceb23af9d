/**
 * The route table (decision 126): every operation of the JSON API by its name. The server registers each one from its
 * module's routes file (`src/server/lib/route.ts`); the web calls them through `call` in `src/web/lib/api-client.ts`,
 * importing the plain routes (`src/shared/routes/<module>.ts`) and only the types of this index.
 */
import { accountsOps } from './accounts.ops.js';
import { applicationsOps } from './applications.ops.js';
import { analyticsOps } from './analytics.ops.js';
import { balancesOps } from './balances.ops.js';
import { badgesOps } from './badges.ops.js';
import { buyerAccountOps } from './buyer-account.ops.js';
import { catalogOps } from './catalog.ops.js';
import { checkoutOps } from './checkout.ops.js';
import { companyOps } from './company.ops.js';
import { couponsOps } from './coupons.ops.js';
import { domainsOps } from './domains.ops.js';
import { filesOps } from './files.ops.js';
import { invoicesOps } from './invoices.ops.js';
import { jobsOps } from './jobs.ops.js';
import { listingsOps } from './listings.ops.js';
import { marketplaceOps } from './marketplace.ops.js';
import { messagesOps } from './messages.ops.js';
import { ordersOps } from './orders.ops.js';
import { operatorOps } from './operator.ops.js';
import { quotesOps } from './quotes.ops.js';
import { reviewsOps } from './reviews.ops.js';
import { platformOps } from './platform.ops.js';
import { sandboxOps } from './sandbox.ops.js';
import { searchOps } from './search.ops.js';
import { shippingOps } from './shipping.ops.js';
import { storesOps } from './stores.ops.js';
import { subscriptionsOps } from './subscriptions.ops.js';
import { visitsOps } from './visits.ops.js';

export const ops = {
  ...platformOps,
  ...jobsOps,
  ...filesOps,
  ...storesOps,
  ...domainsOps,
  ...accountsOps,
  ...buyerAccountOps,
  ...companyOps,
  ...badgesOps,
  ...applicationsOps,
  ...catalogOps,
  ...reviewsOps,
  ...shippingOps,
  ...sandboxOps,
  ...couponsOps,
  ...balancesOps,
  ...subscriptionsOps,
  ...searchOps,
  ...analyticsOps,
  ...visitsOps,
  ...listingsOps,
  ...marketplaceOps,
  ...quotesOps,
  ...messagesOps,
  ...ordersOps,
  ...invoicesOps,
  ...checkoutOps,
  ...operatorOps,
};

/** Every operation, by name. */
export type Ops = typeof ops;
export type OpName = keyof Ops;
