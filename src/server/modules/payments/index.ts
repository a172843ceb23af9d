/** Public interface of the payments module. */
export {
  toPayment,
  chargeCardForOrder,
  createOxxoForOrder,
  getOrderPayment,
  getPaymentsOfOrders,
  getPayment,
  getOxxoPaymentByReference,
  completeThreeDSecure,
  setPaymentStatus,
  refundCardPayment,
} from './payments.service.js';
