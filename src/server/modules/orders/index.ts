/** Public interface of the orders module. */
export {
  insertOrder,
  setOrderFolio,
  loadOrder,
  buildOrderView,
  getOrderForBuyer,
  getStoreOrderView,
  getSellerOrderView,
  listCustomerOrders,
  listStoreOrders,
  orderCounts,
  ORDERS_PAGE_SIZE,
  type NewOrder,
  type NewPackage,
  type OrderRow,
} from './orders.service.js';
export { applyTransition } from './transitions.js';
export { changeOrderStatus } from './status-change.js';
export { settlePayment, reconcileOpenPayment, type SettleContext } from './settlement.js';
export { expireOverdueReservations, retryRefunds, runPaymentSweep } from './sweep.js';
export { countUnpaidOrders, lockUnpaidCounters } from './holds.js';
export { getOrderLimits, saveOrderLimits, cardHoldMs, countHeldUnits, DEFAULT_ORDER_LIMITS } from './order-limits.js';
export { markOrderPaid } from './mark-paid.js';
export { ORDER_TRANSITIONS, nextStatuses } from './order-status.js';
export {
  sendOrderConfirmation,
  sendOxxoPaymentReceived,
  sendReservationExpired,
  sendStatusUpdate,
  NOTIFIED_STATUSES,
} from './order-emails.js';
export { orderEmailJob, paymentSweepJob } from './order-jobs.js';
export { balanceReleaseJob, balanceReleaseCatchUpJob, releaseOverdueBalances } from './balance-release.js';
export { storesSales, paidAndRefunded, type StoreSales } from './store-sales.js';
