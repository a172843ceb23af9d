/**
 * The sandbox payment provider's own JSON endpoints (decision 027): what the browser, the shopper at the sandbox bank
 * and the OXXO operator send, and what they get back. Registered only when PAYMENTS_SANDBOX is on.
 */
import { z } from 'zod';
import { cardInput } from './checkout.js';

/**
 * The provider's status of a payment (Stripe's PaymentIntent statuses, with OXXO's `pending` voucher and a wallet's
 * `approved`: the buyer approved it at the wallet and the app may capture it; no money moved yet).
 */
export const PROVIDER_PAYMENT_STATUSES = [
  'requires_confirmation',
  'requires_action',
  'approved',
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'expired',
] as const;

/** A sandbox payment's reference (`sbx_pi_…`) and its client secret. */
export const sandboxPaymentRef = z.string().regex(/^sbx_pi_[0-9a-f]{24}$/);
export const sandboxClientSecret = z.string().regex(/^sbx_pi_[0-9a-f]{24}_secret_[A-Za-z0-9_-]{32}$/);

export const sandboxActionResult = z.object({
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  /** Whether the app acknowledged the webhook; if not, the sandbox sends it again later. */
  notified: z.boolean(),
});

/** POST /api/payments/sandbox/payment_intents/:ref/confirm: the browser confirms a card payment. */
export const sandboxConfirmBody = z.object({ clientSecret: sandboxClientSecret, card: cardInput });
export const sandboxConfirmResult = sandboxActionResult.extend({
  challengeId: z.string().nullable(),
  failureCode: z.string().nullable(),
});

/** POST /api/payments/sandbox/3ds/:challengeId: the shopper's answer at the sandbox bank. */
export const sandboxChallengeParams = z.object({ challengeId: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
export const sandboxChallengeBody = z.object({ approved: z.boolean() });

/** POST /api/payments/sandbox/oxxo/:reference/pay: cash paid at the counter (operator only, signed). */
export const sandboxOxxoParams = z.object({ reference: z.string().regex(/^\d{8,30}$/) });
export const sandboxOxxoResult = sandboxActionResult.extend({ reference: z.string(), amountCents: z.number().int() });
