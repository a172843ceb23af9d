/** Public interface of the shipping module. */
export { quoteShipping } from './shipping.service.js';
