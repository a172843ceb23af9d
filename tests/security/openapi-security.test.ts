/**
 * Security tests generated from the OpenAPI document: every route, read from `app.swagger()`,
 * so a route added later joins by itself.
 * 1. Cross-store: each route × {guest, buyer A, seller A, seller B}, filled with the other store's ids, on the actor's
 *    own domain and with Host / X-Store-Domain swapped to the other store's: no answer carries the other store's
 *    private data (nor, on the actor's own store, its catalogue), and the other store's rows are unchanged.
 * 2. Malformed input: at least 200 schema-derived malformed requests per route, none answered with a 5xx.
 * 3. Every string a request carries is bounded and constrained (the `text()` building block or a format).
 * A route whose path parameter is not in PATH_IDS fails the test: add the kind of id it takes there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedPostalCodesFixture } from '../helpers/factories.js';
import { createOperatorAccount } from '../../src/server/modules/accounts/index.js';
import {
  buildUrl,
  listOperations,
  pathIdKey,
  patternsOf,
  validObject,
  validValue,
  type JsonSchema,
  type Operation,
} from './openapi.js';
import { malformedRequests, MIN_PER_ROUTE, type BaseRequest } from './malformed.js';
import { createStoreWorld, linkMarketplace, snapshotStore, type StoreWorld } from './world.js';
import { crossStoreRequests, diffSnapshots, findLeaks, type Actor } from './cross-store.js';

/** Path parameters by name (a bare `id` by its segment: `orders.id`): the ids of `victim` to aim at. */
const PATH_IDS: Record<string, (victim: StoreWorld) => string[]> = {
  'addresses.id': (v) => [v.addressId],
  'payments.id': (v) => Object.values(v.paymentIds),
  'pedidos.id': (v) => Object.values(v.orderIds),
  'orders.id': (v) => Object.values(v.orderIds),
  'synonyms.id': (v) => [v.synonymId],
  'jobs.id': (v) => [v.jobId],
  'coupons.id': (v) => [v.couponId],
  'cotizaciones.id': (v) => [v.quoteId],
  'quotes.id': (v) => [v.quoteId],
  'files.id': (v) => v.fileIds,
  // Marketplace packages: the one the victim ships as a supplier, and the victim's own package of its order.
  'pedidos-revendedores.id': (v) => [v.packageIds.supplied],
  'paquetes.id': (v) => [v.packageIds.own],
  orderId: (v) => Object.values(v.orderIds),
  codigo: (v) => [v.codigo],
  reference: (v) => [v.reference],
  // Secrets, not ids: an attacker does not hold the other store's, so a made-up one stands in.
  token: () => [randomBytes(24).toString('base64url')],
  challengeId: () => [randomBytes(24).toString('base64url')],
  // Names a payment provider, not a store's data: the webhook's signature decides, never the caller.
  provider: () => ['sandbox'],
  cp: () => ['06700'],
  // Collaborators and invitations: tests/api/identity-permissions.test.ts aims at the other store's real ones.
  userId: () => [randomUUID()],
  'invitations.id': () => [randomUUID()],
  // A content page's kind names a page, not a store's row: the store comes from the domain or the seller's session.
  kind: () => ['aviso', 'faq'],
  // Refunds of the victim's orders: tests/api/balances.test.ts aims at another store's real ones.
  refundId: () => [randomUUID()],
  // CFDIs of the victim's orders: tests/api/invoices.test.ts aims at another store's real ones; the format is a word.
  invoiceId: () => [randomUUID()],
  // Reviews and their reports, conversations and their messages of the victim: tests/api/reviews-moderation.test.ts
  // and tests/api/messages.test.ts aim at another store's real ones.
  'resenas.id': () => [randomUUID()],
  'reviews.id': () => [randomUUID()],
  'product-reports.id': () => [randomUUID()],
  'messages.id': () => [randomUUID()],
  messageId: () => [randomUUID()],
  format: () => ['pdf', 'xml'],
  // A reseller's listing of the victim's (linkMarketplace), and the victim's offer that is not published: published
  // offers are readable by every seller by design (decision 134), an unpublished one by no other store.
  'listings.id': (v) => [v.listingId],
  'domains.id': (v) => [v.domainId],
  // A sandbox payment the browser confirms: its client secret decides, which the attacker does not hold.
  ref: () => [`sbx_pi_${randomBytes(12).toString('hex')}`],
  offerId: (v) => [v.unpublishedOfferId],
  // The victim's job application (sent by an anonymous shopper through its public form; decision 168).
  'job-applications.id': (v) => [v.jobApplicationId],
  // The operator's routes (decision 163): a store's token never opens them, so the id aimed at does not matter; a
  // made-up one keeps the operator's own malformed-input pass from suspending the world's stores.
  storeId: () => [randomUUID()],
  'badge-requests.id': () => [randomUUID()],
  index: () => ['0'],
};

