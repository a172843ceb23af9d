/**
 * The PayPal wallet (decision 071), through PayPal's official server SDK (`@paypal/paypal-server-sdk`),
 * Orders v2 with intent CAPTURE:
 *   createPayment   POST /v2/checkout/orders: the amount in MXN (integer centavos written as "123.45"), the payment
 *                   locale (es-MX or en-US), return and cancel URLs, the app's ids in `custom_id` and
 *                   `reference_id`; `PayPal-Request-Id` is the app's idempotency key. The answer's `payer-action`
 *                   link is where the buyer approves.
 *   capturePayment  POST /v2/checkout/orders/:id/capture once the buyer approved (PayPal-Request-Id again: twenty
 *                   returns capture once); an order captured before answers as it is
 *   refundPayment   POST /v2/payments/captures/:id/refund, partial allowed, idempotent by key
 *   parseWebhook    asks PayPal (POST /v1/notifications/verify-webhook-signature, with PAYPAL_WEBHOOK_ID) whether the
 *                   transmission headers sign this exact body
 * PayPal cannot void an order that was never captured (it expires at PayPal): `cancelPayment` answers `canceled`, and
 * the app never captures a payment it closed. `apiBaseUrl` sends the SDK's requests to a local stand-in of the API
 * (tests): the SDK has no base-URL setting, only its two environments, so its HTTP client (axios, configured through
 * the SDK's `unstable_httpClientOptions`) is given a fetch that swaps PayPal's origin for the stand-in's.
 */
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  type Order,
} from '@paypal/paypal-server-sdk';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { createRemoteVerifications } from '../remote-verification.js';
import type { PaymentProvider, ProviderEvent, ProviderPayment, ProviderPaymentStatus } from '../types.js';

/** PayPal settings from the environment (config.ts PAYPAL_*). */
export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** A stand-in of the PayPal API (tests): `http://host:port`, which receives the SDK's requests instead of PayPal. */
  apiBaseUrl?: string;
  /** Webhook verifications that may fail per minute before unknown transmissions are refused unasked (decision 109). */
  verifyFailuresPerMinute?: number;
}

/** A fetch that sends requests for PayPal's API hosts to `base` (same path and query), and refuses any other host. */
function toStandIn(base: URL): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== 'api-m.sandbox.paypal.com' && url.hostname !== 'api-m.paypal.com')
      return Promise.reject(new Error(`not a PayPal API URL: ${url.hostname}`));
    const target = new URL(`${url.pathname}${url.search}`, base);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    // The stand-in sees which PayPal host the SDK meant.
    headers.set('x-paypal-host', url.hostname);
    return input instanceof Request
      ? fetch(new Request(target, input), { ...init, headers })
      : fetch(target, { ...init, headers });
  };
}

/** The payment locale as PayPal writes it (BCP 47). */
export const paypalLocale = (lang: 'es' | 'en') => (lang === 'en' ? 'en-US' : 'es-MX');

/** Integer centavos as PayPal's MXN value: 12345 → "123.45". */
export function toPayPalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('centavos must be a non-negative integer');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's MXN value as integer centavos: "123.45" → 12345, "10" → 1000. NaN for anything else. */
export function fromPayPalValue(value: string | undefined): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * The transmission headers PayPal sends with a webhook, all needed to verify it, each checked for the form PayPal
 * gives it before anything is sent to PayPal: a notice whose headers PayPal could never have written (a certificate
 * outside paypal.com, an unknown algorithm, a signature that is not base64) is refused without a call.
 */
const TRANSMISSION_HEADERS = {
  'paypal-transmission-id': /^[A-Za-z0-9-]{8,64}$/,
  'paypal-transmission-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/,
  'paypal-transmission-sig': /^[A-Za-z0-9+/=_-]{16,2048}$/,
  'paypal-cert-url': /^https:\/\/api(-m)?\.(sandbox\.)?paypal\.com\/v1\/notifications\/certs\/[A-Za-z0-9._-]{1,200}$/,
  'paypal-auth-algo': /^SHA(256|384|512)withRSA$/,
} as const;
type TransmissionHeader = keyof typeof TRANSMISSION_HEADERS;

/** The transmission headers of a webhook, or WEBHOOK_SIGNATURE_INVALID when one is missing or not in PayPal's form. */
function transmissionHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<TransmissionHeader, string> {
  const out = {} as Record<TransmissionHeader, string>;
  for (const [name, form] of Object.entries(TRANSMISSION_HEADERS) as [TransmissionHeader, RegExp][]) {
    const v = headers[name];
    if (typeof v !== 'string' || !form.test(v)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    out[name] = v;
  }
  if (Number.isNaN(Date.parse(out['paypal-transmission-time']))) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  return out;
}

/** What the app reads from a PayPal event; a body without it is WEBHOOK_PAYLOAD_INVALID. */
const paypalEvent = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  resource: z.looseObject({
    id: z.unknown().optional(),
    supplementary_data: z
      .looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() })
      .optional(),
  }),
});

