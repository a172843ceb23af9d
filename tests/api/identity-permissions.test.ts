/**
 * Permission and tenant test generated from the OpenAPI document: EVERY /api/admin/* and
 * /api/proveedor/* operation of `app.swagger()`, present and future, is called with a valid request and
 * - no token → 401;
 * - a shopper's token (on the shopper's own store domain) → 401 or 403;
 * - a collaborator with no permissions → 403, except the few routes any member may call (MEMBER_ROUTES);
 * - another store's owner, aiming at this store's ids, never gets this store's data and changes nothing of it.
 * A new admin route joins by itself. If its body cannot be generated (a 400 for every actor), add the field to KNOWN.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createCustomerFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { buildUrl, listOperations, validObject, validValue, type Operation } from '../security/openapi.js';

/** Seller APIs anyone may call (sign-in). */
const PUBLIC_ROUTES = new Set(['POST /api/admin/login']);
/** Seller APIs any member (or a platform account without a chosen store) may call, whatever their permissions. */
const MEMBER_ROUTES = new Set([
  'GET /api/admin/me',
  'GET /api/admin/stores',
  'POST /api/admin/session/store',
  // Whether the signed-in person's own email is verified (the admin's banner): about them, not the store.
  'GET /api/admin/email-verification',
  'POST /api/admin/email-verification/resend',
]);

