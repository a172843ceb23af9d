/** Public interface of the balances module (ledger, balances, payouts, bank account). */
export {
  LEDGER_ACCOUNTS,
  postEntry,
  accountSums,
  postOrderPaid,
  postOrderCollected,
  postPaymentOwedBack,
  postOrderCancelled,
  postRefundPaid,
  postOrderReleased,
  ordersWithPendingMoney,
  postSubscriptionPaid,
  type LedgerAccount,
  type OrderSale,
} from './ledger.js';
export {
  postSharedOrderPaid,
  postSharesReversed,
  postPackageReleased,
  sharedSaleLines,
  resellerFeeBase,
  type PackageShare,
  type SharedSale,
} from './package-ledger.js';
export { orderSettlement } from './order-settlement.js';
export {
  BANKS,
  getBalanceSummary,
  getPaymentHistory,
  requestPayout,
  getBankAccount,
  saveBankAccount,
  BANK_ACCOUNT_CHANGE_HOLD_HOURS,
} from './balances.service.js';
export {
  refundable,
  requestRefund,
  recordOwedRefund,
  sendRefund,
  getRefund,
  listRefunds,
  reconcileStuckRefunds,
  refundAttemptKey,
  REFUND_STUCK_AFTER_MS,
} from './refunds.js';
export { refundReconcileJob, bankAccountEmailJob } from './balance-jobs.js';
