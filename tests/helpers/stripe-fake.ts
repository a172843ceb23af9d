/**
 * A local stand-in of exactly the Stripe API endpoints the Stripe adapter uses (decision 055), reached by the real
 * `stripe` SDK through its host/port/protocol settings. Stateful like Stripe:
 *   POST /v1/payment_intents               create (card, or OXXO confirmed at once with a voucher in next_action)
 *   GET  /v1/payment_intents/:id           retrieve (expand[]=latest_charge)
 *   POST /v1/payment_intents/:id/confirm   confirm with a test payment method (secret key, or the publishable key with
 *                                          the client secret, as Stripe.js does from the browser)
 *   POST /v1/payment_intents/:id/cancel    cancel an unpaid intent
 *   POST /v1/refunds                       refund (partial allowed) a succeeded intent
 * Stripe.js's side, for browser tests (decision 074): the publishable key may come as the `key` parameter (as Stripe.js
 * sends it), an intent may be read with it plus the client secret, every answer allows any origin (as Stripe's API
 * does), `GET /js/...` and `GET /hooks/...` serve the browser stand-in of Stripe.js and its frames
 * (tests/helpers/stripe-js-fake/), and `POST /hooks/3d_secure/:id/answer` is the shopper completing or failing the
 * test 3-D Secure page.
 * Every POST honours `Idempotency-Key` (the same key answers the first response again; another body under it is an
 * idempotency_error). Events are signed with the real scheme (`stripe.webhooks.generateTestHeaderString`) and sent
 * to `onWebhook`. What the shopper or the OXXO counter does on Stripe's side is driven by the test through
 * `completeThreeDSecure`, `payOxxo` and `expireOxxo`. Test payment methods follow Stripe's: pm_card_visa (approved),
 * pm_card_chargeDeclined, pm_card_chargeDeclinedInsufficientFunds, pm_card_threeDSecure2Required.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  description: string | null;
  status: string;
  client_secret: string;
  payment_method_types: string[];
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: Obj | null;
  next_action: Obj | null;
  payment_method_options: Obj;
  created: number;
  livemode: false;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  payment_method_details: Obj;
  status: 'succeeded';
}

/** A request the fake received, for assertions (never the card: the fake gets payment method ids only). */
export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  auth: string;
  params: Obj;
}

/** `a[b][0]=x` form bodies (the SDK's encoding) into nested objects; arrays come as objects keyed 0, 1, ... */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let cur = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) cur[part] = value;
      else cur = (cur[part] ??= {}) as Obj;
    });
  }
  return out;
}

const list = (v: unknown): string[] => (v && typeof v === 'object' ? Object.values(v as Obj).map(String) : []);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const STAND_IN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stripe-js-fake');
const STAND_IN_FILES: Record<string, string> = {
  'basil/stripe.js': 'stripe.js',
  'v3/elements-inner-card.html': 'card-frame.html',
  '3d_secure/challenge.html': 'three-d-secure.html',
};

/** One file of the Stripe.js stand-in, by the path Stripe's own would have (404 for any other). */
function serveStandIn(reply: { status(n: number): unknown; type(t: string): unknown }, file: string) {
  const name = STAND_IN_FILES[file.split('?')[0]];
  if (!name) throw new FakeError(404, 'resource_missing');
  reply.type(name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8');
  return fs.readFileSync(path.join(STAND_IN_DIR, name), 'utf8');
}

class FakeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly type = 'invalid_request_error',
  ) {
    super(code);
  }
}

