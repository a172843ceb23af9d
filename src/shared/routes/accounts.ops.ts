/** The accounts module's operations (routes in accounts.ts and accounts-first-load.ts). */
import { z } from 'zod';
import {
  address,
  addressInput,
  loginBody,
  postalCodeLookup,
  recoverBody,
  registerBody,
  resetBody,
  resetCheckResponse,
  sessionResponse,
  storeFloorExchangeBody,
  storeFloorGrant,
  storeFloorStore,
  user,
} from '../contracts/accounts.js';
import {
  acceptInvitationBody,
  chooseStoreBody,
  collaboratorsView,
  emailVerificationBody,
  emailVerificationState,
  invitationInfo,
  invitationToken,
  inviteBody,
  member,
  myStore,
  pendingInvitation,
  permissionsBody,
  sellerMe,
  sellerSession,
  signUpAccepted,
  signUpBody,
  slugCheck,
  slugCheckQuery,
} from '../contracts/identity.js';
import { okResponse, postalCode, text, uuid } from '../contracts/common.js';
import { defineOps } from './op.js';
import * as otherRoutes from './accounts.js';
import * as firstLoadRoutes from './accounts-first-load.js';

const routes = { ...firstLoadRoutes, ...otherRoutes };
const accounts = ['accounts'];
const admin = ['admin'];
const platform = ['platform'];

export const accountsOps = defineOps(routes, {
  registerCustomer: { tags: accounts, body: registerBody, response: { 201: sessionResponse } },
  loginCustomer: { tags: accounts, body: loginBody, response: { 200: sessionResponse } },
  logout: { tags: accounts, response: { 200: okResponse } },
  currentUser: { tags: accounts, summary: 'The signed-in user (401 when anonymous)', response: { 200: user } },
  recoverPassword: { tags: accounts, body: recoverBody, response: { 200: okResponse } },
  checkPasswordReset: {
    tags: accounts,
    params: z.object({ token: text({ min: 10, max: 200 }) }),
    response: { 200: resetCheckResponse },
  },
  resetPassword: { tags: accounts, body: resetBody, response: { 200: okResponse } },
  listAddresses: { tags: accounts, response: { 200: z.array(address) } },
  addAddress: { tags: accounts, body: addressInput, response: { 201: address } },
  deleteAddress: { tags: accounts, params: z.object({ id: uuid }), response: { 200: okResponse } },
  lookupPostalCode: {
    tags: accounts,
    summary: 'SEPOMEX look-up of a postal code',
    params: z.object({ cp: postalCode }),
    response: { 200: postalCodeLookup },
  },
  loginSeller: { tags: admin, body: loginBody, response: { 200: sellerSession } },

  getInvitation: { tags: platform, params: z.object({ token: invitationToken }), response: { 200: invitationInfo } },
  acceptInvitation: {
    tags: platform,
    params: z.object({ token: invitationToken }),
    body: acceptInvitationBody,
    response: { 200: sellerSession },
  },
  sellerMe: { tags: admin, response: { 200: sellerMe } },
  listMyStores: { tags: admin, response: { 200: z.array(myStore) } },
  chooseStore: { tags: admin, body: chooseStoreBody, response: { 200: sellerMe } },
  listCollaborators: { tags: admin, response: { 200: collaboratorsView } },
  inviteCollaborator: { tags: admin, body: inviteBody, response: { 201: pendingInvitation } },
  revokeInvitation: { tags: admin, params: z.object({ id: uuid }), response: { 200: okResponse } },
  setCollaboratorPermissions: {
    tags: admin,
    params: z.object({ userId: uuid }),
    body: permissionsBody,
    response: { 200: member },
  },
  removeCollaborator: { tags: admin, params: z.object({ userId: uuid }), response: { 200: okResponse } },

  signUpSeller: {
    tags: platform,
    summary:
      'Seller sign-up: account, unpublished store, owner membership and domain, and a verification email; the ' +
      'same answer when the email already has an account (its owner is emailed instead)',
    body: signUpBody,
    response: { 202: signUpAccepted },
  },
  checkSlug: { tags: platform, querystring: slugCheckQuery, response: { 200: slugCheck } },
  verifyEmail: {
    tags: platform,
    summary: 'Follows an email-verification link: the email is verified, the owned stores published, signed in',
    body: emailVerificationBody,
    response: { 200: sellerSession },
  },
  emailVerificationState: { tags: admin, response: { 200: emailVerificationState } },
  resendVerificationEmail: { tags: admin, response: { 200: okResponse } },

  exchangeStoreFloorCode: {
    tags: ['store-floor'],
    summary: 'Server to server: trade the one-time code of the dashboard link for a store-floor token',
    description: 'Authenticated by the X-App-Secret header (STORE_FLOOR_APP_SECRET). A code works once, for 60 s.',
    body: storeFloorExchangeBody,
    response: { 200: storeFloorGrant },
  },
  storeFloorStore: {
    tags: ['store-floor'],
    summary: 'The store a store-floor token is for',
    response: { 200: storeFloorStore },
  },
});
