/**
 * Each instance remembers who holds a token and whether a store is suspended (decision 142), and forgets it when any
 * instance writes to that user's session, account or memberships, or to the store's row. Two instances on one database: what one revokes, the other refuses after the
 * change feed delivers it (on PostgreSQL through LISTEN/NOTIFY on its own connection). Also the cache's fail-safe
 * rules on the real feed: an answer read while a change arrived is not kept, nothing is kept while the feed is down.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../src/server/db/schema/accounts.js';
import type { ChangeFeed } from '../../src/server/db/change-feed.js';
import { SessionCache } from '../../src/server/modules/accounts/session-cache.js';
import { readSessionActor } from '../../src/server/modules/accounts/session-actor.js';
import { buildApp } from '../../src/server/app.js';
import { hashToken } from '../../src/server/lib/tokens.js';
import { createTwoInstances, testConfig, type TwoInstances } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createSellerFixture,
  createStoreFixture,
  TEST_PASSWORD,
  type StoreFixture,
} from '../helpers/factories.js';
import { useDatabaseWithFeed } from '../helpers/database-with-feed.js';

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-session-cache-'));

describe('a revoked session or permission counts at once on every instance', () => {
  let two: TwoInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let store: StoreFixture;
  let owner: { token: string };

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    token: string,
    body?: object,
  ) => app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  const both = async () => {
    await a.changeFeed.sync();
    await b.changeFeed.sync();
  };

  beforeAll(async () => {
    two = await createTwoInstances();
    ({ a, b } = two);
    store = await createStoreFixture(two.database.db);
    owner = await createSellerFixture(a, store.id);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('signing out on one instance ends the session on the other', async () => {
    const seller = await createCollaboratorFixture(a, store.id, ['catalog']);
    // Both instances have answered for the token, so both remember it.
    expect((await call(a, 'GET', '/api/admin/products', seller.token)).statusCode).toBe(200);
    expect((await call(b, 'GET', '/api/admin/products', seller.token)).statusCode).toBe(200);

    expect((await call(a, 'POST', '/api/auth/logout', seller.token)).statusCode).toBeLessThan(300);
    await both();
    expect((await call(b, 'GET', '/api/admin/products', seller.token)).statusCode).toBe(401);
    expect((await call(a, 'GET', '/api/admin/products', seller.token)).statusCode).toBe(401);
  });

  it('a permission granted, changed or removed on one instance counts on the other', async () => {
    const c = await createCollaboratorFixture(a, store.id, ['catalog']);
    expect((await call(b, 'GET', '/api/admin/orders', c.token)).statusCode).toBe(403);
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(200);

    // Granting keeps the session: only the membership changed.
    const raised = await call(a, 'PATCH', `/api/admin/collaborators/${c.userId}`, owner.token, {
      permissions: ['catalog', 'orders'],
    });
    expect(raised.statusCode).toBe(200);
    await both();
    expect((await call(b, 'GET', '/api/admin/orders', c.token)).statusCode).toBe(200);

    // A membership changed in the database alone (no session revoked) still reaches the other instance.
    await two.database.db.execute(
      sql`update store_memberships set permissions = '{catalog}' where user_id = ${c.userId} and store_id = ${store.id}`,
    );
    await both();
    const refused = await call(b, 'GET', '/api/admin/orders', c.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    // Taking a permission away through the app also signs them out of the store (decision 092).
    await call(a, 'PATCH', `/api/admin/collaborators/${c.userId}`, owner.token, { permissions: ['catalog', 'orders'] });
    await both();
    expect((await call(b, 'GET', '/api/admin/orders', c.token)).statusCode).toBe(200);
    const lowered = await call(a, 'PATCH', `/api/admin/collaborators/${c.userId}`, owner.token, {
      permissions: ['catalog'],
    });
    expect(lowered.statusCode).toBe(200);
    await both();
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(401);

    // Removed: a session opened after the change is refused on the other instance once the removal lands.
    const again = await a.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: c.email, password: TEST_PASSWORD },
    });
    const token = again.json().token as string;
    expect((await call(b, 'GET', '/api/admin/products', token)).statusCode).toBe(200);
    const removed = await call(a, 'DELETE', `/api/admin/collaborators/${c.userId}`, owner.token);
    expect(removed.statusCode).toBe(200);
    await both();
    expect((await call(b, 'GET', '/api/admin/products', token)).statusCode).toBe(401);
  });

  it('a session revoked by a write outside the app (SQL) is refused on both instances', async () => {
    const c = await createCollaboratorFixture(a, store.id, ['catalog']);
    expect((await call(a, 'GET', '/api/admin/products', c.token)).statusCode).toBe(200);
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(200);
    await two.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${c.userId}`);
    await both();
    expect((await call(a, 'GET', '/api/admin/products', c.token)).statusCode).toBe(401);
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(401);
  });

  it('a store suspended or reactivated on one instance counts on the other’s next seller request', async () => {
    const c = await createCollaboratorFixture(a, store.id, ['catalog']);
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(200);
    await two.database.db.execute(sql`update stores set status = 'suspended' where id = ${store.id}`);
    await both();
    const refused = await call(b, 'GET', '/api/admin/products', c.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('ACCOUNT_SUSPENDED');
    await two.database.db.execute(sql`update stores set status = 'active' where id = ${store.id}`);
    await both();
    expect((await call(b, 'GET', '/api/admin/products', c.token)).statusCode).toBe(200);
  });
});

describe('the session cache on the real change feed', () => {
  const t = useDatabaseWithFeed();
  const actorOf = (userId: string) =>
    ({ userId, role: 'customer', storeId: null, sessionId: 's', email: 'e@example.com', fullName: 'F' }) as const;

  it('keeps a live answer, forgets it when the user changes, and does not keep one read while a change arrived', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig(await tempDir()), logger: false });
    await app.ready();
    try {
      const store = await createStoreFixture(t.database.db);
      const c = await createCollaboratorFixture(app, store.id, ['catalog']);
      const hash = hashToken(c.token);
      const ctx = { db: t.database.db };
      let reads = 0;
      const load = () => (reads++, readSessionActor(ctx, hash));
      const cache = t.keep(new SessionCache(t.feed));
      expect((await cache.get(hash, load))?.storeId).toBe(store.id);
      expect((await cache.get(hash, load))?.storeId).toBe(store.id);
      expect(reads).toBe(1);

      // A change to this user's session lands while another answer is being read: that answer is not kept.
      const racing = t.keep(new SessionCache(t.feed));
      const raced = await racing.get('another-token-hash', async () => {
        await t.database.db.update(sessions).set({ storeId: null }).where(eq(sessions.userId, c.userId));
        await t.feed.sync();
        return { actor: actorOf(c.userId), expiresAt: Date.now() + 60_000 };
      });
      expect(raced?.userId).toBe(c.userId);
      expect(racing.size).toBe(0);
      // The first cache forgot the changed user: the next look-up reads the session without a store.
      expect(cache.size).toBe(0);
      expect((await cache.get(hash, load))?.storeId).toBeNull();
      expect(reads).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('neither answers from nor keeps anything while the feed is down', async () => {
    const down: Pick<ChangeFeed, 'live' | 'subscribe'> = { live: false, subscribe: (l) => t.feed.subscribe(l) };
    const cache = t.keep(new SessionCache(down));
    let reads = 0;
    const load = async () => (reads++, { actor: actorOf('u'), expiresAt: Date.now() + 60_000 });
    await cache.get('h', load);
    await cache.get('h', load);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('never answers past the session’s expiry nor remembers an unknown token', async () => {
    const cache = t.keep(new SessionCache(t.feed));
    let reads = 0;
    const expiring = async () => (reads++, { actor: actorOf('u'), expiresAt: Date.now() + 30 });
    await cache.get('h', expiring);
    await new Promise((r) => setTimeout(r, 60));
    await cache.get('h', expiring);
    expect(reads).toBe(2);
    let unknown = 0;
    const nobody = async () => (unknown++, null);
    await cache.get('nobody', nobody);
    await cache.get('nobody', nobody);
    expect(unknown).toBe(2);
    expect(cache.size).toBe(1); // 'h' alone
  });

  it('forgets every session when a change names no users (one statement changed more than 100)', async () => {
    const cache = t.keep(new SessionCache(t.feed));
    let reads = 0;
    const load = async () => (reads++, { actor: actorOf('u'), expiresAt: Date.now() + 60_000 });
    await cache.get('h', load);
    expect(cache.size).toBe(1);
    // What the trigger publishes for a statement that changed more than 100 users.
    await t.database.db.execute(sql`select pg_notify('vitrina_changes', '{"s":"","t":"accounts","i":null}')`);
    await t.feed.sync();
    expect(cache.size).toBe(0);
    await cache.get('h', load);
    expect(reads).toBe(2);
  });
});