describe('permissions of every seller API, generated from the OpenAPI document', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let ops: Operation[];
  const tok = { ownerA: '', ownerB: '', shopperA: '', noPerms: '', ownerAEmail: '', colabEmail: '', colabId: '' };
  const ids = { synonymA: '', invitationA: '' };
  let markers: string[] = [];

  const known = (name: string): unknown =>
    ({
      storeId: a.id,
      email: `invitada-${randomUUID()}@example.com`,
      password: 'NoEsSuClave-2026',
      permissions: [],
      terms: [`alfa${randomUUID().slice(0, 6)}`, `beta${randomUUID().slice(0, 6)}`],
      page: 1,
      phoneNumber: '55 1234 5678',
      phone: '55 1234 5678',
      supportPhone: '55 1234 5678',
      clabe: '002180000000000003',
      url: 'https://www.example.com/imagen.png',
      facebook: 'https://www.facebook.com/tienda',
      instagram: 'https://www.instagram.com/tienda',
      youtube: 'https://www.youtube.com/@tienda',
      days: ['mon'],
      // A message needs text or a file (the schema refuses both empty).
      body: 'Hola, ¿sigue disponible?',
      // An event stream polled: it sends what is new and ends (a held-open stream would never answer).
      poll: '1',
    })[name];

  /** A valid request of `op`, aimed at store A's ids where the parameter names one of them. */
  function request(op: Operation, token: string | null, host?: string) {
    const pathValues: Record<string, string> = {};
    for (const p of op.pathParams) {
      if (p.name === 'userId') pathValues[p.name] = tok.colabId;
      else if (op.path.includes('/synonyms/')) pathValues[p.name] = ids.synonymA;
      else if (op.path.includes('/invitations/')) pathValues[p.name] = ids.invitationA;
      else pathValues[p.name] = String(validValue(p.schema, p.name, () => undefined) ?? randomUUID());
    }
    const query: Record<string, unknown> = {};
    for (const q of op.queryParams) {
      // A known value of another shape (a body's `days` list against a query's number of days) is not this one's.
      const k = known(q.name);
      const fits = k !== undefined && Array.isArray(k) === (q.schema.type === 'array');
      if (q.required || fits) query[q.name] = validValue(q.schema, q.name, fits ? known : () => undefined);
    }
    const headers: Record<string, string> = { 'accept-language': 'es' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (host) headers['x-store-domain'] = host;
    return t.app.inject({
      method: op.method,
      url: buildUrl(op, pathValues, query),
      headers,
      payload: op.body ? (validObject(op.body, known) as object) : undefined,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db, { name: 'Tienda Secreta Alfa' });
    b = await createStoreFixture(t.database.db, { name: 'Tienda Beta' });
    const oa = await createSellerFixture(t.app, a.id);
    tok.ownerA = oa.token;
    tok.ownerAEmail = oa.email;
    tok.ownerB = (await createSellerFixture(t.app, b.id)).token;
    tok.shopperA = (await createCustomerFixture(t.app, a)).token;
    tok.noPerms = (await createCollaboratorFixture(t.app, a.id, [])).token;
    const colab = await createCollaboratorFixture(t.app, a.id, ['catalog', 'orders']);
    tok.colabEmail = colab.email;
    tok.colabId = colab.userId;
    const syn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search/synonyms',
      headers: { authorization: `Bearer ${tok.ownerA}` },
      payload: { terms: ['zapatillasecreta', 'tenissecreto'] },
    });
    ids.synonymA = syn.json().id;
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collaborators/invitations',
      headers: { authorization: `Bearer ${tok.ownerA}` },
      payload: { email: 'pendiente-secreta@example.com', permissions: ['money'] },
    });
    ids.invitationA = inv.json().id;
    markers = [
      a.id,
      a.slug,
      'Tienda Secreta Alfa',
      tok.ownerAEmail,
      tok.colabEmail,
      'zapatillasecreta',
      'pendiente-secreta',
    ];
    ops = listOperations(t.app.swagger() as never).filter(
      (op) => (op.path.startsWith('/api/admin/') || op.path.startsWith('/api/proveedor/')) && !PUBLIC_ROUTES.has(op.id),
    );
  });
  afterAll(async () => t.close());

  it('finds the seller APIs in the document (the generator is not reading an empty list)', () => {
    expect(ops.length).toBeGreaterThanOrEqual(10);
    for (const id of ['GET /api/admin/orders', 'GET /api/admin/collaborators', ...MEMBER_ROUTES])
      expect(ops.map((o) => o.id)).toContain(id);
  });

  it('answers 401 to a request without a token, on every seller API', async () => {
    for (const op of ops) {
      const res = await request(op, null);
      expect(res.statusCode, op.id).toBe(401);
      expect(res.json().code, op.id).toBe('UNAUTHORIZED');
    }
    const en = await t.app.inject({ url: '/api/admin/orders', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('Please sign in to continue.');
  });

  it("answers 401 or 403 to a shopper's token, on every seller API", async () => {
    for (const op of ops) {
      const res = await request(op, tok.shopperA, a.hostname);
      expect([401, 403], `${op.id} ${res.body}`).toContain(res.statusCode);
    }
  });

  it('answers 403 to a collaborator without permissions, except on the member routes', async () => {
    for (const op of ops) {
      const res = await request(op, tok.noPerms);
      if (MEMBER_ROUTES.has(op.id)) {
        expect(res.statusCode, `${op.id} ${res.body}`).toBeLessThan(500);
        expect(res.statusCode, `${op.id} ${res.body}`).not.toBe(401);
        continue;
      }
      expect(res.statusCode, `${op.id} ${res.body}`).toBe(403);
      expect(res.json().code, op.id).toBe('FORBIDDEN');
    }
  });

  it("never shows another store's owner this store's data, nor lets them change it", async () => {
    for (const op of ops) {
      const res = await request(op, tok.ownerB);
      expect(res.statusCode, `${op.id} ${res.body}`).toBeLessThan(500);
      for (const m of markers) expect(res.body.includes(m), `${op.id} leaks ${m}: ${res.body}`).toBe(false);
    }
    // Store A is untouched: its collaborator, synonym group and invitation are still there.
    const view = await t.app.inject({
      url: '/api/admin/collaborators',
      headers: { authorization: `Bearer ${tok.ownerA}` },
    });
    const body = view.json();
    expect(body.members.find((m: { email: string }) => m.email === tok.colabEmail)?.permissions).toEqual([
      'catalog',
      'orders',
    ]);
    expect(body.invitations.map((i: { id: string }) => i.id)).toContain(ids.invitationA);
    const syn = await t.app.inject({
      url: '/api/admin/search/synonyms',
      headers: { authorization: `Bearer ${tok.ownerA}` },
    });
    expect(syn.body).toContain('zapatillasecreta');
  });
});
