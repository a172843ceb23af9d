/**
 * A local stand-in of exactly the PayPal REST endpoints the PayPal adapter uses (decision 071), reached by the real
 * `@paypal/paypal-server-sdk` through its HTTP client (PAYPAL_API_BASE: the SDK has no base-URL setting, so the
 * adapter swaps PayPal's origin for this one and names the PayPal host it meant, which the fake checks). Stateful like
 * PayPal:
 *   POST /v1/oauth2/token                               client credentials (Basic auth) → bearer token
 *   POST /v2/checkout/orders                            create (intent CAPTURE), `PayPal-Request-Id` idempotent
 *   GET  /v2/checkout/orders/:id                        the order as it is
 *   POST /v2/checkout/orders/:id/capture                capture an APPROVED order once (idempotent by request id;
 *                                                       another id on a captured order: 422 ORDER_ALREADY_CAPTURED)
 *   POST /v2/payments/captures/:id/refund               refund (partial allowed), idempotent by request id
 *   POST /v1/notifications/verify-webhook-signature     SUCCESS only for a transmission the fake signed, of that event
 * What the buyer does on PayPal's side is driven by the test (`approve`), and events are signed by the fake (HMAC over
 * transmission id, time, webhook id and the event's digest: a stand-in of PayPal's certificate signature) and sent to
 * `onWebhook`. Amounts are PayPal's MXN strings ("123.45").
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

/** A request the fake received, for assertions. */
export interface PayPalFakeRequest {
  method: string;
  host: string;
  path: string;
  requestId: string | null;
  body: Obj | null;
}

interface FakeOrder {
  id: string;
  intent: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Obj[];
  locale: string | null;
  return_url: string | null;
  cancel_url: string | null;
  create_time: string;
}

export interface PayPalFake {
  port: number;
  /** PAYPAL_API_BASE for the app. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: PayPalFakeRequest[];
  orders: Map<string, FakeOrder>;
  /** Successful captures performed (each one moved money). */
  captures: number;
  /** The buyer approves order `id` at PayPal; sends CHECKOUT.ORDER.APPROVED unless `webhook` is false. */
  approve(id: string, opts?: { webhook?: boolean }): Promise<void>;
  /** A signed event as PayPal would send it: the exact body and the transmission headers. */
  signEvent(event: Obj): { body: string; headers: Record<string, string> };
  /** Where events go (the app's webhook endpoint); unset, none are sent. */
  onWebhook(fn: (body: string, headers: Record<string, string>) => Promise<unknown>): void;
  /** The order as PayPal shows it (snake_case JSON). */
  view(id: string): Obj;
  close(): Promise<void>;
}

const API_HOST = 'api-m.sandbox.paypal.com';
const cents = (v: string) => Math.round(Number(v) * 100);
const value = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const newId = (n = 17) => randomBytes(n).toString('hex').toUpperCase().slice(0, n);

