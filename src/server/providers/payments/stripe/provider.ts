/**
 * The Stripe payment provider (decisions 027, 055, 056), through the official `stripe` SDK:
 *   card  a PaymentIntent (payment_method_types card) created by the server; the shopper's browser confirms it with
 *         Stripe.js Elements (`confirmCardPayment` with the client secret), 3-D Secure included, so that the card
 *         number goes from the browser to Stripe and never through this server
 *   oxxo  a PaymentIntent (payment_method_types oxxo) confirmed by the server with the buyer's name and email: Stripe
 *         issues the voucher (number, expiry, hosted voucher page) in `next_action.oxxo_display_details`
 * Every create and refund carries an idempotency key (the SDK's `idempotencyKey`), webhooks are checked with
 * `stripe.webhooks.constructEvent` (Stripe-Signature, 5 minutes tolerance). Amounts are integer centavos MXN, which is
 * Stripe's unit for MXN. `host`/`port`/`protocol` point the SDK at a local stand-in of the API in tests.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { SIGNATURE_TOLERANCE_SECONDS } from '../signature.js';
import { paymentLocale, type PaymentProvider, type ProviderPayment, type ProviderPaymentStatus } from '../types.js';

/** Stripe settings from the environment (config.ts STRIPE_*). */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A stand-in of the Stripe API (tests): host, port and protocol; unset for api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Stripe's failure for a 3-D Secure the shopper failed or abandoned; ours is `three_d_secure_failed`. */
const AUTHENTICATION_FAILED = 'payment_intent_authentication_failure';

/** OXXO vouchers live 1 to 7 days at Stripe; the app's expiry rounded up to whole days. */
function voucherDays(expiresAt: Date | undefined, now = Date.now()): number {
  if (!expiresAt) return 3;
  return Math.min(7, Math.max(1, Math.ceil((expiresAt.getTime() - now) / 86_400_000)));
}

/** Our view of a PaymentIntent (with `latest_charge` expanded when known: card brand, last 4, refunded amount). */
export function fromPaymentIntent(pi: Stripe.PaymentIntent, now = new Date()): ProviderPayment {
  const method = pi.payment_method_types.includes('oxxo') ? 'oxxo' : 'card';
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const oxxo = pi.next_action?.oxxo_display_details ?? null;
  const expiresAt = oxxo?.expires_after ? new Date(oxxo.expires_after * 1000) : null;
  const error = pi.last_payment_error ?? null;
  let status: ProviderPaymentStatus;
  switch (pi.status) {
    case 'succeeded':
      status = 'succeeded';
      break;
    case 'canceled':
      status = 'canceled';
      break;
    case 'processing':
      status = 'pending';
      break;
    case 'requires_action':
      status = method === 'oxxo' ? (expiresAt && expiresAt <= now ? 'expired' : 'pending') : 'requires_action';
      break;
    case 'requires_payment_method':
      // A refused attempt leaves the intent waiting for another method; for the app the attempt failed (an OXXO
      // voucher that was not paid in time comes back this way too).
      status = error ? (method === 'oxxo' ? 'expired' : 'failed') : 'requires_confirmation';
      break;
    case 'requires_capture':
    case 'requires_confirmation':
    default:
      status = 'requires_confirmation';
  }
  const code = error?.code === AUTHENTICATION_FAILED ? 'three_d_secure_failed' : (error?.decline_code ?? error?.code);
  const card = charge?.payment_method_details?.card ?? null;
  const final = status === 'succeeded' || status === 'canceled' || status === 'expired' || status === 'failed';
  return {
    providerRef: pi.id,
    method,
    status,
    amountCents: pi.amount,
    refundedCents: charge?.amount_refunded ?? 0,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    failureCode: status === 'failed' || status === 'expired' ? (code ?? null) : null,
    challengeId: null,
    reference: oxxo?.number ?? null,
    expiresAt,
    metadata: { ...(pi.metadata ?? {}) },
    clientSecret: final ? null : (pi.client_secret ?? null),
    voucherUrl: oxxo?.hosted_voucher_url ?? null,
  };
}

/**
 * What the app reads from a webhook event (`fromPaymentIntent` and the intent reference): a correctly signed event
 * without it (an API version that dropped a field, a hand-made test event) is refused as WEBHOOK_PAYLOAD_INVALID
 * instead of failing inside the app. Fields the app does not read are let through.
 */
const webhookObject = z.looseObject({ object: z.string().optional() });
const webhookPaymentIntent = z.looseObject({
  object: z.literal('payment_intent'),
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  status: z.string(),
  payment_method_types: z.array(z.string()),
  metadata: z.record(z.string(), z.string()).nullish(),
  client_secret: z.string().nullish(),
  latest_charge: z.union([z.string(), z.looseObject({})]).nullish(),
  next_action: z.looseObject({}).nullish(),
  last_payment_error: z.looseObject({}).nullish(),
});
const webhookEvent = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: webhookObject }),
});

