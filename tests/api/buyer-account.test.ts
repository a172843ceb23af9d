/**
 * The buyer's account (/miperfil): personal data with the phone validated and stored in E.164, an email change that
 * applies only once the new address confirms it (single-use link), a password change that signs out every other
 * session but not the current one, the address book (add, edit, default, delete, limit), deleting the account
 * (anonymised, orders kept), and another buyer touching none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import {
  createCustomerFixture,
  createProductFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  TEST_PASSWORD,
  type StoreFixture,
} from '../helpers/factories.js';
import { addresses, users } from '../../src/server/db/schema/accounts.js';
import { orders } from '../../src/server/db/schema/orders.js';
import { MAX_ADDRESSES_PER_BUYER } from '../../src/shared/limits.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('the buyer’s account', () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'TAZA',
      name: 'Taza',
      variants: [{ sku: 'TAZA-1', options: {}, priceCents: 15000, stock: 20 }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: Method, url: string, token: string | null, payload?: object, lang = 'es', on = store) =>
    t.app.inject({
      method,
      url,
      headers: {
        'x-store-domain': on.hostname,
        'accept-language': lang,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload,
    });
  const login = async (email: string, password: string, on = store) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-store-domain': on.hostname },
      payload: { email, password },
    });
  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)).limit(1))[0];

  it('edits the name and phone; the phone is validated (es and en) and stored in E.164', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const ok = await send('PATCH', '/api/account/profile', buyer.token, {
      fullName: 'Ana Ruiz',
      phone: '55 1234 5678',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Ana Ruiz', phone: '+525512345678' });
    expect((await send('GET', '/api/user', buyer.token)).json().phone).toBe('+525512345678');

    const es = await send('PATCH', '/api/account/profile', buyer.token, { fullName: 'Ana Ruiz', phone: '123' });
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'phone', message: 'Número de teléfono incorrecto.' })]),
    );
    const en = await send('PATCH', '/api/account/profile', buyer.token, { fullName: 'Ana Ruiz', phone: '123' }, 'en');
    expect(en.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'phone', message: 'Incorrect phone number.' })]),
    );

    const cleared = await send('PATCH', '/api/account/profile', buyer.token, { fullName: 'Ana Ruiz', phone: '' });
    expect(cleared.json().phone).toBeNull();
    expect((await send('PATCH', '/api/account/profile', null, { fullName: 'X Y' })).statusCode).toBe(401);
  });

  it('changes the email only once the link mailed to the new address is followed, once', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const taken = await createCustomerFixture(t.app, store);
    const newEmail = `nuevo-${buyer.userId.slice(0, 8)}@example.com`;

    const wrong = await send('POST', '/api/account/email', buyer.token, { newEmail, currentPassword: 'no-es-esta' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    const dup = await send('POST', '/api/account/email', buyer.token, {
      newEmail: taken.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_TAKEN');
    // The same email in another store is another person: allowed there, so not checked here.
    const asked = await send('POST', '/api/account/email', buyer.token, { newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect((await userRow(buyer.userId)).email).toBe(buyer.email);
    expect((await login(buyer.email, TEST_PASSWORD)).statusCode).toBe(200);

    const [mail] = mailsTo(t.dataDir, newEmail);
    const token = /correo=([A-Za-z0-9_-]+)/.exec(mail)![1];
    // On another store's domain the link is unknown.
    expect((await send('POST', '/api/account/email/confirm', null, { token }, 'es', other)).statusCode).toBe(410);
    const confirmed = await send('POST', '/api/account/email/confirm', null, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    const again = await send('POST', '/api/account/email/confirm', null, { token }, 'en');
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('EMAIL_CHANGE_LINK_EXPIRED');

    expect((await userRow(buyer.userId)).email).toBe(newEmail);
    expect((await login(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(buyer.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(mailsTo(t.dataDir, buyer.email).some((m) => m.includes(newEmail))).toBe(true);
    // The token is kept only hashed.
    const stored = await t.database.db.execute(
      `select token_hash from email_verifications where user_id = '${buyer.userId}'`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('changes the password: every other session is signed out, the current one stays; a wrong one is a 422', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const second = (await login(buyer.email, TEST_PASSWORD)).json().token as string;
    const body = {
      currentPassword: 'equivocada',
      newPassword: 'Otra-Clave-Muy-Larga-77',
      newPasswordConfirm: 'Otra-Clave-Muy-Larga-77',
    };
    const wrong = await send('POST', '/api/account/password', buyer.token, body, 'en');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    expect((await send('GET', '/api/user', second)).statusCode).toBe(200);

    const weak = await send('POST', '/api/account/password', buyer.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: '12345678',
      newPasswordConfirm: '12345678',
    });
    expect(weak.statusCode).toBe(422);

    const ok = await send('POST', '/api/account/password', buyer.token, { ...body, currentPassword: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, signedOut: 1 });
    expect((await send('GET', '/api/user', buyer.token)).statusCode).toBe(200);
    expect((await send('GET', '/api/user', second)).statusCode).toBe(401);
    expect((await login(buyer.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(buyer.email, body.newPassword)).statusCode).toBe(200);
    expect(mailsTo(t.dataDir, buyer.email).length).toBeGreaterThan(0);
  });

  it('keeps an address book: add, edit, default, delete, and a limit', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const first = (await send('POST', '/api/addresses', buyer.token, TEST_ADDRESS)).json();
    expect(first.isDefault).toBe(true);
    const second = await send('POST', '/api/addresses', buyer.token, { ...TEST_ADDRESS, street: 'Av. Juárez' });
    expect(second.statusCode).toBe(201);
    expect(second.json().isDefault).toBe(false);

    const edited = await send('PUT', `/api/addresses/${second.json().id}`, buyer.token, {
      ...TEST_ADDRESS,
      street: 'Av. Reforma',
      interiorNumber: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ street: 'Av. Reforma', interiorNumber: null, isDefault: false });

    const def = await send('POST', `/api/addresses/${second.json().id}/default`, buyer.token);
    expect(def.json().isDefault).toBe(true);
    const list = (await send('GET', '/api/addresses', buyer.token)).json();
    expect(list.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.json().id, true],
      [first.id, false],
    ]);

    // Deleting the default hands the mark to the one left.
    expect((await send('DELETE', `/api/addresses/${second.json().id}`, buyer.token)).statusCode).toBe(200);
    const left = (await send('GET', '/api/addresses', buyer.token)).json();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: first.id, isDefault: true });

    for (let i = 1; i < MAX_ADDRESSES_PER_BUYER; i++)
      expect((await send('POST', '/api/addresses', buyer.token, TEST_ADDRESS)).statusCode).toBe(201);
    const full = await send('POST', '/api/addresses', buyer.token, TEST_ADDRESS, 'en');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'ADDRESS_LIMIT_REACHED' });
    expect(full.json().message).toContain(String(MAX_ADDRESSES_PER_BUYER));
  });

  it('deletes the account: personal data anonymised, sessions revoked, orders kept', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const other = (await login(buyer.email, TEST_PASSWORD)).json().token as string;
    await send('PATCH', '/api/account/profile', buyer.token, { fullName: 'Luis Pérez', phone: '33 1234 5678' });
    const addressId = (await send('POST', '/api/addresses', buyer.token, TEST_ADDRESS)).json().id;
    const order = await buyOneItemPaid(
      t.app,
      { store, token: buyer.token },
      { codigo: 'TAZA', sku: 'TAZA-1' },
      { addressId },
    );

    const wrong = await send('POST', '/api/account/delete', buyer.token, { currentPassword: 'no' });
    expect(wrong.statusCode).toBe(422);
    const ok = await send('POST', '/api/account/delete', buyer.token, { currentPassword: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);

    const u = await userRow(buyer.userId);
    expect(u.fullName).toBe('Cuenta eliminada');
    expect(u.email).not.toContain(buyer.email.split('@')[0]);
    expect(u.email.endsWith('.invalid')).toBe(true);
    expect(u.phone).toBeNull();
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, buyer.userId))).toEqual([]);
    expect((await send('GET', '/api/user', buyer.token)).statusCode).toBe(401);
    expect((await send('GET', '/api/user', other)).statusCode).toBe(401);
    expect((await login(buyer.email, TEST_PASSWORD)).statusCode).toBe(401);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toBeDefined();
    expect(kept.customerId).toBe(buyer.userId);
    // The email can be used for a new account of this store.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-store-domain': store.hostname },
      payload: { fullName: 'Otra Vez', email: buyer.email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(201);
  });

  it('another buyer touches none of it', async () => {
    const owner = await createCustomerFixture(t.app, store);
    const intruder = await createCustomerFixture(t.app, store);
    const elsewhere = await createCustomerFixture(t.app, other);
    const id = (await send('POST', '/api/addresses', owner.token, TEST_ADDRESS)).json().id;
    for (const token of [intruder.token, elsewhere.token]) {
      const on = token === elsewhere.token ? other : store;
      expect((await send('PUT', `/api/addresses/${id}`, token, TEST_ADDRESS, 'es', on)).statusCode).toBe(404);
      expect((await send('POST', `/api/addresses/${id}/default`, token, undefined, 'es', on)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/addresses/${id}`, token, undefined, 'es', on)).statusCode).toBe(404);
    }
    // A token of another store's buyer does not count on this store's domain.
    expect((await send('PATCH', '/api/account/profile', elsewhere.token, { fullName: 'Intruso' })).statusCode).toBe(
      401,
    );
    expect(
      (await send('POST', '/api/account/delete', elsewhere.token, { currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    // Each change is made to the caller's own account only.
    await send('PATCH', '/api/account/profile', intruder.token, { fullName: 'Intruso' });
    expect((await userRow(owner.userId)).fullName).toBe('Comprador Prueba');
    expect((await send('GET', '/api/addresses', owner.token)).json()).toHaveLength(1);
  });
});
