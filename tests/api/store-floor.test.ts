/**
 * The store-floor link (decision 026): the dashboard link carries a one-time code valid 60 s,
 * never the seller's session; the app's server trades it once, with STORE_FLOOR_APP_SECRET, for a token that reads
 * its own store's orders and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import {
  createCollaboratorFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { appAccessCodes, sessions } from '../../src/server/db/schema/index.js';
import { hashToken } from '../../src/server/lib/tokens.js';

const SECRET = 'store-floor-secret-for-tests-0123456789';

describe('store-floor access', () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: { token: string };
  let orderId: string;
  let otherOrderId: string;

  const codeFromDashboard = async (token = seller.token) => {
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().storeFloorUrl).searchParams.get('token')!;
  };
  const exchange = (code: string, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/store-floor/exchange',
      headers: secret ? { 'x-app-secret': secret } : {},
      payload: { code },
    });
  const placeOrder = async (s: StoreFixture) => {
    const p = await createProductFixture(t.database.db, s.id);
    const order = await buyOneItemPaid(
      t.app,
      { store: s },
      { codigo: p.codigo, sku: p.skus[0]! },
      { email: 'piso@example.com' },
    );
    return order.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ STORE_FLOOR_APP_SECRET: SECRET });
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    seller = await createSellerFixture(t.app, store.id);
    orderId = await placeOrder(store);
    otherOrderId = await placeOrder(other);
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts a one-time code in the link, which is no session anywhere', async () => {
    const code = await codeFromDashboard();
    expect(code).not.toBe(seller.token);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const url of ['/api/admin/dashboard', '/api/admin/orders', '/api/user', '/api/store-floor/orders'])
      expect((await t.app.inject({ url, headers: { authorization: `Bearer ${code}` } })).statusCode).toBe(401);
  });

  it('trades a code only with the app secret, once', async () => {
    const code = await codeFromDashboard();
    expect((await exchange(code, null)).statusCode).toBe(401);
    expect((await exchange(code, `${SECRET}x`)).statusCode).toBe(401);
    const ok = await exchange(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ tokenType: 'Bearer', expiresIn: 8 * 3600, store: { id: store.id } });
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('STORE_FLOOR_CODE_INVALID');
  });

  it('gives one token to 20 simultaneous exchanges of one code', async () => {
    const code = await codeFromDashboard();
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(400)]);
  });

  it('refuses an expired code', async () => {
    const code = await codeFromDashboard();
    await t.database.db
      .update(appAccessCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(appAccessCodes.codeHash, hashToken(code)));
    expect((await exchange(code)).json().code).toBe('STORE_FLOOR_CODE_INVALID');
  });

  it('refuses every exchange when no app secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const s = await createStoreFixture(bare.database.db);
      const owner = await createSellerFixture(bare.app, s.id);
      const dash = await bare.app.inject({
        url: '/api/admin/dashboard',
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const code = new URL(dash.json().storeFloorUrl).searchParams.get('token')!;
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/store-floor/exchange',
        headers: { 'x-app-secret': '' },
        payload: { code },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('lets the token read its own store and orders, and nothing else', async () => {
    const grant = (await exchange(await codeFromDashboard())).json();
    const auth = { authorization: `Bearer ${grant.accessToken}` };
    expect((await t.app.inject({ url: '/api/store-floor/store', headers: auth })).json().store.id).toBe(store.id);
    const list = await t.app.inject({ url: '/api/store-floor/orders', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await t.app.inject({ url: `/api/store-floor/orders/${orderId}`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/store-floor/orders/${otherOrderId}`, headers: auth })).statusCode).toBe(
      404,
    );
    for (const url of ['/api/admin/dashboard', '/api/admin/orders', `/api/admin/orders/${orderId}`, '/api/user'])
      expect((await t.app.inject({ url, headers: auth })).statusCode).toBe(401);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      headers: auth,
      payload: { status: 'cancelled' },
    });
    expect(change.statusCode).toBe(401);
  });

  describe('a collaborator’s app token follows their membership, at once', () => {
    const tokenFor = async (sessionToken: string) => {
      const res = await exchange(await codeFromDashboard(sessionToken));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().accessToken as string;
    };
    const floor = (appToken: string, url = '/api/store-floor/orders') =>
      t.app.inject({ url, headers: { authorization: `Bearer ${appToken}` } });
    const asOwner = (method: 'PATCH' | 'DELETE', userId: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/collaborators/${userId}`,
        headers: { authorization: `Bearer ${seller.token}` },
        payload,
      });
    const me = (token: string) => t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });

    it('a removed collaborator’s app token answers 401 on the very next request', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders']);
      const appToken = await tokenFor(c.token);
      expect((await floor(appToken)).statusCode).toBe(200);
      expect((await asOwner('DELETE', c.userId)).statusCode).toBe(200);
      for (const url of ['/api/store-floor/orders', `/api/store-floor/orders/${orderId}`, '/api/store-floor/store'])
        expect((await floor(appToken, url)).statusCode, url).toBe(401);
      // Their admin session of the store is revoked too, not just left without a store.
      expect((await me(c.token)).statusCode).toBe(401);
    });

    it('a code issued before the removal cannot be exchanged after it', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders']);
      const code = await codeFromDashboard(c.token);
      expect((await asOwner('DELETE', c.userId)).statusCode).toBe(200);
      expect((await exchange(code)).json().code).toBe('STORE_FLOOR_CODE_INVALID');
    });

    it('lowering a collaborator’s permissions revokes their sessions and app tokens of the store', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders', 'catalog']);
      const appToken = await tokenFor(c.token);
      const patched = await asOwner('PATCH', c.userId, { permissions: ['orders'] });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await me(c.token)).statusCode).toBe(401);
      expect((await floor(appToken)).statusCode).toBe(401);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, c.userId));
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    });

    it('an app token without the orders permission reads nothing, even if never revoked', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders']);
      const appToken = await tokenFor(c.token);
      // The membership changed behind the service's back (an operator's fix in SQL): the token still follows it.
      await t.database.db.execute(
        sql`update store_memberships set permissions = '{catalog}' where user_id = ${c.userId} and store_id = ${store.id}`,
      );
      expect((await floor(appToken)).statusCode).toBe(403);
      expect((await floor(appToken, `/api/store-floor/orders/${orderId}`)).statusCode).toBe(403);
    });

    it('raising a collaborator’s permissions signs nobody out', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders']);
      const appToken = await tokenFor(c.token);
      const patched = await asOwner('PATCH', c.userId, { permissions: ['orders', 'money'] });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await me(c.token)).json().store.permissions.sort()).toEqual(['money', 'orders']);
      expect((await floor(appToken)).statusCode).toBe(200);
      // Saving the same permissions again is no lowering either.
      expect((await asOwner('PATCH', c.userId, { permissions: ['money', 'orders'] })).statusCode).toBe(200);
      expect((await me(c.token)).statusCode).toBe(200);
      expect((await floor(appToken)).statusCode).toBe(200);
    });

    it('removing a collaborator of one store leaves their session and token of another store alone', async () => {
      const c = await createCollaboratorFixture(t.app, store.id, ['orders']);
      // The same person also works on the other store (their own session there).
      await t.database.db.execute(
        sql`insert into store_memberships (store_id, user_id, role, permissions) values (${other.id}, ${c.userId}, 'collaborator', '{orders}')`,
      );
      const there = await t.app.inject({
        method: 'POST',
        url: '/api/admin/session/store',
        headers: { authorization: `Bearer ${c.token}` },
        payload: { storeId: other.id },
      });
      expect(there.statusCode).toBe(200);
      const otherAppToken = await tokenFor(c.token);
      expect((await asOwner('DELETE', c.userId)).statusCode).toBe(200);
      expect((await me(c.token)).json().store.id).toBe(other.id);
      expect((await floor(otherAppToken)).statusCode).toBe(200);
    });
  });
});
