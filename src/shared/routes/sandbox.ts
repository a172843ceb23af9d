/** Routes of the sandbox payment provider's own JSON endpoints (PAYMENTS_SANDBOX only; its wallet pages are HTML and stay with the provider). Schemas in sandbox.ops.ts. */
export const sandboxConfirmPayment = {
  name: 'sandboxConfirmPayment',
  method: 'POST',
  path: '/api/payments/sandbox/payment_intents/:ref/confirm',
} as const;
export const sandboxAnswerChallenge = {
  name: 'sandboxAnswerChallenge',
  method: 'POST',
  path: '/api/payments/sandbox/3ds/:challengeId',
} as const;
export const sandboxPayOxxo = {
  name: 'sandboxPayOxxo',
  method: 'POST',
  path: '/api/payments/sandbox/oxxo/:reference/pay',
} as const;
export const sandboxSaveCard = {
  name: 'sandboxSaveCard',
  method: 'POST',
  path: '/api/payments/sandbox/payment-methods',
} as const;