/**
 * What decision 134 lets cross between stores on purpose: a supplier's purchase orders name the reseller whose order
 * it ships (its store name, a public marker). Nothing else of the reseller may appear (its private markers stay
 * checked on these routes too).
 */
const DELIBERATE_CROSSINGS: Record<string, (victim: StoreWorld) => string[]> = {
  // The global catalogue's supplier card names the supplier (its published offers are every seller's to read).
  'GET /api/admin/global-catalog': (v) => [v.name],
  'GET /api/admin/global-catalog/{offerId}': (v) => [v.name],
  // A reseller's listings name the supplier of each (the same supplier card).
  'GET /api/admin/listings': (v) => [v.name],
  'GET /api/admin/listings/{id}': (v) => [v.name],
  'GET /api/admin/listings/offer/{offerId}': (v) => [v.name],
  'PUT /api/admin/listings/{id}': (v) => [v.name],
  'POST /api/admin/listings/{id}/accept': (v) => [v.name],
  'GET /api/admin/pedidos-revendedores': (v) => [v.name],
  'GET /api/admin/pedidos-revendedores/{id}': (v) => [v.name],
  'POST /api/admin/pedidos-revendedores/{id}/status': (v) => [v.name],
};

/**
 * Query and body values by name, aimed at `victim` by an actor of `own`. Credentials are never the victim's real
 * ones; secrets (view tokens) are the attacker's own, which must not open the victim's records.
 */
function knownValues(victim: StoreWorld, own: StoreWorld, where: 'query' | 'body'): (name: string) => unknown {
  const values: Record<string, unknown> = {
    viewToken: own.viewToken,
    codigo: victim.codigo,
    sku: victim.sku,
    codigosStrings: `${victim.codigo},${own.codigo}`,
    q: victim.productName,
    addressId: victim.addressId,
    orderId: victim.orderIds.oxxo,
    challengeId: victim.challengeId,
    reference: victim.reference,
    email: victim.buyer.email,
    password: 'NoEsSuClave-2026',
    passwordConfirm: 'NoEsSuClave-2026',
    token: randomBytes(24).toString('base64url'),
    status: 'cancelled',
    trackingNumber: 'TRK-1',
    postalCode: '06700',
    quantity: 1,
    phone: '55 1234 5678',
    fullName: 'Persona Atacante',
    idempotencyKey: randomUUID(),
    page: 1,
    // An event stream polled: it sends what is new and ends (a stream held open would never answer the request).
    poll: '1',
    // Pickups: a carrier's collection hour.
    hour: '09:00',
    // The sandbox's browser confirmation: a made-up client secret, never the victim's.
    clientSecret: `sbx_pi_${randomBytes(12).toString('hex')}_secret_${randomBytes(24).toString('base64url')}`,
    // The sandbox wallet's approval page (decision 071): a made-up page secret, never the victim's.
    secret: `sbx_pi_${randomBytes(12).toString('hex')}_secret_${randomBytes(24).toString('base64url')}`,
  };
  // In a query, `status` is a list filter: it would only hide what a list could leak.
  if (where === 'query') delete values.status;
  return (name) => values[name];
}

/**
 * Known defects this matrix finds that are not fixed yet. A finding on these routes is
 * reported, not failed; once fixed, "known defects still reproduce" fails: delete the entry.
 */
const KNOWN_DEFECTS: Record<string, string> = {};

/** Request strings with a bound but no pattern yet (the NUL safety net covers them). */
const UNCONSTRAINED_STRINGS: Record<string, string> = {};

/** The platform operator of the world (decision 163): its routes are aimed at with its own session. */
const OPERATOR = { email: 'operador@security.test', password: 'Operador-Seguro-2026-q' };

/** Runs `fn` over `items`, `size` at a time. */
async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

