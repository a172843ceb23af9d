/** Public interface of the checkout module. */
export {
  quoteCart,
  placeOrder,
  confirmThreeDSecure,
  getOxxoVoucher,
  handlePaymentWebhook,
  type PlaceOrderInput,
} from './checkout.service.js';
