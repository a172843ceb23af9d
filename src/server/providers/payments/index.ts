/**
 * Payment adapter (DESIGN.md "Payments"). `sandbox` is the offline default: test cards that approve,
 * decline or ask for a 3-D Secure challenge, and OXXO cash vouchers. A Stripe adapter is on the roadmap.
 * Amounts are integer centavos MXN. Card data is never logged or stored (only brand and last 4).
 */
import type { AppConfig } from '../../config.js';
import { createSandboxPayments } from './sandbox.js';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export type CardChargeResult =
  | { status: 'succeeded'; providerRef: string; cardBrand: string; cardLast4: string }
  | { status: 'requires_action'; providerRef: string; cardBrand: string; cardLast4: string; challengeId: string }
  | { status: 'failed'; providerRef: string; cardBrand: string; cardLast4: string; failureCode: string };

export interface OxxoVoucher {
  providerRef: string;
  reference: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: string;
  /** Charges a card. `idempotencyKey` makes a retried call return the first result. */
  chargeCard(input: {
    amountCents: number;
    card: CardInput;
    idempotencyKey: string;
    description: string;
  }): Promise<CardChargeResult>;
  /** Completes a 3-D Secure challenge started by chargeCard; `approved` is the shopper's answer. */
  completeThreeDSecure(input: {
    providerRef: string;
    challengeId: string;
    approved: boolean;
  }): Promise<{ status: 'succeeded' | 'failed'; failureCode?: string }>;
  /** Creates an OXXO cash voucher valid until `expiresAt`. */
  createOxxoVoucher(input: { amountCents: number; expiresAt: Date; idempotencyKey: string }): Promise<OxxoVoucher>;
  /** Refunds `amountCents` of a succeeded card charge to the card. `idempotencyKey` makes a retry refund once. */
  refundCard(input: {
    providerRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ status: 'succeeded' | 'failed'; failureCode?: string }>;
}

export function createPaymentProvider(config: Pick<AppConfig, 'PAYMENT_PROVIDER'>): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
    default:
      return createSandboxPayments();
  }
}
