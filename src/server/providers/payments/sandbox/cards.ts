/**
 * The sandbox's test cards (README "Payments"; any future expiry, any CVC):
 *   4242 4242 4242 4242  approved
 *   4000 0000 0000 0002  declined (card_declined)
 *   4000 0000 0000 9995  declined (insufficient_funds)
 *   4000 0000 0000 3220  asks for a 3-D Secure challenge
 * Any other valid number is approved: this is a test provider, which only exists while PAYMENTS_SANDBOX is on.
 */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

/** Card brand from the number's prefix. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** What the sandbox bank answers when the card `number` is charged. */
export function cardOutcome(
  number: string,
): { status: 'succeeded' } | { status: 'failed'; failureCode: string } | { status: 'requires_action' } {
  if (number === SANDBOX_CARDS.declined) return { status: 'failed', failureCode: 'card_declined' };
  if (number === SANDBOX_CARDS.insufficientFunds) return { status: 'failed', failureCode: 'insufficient_funds' };
  if (number === SANDBOX_CARDS.threeDSecure) return { status: 'requires_action' };
  return { status: 'succeeded' };
}
