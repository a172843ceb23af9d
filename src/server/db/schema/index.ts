/** The whole database schema; one file per business domain. */
export * from './stores.js';
export * from './accounts.js';
export * from './catalog.js';
export * from './orders.js';
export * from './sandbox.js';
export * from './search.js';
export * from './jobs.js';
