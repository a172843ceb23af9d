/**
 * The payment adapter's interface and shapes (DESIGN.md "Payments"; decision 027), apart from the factory in index.ts
 * so that an adapter (sandbox/) can implement it without importing the index that imports the adapter (no cycle).
 * Amounts are integer centavos MXN.
 */
import type { FastifyPluginAsync } from 'fastify';

import type { CardInput } from '../../../shared/contracts/checkout.js';

/** The card a shopper typed, validated by the shared contract (src/shared/contracts/checkout.ts). */
export type { CardInput } from '../../../shared/contracts/checkout.js';

/** The provider's status of a payment (Stripe's PaymentIntent statuses, with OXXO's `pending` voucher). */
export type ProviderPaymentStatus =
  'requires_confirmation' | 'requires_action' | 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';

/** A payment as the provider sees it. */
export interface ProviderPayment {
  providerRef: string;
  method: 'card' | 'oxxo';
  status: ProviderPaymentStatus;
  amountCents: number;
  refundedCents: number;
  cardBrand?: string | null;
  cardLast4?: string | null;
  failureCode?: string | null;
  /** 3-D Secure: what the shopper must answer (the sandbox's challenge id). */
  challengeId?: string | null;
  /** OXXO: the voucher's reference and expiry. */
  reference?: string | null;
  expiresAt?: Date | null;
  /** What the app attached at creation: its store and payment ids. */
  metadata: Record<string, string>;
}

/** A verified webhook: one event about one payment, with the payment as it is now. */
export interface ProviderEvent {
  id: string;
  type: string;
  payment: ProviderPayment;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: {
    method: 'card' | 'oxxo';
    amountCents: number;
    idempotencyKey: string;
    description: string;
    /** OXXO: when the voucher stops being payable. */
    expiresAt?: Date;
    metadata: Record<string, string>;
  }): Promise<ProviderPayment>;
  /** Charges the card. Confirming a payment that is no longer `requires_confirmation` charges nothing. */
  confirmCard(input: { providerRef: string; card: CardInput }): Promise<ProviderPayment>;
  /** Null when the provider has no such payment. */
  retrievePayment(providerRef: string): Promise<ProviderPayment | null>;
  /** Voids an unpaid payment; a payment that already succeeded is returned as it is. */
  cancelPayment(providerRef: string): Promise<ProviderPayment>;
  refundPayment(input: {
    providerRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ status: 'succeeded' | 'failed'; failureCode?: string }>;
  /** Throws WEBHOOK_SIGNATURE_INVALID unless the raw body carries a valid, fresh signature. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  /** Provider-side HTTP routes (the sandbox's bank and OXXO counter); registered only for this provider. */
  readonly routes?: FastifyPluginAsync;
  /** Where the provider sends webhooks (the app's POST /api/payments/webhooks/:provider, in process). */
  connectWebhooks?(deliver: WebhookDelivery): void;
  /** Sends again the webhooks that were not delivered (a real provider retries on its own). Returns how many. */
  redeliverWebhooks?(): Promise<number>;
}

export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;
