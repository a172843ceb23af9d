/** The buyer's account operations (routes in buyer-account.ts). */
import { z } from 'zod';
import { address, addressInput, user } from '../contracts/accounts.js';
import {
  deleteAccountBody,
  emailChangeAccepted,
  emailChangeBody,
  emailChangeConfirmBody,
  emailChangeConfirmed,
  passwordChangeBody,
  passwordChanged,
  profileBody,
} from '../contracts/buyer-account.js';
import { okResponse, uuid } from '../contracts/common.js';
import { defineOps } from './op.js';
import * as routes from './buyer-account.js';

const tags = ['accounts'];

export const buyerAccountOps = defineOps(routes, {
  updateProfile: {
    tags,
    summary: 'The signed-in buyer changes their name and phone',
    body: profileBody,
    response: { 200: user },
  },
  requestEmailChange: {
    tags,
    summary: 'Mails a confirmation link to the new email; the account keeps its email until the link is followed',
    body: emailChangeBody,
    response: { 202: emailChangeAccepted },
  },
  confirmEmailChange: {
    tags,
    summary: 'Follows the email-change link: the new email applies and the old one is told',
    body: emailChangeConfirmBody,
    response: { 200: emailChangeConfirmed },
  },
  changePassword: {
    tags,
    summary: 'Changes the password (the current one asked again); every other session of the buyer is signed out',
    body: passwordChangeBody,
    response: { 200: passwordChanged },
  },
  deleteAccount: {
    tags,
    summary: 'Deletes the buyer’s account: personal data anonymised, orders kept for the tax law (decision 160)',
    body: deleteAccountBody,
    response: { 200: okResponse },
  },
  updateAddress: { tags, params: z.object({ id: uuid }), body: addressInput, response: { 200: address } },
  setDefaultAddress: { tags, params: z.object({ id: uuid }), response: { 200: address } },
});
