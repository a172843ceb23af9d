/**
 * Seller sign-up on the platform home (decision 100): one transaction creates the platform account, the store
 * (unpublished until the email is verified), the owner membership and the `<slug>.localhost` domain; slugs are
 * checked (format, reserved words, taken) in Spanish and English; 20 simultaneous sign-ups for one slug give one
 * store and nineteen 409 SLUG_TAKEN, never a 500. tests/api/signup-abuse.test.ts covers verification and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture, TEST_PASSWORD } from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  fullName: 'Lucía Hernández',
  email: `lucia-${Date.now().toString(36)}-${n++}@example.com`,
  password: TEST_PASSWORD,
  storeName: 'Dulces Lucía',
  slug: `dulces-${Date.now().toString(36)}${n++}`,
  lang: 'es',
  ...over,
});

describe('seller sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signUp = (payload: object, lang = 'es') =>
    t.app.inject({ method: 'POST', url: '/api/platform/signup', headers: { 'accept-language': lang }, payload });

  it('creates account, store, owner membership and an active domain; the owner signs in, verifies, and it is public', async () => {
    const b = body({ lang: 'en' });
    const res = await signUp(b);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_email' });
    // The same credentials sign in at /admin/login, to the new store.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: b.email, password: b.password },
    });
    expect(login.statusCode).toBe(200);
    const s = login.json();
    expect(s.store).toMatchObject({
      slug: b.slug,
      name: 'Dulces Lucía',
      role: 'owner',
      hostname: `${b.slug}.localhost`,
    });
    expect(s.store.permissions.sort()).toEqual(['catalog', 'money', 'orders', 'settings']);
    expect(s.user).toMatchObject({ email: b.email, role: 'owner' });
    // The session works on the admin of that store.
    const me = await t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${s.token}` } });
    expect(me.json().store.id).toBe(s.store.id);
    const orders = await t.app.inject({ url: '/api/admin/orders', headers: { authorization: `Bearer ${s.token}` } });
    expect(orders.statusCode).toBe(200);
    // Once the email is verified, the storefront answers on the new domain, in the chosen language.
    await t.app.jobs.drain();
    const mail = mailsTo(t.dataDir, b.email).find((m) => /verificar-correo\?token=/.test(m))!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/platform/email-verification',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const cfg = await t.app.inject({
      url: '/api/reseller/configwebsite',
      headers: { 'x-store-domain': s.store.hostname },
    });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json()).toMatchObject({ slug: b.slug, lang: 'en', nombretienda: 'Dulces Lucía' });
  });

  it('refuses a badly formed slug with its message in Spanish and English', async () => {
    for (const slug of [
      'ab',
      '-tienda',
      'tienda-',
      'Tienda Bonita',
      'tienda_x',
      'a'.repeat(41),
      'doble--guion',
      'ñandú',
    ]) {
      const es = await signUp(body({ slug }));
      expect(es.statusCode, slug).toBe(400);
      const f = es.json().fields.find((x: { path: string }) => x.path === 'slug');
      expect(f, slug).toBeTruthy();
    }
    const es = await signUp(body({ slug: '-tienda' }));
    expect(es.json().fields[0].message).toMatch(/Usa de 3 a 40 letras minúsculas/);
    const en = await signUp(body({ slug: '-tienda' }), 'en');
    expect(en.json().fields[0].message).toMatch(/Use 3 to 40 lower-case letters/);
  });

  it('refuses reserved words with their message in Spanish and English', async () => {
    for (const slug of ['admin', 'api', 'www', 'app', 'platform', 'vitrina', 'static', 'assets', 'ADMIN']) {
      const res = await signUp(body({ slug }));
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ path: 'slug' });
      expect(res.json().fields[0].message).toBe('Esa dirección está reservada; elige otra.');
    }
    const en = await signUp(body({ slug: 'vitrina' }), 'en');
    expect(en.json().fields[0].message).toBe('That address is reserved; choose another.');
  });

  it('reports availability: format, reserved, taken, free', async () => {
    const taken = await createStoreFixture(t.database.db);
    const check = async (slug: string) =>
      (await t.app.inject({ url: `/api/platform/slug?slug=${encodeURIComponent(slug)}` })).json();
    expect(await check('x')).toMatchObject({ available: false, reason: 'slug_format' });
    expect(await check('admin')).toMatchObject({ available: false, reason: 'slug_reserved' });
    expect(await check(taken.slug)).toMatchObject({ available: false, reason: 'slug_taken' });
    expect(await check('libre-del-todo-123')).toMatchObject({ available: true, reason: null });
  });

  it('refuses a taken slug with 409 SLUG_TAKEN in Spanish and English, creating nothing', async () => {
    const taken = await createStoreFixture(t.database.db);
    const b = body({ slug: taken.slug });
    const es = await signUp(b);
    expect(es.statusCode).toBe(409);
    expect(es.json()).toMatchObject({ code: 'SLUG_TAKEN' });
    expect(es.json().message).toContain('ya la usa otra tienda');
    const en = await signUp(b, 'en');
    expect(en.json().message).toContain('is already used by another store');
    // No account was left behind: the same email can sign up with another slug.
    const again = await signUp({ ...b, slug: `${taken.slug}-x2` });
    expect(again.statusCode).toBe(202);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: b.email, password: b.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers an email that already has a platform account as a new one, creating no store', async () => {
    const b = body();
    expect((await signUp(b)).statusCode).toBe(202);
    const slug = `otra-${Date.now().toString(36)}`;
    const res = await signUp({ ...b, slug });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_email' });
    const check = await t.app.inject({ url: `/api/platform/slug?slug=${slug}` });
    expect(check.json().available).toBe(true);
  });

  it('refuses weak passwords with the existing strength rules, in Spanish and English', async () => {
    const es = await signUp(body({ password: 'password1' }));
    expect(es.statusCode).toBe(422);
    expect(['PASSWORD_BREACHED', 'PASSWORD_TOO_WEAK']).toContain(es.json().code);
    const en = await signUp(body({ password: 'dulceslucia1' }), 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().message).toMatch(/[A-Za-z]/);
    expect(en.json().message).not.toBe(es.json().message);
  });

  it('refuses missing fields and a bad language with 400, never 500', async () => {
    for (const drop of ['fullName', 'email', 'password', 'storeName', 'slug', 'lang']) {
      const b: Record<string, unknown> = body();
      delete b[drop];
      const res = await signUp(b);
      expect(res.statusCode, drop).toBe(400);
    }
    expect((await signUp(body({ lang: 'fr' }))).statusCode).toBe(400);
    expect((await signUp(body({ storeName: 'x\u0000y' }))).statusCode).toBe(400);
  });

  it('gives one store and nineteen translated 409 to 20 simultaneous sign-ups for one slug', async () => {
    const slug = `carrera-${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(body({ slug, email: `race-${slug}-${i}@example.com` }), i % 2 ? 'en' : 'es'),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('SLUG_TAKEN');
    // The losers' accounts were rolled back with their stores: their emails are free.
    const loser = answers.findIndex((r) => r.statusCode === 409);
    const retry = await signUp(body({ email: `race-${slug}-${loser}@example.com`, slug: `${slug}-x` }));
    expect(retry.statusCode).toBe(202);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: `race-${slug}-${loser}@example.com`, password: TEST_PASSWORD },
    });
    expect(login.json().store.slug).toBe(`${slug}-x`);
  }, 180_000); // 20 password hashes, PASSWORD_HASH_CONCURRENCY at a time: minutes on a busy machine
});
