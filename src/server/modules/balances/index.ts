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
  providerFeeLines,
  type LedgerAccount,
  type OrderSale,
} from './ledger.js';
export {
  postSharedOrderPaid,
  postSharesReversed,
  postPackageReleased,
  sharedSaleLines,
  resellerFeeBase,
  packageParts,
  oxxoPackageOf,
  type PackageShare,
  type PackageParts,
  type SharedSale,
} from './package-ledger.js';
export {
  lineRefundParts,
  linePackageOf,
  postLineRefund,
  type LinePackage,
  type LineRefundParts,
  type LineRefundShares,
  type RefundLine,
  type RefundedUnits,
} from './line-refunds.js';
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
  requestLineRefund,
  refundedUnits,
  requestedRefundsCents,
  refundedQuantities,
  recordOwedRefund,
  sendRefund,
  getRefund,
  findRefund,
  listRefunds,
  reconcileStuckRefunds,
  refundAttemptKey,
  REFUND_STUCK_AFTER_MS,
} from './refunds.js';
export { refundReconcileJob, bankAccountEmailJob } from './balance-jobs.js';
