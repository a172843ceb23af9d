/**
 * The built-in sandbox payment provider. Test cards (Luhn-valid, any future expiry, any CVC):
 *   4242 4242 4242 4242  approved
 *   4000 0000 0000 0002  declined (card_declined)
 *   4000 0000 0000 9995  declined (insufficient_funds)
 *   4000 0000 0000 3220  requires a 3-D Secure challenge
 * Any other valid number is approved. OXXO vouchers get a 14-digit reference. Card refunds always succeed.
 */
import { createHash, randomInt } from 'node:crypto';
import type { CardChargeResult, PaymentProvider } from './index.js';

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

export function createSandboxPayments(): PaymentProvider {
  const byKey = new Map<string, CardChargeResult>();
  const ref = (prefix: string, key: string) =>
    `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  return {
    name: 'sandbox',
    async chargeCard({ card, idempotencyKey }) {
      const seen = byKey.get(idempotencyKey);
      if (seen) return seen;
      const base = {
        providerRef: ref('pi', idempotencyKey),
        cardBrand: cardBrand(card.number),
        cardLast4: card.number.slice(-4),
      };
      let result: CardChargeResult;
      if (card.number === SANDBOX_CARDS.declined) result = { ...base, status: 'failed', failureCode: 'card_declined' };
      else if (card.number === SANDBOX_CARDS.insufficientFunds)
        result = { ...base, status: 'failed', failureCode: 'insufficient_funds' };
      else if (card.number === SANDBOX_CARDS.threeDSecure)
        result = { ...base, status: 'requires_action', challengeId: ref('3ds', idempotencyKey) };
      else result = { ...base, status: 'succeeded' };
      byKey.set(idempotencyKey, result);
      return result;
    },
    async completeThreeDSecure({ approved }) {
      return approved ? { status: 'succeeded' } : { status: 'failed', failureCode: 'three_d_secure_failed' };
    },
    async refundCard() {
      return { status: 'succeeded' };
    },
    async createOxxoVoucher({ expiresAt, idempotencyKey }) {
      const reference = Array.from({ length: 14 }, () => randomInt(10)).join('');
      return { providerRef: ref('oxxo', idempotencyKey), reference, expiresAt };
    },
  };
}
