/**
 * Server-side rate limits (in addition to the client throttle of SPEC §9): sign-in attempts per IP and minute get a
 * translated 429 once the limit is reached. With Redis (REDIS_TEST_URL, set by CI) two app instances share one count,
 * as several instances behind a load balancer must (DESIGN.md "Scale-out").
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture } from '../helpers/factories.js';

const attempt = (t: TestApp, hostname: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-store-domain': hostname, 'accept-language': 'es' },
    payload: { email: 'nadie@example.com', password: 'incorrecta-123' },
  });

describe('server rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('answers 429 with the translated message after AUTH_RATE_LIMIT_PER_MINUTE sign-in attempts', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    apps.push(t);
    const store = await createStoreFixture(t.database.db);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(t, store.hostname)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt(t, store.hostname);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Demasiadas solicitudes en poco tiempo. Inténtalo de nuevo en unos instantes.',
    });
  });

  it.runIf(process.env.REDIS_TEST_URL)('shares the count between two instances through Redis', async () => {
    const env = {
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: process.env.REDIS_TEST_URL!,
      REDIS_KEY_PREFIX: `vitrina-test-${randomBytes(6).toString('hex')}:`,
    };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    apps.push(a, b);
    const storeA = await createStoreFixture(a.database.db, { slug: 'rl' });
    await createStoreFixture(b.database.db, { slug: 'rl' });
    expect((await attempt(a, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(b, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(a, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(b, storeA.hostname)).statusCode).toBe(429);
  });
});
