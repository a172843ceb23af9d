/** Public interface of the marketplace module (decision 134). */
export { syncListings } from './listing-sync.js';
export { listingState, recomputeStates } from './listing-state.js';