/**
 * True when PayPal could not be asked (no connection, a timeout, its own 5xx): the caller answers 503 and PayPal
 * delivers the webhook again, instead of a 500.
 */
const unreachable = (err: unknown) => !(err instanceof ApiError) || err.statusCode >= 500;
/** How long a sender is asked to wait when PayPal cannot be reached, seconds. */
const UNREACHABLE_RETRY_AFTER = 60;
const providerUnavailable = () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { retryAfter: UNREACHABLE_RETRY_AFTER });

/** A webhook verification is given this long, without retries: PayPal delivers the webhook again itself. */
const VERIFY_TIMEOUT_MS = 5_000;

/** Our view of a PayPal order (Orders v2). */
export function fromPayPalOrder(order: Order): ProviderPayment {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const refundedCents = (unit?.payments?.refunds ?? [])
    .filter((r) => r.status === 'COMPLETED' || r.status === 'PENDING')
    .reduce((s, r) => s + (fromPayPalValue(r.amount?.value) || 0), 0);
  let status: ProviderPaymentStatus;
  switch (order.status) {
    case OrderStatus.Approved:
      status = 'approved';
      break;
    case OrderStatus.Voided:
      status = 'canceled';
      break;
    case OrderStatus.Completed:
      status =
        capture?.status === 'DECLINED' || capture?.status === 'FAILED'
          ? 'failed'
          : capture?.status === 'PENDING'
            ? 'pending'
            : 'succeeded';
      break;
    case OrderStatus.Created:
    case OrderStatus.Saved:
    case OrderStatus.PayerActionRequired:
    case undefined:
    default:
      status = 'requires_confirmation';
  }
  const [storeId = '', paymentId = ''] = (unit?.customId ?? '').split(':');
  const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
  return {
    providerRef: order.id ?? '',
    method: 'paypal',
    status,
    amountCents: fromPayPalValue(unit?.amount?.value) || 0,
    refundedCents,
    failureCode: status === 'failed' ? `capture_${(capture?.status ?? 'failed').toLowerCase()}` : null,
    metadata: { storeId, paymentId, orderId: unit?.referenceId ?? '' },
    approveUrl: status === 'requires_confirmation' ? (approve?.href ?? null) : null,
  };
}

/** The first issue PayPal names in an error answer (ORDER_ALREADY_CAPTURED, ...), or null. */
function issueOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = typeof err.body === 'string' ? err.body : '';
  try {
    const parsed = JSON.parse(body) as { details?: { issue?: string }[]; name?: string };
    return parsed.details?.[0]?.issue ?? parsed.name ?? null;
  } catch {
    return null;
  }
}

const isMissing = (err: unknown) => err instanceof ApiError && err.statusCode === 404;

