/** Public interface of the checkout module. */
export { quoteCart, confirmThreeDSecure, getOxxoVoucher, handlePaymentWebhook } from './checkout.service.js';
export { placeOrder } from './place-order.js';
