/**
 * The demo stores as `npm start` seeds them (README): their seller screens answer. "Mi tienda" and "Sitio web" are the
 * first pages a seller trying the README opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedPostalCodesFixture } from '../helpers/factories.js';
import { seedDemoIfEmpty } from '../../src/server/seed/index.js';
import { DEMO_PASSWORD, DEMO_STORES } from '../../src/server/seed/demo-stores.js';

describe('the seeded demo stores', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // The SEPOMEX catalogue is not what this test is about: a few codes make the seed skip the 150,000-row import.
    await seedPostalCodesFixture(t.database.db);
    await seedDemoIfEmpty({ db: t.database.db, config: t.app.config, providers: t.app.providers, log: t.app.log });
  }, 600_000);
  afterAll(async () => t?.close());

  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };

  for (const demo of DEMO_STORES) {
    it(`${demo.name}: "Mi tienda" and "Sitio web" (GET /api/proveedor/webconfigs) answer 200`, async () => {
      const token = await signIn(demo.ownerEmail);
      const res = await t.app.inject({
        url: '/api/proveedor/webconfigs',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  }
});
