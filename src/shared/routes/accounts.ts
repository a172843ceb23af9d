/**
 * Routes of the accounts module: buyers' sign-up, sign-in, password reset and addresses; the seller's sign-in, store
 * picker, collaborators and invitations; seller sign-up and email verification; the store-floor app's exchange.
 * Who is signed in (`currentUser`) is in accounts-first-load.ts. Schemas of both in accounts.ops.ts.
 */
export const registerCustomer = { name: 'registerCustomer', method: 'POST', path: '/api/auth/register' } as const;
export const loginCustomer = { name: 'loginCustomer', method: 'POST', path: '/api/auth/login' } as const;
export const logout = { name: 'logout', method: 'POST', path: '/api/auth/logout' } as const;
export const recoverPassword = { name: 'recoverPassword', method: 'POST', path: '/api/auth/recover' } as const;
export const checkPasswordReset = {
  name: 'checkPasswordReset',
  method: 'GET',
  path: '/api/auth/reset/:token',
} as const;
export const resetPassword = { name: 'resetPassword', method: 'POST', path: '/api/auth/reset' } as const;
export const listAddresses = { name: 'listAddresses', method: 'GET', path: '/api/addresses' } as const;
export const addAddress = { name: 'addAddress', method: 'POST', path: '/api/addresses' } as const;
export const deleteAddress = { name: 'deleteAddress', method: 'DELETE', path: '/api/addresses/:id' } as const;
export const lookupPostalCode = { name: 'lookupPostalCode', method: 'GET', path: '/api/postal-codes/:cp' } as const;
export const loginSeller = { name: 'loginSeller', method: 'POST', path: '/api/admin/login' } as const;

export const getInvitation = {
  name: 'getInvitation',
  method: 'GET',
  path: '/api/platform/invitations/:token',
} as const;
export const acceptInvitation = {
  name: 'acceptInvitation',
  method: 'POST',
  path: '/api/platform/invitations/:token/accept',
} as const;
export const sellerMe = { name: 'sellerMe', method: 'GET', path: '/api/admin/me' } as const;
export const listMyStores = { name: 'listMyStores', method: 'GET', path: '/api/admin/stores' } as const;
export const chooseStore = { name: 'chooseStore', method: 'POST', path: '/api/admin/session/store' } as const;
export const listCollaborators = {
  name: 'listCollaborators',
  method: 'GET',
  path: '/api/admin/collaborators',
} as const;
export const inviteCollaborator = {
  name: 'inviteCollaborator',
  method: 'POST',
  path: '/api/admin/collaborators/invitations',
} as const;
export const revokeInvitation = {
  name: 'revokeInvitation',
  method: 'DELETE',
  path: '/api/admin/collaborators/invitations/:id',
} as const;
export const setCollaboratorPermissions = {
  name: 'setCollaboratorPermissions',
  method: 'PATCH',
  path: '/api/admin/collaborators/:userId',
} as const;
export const removeCollaborator = {
  name: 'removeCollaborator',
  method: 'DELETE',
  path: '/api/admin/collaborators/:userId',
} as const;

export const signUpSeller = { name: 'signUpSeller', method: 'POST', path: '/api/platform/signup' } as const;
export const checkSlug = { name: 'checkSlug', method: 'GET', path: '/api/platform/slug' } as const;
export const verifyEmail = { name: 'verifyEmail', method: 'POST', path: '/api/platform/email-verification' } as const;
export const emailVerificationState = {
  name: 'emailVerificationState',
  method: 'GET',
  path: '/api/admin/email-verification',
} as const;
export const resendVerificationEmail = {
  name: 'resendVerificationEmail',
  method: 'POST',
  path: '/api/admin/email-verification/resend',
} as const;

export const exchangeStoreFloorCode = {
  name: 'exchangeStoreFloorCode',
  method: 'POST',
  path: '/api/store-floor/exchange',
} as const;
export const storeFloorStore = { name: 'storeFloorStore', method: 'GET', path: '/api/store-floor/store' } as const;
