/**
 * Sign-up abuse (decisions 100, 101): a new store is built at once but its storefront stays unpublished (403
 * STORE_NOT_PUBLISHED, no orders) until the owner verifies their email through a single-use, expiring link; sign-ups
 * are limited per client address and per hour platform-wide, and their expensive work runs through a bounded queue
 * (503 SERVER_BUSY beyond it) so that shoppers are served meanwhile; store names and addresses containing brand,
 * payment and security words, or confusable with a reserved word or an existing store, are refused; and an email
 * that already has an account gets the same answer as a new one, its owner a notice by email.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { randomUUID } from 'node:crypto';
import {
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  TEST_PASSWORD,
} from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';
import { nameSkeleton, SLUG_SKELETON_SQL } from '../../src/shared/store-names.js';

let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const body = (over: Record<string, unknown> = {}) => ({
  fullName: 'Lucía Hernández',
  email: `lucia-${tag()}@example.com`,
  password: TEST_PASSWORD,
  storeName: 'Dulces Lucía',
  slug: `dulces-${tag()}`,
  lang: 'es',
  ...over,
});

function signUp(app: FastifyInstance, payload: object, opts: { lang?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/platform/signup',
    headers: { 'accept-language': opts.lang ?? 'es' },
    payload,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/** The verification links' tokens in the emails to `email`. */
function verificationTokens(dataDir: string, email: string): string[] {
  return mailsTo(dataDir, email).flatMap((m) => {
    const token = /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(m)?.[1];
    return token ? [token] : [];
  });
}

/** The token of the only verification email to `email`. */
function verificationToken(dataDir: string, email: string): string {
  const tokens = verificationTokens(dataDir, email);
  if (tokens.length !== 1) throw new Error(`${tokens.length} verification emails to ${email}`);
  return tokens[0]!;
}

describe('sign-up: email verification before the store goes public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('builds the store unpublished, takes no orders, and publishes it when the owner verifies the email', async () => {
    const b = body();
    const res = await signUp(t.app, b);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_email' });
    const host = `${b.slug}.localhost`;

    // The storefront answers "not published yet", in both languages, on every storefront endpoint.
    const cfg = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': host } });
    expect(cfg.statusCode).toBe(403);
    expect(cfg.json().code).toBe('STORE_NOT_PUBLISHED');
    expect(cfg.json().message).toMatch(/todavía no está publicada/);
    const en = await t.app.inject({
      url: '/api/reseller/configwebsite',
      headers: { 'x-store-domain': host, 'accept-language': 'en' },
    });
    expect(en.json().message).toMatch(/not published yet/);
    // The owner signs in and builds the store meanwhile; the admin knows the email is not verified.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: b.email, password: b.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect(login.json().store.slug).toBe(b.slug);
    const state = await t.app.inject({ url: '/api/admin/email-verification', headers: auth });
    expect(state.json()).toEqual({ verified: false, email: b.email });
    const storeId = login.json().store.id as string;
    await createProductFixture(t.database.db, storeId, { codigo: 'DL-1' });
    const detail = await t.app.inject({ url: '/api/productos/DL-1', headers: { 'x-store-domain': host } });
    expect(detail.statusCode).toBe(403);
    // No order can be placed (a valid OXXO order), and none is created.
    await seedPostalCodesFixture(t.database.db).catch(() => undefined);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': host },
      payload: {
        idempotencyKey: randomUUID(),
        email: 'comprador@example.com',
        items: [{ codigo: 'DL-1', sku: 'DL-1-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().code).toBe('STORE_NOT_PUBLISHED');
    const placed = await t.database.db.execute(sql`select id from orders where store_id = ${storeId}`);
    expect((placed as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // The link: the raw token is in the email only; the database keeps its hash.
    await t.app.jobs.drain();
    const token = verificationToken(t.dataDir, b.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const stored = await t.database.db.execute(sql`select token_hash from email_verifications`);
    const hashes = (stored as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/platform/email-verification',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().store.slug).toBe(b.slug);
    expect(typeof verified.json().token).toBe('string');
    const after = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': host } });
    expect(after.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/email-verification', headers: auth })).json().verified).toBe(true);

    // Single use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/platform/email-verification',
      payload: { token },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('VERIFICATION_LINK_EXPIRED');
  });

  it('refuses an expired or unknown link, and 20 simultaneous uses of one link give one session', async () => {
    const b = body();
    expect((await signUp(t.app, b)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const token = verificationToken(t.dataDir, b.email);
    await t.database.db.execute(sql`update email_verifications set expires_at = now() - interval '1 minute'`);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/platform/email-verification',
      payload: { token },
    });
    expect(expired.statusCode).toBe(410);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/platform/email-verification',
      headers: { 'accept-language': 'en' },
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toMatch(/expired|used/i);

    // A new link (the admin's "Reenviar"), used 20 times at once: one wins.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: b.email, password: b.password },
    });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const resend = await t.app.inject({ method: 'POST', url: '/api/admin/email-verification/resend', headers: auth });
    expect(resend.statusCode).toBe(200);
    await t.app.jobs.drain();
    const fresh = verificationTokens(t.dataDir, b.email).find((x) => x !== token)!;
    expect(fresh).toBeTruthy();
    const uses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/platform/email-verification', payload: { token: fresh } }),
      ),
    );
    expect(uses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(uses.filter((r) => r.statusCode === 410)).toHaveLength(19);
  });

  it('limits "Reenviar" (429 with Retry-After, translated)', async () => {
    const b = body();
    expect((await signUp(t.app, b)).statusCode).toBe(202);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: b.email, password: b.password },
    });
    const auth = { authorization: `Bearer ${login.json().token}`, 'accept-language': 'en' };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await t.app.inject({ method: 'POST', url: '/api/admin/email-verification/resend', headers: auth }));
    expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(3);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts stores that existed before as verified (demo stores keep serving)', async () => {
    const store = await createStoreFixture(t.database.db);
    const cfg = await t.app.inject({
      url: '/api/reseller/configwebsite',
      headers: { 'x-store-domain': store.hostname },
    });
    expect(cfg.statusCode).toBe(200);
  });
});

