/** Public interface of the marketplace module (decision 134). */
export { listingSources, type ListingSource } from './listing-sources.js';
export { syncListings } from './listing-sync.js';
export { listingState, recomputeStates } from './listing-state.js';
export { insertDemoOffers, insertDemoListings, type DemoOffer, type DemoListing } from './demo-marketplace.js';
export { refreshOffers } from './offer-sync.js';
