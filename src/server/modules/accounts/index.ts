/** Public interface of the accounts module. */
export {
  createUser, registerCustomer, loginCustomer, loginSeller, logout, currentUser, requestPasswordReset, checkPasswordReset,
  resetPassword, listAddresses, addAddress, getAddress, deleteAddress, lookupPostalCode, getUserNames, hasPostalCodes, insertPostalCodes,
} from './accounts.service.js';
