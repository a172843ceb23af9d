/** Public interface of the accounts module. */
export {
  createUser,
  registerCustomer,
  loginCustomer,
  loginSeller,
  logout,
  currentUser,
  listAddresses,
  getAddress,
  lookupPostalCode,
  getUserNames,
  hasPostalCodes,
  insertPostalCodes,
  verifyAccountPassword,
} from './accounts.service.js';
export {
  addAddress,
  deleteAddress,
  updateAddress,
  setDefaultAddress,
  updateProfile,
  requestEmailChange,
  confirmEmailChange,
  changePassword,
  deleteAccount,
} from './buyer-account.js';
export { requestPasswordReset, checkPasswordReset, resetPassword } from './password-reset.js';
export { issueStoreFloorCode, storeFloorGrant, STORE_FLOOR_CODE_TTL_MS } from './store-floor.js';
export { revokeStoreAccess } from './revocation.js';
export { assertStrongPassword, judgePassword, MIN_PASSWORD_SCORE } from './password-strength.js';
export { configurePasswordHashing, passwordHashLoad } from './password.js';
export { findSessionActor } from './session-actor.js';
export { SessionCache } from './session-cache.js';
export {
  invitationEmailJob,
  passwordResetEmailJob,
  sellerVerificationEmailJob,
  sellerSignUpNoticeJob,
} from './account-jobs.js';
export { listStoreOwners } from './memberships.js';
export {
  hasOperatorAccount,
  createOperatorAccount,
  checkOperatorCredentials,
  findOperatorAccount,
  generatedPassword,
  type OperatorAccount,
} from './operator-account.js';
