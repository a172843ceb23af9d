/** The sandbox payment provider's JSON operations (routes in sandbox.ts). */
import { z } from 'zod';
import {
  sandboxActionResult,
  sandboxChallengeBody,
  sandboxChallengeParams,
  sandboxConfirmBody,
  sandboxConfirmResult,
  sandboxOxxoParams,
  sandboxOxxoResult,
  sandboxPaymentRef,
} from '../contracts/sandbox.js';
import { savedCard, subscriptionCardInput } from '../contracts/subscriptions.js';
import { defineOps } from './op.js';
import * as routes from './sandbox.js';

const tags = ['sandbox'];

export const sandboxOps = defineOps(routes, {
  sandboxConfirmPayment: {
    tags,
    summary: 'Sandbox provider: the browser confirms a card payment with its client secret',
    params: z.object({ ref: sandboxPaymentRef }),
    body: sandboxConfirmBody,
    response: { 200: sandboxConfirmResult },
  },
  sandboxAnswerChallenge: {
    tags,
    summary: 'Sandbox bank: the shopper answers the 3-D Secure challenge',
    params: sandboxChallengeParams,
    body: sandboxChallengeBody,
    response: { 200: sandboxActionResult },
  },
  sandboxPayOxxo: {
    tags,
    summary: 'Sandbox OXXO counter: cash paid for a voucher (operator only, signed)',
    params: sandboxOxxoParams,
    response: { 200: sandboxOxxoResult },
  },
  sandboxSaveCard: {
    tags,
    summary: 'Sandbox card form: saves a card for recurring charges and answers its token',
    body: subscriptionCardInput,
    response: { 201: savedCard },
  },
});
