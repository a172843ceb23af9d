/**
 * Routes of the buyer's own account (/miperfil), served by the accounts module: personal data, email and password
 * changes, the address book's edit and default, deleting the account. Schemas in buyer-account.ops.ts.
 */
export const updateProfile = { name: 'updateProfile', method: 'PATCH', path: '/api/account/profile' } as const;
export const requestEmailChange = {
  name: 'requestEmailChange',
  method: 'POST',
  path: '/api/account/email',
} as const;
export const confirmEmailChange = {
  name: 'confirmEmailChange',
  method: 'POST',
  path: '/api/account/email/confirm',
} as const;
export const changePassword = { name: 'changePassword', method: 'POST', path: '/api/account/password' } as const;
export const deleteAccount = { name: 'deleteAccount', method: 'POST', path: '/api/account/delete' } as const;
export const updateAddress = { name: 'updateAddress', method: 'PUT', path: '/api/addresses/:id' } as const;
export const setDefaultAddress = {
  name: 'setDefaultAddress',
  method: 'POST',
  path: '/api/addresses/:id/default',
} as const;