export function createPayPalPayments(settings: PayPalSettings): PaymentProvider & { readonly client: Client } {
  const apiBase = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : null;
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: settings.clientId, oAuthClientSecret: settings.clientSecret },
    environment: settings.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    httpClientOptions: { retryConfig: { maxNumberOfRetries: 2 } },
    // A stand-in of the API: the SDK's own HTTP client (axios) sends each request through fetch to the stand-in's
    // origin instead of PayPal's; path, headers and body are the SDK's, unchanged.
    ...(apiBase ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: toStandIn(apiBase) } } } : {}),
  });
  // Webhook verifications get a client of their own: a short timeout and no retries, so a slow or absent PayPal
  // holds a webhook request for seconds, not a minute.
  const verifyClient = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: settings.clientId, oAuthClientSecret: settings.clientSecret },
    environment: settings.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: VERIFY_TIMEOUT_MS,
    httpClientOptions: { retryConfig: { maxNumberOfRetries: 0 } },
    ...(apiBase ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: toStandIn(apiBase) } } } : {}),
  });
  const verifications = createRemoteVerifications({ failuresPerMinute: settings.verifyFailuresPerMinute ?? 30 });
  const ordersApi = new OrdersController(client);
  const paymentsApi = new PaymentsController(client);

  const getOrder = async (id: string) => (await ordersApi.getOrder({ id })).result;

  return {
    name: 'paypal',
    client,
    methods: ['paypal'],
    refetchOnWebhook: true,

    async createPayment({ method, amountCents, idempotencyKey, description, metadata, locale, returnUrl, cancelUrl }) {
      if (method !== 'paypal') throw new AppError('PAYMENTS_UNAVAILABLE');
      const { result } = await ordersApi.createOrder({
        paypalRequestId: idempotencyKey,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: metadata.orderId,
              customId: `${metadata.storeId}:${metadata.paymentId}`,
              description: description.slice(0, 127),
              amount: { currencyCode: 'MXN', value: toPayPalValue(amountCents) },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                locale: paypalLocale(locale ?? 'es'),
                returnUrl,
                cancelUrl,
                userAction: 'PAY_NOW' as never,
                shippingPreference: 'NO_SHIPPING' as never,
              },
            },
          },
        },
      });
      return fromPayPalOrder(result);
    },

    async confirmCard() {
      throw new AppError('VALIDATION_FAILED', {}, [{ path: 'card', code: 'not_allowed', message: '' }]);
    },

    async capturePayment({ providerRef, idempotencyKey }) {
      try {
        const { result } = await ordersApi.captureOrder({
          id: providerRef,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
        });
        return fromPayPalOrder(result);
      } catch (err) {
        if (isMissing(err)) throw new AppError('PAYMENT_NOT_FOUND');
        const issue = issueOf(err);
        // Captured before (another return won), or not approved yet / no longer capturable: as it is now.
        if (err instanceof ApiError && err.statusCode === 422) {
          const now = fromPayPalOrder(await getOrder(providerRef));
          if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED')
            return now.status === 'approved' ? { ...now, status: 'failed', failureCode: issue.toLowerCase() } : now;
          return now;
        }
        throw err;
      }
    },

    async retrievePayment(providerRef) {
      try {
        return fromPayPalOrder(await getOrder(providerRef));
      } catch (err) {
        if (isMissing(err)) return null;
        if (unreachable(err)) throw providerUnavailable();
        throw err;
      }
    },

    async cancelPayment(providerRef) {
      let order: Order;
      try {
        order = await getOrder(providerRef);
      } catch (err) {
        if (isMissing(err)) throw new AppError('PAYMENT_NOT_FOUND');
        throw err;
      }
      const p = fromPayPalOrder(order);
      // An order PayPal never captured cannot be voided there; it expires on its own. For the app it is over.
      return p.status === 'requires_confirmation' || p.status === 'approved'
        ? { ...p, status: 'canceled', approveUrl: null }
        : p;
    },

    async refundPayment({ providerRef, amountCents, idempotencyKey }) {
      const order = await getOrder(providerRef);
      const captureId = order.purchaseUnits?.[0]?.payments?.captures?.[0]?.id;
      if (!captureId) return { status: 'failed', failureCode: 'not_captured' };
      try {
        const { result } = await paymentsApi.refundCapturedPayment({
          captureId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
          body: { amount: { currencyCode: 'MXN', value: toPayPalValue(amountCents) } },
        });
        if (result.status === 'FAILED' || result.status === 'CANCELLED')
          return { status: 'failed', failureCode: `refund_${result.status.toLowerCase()}` };
        return { status: 'succeeded' };
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 422)
          return { status: 'failed', failureCode: (issueOf(err) ?? 'refund_not_possible').toLowerCase() };
        throw err;
      }
    },

    async parseWebhook(rawBody, headers) {
      const h = transmissionHeaders(headers);
      let event: z.infer<typeof paypalEvent>;
      try {
        const parsed = paypalEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
        if (!parsed.success) throw new Error('not an event');
        event = parsed.data;
      } catch {
        throw new AppError('WEBHOOK_PAYLOAD_INVALID');
      }
      // PayPal checks the signature of the exact bytes it sent: the event goes back verbatim.
      const body =
        `{"auth_algo":${JSON.stringify(h['paypal-auth-algo'])},"cert_url":${JSON.stringify(h['paypal-cert-url'])},` +
        `"transmission_id":${JSON.stringify(h['paypal-transmission-id'])},` +
        `"transmission_sig":${JSON.stringify(h['paypal-transmission-sig'])},` +
        `"transmission_time":${JSON.stringify(h['paypal-transmission-time'])},` +
        `"webhook_id":${JSON.stringify(settings.webhookId)},"webhook_event":${rawBody.toString('utf8')}}`;
      const key = createHash('sha256').update(body).digest('base64url');
      const verified = await verifications.verify(key, async () => {
        const req = verifyClient.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
        req.baseUrl('default');
        req.contentType('application/json');
        req.authenticate([{ oauth2: true }]);
        req.text(body);
        try {
          const { result } = await req.callAsText();
          return (JSON.parse(result) as { verification_status?: string }).verification_status === 'SUCCESS';
        } catch (err) {
          if (unreachable(err)) throw providerUnavailable();
          return false;
        }
      });
      if (!verified) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      // The order the event is about: the resource itself (CHECKOUT.ORDER.*), or the capture's order (PAYMENT.*).
      const r = event.resource;
      const ref = event.event_type.startsWith('CHECKOUT.ORDER.')
        ? typeof r.id === 'string'
          ? r.id
          : ''
        : (r.supplementary_data?.related_ids?.order_id ?? '');
      return {
        id: event.id,
        type: event.event_type,
        payment: {
          providerRef: ref,
          method: 'paypal',
          status: 'requires_confirmation',
          amountCents: 0,
          refundedCents: 0,
          metadata: {},
        },
      } satisfies ProviderEvent;
    },

    clientConfirmation(payment, lang) {
      if (payment.method !== 'paypal' || payment.status !== 'requires_confirmation' || !payment.approveUrl) return null;
      return {
        provider: 'paypal',
        clientSecret: '',
        publishableKey: null,
        confirmUrl: null,
        approveUrl: payment.approveUrl,
        locale: lang,
      };
    },
  };
}
