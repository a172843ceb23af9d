/** Public interface of the shipping module. */
export { quoteShipping, quoteShippingWith } from './shipping.service.js';
