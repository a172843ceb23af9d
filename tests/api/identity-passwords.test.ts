/**
 * Password hashing is bounded (a full queue answers 503 with Retry-After, never starves
 * the process), sign-in, recover and reset are limited per account whatever the IP, weak and breached passwords are
 * refused with translated messages, and a race of 20 sign-ups with one email gives one 201 and nineteen 409.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture, TEST_PASSWORD } from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';
import { createUser } from '../../src/server/modules/accounts/index.js';
import { AppError } from '../../src/server/lib/app-error.js';

describe('identity limits and passwords', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const app = async (env: Record<string, string> = {}) => {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  };

  it('answers 503 SERVER_BUSY with Retry-After once the hashing queue is full, and never 500', async () => {
    const t = await app({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE_MAX: '2' });
    const store = await createStoreFixture(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-store-domain': store.hostname, 'accept-language': i % 2 ? 'en' : 'es' },
          payload: { email: `flood-${i}@example.com`, password: 'no-es-la-clave-1' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(3);
    expect(codes.filter((c) => c === 503).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 401 || c === 503)).toBe(true);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(busy.json().code).toBe('SERVER_BUSY');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json().message).toMatch(/^(Estamos atendiendo muchas solicitudes|We are handling many requests)/);
    }
  });

  it('limits sign-in, seller sign-in, recover and reset per account, whatever the address', async () => {
    const t = await app({ AUTH_ACCOUNT_RATE_LIMIT: '3' });
    const store = await createStoreFixture(t.database.db);
    const send = async (url: string, payload: object, i: number, headers = { 'x-store-domain': store.hostname }) =>
      (await t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: `203.0.113.${i}` })).statusCode;
    const series = async (url: string, payload: object) => {
      const codes = [];
      for (let i = 1; i <= 4; i++) codes.push(await send(url, payload, i));
      return codes;
    };
    const victim = { email: 'Victima@Example.com', password: 'no-es-la-clave-1' };
    expect(await series('/api/auth/login', victim)).toEqual([401, 401, 401, 429]);
    // Another account is not affected, nor the same email written another way counted apart.
    expect(await send('/api/auth/login', { ...victim, email: 'otra@example.com' }, 9)).toBe(401);
    expect(await send('/api/auth/login', { ...victim, email: ' victima@example.COM ' }, 10)).toBe(429);
    expect(await series('/api/admin/login', victim)).toEqual([401, 401, 401, 429]);
    expect(await series('/api/auth/recover', { email: 'victima@example.com' })).toEqual([200, 200, 200, 429]);
    const link = { token: 'x'.repeat(43), password: 'Cambiada-Nueva-2026', passwordConfirm: 'Cambiada-Nueva-2026' };
    expect(await series('/api/auth/reset', link)).toEqual([410, 410, 410, 429]);
  });

  it('refuses breached and weak passwords at sign-up, in Spanish and English', async () => {
    const t = await app();
    const store = await createStoreFixture(t.database.db);
    const register = (password: string, lang: string, email = 'nueva@example.com') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-store-domain': store.hostname, 'accept-language': lang },
        payload: { fullName: 'Lupita Pérez', email, password, passwordConfirm: password },
      });
    const breached = await register('12345678', 'es');
    expect(breached.statusCode).toBe(422);
    expect(breached.json()).toMatchObject({
      code: 'PASSWORD_BREACHED',
      fields: [
        { path: 'password', code: 'password_breached', message: expect.stringMatching(/^Aparece en filtraciones/) },
      ],
    });
    expect((await register('password', 'en')).json()).toMatchObject({
      code: 'PASSWORD_BREACHED',
      message: 'That password appears in known data breaches. Choose another one.',
    });
    const spaces = await register('        ', 'en');
    expect(spaces.statusCode).toBe(422);
    expect(spaces.json()).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      fields: [{ path: 'password', message: expect.stringMatching(/^It is easy to guess/) }],
    });
    // The account's own name and email count as known words.
    expect((await register('lupitaperez2024', 'es', 'lupitaperez@example.com')).json().code).toBe('PASSWORD_TOO_WEAK');
    expect((await register('Jardín-Original-77', 'es')).statusCode).toBe(201);
  });

  it('refuses a weak password on reset and keeps the link usable', async () => {
    const t = await app();
    const store = await createStoreFixture(t.database.db);
    const h = { 'x-store-domain': store.hostname };
    const email = 'reset-debil@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: h,
      payload: { fullName: 'Ana Ruiz', email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/recover', headers: h, payload: { email } });
    await t.app.jobs.drain();
    const token = /token=([A-Za-z0-9_-]+)/.exec(mailsTo(t.dataDir, email)[0])![1];
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      headers: h,
      payload: { token, password: 'password1', passwordConfirm: 'password1' },
    });
    expect(weak.statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/auth/reset/${token}`, headers: h })).statusCode).toBe(200);
  });

  it('refuses a weak password for a seller account too', async () => {
    const t = await app();
    const store = await createStoreFixture(t.database.db);
    const attempt = createUser(
      { db: t.database.db },
      {
        storeId: store.id,
        role: 'owner',
        email: 'duena@example.com',
        password: 'qwerty123',
        fullName: 'Dueña',
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'PASSWORD_BREACHED' });
  });

  it('gives one 201 and nineteen 409 EMAIL_TAKEN to 20 simultaneous sign-ups with one email', async () => {
    const t = await app();
    const store = await createStoreFixture(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-store-domain': store.hostname },
          payload: {
            fullName: 'Carrera',
            email: 'carrera@example.com',
            password: TEST_PASSWORD,
            passwordConfirm: TEST_PASSWORD,
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Ya existe una cuenta con ese correo.' });
  });
});