export async function startPayPalFake(): Promise<PayPalFake> {
  const clientId = `fake_client_${newId(8)}`;
  const clientSecret = `fake_secret_${newId(16)}`;
  const webhookId = `WH${newId(15)}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const orders = new Map<string, FakeOrder>();
  const captureOrder = new Map<string, string>();
  const requests: PayPalFakeRequest[] = [];
  let deliver: ((body: string, headers: Record<string, string>) => Promise<unknown>) | null = null;
  let port = 0;

  const digest = (event: Obj) => createHash('sha256').update(JSON.stringify(event)).digest('hex');
  const sign = (id: string, time: string, event: Obj) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${digest(event)}`)
      .digest('base64');

  function view(id: string): Obj {
    const o = orders.get(id)!;
    const links: Obj[] = [{ href: `https://${API_HOST}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }];
    if (o.status === 'PAYER_ACTION_REQUIRED')
      links.push({ href: `http://127.0.0.1:${port}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' });
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      purchase_units: o.purchase_units,
      create_time: o.create_time,
      links,
    };
  }

  function signEvent(event: Obj) {
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    return {
      body: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sign(transmissionId, time, event),
        'paypal-cert-url': `https://${API_HOST}/v1/notifications/certs/CERT-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  async function send(type: string, resource: Obj) {
    if (!deliver) return;
    const { body, headers } = signEvent({
      id: `WH-${newId(20)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: type.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
      event_type: type,
      resource,
    });
    await deliver(body, headers);
  }

  const json = (res: http.ServerResponse, status: number, body: Obj) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const issue = (res: http.ServerResponse, status: number, name: string, issueName: string) =>
    json(res, status, { name, details: [{ issue: issueName }], message: issueName });

  /** Answers the first response under `PayPal-Request-Id` again (PayPal's idempotency). */
  function once(req: PayPalFakeRequest, res: http.ServerResponse, run: () => { status: number; body: Obj }) {
    const key = req.requestId ? `${req.path}|${req.requestId}` : null;
    const seen = key ? idempotent.get(key) : undefined;
    const r = seen ?? run();
    if (key && !seen && r.status < 500) idempotent.set(key, r);
    json(res, r.status, r.body);
  }

  const server = http.createServer((rq, res) => {
    const chunks: Buffer[] = [];
    rq.on('data', (c: Buffer) => chunks.push(c));
    rq.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      // The adapter tells which PayPal host the SDK meant (it swaps only the origin).
      const url = new URL(rq.url ?? '/', `https://${String(rq.headers['x-paypal-host'] ?? 'missing')}`);
      const ct = String(rq.headers['content-type'] ?? '');
      let body: Obj | null = null;
      if (raw && ct.includes('json')) body = JSON.parse(raw) as Obj;
      else if (raw) body = Object.fromEntries(new URLSearchParams(raw));
      const req: PayPalFakeRequest = {
        method: rq.method ?? 'GET',
        host: url.host,
        path: url.pathname,
        requestId: (rq.headers['paypal-request-id'] as string | undefined) ?? null,
        body,
      };
      requests.push(req);
      if (url.host !== API_HOST) return issue(res, 400, 'NOT_PAYPAL', 'WRONG_HOST');

      if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (rq.headers.authorization !== basic || body?.grant_type !== 'client_credentials')
          return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        const token = `A21AA${newId(40)}`;
        tokens.add(token);
        return json(res, 200, {
          scope: 'openid',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: newId(10),
        });
      }
      const bearer = String(rq.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(bearer)) return issue(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');

      if (req.method === 'POST' && req.path === '/v2/checkout/orders')
        return once(req, res, () => {
          const units = (body?.purchase_units as Obj[] | undefined) ?? [];
          const amount = units[0]?.amount as { currency_code?: string; value?: string } | undefined;
          if (body?.intent !== 'CAPTURE' || units.length !== 1 || !amount?.value || amount.currency_code !== 'MXN')
            return {
              status: 422,
              body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] },
            };
          const ctx = ((body.payment_source as Obj | undefined)?.paypal as Obj | undefined)?.experience_context as
            Obj | undefined;
          const o: FakeOrder = {
            id: newId(),
            intent: 'CAPTURE',
            status: 'PAYER_ACTION_REQUIRED',
            purchase_units: [{ ...units[0], payee: { merchant_id: 'FAKEMERCHANT' } }],
            locale: (ctx?.locale as string | undefined) ?? null,
            return_url: (ctx?.return_url as string | undefined) ?? null,
            cancel_url: (ctx?.cancel_url as string | undefined) ?? null,
            create_time: new Date().toISOString(),
          };
          orders.set(o.id, o);
          return { status: 200, body: view(o.id) };
        });

      const get = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(req.path);
      if (req.method === 'GET' && get) {
        if (!orders.has(get[1])) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        return json(res, 200, view(get[1]));
      }

      const cap = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(req.path);
      if (req.method === 'POST' && cap) {
        const o = orders.get(cap[1]);
        if (!o) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        return once(req, res, () => {
          if (o.status === 'COMPLETED')
            return {
              status: 422,
              body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
            };
          if (o.status !== 'APPROVED')
            return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
          const unit = o.purchase_units[0] as { amount: { value: string } };
          const captureId = newId();
          const capture = {
            id: captureId,
            status: 'COMPLETED',
            amount: { currency_code: 'MXN', value: unit.amount.value },
            final_capture: true,
            supplementary_data: { related_ids: { order_id: o.id } },
            create_time: new Date().toISOString(),
          };
          o.status = 'COMPLETED';
          o.purchase_units[0] = { ...o.purchase_units[0], payments: { captures: [capture] } };
          captureOrder.set(captureId, o.id);
          fake.captures++;
          setImmediate(() => void send('PAYMENT.CAPTURE.COMPLETED', capture).catch(() => undefined));
          return { status: 201, body: view(o.id) };
        });
      }

      const ref = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(req.path);
      if (req.method === 'POST' && ref) {
        const orderId = captureOrder.get(ref[1]);
        if (!orderId) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        return once(req, res, () => {
          const o = orders.get(orderId)!;
          const payments = o.purchase_units[0].payments as { captures: Obj[]; refunds?: Obj[] };
          const captured = cents((payments.captures[0].amount as { value: string }).value);
          const refunded = (payments.refunds ?? []).reduce(
            (s, r) => s + cents((r.amount as { value: string }).value),
            0,
          );
          const asked = body?.amount ? cents((body.amount as { value: string }).value) : captured - refunded;
          if (!(asked > 0) || refunded + asked > captured)
            return {
              status: 422,
              body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
            };
          const refund = { id: newId(), status: 'COMPLETED', amount: { currency_code: 'MXN', value: value(asked) } };
          payments.refunds = [...(payments.refunds ?? []), refund];
          payments.captures[0].status = refunded + asked === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
          return { status: 201, body: refund };
        });
      }

      if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
        const b = (body ?? {}) as Record<string, unknown>;
        const event = b.webhook_event as Obj | undefined;
        const ok =
          b.webhook_id === webhookId &&
          typeof b.transmission_id === 'string' &&
          typeof b.transmission_time === 'string' &&
          typeof b.transmission_sig === 'string' &&
          !!event &&
          b.transmission_sig === sign(b.transmission_id, b.transmission_time, event);
        return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
      return issue(res, 404, 'NOT_FOUND', 'UNKNOWN_ENDPOINT');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  const fake: PayPalFake = {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    webhookId,
    requests,
    orders,
    captures: 0,
    async approve(id, opts = {}) {
      const o = orders.get(id);
      if (!o || o.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`order ${id} cannot be approved`);
      o.status = 'APPROVED';
      if (opts.webhook !== false) await send('CHECKOUT.ORDER.APPROVED', view(id));
    },
    signEvent,
    onWebhook(fn) {
      deliver = fn;
    },
    view,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Kept-alive connections of the SDK would hold the server open (and keep answering) until they idle out.
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
  return fake;
}
