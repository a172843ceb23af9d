/**
 * Recurring charges of a saved card (the seller's plan renewed by a job, decisions 060-062),
 * apart from the checkout's PaymentProvider (types.ts) so that either can change without the other. The card is
 * given to the provider on its own side (the sandbox's POST /api/payments/sandbox/payment-methods, as Stripe.js would
 * create a PaymentMethod): the app only ever holds the provider's token and the card's brand, last 4 and expiry.
 *   retrieveCard  what the provider knows of a saved card token (null when it has none)
 *   chargeCard    charges a saved card off-session, idempotent by key: the same key charges once and answers the same
 * Amounts are integer centavos MXN. The adapter for the configured provider: recurring-provider.ts.
 */
import type { FastifyPluginAsync } from 'fastify';

/** A card saved at the provider. */
export interface SavedCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The outcome of one charge. */
export interface RecurringCharge {
  providerRef: string;
  status: 'succeeded' | 'failed';
  /** card_declined, insufficient_funds, expired_card … when failed. */
  failureCode: string | null;
}

export interface RecurringPayments {
  readonly name: string;
  retrieveCard(token: string): Promise<SavedCard | null>;
  chargeCard(input: {
    token: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<RecurringCharge>;
  /** Provider-side HTTP routes (the sandbox's card form endpoint); registered only for this provider. */
  readonly routes?: FastifyPluginAsync;
}
