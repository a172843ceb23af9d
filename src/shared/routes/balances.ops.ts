/** The balances module's operations (who may call which: decision 090). */
import {
  balanceSummary,
  bankAccountInput,
  bankAccountResponse,
  bankAccountView,
  paymentHistory,
  payoutRequest,
  payoutView,
} from '../contracts/balances.js';
import { defineOps } from './op.js';
import * as routes from './balances.js';

export const balancesOps = defineOps(routes, {
  balanceSummary: {
    tags: ['admin'],
    summary: 'Pending, available and total balance, order counts and daily sales',
    response: { 200: balanceSummary },
  },
  paymentHistory: { tags: ['admin'], summary: 'Payouts and balance movements', response: { 200: paymentHistory } },
  requestPayout: {
    tags: ['admin'],
    summary: 'Owners only: pay out available money to the store’s bank account',
    description: 'Refused with PAYOUT_ON_HOLD for 24 hours after the bank account was replaced.',
    body: payoutRequest,
    response: { 201: payoutView },
  },
  getBankAccount: {
    tags: ['admin'],
    summary: 'The store’s bank account (masked) and the banks to choose from',
    response: { 200: bankAccountResponse },
  },
  saveBankAccount: {
    tags: ['admin'],
    summary: 'Owners only: set the store’s bank account for payouts, with the owner’s password',
    description: 'Emails every owner; a replaced CLABE holds payouts for 24 hours.',
    body: bankAccountInput,
    response: { 200: bankAccountView },
  },
});