describe('sign-up: an email that already has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers exactly as for a new email, creates nothing, and mails the owner a notice (es, en)', async () => {
    const first = body();
    const fresh = await signUp(t.app, first);
    const again = await signUp(t.app, { ...first, slug: `otra-${tag()}`, storeName: 'Otra tienda' });
    const enAgain = await signUp(t.app, { ...first, slug: `other-${tag()}` }, { lang: 'en' });
    for (const r of [again, enAgain]) {
      expect(r.statusCode).toBe(fresh.statusCode);
      expect(r.body).toBe(fresh.body);
      expect(Object.keys(r.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      expect(r.headers['content-type']).toBe(fresh.headers['content-type']);
    }
    await t.app.jobs.drain();
    const mails = mailsTo(t.dataDir, first.email);
    // One verification email (the new account) and one notice per repeated sign-up, in the request's language.
    expect(mails.filter((m) => /verificar-correo\?token=/.test(m))).toHaveLength(1);
    const es = mails.filter((m) => /Alguien intentó crear una tienda en Vitrina con tu correo/.test(m));
    const en = mails.filter((m) => /Someone tried to create a Vitrina store with your email/.test(m));
    expect(es).toHaveLength(1);
    expect(en).toHaveLength(1);
    expect(es[0]).toMatch(/Si fuiste tú, entra a tu cuenta aquí: http:\/\/localhost(:\d+)?\/admin\/login/);
    expect(en[0]).toMatch(/If it was you, sign in here: http:\/\/localhost(:\d+)?\/admin\/login/);
    // No store for the repeated sign-ups.
    const stores = await t.database.db.execute(sql`select slug from stores where name = 'Otra tienda'`);
    expect((stores as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('does comparable work: a known email also goes through the password hash (same bounded queue)', async () => {
    // With the sign-up queue full, a known and an unknown email are refused alike (the work is not skipped).
    const busy = await createTestApp({ SIGNUP_CONCURRENCY: '1', SIGNUP_QUEUE_MAX: '0' });
    try {
      const known = body();
      expect((await signUp(busy.app, known)).statusCode).toBe(202);
      const [a, b2, c] = await Promise.all([
        signUp(busy.app, body()),
        signUp(busy.app, { ...known, slug: `k-${tag()}` }),
        signUp(busy.app, body()),
      ]);
      // Whichever arrives first takes the one slot, a known email as much as a new one; the others are refused.
      expect([a, b2, c].map((r) => r.statusCode).sort()).toEqual([202, 503, 503]);
      const [d, e] = await Promise.all([signUp(busy.app, { ...known, slug: `k-${tag()}` }), signUp(busy.app, body())]);
      expect([d, e].map((r) => r.statusCode).sort()).toEqual([202, 503]);
    } finally {
      await busy.close();
    }
  });
});

describe('sign-up: store names and addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createStoreFixture(t.database.db, { slug: 'demo', name: 'Demo' });
  });
  afterAll(async () => t.close());

  const fieldOf = (res: { json(): { fields?: { path: string; message: string }[] } }, path: string) =>
    res.json().fields?.find((f) => f.path === path);

  it('refuses every address of the report, leetspeak look-alikes and look-alikes of an existing store', async () => {
    for (const slug of [
      'paypal',
      'oxxo',
      'stripe',
      'banco',
      'seguridad',
      'login-vitrina',
      'vitrina-pagos',
      'dem0',
      '0xx0',
      'pay-pal',
      'paypa1',
      'mi-paypal-mx',
      'soporte-tecnico',
      'admin-tienda',
      'bank-mx',
      'security-team',
      'support',
      'pagos-seguros',
      'log1n',
      'd3mo',
    ]) {
      const res = await signUp(t.app, body({ slug }));
      expect(res.statusCode, slug).toBe(400);
      expect(fieldOf(res, 'slug'), slug).toBeTruthy();
    }
    const similar = await signUp(t.app, body({ slug: 'dem0' }));
    expect(fieldOf(similar, 'slug')!.message).toBe(
      'Esa dirección se parece demasiado a la de otra tienda; elige otra.',
    );
    const similarEn = await signUp(t.app, body({ slug: 'dem0' }), { lang: 'en' });
    expect(fieldOf(similarEn, 'slug')!.message).toBe(
      "That address looks too much like another store's; choose another.",
    );
    const reserved = await signUp(t.app, body({ slug: 'vitrina-pagos' }));
    expect(fieldOf(reserved, 'slug')!.message).toBe('Esa dirección está reservada; elige otra.');
  });

  it('refuses store names with those words, Cyrillic and other look-alikes included', async () => {
    for (const storeName of [
      'PayPal México',
      'Рауpal', // Cyrillic Р, а, у
      'Ѕtrіpe Pagos', // Cyrillic Ѕ, і
      'OXXO Express',
      '0XX0 Express',
      'Bаnco Azteca', // Cyrillic а
      'Seguridad Vitrina',
      'Soporte técnico',
      '𝓹𝓪𝔂𝓹𝓪𝓵',
      'Ｌｏｇｉｎ',
    ]) {
      const res = await signUp(t.app, body({ storeName }));
      expect(res.statusCode, storeName).toBe(400);
      expect(fieldOf(res, 'storeName'), storeName).toBeTruthy();
    }
    const en = await signUp(t.app, body({ storeName: 'Рауpal' }), { lang: 'en' });
    expect(fieldOf(en, 'storeName')!.message).toMatch(/brand|reserved/i);
    // A Cyrillic look-alike address is refused too (an address is lower-case Latin letters, digits and hyphens).
    expect((await signUp(t.app, body({ slug: 'dеmo' }))).statusCode).toBe(400);
  });

  it('computes the same skeleton in PostgreSQL as in the code (the look-alike index)', async () => {
    for (const slug of ['dem0', 'demo', 'mi-tienda', 'rn-vv-1il0', 'z4p4t3r14-l3on', 'tienda-2024', 'abc-def-789']) {
      const rows = await t.database.db.execute(sql.raw(`select ${SLUG_SKELETON_SQL(`'${slug}'`)} as s`));
      expect((rows as unknown as { rows: { s: string }[] }).rows[0]!.s, slug).toBe(nameSkeleton(slug));
    }
  });

  it('reports look-alikes in the availability check', async () => {
    const check = async (slug: string) =>
      (await t.app.inject({ url: `/api/platform/slug?slug=${encodeURIComponent(slug)}` })).json();
    expect(await check('dem0')).toMatchObject({ available: false, reason: 'slug_similar' });
    expect(await check('paypal-mx')).toMatchObject({ available: false, reason: 'slug_reserved' });
    expect(await check('zapateria-leon')).toMatchObject({ available: true, reason: null });
  });

  it('still accepts ordinary names', async () => {
    for (const [slug, storeName] of [
      ['zapateria-leon', 'Zapatería León'],
      ['mi-tienda', 'Mi tienda'],
      ['hogar', 'Hogar'],
      ['dulces-de-puebla', 'Dulces de Puebla'],
      ['ropa-bonita-2024', 'Ropa Bonita'],
    ]) {
      const res = await signUp(t.app, body({ slug, storeName }));
      expect(res.statusCode, `${slug}: ${res.body}`).toBe(202);
    }
  });
});

describe('sign-up limits', () => {
  it('allows SIGNUP_IP_LIMIT_PER_HOUR sign-ups per address (then 429, translated, with Retry-After)', async () => {
    const t = await createTestApp({ SIGNUP_IP_LIMIT_PER_HOUR: '3', SIGNUP_LIMIT_PER_HOUR: '1000' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push(await signUp(t.app, body(), { ip: '203.0.113.7' }));
      expect(codes.slice(0, 3).map((r) => r.statusCode)).toEqual([202, 202, 202]);
      expect(codes[3]!.statusCode).toBe(429);
      expect(codes[3]!.json().code).toBe('RATE_LIMITED');
      expect(Number(codes[3]!.headers['retry-after'])).toBeGreaterThan(60);
      const en = await signUp(t.app, body(), { ip: '203.0.113.7', lang: 'en' });
      expect(en.json().message).toMatch(/Too many/);
      // Another address is not affected.
      expect((await signUp(t.app, body(), { ip: '203.0.113.8' })).statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });

  it('bounds sign-ups per hour platform-wide (503 SERVER_BUSY with Retry-After beyond it)', async () => {
    const t = await createTestApp({ SIGNUP_IP_LIMIT_PER_HOUR: '1000', SIGNUP_LIMIT_PER_HOUR: '4' });
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await signUp(t.app, body(), { ip: `198.51.100.${i + 1}` }));
      expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 503, 503]);
      expect(answers[4]!.json().code).toBe('SERVER_BUSY');
      expect(Number(answers[4]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('40 sign-ups at once: the queue refuses beyond its bound and shoppers are served in between', async () => {
    const t = await createTestApp({
      SIGNUP_IP_LIMIT_PER_HOUR: '1000',
      SIGNUP_LIMIT_PER_HOUR: '1000',
      SIGNUP_CONCURRENCY: '1',
      SIGNUP_QUEUE_MAX: '3',
    });
    try {
      const store = await createStoreFixture(t.database.db);
      await createProductFixture(t.database.db, store.id);
      const finished: string[] = [];
      const signUps = Array.from({ length: 40 }, (_, i) =>
        signUp(t.app, body(), { ip: `192.0.2.${i + 1}` }).then((r) => {
          finished.push(`signup:${r.statusCode}`);
          return r;
        }),
      );
      // Shoppers while the flood is in: each answered before the queued sign-ups are all done.
      const shopper = async () => {
        const r = await t.app.inject({
          url: '/api/reseller/configwebsite',
          headers: { 'x-store-domain': store.hostname },
        });
        finished.push(`shop:${r.statusCode}`);
        return r;
      };
      const shops = await Promise.all([shopper(), shopper(), shopper()]);
      const answers = await Promise.all(signUps);
      for (const s of shops) expect(s.statusCode).toBe(200);
      const accepted = answers.filter((r) => r.statusCode === 202);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(accepted.length).toBeLessThanOrEqual(4); // 1 running + 3 waiting
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      expect(accepted.length + busy.length).toBe(40);
      for (const r of busy) {
        expect(r.json().code).toBe('SERVER_BUSY');
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Every shopper was answered before the last accepted sign-up finished.
      const lastSignUp = finished.lastIndexOf('signup:202');
      for (let i = 0; i < 3; i++) expect(finished.indexOf('shop:200')).toBeLessThan(lastSignUp);
      expect(finished.filter((f) => f === 'shop:200')).toHaveLength(3);
      expect(finished.slice(0, lastSignUp).filter((f) => f === 'shop:200')).toHaveLength(3);
    } finally {
      await t.close();
    }
  }, 180_000); // 40 requests, a few password hashes: minutes on a busy machine
});