export interface StripeFake {
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: FakeRequest[];
  events: { id: string; type: string; payload: string }[];
  intents: Map<string, Intent>;
  charges: Map<string, Charge>;
  /** Where events go (the app's webhook endpoint); unset, events are only recorded. */
  onWebhook(fn: (payload: string, signature: string) => Promise<unknown>): void;
  /** The signature header for `payload` with the real scheme (optionally at another time, or another secret). */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  completeThreeDSecure(id: string, approved: boolean): Promise<void>;
  payOxxo(id: string): Promise<void>;
  expireOxxo(id: string): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeFake(
  keys: { secretKey?: string; publishableKey?: string; webhookSecret?: string; port?: number } = {},
): Promise<StripeFake> {
  const secretKey = keys.secretKey ?? 'sk_test_fake_vitrina';
  const publishableKey = keys.publishableKey ?? 'pk_test_fake_vitrina';
  const webhookSecret = keys.webhookSecret ?? 'whsec_fake_vitrina';
  const signer = new Stripe(secretKey);
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  const requests: FakeRequest[] = [];
  const events: StripeFake['events'] = [];
  let deliver: ((payload: string, signature: string) => Promise<unknown>) | null = null;

  const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      timestamp: opts.timestamp ?? now(),
    });

  async function emit(type: string, object: Obj): Promise<void> {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      data: { object },
    });
    events.push({ id, type, payload });
    if (deliver) await deliver(payload, sign(payload));
  }

  const view = (pi: Intent, expand: string[]) => ({
    ...pi,
    latest_charge:
      expand.includes('latest_charge') && pi.latest_charge ? charges.get(pi.latest_charge) : pi.latest_charge,
  });

  async function succeed(pi: Intent, card: { brand: string; last4: string } | null): Promise<void> {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: pi.id,
      payment_method_details: card ? { type: 'card', card } : { type: 'oxxo', oxxo: { number: null } },
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    Object.assign(pi, { status: 'succeeded', latest_charge: charge.id, next_action: null, last_payment_error: null });
    await emit('payment_intent.succeeded', view(pi, []));
  }

  async function fail(pi: Intent, error: Obj): Promise<void> {
    Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
    await emit('payment_intent.payment_failed', view(pi, []));
  }

  function intent(id: string): Intent {
    const pi = intents.get(id);
    if (!pi) throw new FakeError(404, 'resource_missing');
    return pi;
  }

  async function confirm(pi: Intent, paymentMethod: string): Promise<void> {
    if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status))
      throw new FakeError(400, 'payment_intent_unexpected_state');
    const last4 = { pm_card_visa: '4242', pm_card_threeDSecure2Required: '3155' }[paymentMethod] ?? '0002';
    switch (paymentMethod) {
      case 'pm_card_visa':
        return succeed(pi, { brand: 'visa', last4 });
      case 'pm_card_chargeDeclined':
        return fail(pi, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
      case 'pm_card_chargeDeclinedInsufficientFunds':
        return fail(pi, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' });
      case 'pm_card_threeDSecure2Required':
        Object.assign(pi, {
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
          last_payment_error: null,
          pending_card: { brand: 'visa', last4 },
        });
        return emit('payment_intent.requires_action', view(pi, []));
      default:
        throw new FakeError(400, 'resource_missing');
    }
  }

  async function answerThreeDSecure(pi: Intent, approved: boolean): Promise<void> {
    const pending = (pi as Intent & { pending_card?: { brand: string; last4: string } }).pending_card;
    if (approved) await succeed(pi, pending ?? null);
    else
      await fail(pi, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
      });
  }

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, parseForm(body as string)),
  );
  // Stripe's API answers any origin (Stripe.js calls it from the shop's pages); its answers carry no cookie.
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('access-control-allow-origin', '*');
  });
  app.setErrorHandler((err, _req, reply) => {
    const e = err instanceof FakeError ? err : new FakeError(500, 'api_error', 'api_error');
    void reply.status(e.statusCode).send({ error: { type: e.type, code: e.code, message: e.message } });
  });

  /** Checks the API key and the idempotency key, records the request, and answers (again, for a replayed key). */
  function handle(
    run: (params: Obj, auth: 'secret' | 'publishable', id: string) => Promise<unknown> | unknown,
    opts: { publishable?: boolean } = {},
  ) {
    return async (request: { method: string; url: string; headers: Obj; body?: unknown; params?: unknown }) => {
      const id = (request.params as { id?: string } | undefined)?.id ?? '';
      const query = parseForm(request.url.split('?')[1] ?? '');
      // Stripe.js sends its publishable key as the `key` parameter (no header: no CORS preflight).
      const bodyKey = (request.method === 'GET' ? query : ((request.body ?? {}) as Obj)).key;
      const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '') || String(bodyKey ?? '');
      const auth =
        bearer === secretKey ? 'secret' : bearer === publishableKey && opts.publishable ? 'publishable' : null;
      if (!auth) throw new FakeError(401, 'api_key_invalid', 'authentication_error');
      const params = (request.method === 'GET' ? query : request.body) as Obj;
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: request.method, path: request.url.split('?')[0], idempotencyKey: key, auth, params });
      if (!key || request.method !== 'POST') return run(params ?? {}, auth, id);
      const hash = createHash('sha256')
        .update(`${request.url} ${JSON.stringify(params ?? {})}`)
        .digest('hex');
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.hash !== hash) throw new FakeError(400, 'idempotency_key_in_use', 'idempotency_error');
        return seen.body;
      }
      const body = await run(params ?? {}, auth, id);
      idempotent.set(key, { hash, status: 200, body: structuredClone(body) });
      return body;
    };
  }

  app.post(
    '/v1/payment_intents',
    handle(async (p) => {
      const types = list(p.allowed_payment_method_types ?? p.payment_method_types);
      const amount = Number(p.amount);
      if (!Number.isInteger(amount) || amount < 1000) throw new FakeError(400, 'amount_too_small');
      if (p.currency !== 'mxn') throw new FakeError(400, 'parameter_invalid_empty');
      const id = newId('pi');
      const pi: Intent = {
        id,
        object: 'payment_intent',
        amount,
        currency: 'mxn',
        description: (p.description as string) ?? null,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        payment_method_types: types.length ? types : ['card'],
        metadata: (p.metadata as Record<string, string>) ?? {},
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        payment_method_options: (p.payment_method_options as Obj) ?? {},
        created: now(),
        livemode: false,
      };
      intents.set(id, pi);
      if (p.confirm === 'true') {
        const data = p.payment_method_data as { type?: string; billing_details?: { name?: string; email?: string } };
        if (data?.type !== 'oxxo') throw new FakeError(400, 'parameter_missing');
        if (!data.billing_details?.name || !data.billing_details?.email)
          throw new FakeError(400, 'payment_method_billing_details_address_missing');
        const days = Number((pi.payment_method_options.oxxo as Obj | undefined)?.expires_after_days ?? 3);
        Object.assign(pi, {
          status: 'requires_action',
          next_action: {
            type: 'oxxo_display_details',
            oxxo_display_details: {
              expires_after: now() + days * 86_400,
              hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/${id}`,
              number: Array.from({ length: 18 }, () => Math.floor(Math.random() * 10)).join(''),
            },
          },
        });
        await emit('payment_intent.requires_action', view(pi, []));
      }
      return view(pi, []);
    }),
  );

  app.get(
    '/v1/payment_intents/:id',
    handle(
      (p, auth, id) => {
        const pi = intent(id);
        // Stripe.js reads an intent with the publishable key and its client secret (never the charge).
        if (auth !== 'publishable') return view(pi, list(p.expand));
        if (p.client_secret !== pi.client_secret) throw new FakeError(404, 'resource_missing');
        return view(pi, []);
      },
      { publishable: true },
    ),
  );
  app.post(
    '/v1/payment_intents/:id/confirm',
    handle(
      async (p, auth, id) => {
        const pi = intent(id);
        // From the browser (Stripe.js) only with the intent's client secret.
        if (auth === 'publishable' && p.client_secret !== pi.client_secret)
          throw new FakeError(404, 'resource_missing');
        await confirm(pi, String(p.payment_method ?? ''));
        return view(pi, []);
      },
      { publishable: true },
    ),
  );

  app.post(
    '/v1/payment_intents/:id/cancel',
    handle(async (_p, _auth, id) => {
      const pi = intent(id);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'].includes(pi.status))
        throw new FakeError(400, 'payment_intent_unexpected_state');
      Object.assign(pi, { status: 'canceled', next_action: null });
      await emit('payment_intent.canceled', view(pi, []));
      return view(pi, []);
    }),
  );

  app.post(
    '/v1/refunds',
    handle(async (p) => {
      const pi = intent(String(p.payment_intent ?? ''));
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (pi.status !== 'succeeded' || !charge) throw new FakeError(400, 'charge_not_refundable');
      const amount = p.amount ? Number(p.amount) : charge.amount - charge.amount_refunded;
      if (charge.amount_refunded + amount > charge.amount) throw new FakeError(400, 'charge_already_refunded');
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund = { id: newId('re'), object: 'refund', amount, status: 'succeeded', payment_intent: pi.id };
      await emit('charge.refunded', { ...charge });
      return refund;
    }),
  );

  // What Stripe.js's 3-D Secure frame does for the test cards: the shopper completes or fails the authentication
  // (the stand-in of hooks.stripe.com in tests/helpers/stripe-js-fake; only with the intent's client secret).
  app.post('/hooks/3d_secure/:id/answer', async (request) => {
    const { id } = request.params as { id: string };
    const p = (request.body ?? {}) as Obj;
    const pi = intent(id);
    if (p.client_secret !== pi.client_secret) throw new FakeError(404, 'resource_missing');
    if (pi.status !== 'requires_action') throw new FakeError(400, 'payment_intent_unexpected_state');
    await answerThreeDSecure(pi, p.approved === 'true');
    return { ok: true };
  });
  // The browser stand-in of Stripe.js and its frames (tests/helpers/stripe-js-fake/), for browser tests that route
  // https://js.stripe.com and https://hooks.stripe.com here (decision 074).
  app.get('/js/*', async (request, reply) => serveStandIn(reply, (request.params as { '*': string })['*']));
  app.get('/hooks/*', async (request, reply) => serveStandIn(reply, (request.params as { '*': string })['*']));

  await app.listen({ host: '127.0.0.1', port: keys.port ?? 0 });
  const port = (app.server.address() as { port: number }).port;

  return {
    port,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    events,
    intents,
    charges,
    onWebhook(fn) {
      deliver = fn;
    },
    sign,
    async completeThreeDSecure(id, approved) {
      const pi = intent(id);
      if (pi.status !== 'requires_action') throw new Error(`intent ${id} is ${pi.status}`);
      await answerThreeDSecure(pi, approved);
    },
    async payOxxo(id) {
      const pi = intent(id);
      if (pi.status !== 'requires_action') throw new Error(`intent ${id} is ${pi.status}`);
      await succeed(pi, null);
    },
    async expireOxxo(id) {
      await fail(intent(id), { type: 'invalid_request_error', code: 'payment_intent_payment_attempt_expired' });
    },
    close: () => app.close(),
  };
}
