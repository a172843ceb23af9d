/**
 * Payment adapter (DESIGN.md "Payments"; decision 027). The app talks to a provider the way Stripe's PaymentIntents
 * work, so that a Stripe or PayPal adapter slots in behind the same interface (issue 8):
 *   createPayment   records the intent to be paid (idempotent by key; no money moves for a card, an OXXO voucher
 *                   is issued)
 *   confirmCard     charges the card of a created payment (may ask for 3-D Secure)
 *   retrievePayment the provider's current view of a payment: how the app reconciles after a crash
 *   cancelPayment   voids an unpaid payment (an expired order, a voucher the seller settled by hand)
 *   refundPayment   gives succeeded money back (idempotent by key)
 *   parseWebhook    checks a webhook's signature on the raw body and returns its event
 * `sandbox` is the offline default (only when PAYMENTS_SANDBOX is on); `none` refuses every payment with 503.
 * Amounts are integer centavos MXN. Card data is never logged or stored (only brand and last 4).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { createSandboxPayments } from './sandbox/provider.js';
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

/** The provider when no payment method is available: every call is 503 PAYMENTS_UNAVAILABLE. */
function createNoPayments(): PaymentProvider {
  const unavailable = async (): Promise<never> => {
    throw new AppError('PAYMENTS_UNAVAILABLE');
  };
  return {
    name: 'none',
    createPayment: unavailable,
    confirmCard: unavailable,
    retrievePayment: async () => null,
    cancelPayment: unavailable,
    refundPayment: unavailable,
    parseWebhook: () => {
      throw new AppError('NOT_FOUND');
    },
  };
}

export function createPaymentProvider(
  config: Pick<AppConfig, 'PAYMENT_PROVIDER' | 'PAYMENTS_SANDBOX'>,
  deps: { db: Db; secret: string },
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.PAYMENTS_SANDBOX) return createSandboxPayments(deps);
  return createNoPayments();
}
