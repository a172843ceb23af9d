/** Public interface of the orders module. */
export {
  insertOrder,
  findOrderByIdempotencyKey,
  buildOrderView,
  getOrderForBuyer,
  getOrderForSeller,
  listCustomerOrders,
  listStoreOrders,
  applyTransition,
  changeOrderStatus,
  expireOverdueReservations,
  orderCounts,
  ORDERS_PAGE_SIZE,
  type NewOrder,
} from './orders.service.js';
export { ORDER_TRANSITIONS, nextStatuses } from './order-status.js';
export { sendOrderConfirmation, sendOxxoPaymentReceived, sendStatusUpdate, NOTIFIED_STATUSES } from './order-emails.js';
