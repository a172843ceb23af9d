/** Public interface of the shipping module. */
export { quoteShipping, parcelsFor, originState, type ParcelSource } from './shipping.service.js';
export { getPickupSettings, savePickupSettings, getPickupBranch } from './pickups.service.js';