describe('security tests generated from the OpenAPI document', () => {
  let t: TestApp;
  let a: StoreWorld;
  let b: StoreWorld;
  let ops: Operation[];
  const figures = { routes: 0, crossStoreRequests: 0, malformedRequests: 0, fiveXX: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    a = await createStoreWorld(t.app, t.database.db, 'A');
    b = await createStoreWorld(t.app, t.database.db, 'B');
    await linkMarketplace(t.app, t.database.db, a, b);
    ops = listOperations(t.app.swagger() as never);
    figures.routes = ops.length;
    await createOperatorAccount({ db: t.database.db }, OPERATOR);
  });

  /** A fresh operator session (the operator's routes' malformed-input pass may sign it out). */
  async function operatorToken(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/operador/login', payload: OPERATOR });
    return res.json().token;
  }

  it('the operator’s routes open to an operator session only, and an operator session opens no store’s route', async () => {
    const problems: string[] = [];
    const operator = await operatorToken();
    const store = [a.seller.token, a.buyer.token, b.seller.token, b.buyer.token];
    for (const op of ops) {
      const url = buildUrl(
        op,
        Object.fromEntries(op.pathParams.map((p) => [p.name, PATH_IDS[pathIdKey(op, p.name)]?.(a)[0] ?? 'x'])),
        {},
      );
      const isOperator = op.path.startsWith('/api/operador/');
      if (isOperator && op.path === '/api/operador/login') continue;
      const tokens = isOperator ? store : /^\/api\/(admin|proveedor)\//.test(op.path) ? [operator] : [];
      for (const token of tokens) {
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { authorization: `Bearer ${token}`, 'x-store-domain': a.hostname },
          ...(op.body ? { payload: validObject(op.body, knownValues(a, a, 'body')) } : {}),
        });
        // A few seller routes are open to anyone (signing in): they must not take the operator for a seller either.
        if (res.statusCode !== 401 && !(res.statusCode >= 400 && res.statusCode < 500 && !isOperator))
          problems.push(`${op.id} with ${token === operator ? 'the operator' : 'a store'} token → ${res.statusCode}`);
        if (!isOperator && res.statusCode < 400) problems.push(`${op.id} opened to the operator`);
      }
    }
    expect(problems).toEqual([]);
  });
  afterAll(async () => {
    console.info(`security tests: ${JSON.stringify(figures)}`);
    await t.close();
  });

  /** The four actors: who they are, their store, and the store they attack. */
  const actors = (): Actor[] => [
    { name: 'guest', own: a, victim: b },
    { name: 'buyer A', own: a, victim: b, role: 'buyer' },
    { name: 'seller A', own: a, victim: b, role: 'seller' },
    { name: 'seller B', own: b, victim: a, role: 'seller' },
  ];

  /** Signs an actor in again when a route (logout) ended its session; the new token joins its store's markers. */
  async function keepSignedIn(actor: Actor) {
    if (!actor.role) return;
    const person = actor.role === 'seller' ? actor.own.seller : actor.own.buyer;
    const check = await t.app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${person.token}`, 'x-store-domain': actor.own.hostname },
    });
    if (check.statusCode === 200) return;
    const res = await t.app.inject({
      method: 'POST',
      url: actor.role === 'seller' ? '/api/admin/login' : '/api/auth/login',
      headers: { 'x-store-domain': actor.own.hostname },
      payload: { email: person.email, password: person.password },
    });
    person.token = res.json().token;
    actor.own.privateMarkers.push(person.token);
  }

  const findings: Record<string, string[]> = {};

  it('cross-store: no route gives an actor the other store’s data or changes its rows', async () => {
    const problems: string[] = [];
    for (const op of ops) {
      for (const key of op.pathParams.map((p) => pathIdKey(op, p.name)))
        if (!PATH_IDS[key]) problems.push(`${op.id}: path parameter "${key}" is not in PATH_IDS; add the ids it takes`);
      // A's three actors attack B, then B's seller attacks A; the attacked store's rows are compared around each.
      for (const group of [actors().slice(0, 3), actors().slice(3)]) {
        const victim = group[0].victim;
        const before = await snapshotStore(t.database.db, victim.id);
        const found: string[] = [];
        const requests = group.flatMap((actor) =>
          crossStoreRequests(op, actor, PATH_IDS, knownValues).map((req) => ({ actor, req })),
        );
        // Four at a time, as the malformed-input pass: a sign-in route hashes a password per request.
        await inPool(requests, 4, async ({ actor, req }) => {
          const res = await t.app.inject(req.inject);
          figures.crossStoreRequests++;
          if (res.statusCode >= 500) {
            figures.fiveXX++;
            problems.push(`${req.what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
          const allowed = DELIBERATE_CROSSINGS[op.id]?.(actor.victim) ?? [];
          for (const leak of findLeaks(res.body, req, actor).filter((l) => !allowed.includes(l)))
            found.push(`${req.what} → ${res.statusCode} leaks ${leak}`);
        });
        const after = await snapshotStore(t.database.db, victim.id);
        for (const w of diffSnapshots(before, after))
          found.push(`${group.map((x) => x.name).join(' / ')} changed ${w}`);
        if (found.length) (findings[op.id] ??= []).push(...found);
        for (const actor of group) await keepSignedIn(actor);
      }
    }
    for (const [id, list] of Object.entries(findings))
      if (!KNOWN_DEFECTS[id]) problems.push(`${id}:\n  ${list.slice(0, 8).join('\n  ')}`);
    expect(problems).toEqual([]);
    expect(figures.crossStoreRequests).toBeGreaterThan(ops.length * 4);
  }, 300_000);

  it('known defects still reproduce (delete each entry of KNOWN_DEFECTS once its fix is merged)', () => {
    for (const [id, why] of Object.entries(KNOWN_DEFECTS)) {
      expect(
        ops.map((o) => o.id),
        `${id} no longer exists: delete it from KNOWN_DEFECTS`,
      ).toContain(id);
      expect(findings[id]?.length ?? 0, `${id} (${why}) is fixed: delete it from KNOWN_DEFECTS`).toBeGreaterThan(0);
      console.info(`known defect, ${why}:\n  ${findings[id].slice(0, 4).join('\n  ')}`);
    }
  });

  it(`malformed input: at least ${MIN_PER_ROUTE} schema-derived malformed requests per route, no 5xx`, async () => {
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    for (const op of ops) {
      const known = knownValues(a, a, 'query');
      const base: BaseRequest = {
        pathValues: Object.fromEntries(
          op.pathParams.map((p) => [p.name, PATH_IDS[pathIdKey(op, p.name)]?.(a)[0] ?? 'x']),
        ),
        query: Object.fromEntries(
          op.queryParams
            .filter((p) => p.required || known(p.name) !== undefined)
            .map((p) => [p.name, validValue(p.schema, p.name, known)]),
        ),
        body: op.body ? validObject(op.body, knownValues(a, a, 'body')) : null,
      };
      // An event stream held open never answers the request: every request to one polls (`poll=1`, it then sends what
      // is new and ends); the variants about `poll` itself keep theirs.
      const requests = malformedRequests(op, base, await signedInFor(op, base)).map((r) =>
        op.path.endsWith('/stream') && !/[?&]poll=/.test(r.url)
          ? { ...r, url: `${r.url}${r.url.includes('?') ? '&' : '?'}poll=1` }
          : r,
      );
      counts[op.id] = requests.length;
      // Four at a time: a sign-in route hashes a password per request, in the thread pool.
      await inPool(requests, 4, async (req) => {
        const res = await t.app.inject({
          method: req.method,
          url: req.url,
          headers: req.headers,
          payload: req.payload,
        });
        figures.malformedRequests++;
        if (res.statusCode >= 500) {
          figures.fiveXX++;
          problems.push(`${op.id} ${req.what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else if (res.statusCode >= 400) {
          const body = res.json();
          if (typeof body.code !== 'string' || !body.message)
            problems.push(`${op.id} ${req.what}: untranslated ${res.body}`);
        }
      });
      for (const actor of actors()) await keepSignedIn(actor);
    }
    expect(problems.slice(0, 30)).toEqual([]);
    expect(Object.entries(counts).filter(([, n]) => n < MIN_PER_ROUTE)).toEqual([]);
    console.info(`malformed requests per route: ${JSON.stringify(counts)}`);
  }, 300_000);

  /** The headers of the actor (buyer A, seller A or guest, on A's domain) for whom `op`'s valid request passes auth. */
  async function signedInFor(op: Operation, base: BaseRequest): Promise<Record<string, string>> {
    const tokens = op.path.startsWith('/api/operador/') ? [await operatorToken()] : [a.buyer.token, a.seller.token, ''];
    const candidates = tokens.map((token) => ({
      'x-store-domain': a.hostname,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }));
    for (const headers of candidates) {
      const res = await t.app.inject({
        method: op.method,
        url: buildUrl(op, base.pathValues, base.query),
        headers,
        ...(base.body ? { payload: base.body } : {}),
      });
      if (res.statusCode < 400 || res.statusCode >= 500 || !['UNAUTHORIZED', 'FORBIDDEN'].includes(res.json().code))
        return headers;
    }
    return candidates[0];
  }

  it('every string a request carries is bounded and constrained (text() or a format)', () => {
    const loose: string[] = [];
    const visit = (s: JsonSchema, where: string) => {
      if (s.properties) for (const [k, v] of Object.entries(s.properties)) visit(v, `${where}.${k}`);
      if (s.items) visit(s.items, `${where}[]`);
      const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
      if (type !== 'string' || s.enum || s.format === 'uuid') return;
      // An anchored pattern without open repetition (^\d{5}$) bounds the length by itself.
      const bounded = (p: string) => p.startsWith('^') && p.endsWith('$') && !/[*+]|\{\d+,\}/.test(p);
      const patterns = patternsOf(s);
      if (!patterns.length || (s.maxLength === undefined && !patterns.some(bounded))) loose.push(where);
    };
    for (const op of ops) {
      for (const p of [...op.pathParams, ...op.queryParams])
        visit(p.schema, `${op.id} ${op.pathParams.includes(p) ? 'path' : 'query'} ${p.name}`);
      if (op.body) visit(op.body, `${op.id} body`);
    }
    expect(loose.filter((w) => !UNCONSTRAINED_STRINGS[w])).toEqual([]);
    for (const known of Object.keys(UNCONSTRAINED_STRINGS))
      expect(loose, `${known} is constrained now: delete it from UNCONSTRAINED_STRINGS`).toContain(known);
  });
});
