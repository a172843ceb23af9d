/** Public interface of the shipping module. */
export { quoteShipping } from './shipping.service.js';
export { getPickupSettings, savePickupSettings, getPickupBranch } from './pickups.service.js';
