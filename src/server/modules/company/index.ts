/** Public face of the company module: what other modules may call. */
export {
  assertCompanyProfileComplete,
  getCompanyProfileGaps,
  getCompanyProfileStatus,
  saveCompanySection,
} from './company.service.js';
export {
  isSupplierEnabled,
  setSupplierEnabled,
  getSupplierCards,
  type SupplierCardProfile,
} from './supplier-switch.js';
export {
  badgeDay,
  addDaysTo,
  storeBadges,
  storesBadges,
  storesWithBadge,
  getStoreBadgeState,
  storeBadgeHistory,
  listBadgeRequests,
  getBadgeRequest,
  pendingBadgeCounts,
  grantBadge,
  removeBadge,
  decideBadgeRequest,
  lapseExpiredBadges,
  claimBadgeReminders,
  type OperatorBadgeRequest,
} from './badges.js';
