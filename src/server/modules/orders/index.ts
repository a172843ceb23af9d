/** Public interface of the orders module. */
export {
  insertOrder,
  loadOrder,
  buildOrderView,
  getOrderForBuyer,
  getOrderForSeller,
  listCustomerOrders,
  listStoreOrders,
  orderCounts,
  ORDERS_PAGE_SIZE,
  type NewOrder,
  type OrderRow,
} from './orders.service.js';
export { applyTransition, changeOrderStatus } from './transitions.js';
export { settlePayment, reconcileOpenPayment, type SettleContext } from './settlement.js';
export { expireOverdueReservations, retryRefunds, runPaymentSweep } from './sweep.js';
export { countUnpaidOrders, lockUnpaidCounters } from './holds.js';
export { ORDER_TRANSITIONS, nextStatuses } from './order-status.js';
export {
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
  sendReservationExpired,
  sendStatusUpdate,
  NOTIFIED_STATUSES,
} from './order-emails.js';
