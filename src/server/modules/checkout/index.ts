/** Public interface of the checkout module. */
export {
  quoteCart,
  placeOrder,
  answerThreeDSecure,
  getOxxoVoucher,
  markOxxoPaid,
  markOxxoPaidByReference,
  type PlaceOrderInput,
} from './checkout.service.js';
