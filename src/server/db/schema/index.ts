/**
 * The whole database schema, for drizzle-kit and the drizzle client: one file per owning module (docs/architecture.md
 * "Who owns which table"). Application code imports its own module's file, never this index
 * (.dependency-cruiser.cjs "module-reads-own-tables").
 */
export * from './stores.js';
export * from './accounts.js';
export * from './catalog.js';
export * from './reviews.js';
export * from './analytics.js';
export * from './search.js';
export * from './orders.js';
export * from './payments.js';
export * from './balances.js';
export * from './checkout.js';
export * from './sandbox.js';
export * from './jobs.js';
export * from './company.js';
export * from './files.js';
export * from './coupons.js';
export * from './shipping.js';
export * from './subscriptions.js';
export * from './marketplace.js';
export * from './invoices.js';
export * from './quotes.js';
export * from './messages.js';
export * from './applications.js';
export * from './operator.js';