/** True for the SDK's "no such object" answer. */
const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing');

export function createStripePayments(settings: StripeSettings): PaymentProvider & { readonly client: Stripe } {
  const client = new Stripe(settings.secretKey, {
    host: settings.host,
    port: settings.port,
    protocol: settings.protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Vitrina' },
  });

  const retrieve = async (ref: string) => client.paymentIntents.retrieve(ref, { expand: ['latest_charge'] });

  return {
    name: 'stripe',
    client,
    refetchOnWebhook: true,
    publishableKey: settings.publishableKey,

    async createPayment({ method, amountCents, idempotencyKey, description, expiresAt, metadata, billing, locale }) {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: amountCents,
        currency: 'mxn',
        description,
        allowed_payment_method_types: [method],
        metadata: { ...metadata, ...(locale ? { locale: paymentLocale(locale) } : {}) },
      };
      // OXXO: the server confirms at once (no card data), which issues the voucher. Without the payer's name and email
      // (a crash recovery that lost them) the intent stays unconfirmed and is voided like any unfinished attempt.
      if (method === 'oxxo' && billing)
        Object.assign(params, {
          confirm: true,
          payment_method_data: { type: 'oxxo', billing_details: { name: billing.name, email: billing.email } },
          payment_method_options: { oxxo: { expires_after_days: voucherDays(expiresAt) } },
        } satisfies Partial<Stripe.PaymentIntentCreateParams>);
      const pi = await client.paymentIntents.create(params, { idempotencyKey });
      return fromPaymentIntent(pi);
    },

    async confirmCard() {
      // Cards are confirmed by the browser with Stripe.js; a card number must never reach this server.
      throw new AppError('VALIDATION_FAILED', {}, [{ path: 'card', code: 'not_allowed', message: '' }]);
    },

    async retrievePayment(providerRef) {
      try {
        return fromPaymentIntent(await retrieve(providerRef));
      } catch (err) {
        if (isMissing(err)) return null;
        // No connection, or Stripe's own failure: the caller answers 503 (a webhook is delivered again later).
        if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError)
          throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { retryAfter: 60 });
        throw err;
      }
    },

    async cancelPayment(providerRef) {
      try {
        await client.paymentIntents.cancel(providerRef, {}, { idempotencyKey: `cancel_${providerRef}` });
      } catch (err) {
        if (isMissing(err)) throw new AppError('PAYMENT_NOT_FOUND');
        // Already succeeded or canceled: the intent as it is now answers.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
      return fromPaymentIntent(await retrieve(providerRef));
    },

    async refundPayment({ providerRef, amountCents, idempotencyKey }) {
      try {
        const r = await client.refunds.create({ payment_intent: providerRef, amount: amountCents }, { idempotencyKey });
        if (r.status === 'failed' || r.status === 'canceled')
          return { status: 'failed', failureCode: r.failure_reason ?? r.status };
        return { status: 'succeeded' };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: 'failed', failureCode: err.code ?? 'refund_not_possible' };
        throw err;
      }
    },

    parseWebhook(rawBody, headers) {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof header !== 'string' || header.length > 2000) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, header, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const parsed = webhookEvent.safeParse(event);
      if (!parsed.success) throw new AppError('WEBHOOK_PAYLOAD_INVALID');
      const object = parsed.data.data.object as { object?: string; payment_intent?: unknown };
      if (object.object === 'payment_intent') {
        const intent = webhookPaymentIntent.safeParse(object);
        if (!intent.success) throw new AppError('WEBHOOK_PAYLOAD_INVALID');
        return {
          id: parsed.data.id,
          type: parsed.data.type,
          payment: fromPaymentIntent(intent.data as unknown as Stripe.PaymentIntent),
        };
      }
      // Other objects (a charge refunded in the dashboard...) name their intent; the app re-reads it from Stripe.
      const ref = typeof object.payment_intent === 'string' ? object.payment_intent : '';
      return {
        id: parsed.data.id,
        type: parsed.data.type,
        payment: {
          providerRef: ref,
          method: 'card',
          status: 'requires_confirmation',
          amountCents: 0,
          refundedCents: 0,
          metadata: {},
        },
      };
    },

    clientConfirmation(payment, lang) {
      if (payment.method !== 'card' || payment.status !== 'requires_confirmation' || !payment.clientSecret) return null;
      return {
        provider: 'stripe',
        clientSecret: payment.clientSecret,
        publishableKey: settings.publishableKey,
        confirmUrl: null,
        locale: lang,
      };
    },
  };
}
