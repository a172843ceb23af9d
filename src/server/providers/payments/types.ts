/**
 * The payment adapter's interface and shapes (decision 027), apart from the factory in index.ts
 * so that an adapter (sandbox/) can implement it without importing the index that imports the adapter (no cycle).
 * Amounts are integer centavos MXN.
 */
import type { FastifyPluginAsync } from 'fastify';

import type { CardInput } from '../../../shared/contracts/checkout.js';

/** The card a shopper typed, validated by the shared contract (src/shared/contracts/checkout.ts). */
export type { CardInput } from '../../../shared/contracts/checkout.js';

/** The provider's status of a payment (the list is shared with the sandbox's own routes' answers). */
export { PROVIDER_PAYMENT_STATUSES };
import { PROVIDER_PAYMENT_STATUSES } from '../../../shared/contracts/sandbox.js';
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** How a shopper pays: a card, cash at OXXO, or the PayPal wallet. */
export type PaymentMethodName = 'card' | 'oxxo' | 'paypal';

/** A payment as the provider sees it. */
export interface ProviderPayment {
  providerRef: string;
  method: PaymentMethodName;
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
  /**
   * The secret with which the shopper's browser confirms this payment at the provider (Stripe's PaymentIntent
   * `client_secret`; the sandbox's own). Never logged, never stored by the app; null once the payment is final.
   */
  clientSecret?: string | null;
  /** OXXO through Stripe: the provider's printable voucher page. */
  voucherUrl?: string | null;
  /** Wallet: the provider's page where the buyer approves the payment (PayPal's `payer-action` link). */
  approveUrl?: string | null;
}

/**
 * What the shopper's browser needs to confirm a card payment with the provider itself, so that the card goes from the
 * browser to the provider and never through the app's server (decision 056).
 */
export interface ProviderClientConfirmation {
  provider: string;
  clientSecret: string;
  /** Stripe: the publishable key for Stripe.js. */
  publishableKey: string | null;
  /** Sandbox: the provider-side URL that takes the card (the sandbox's own route, as Stripe's API would). */
  confirmUrl: string | null;
  /** The provider's locale for its card form and 3-D Secure pages (es or en). */
  locale: 'es' | 'en';
  /** Wallet: the provider's page where the buyer approves the payment (the browser goes there). */
  approveUrl?: string | null;
}

/** The payment locale for the app's language: es_MX for Spanish, en_US for English. */
export const paymentLocale = (lang: 'es' | 'en') => (lang === 'en' ? 'en_US' : 'es_MX');

/** A verified webhook: one event about one payment, with the payment as it is now. */
export interface ProviderEvent {
  id: string;
  type: string;
  payment: ProviderPayment;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: {
    method: PaymentMethodName;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    /** OXXO: when the voucher stops being payable. */
    expiresAt?: Date;
    metadata: Record<string, string>;
    /** OXXO through Stripe: the payer's name and email printed on the voucher (Stripe requires both). */
    billing?: { name: string; email: string };
    /** The buyer's language (the payment locale is derived from it). */
    locale?: 'es' | 'en';
    /** Wallet: where the provider sends the buyer back after approving, or after cancelling, at its page. */
    returnUrl?: string;
    cancelUrl?: string;
  }): Promise<ProviderPayment>;
  /**
   * Charges the card on the server. Only the sandbox does it (its legacy API path, kept for tests); a provider whose
   * cards are confirmed in the browser (Stripe) refuses it. Confirming a payment that is no longer
   * `requires_confirmation` charges nothing.
   */
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
  /**
   * Wallet: captures a payment the buyer approved (idempotent by key: a second capture moves no more money) and
   * returns it as it is now (succeeded, or failed when the wallet refused the capture). Providers without wallets
   * leave it out.
   */
  capturePayment?(input: { providerRef: string; idempotencyKey: string }): Promise<ProviderPayment>;
  /**
   * Throws WEBHOOK_SIGNATURE_INVALID unless the raw body carries a valid, fresh signature, and WEBHOOK_PAYLOAD_INVALID
   * when a signed body lacks what the app reads. May ask the provider (PayPal checks a webhook with its
   * verify-webhook-signature API, within the bounds of remote-verification.ts: RATE_LIMITED or SERVER_BUSY instead of
   * a call; PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be reached).
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent | Promise<ProviderEvent>;
  /** Provider-side HTTP routes (the sandbox's bank and OXXO counter); registered only for this provider. */
  readonly routes?: FastifyPluginAsync;
  /** Where the provider sends webhooks (the app's POST /api/payments/webhooks/:provider, in process). */
  connectWebhooks?(deliver: WebhookDelivery): void;
  /** Sends again the webhooks that were not delivered (a real provider retries on its own). Returns how many. */
  redeliverWebhooks?(): Promise<number>;
  /**
   * What the browser needs to confirm `payment` (a card payment in `requires_confirmation`) with the provider, or
   * null when there is nothing to confirm. Providers without it take no card payments from the browser.
   */
  clientConfirmation?(payment: ProviderPayment, lang: 'es' | 'en'): ProviderClientConfirmation | null;
  /** Whether a webhook's payment is re-read from the provider before it is applied (Stripe: events may be stale). */
  readonly refetchOnWebhook?: boolean;
  /** Stripe: the publishable key the browser's Stripe.js uses. */
  readonly publishableKey?: string;
  /** The payment methods it takes (default card and OXXO). */
  readonly methods?: readonly PaymentMethodName[];
}

export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;
