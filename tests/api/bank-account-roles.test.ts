/**
 * Who may move a store's money (decisions 090, 091): a collaborator with the money permission sees the balance, the payment
 * history and the bank account (masked), but only an owner changes the bank account or pays out. Changing the bank
 * account needs the owner's password in the same request (counted with the sign-in attempts of that account), emails
 * every owner, and holds payouts for 24 hours when an existing account is replaced (not on the first one). The hold
 * is enforced in the payout's transaction: 20 payouts at once pay out once at most, and never to an account on hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clabe } from 'clabe-validator';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createSellerFixture,
  createStoreFixture,
  TEST_PASSWORD,
  type StoreFixture,
} from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';
import { bankAccounts, payouts } from '../../src/server/db/schema/index.js';
import { createUser } from '../../src/server/modules/accounts/index.js';
import { postEntry as postLedgerEntry } from '../../src/server/modules/balances/index.js';

const BBVA_CLABE = clabe.calculate(12, 180, 1234567); // …5674
const BANAMEX_CLABE = clabe.calculate(2, 180, 7654321);
const HOUR = 3_600_000;

type Method = 'GET' | 'POST' | 'PUT';

describe('bank account and payouts: owners only, re-authenticated, held after a change', () => {
  let t: TestApp;

  const api = (token: string, method: Method, url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, payload });
  const bank = (clabeNumber = BBVA_CLABE, bankCode = clabeNumber.slice(0, 3)) => ({
    holderName: 'Vendedora Prueba',
    bankCode,
    clabe: clabeNumber,
    currentPassword: TEST_PASSWORD,
  });
  /** Money ready to pay out, posted straight to the ledger (a delivered, released order without the order). */
  const fund = async (store: StoreFixture, cents: number) =>
    t.database.db.transaction((tx) =>
      postLedgerEntry(
        { db: tx, storeId: store.id },
        {
          key: `test-funds:${Math.random()}`,
          kind: 'release',
          lines: [
            { account: 'buyer_payment', amountCents: cents },
            { account: 'store_available', amountCents: -cents },
          ],
        },
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a collaborator with the money permission sees balance, history and account, but cannot change it or pay out', async () => {
    const store = await createStoreFixture(t.database.db);
    const owner = await createSellerFixture(t.app, store.id);
    expect((await api(owner.token, 'PUT', '/api/admin/bank-account', bank())).statusCode).toBe(200);
    await fund(store, 5000);
    const money = await createCollaboratorFixture(t.app, store.id, ['money']);
    expect((await api(money.token, 'GET', '/api/admin/balance/summary')).json().availableCents).toBe(5000);
    expect((await api(money.token, 'GET', '/api/admin/balance/payment-history')).statusCode).toBe(200);
    const seen = await api(money.token, 'GET', '/api/admin/bank-account');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().account).toMatchObject({ bankName: 'BBVA', clabeMasked: '•••• 5674' });

    const change = await api(money.token, 'PUT', '/api/admin/bank-account', bank(BANAMEX_CLABE));
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' });
    const payout = await api(money.token, 'POST', '/api/admin/balance/payouts', {}, 'en');
    expect(payout.statusCode).toBe(403);
    expect(payout.json().message).toBe('You are not allowed to do this.');
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.storeId, store.id));
    expect(row.clabe).toBe(BBVA_CLABE);
    expect(await t.database.db.select().from(payouts).where(eq(payouts.storeId, store.id))).toEqual([]);
    // Without the money permission nothing of it is visible.
    const orders = await createCollaboratorFixture(t.app, store.id, ['orders']);
    for (const url of ['/api/admin/balance/summary', '/api/admin/balance/payment-history', '/api/admin/bank-account'])
      expect((await api(orders.token, 'GET', url)).statusCode, url).toBe(403);
  });

  it('asks for the owner’s password in the same request: missing or wrong changes nothing (translated 4xx)', async () => {
    const store = await createStoreFixture(t.database.db);
    const owner = await createSellerFixture(t.app, store.id);
    const missing = await api(owner.token, 'PUT', '/api/admin/bank-account', { ...bank(), currentPassword: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0]).toMatchObject({ path: 'currentPassword', code: 'required' });
    for (const [lang, message] of [
      ['es', 'La contraseña no es correcta.'],
      ['en', 'The password is not correct.'],
    ]) {
      const wrong = await api(
        owner.token,
        'PUT',
        '/api/admin/bank-account',
        { ...bank(), currentPassword: 'no-es-la-clave' },
        lang,
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
      expect(wrong.json().fields[0]).toMatchObject({ path: 'currentPassword', message });
    }
    expect((await api(owner.token, 'GET', '/api/admin/bank-account')).json().account).toBeNull();
    // A wrong password is no reason to sign the owner out.
    expect((await api(owner.token, 'GET', '/api/admin/me')).statusCode).toBe(200);
  });

  it('emails every owner of the store when the account changes', async () => {
    const store = await createStoreFixture(t.database.db, { name: 'Tienda Dos Dueñas' });
    const owner = await createSellerFixture(t.app, store.id);
    const second = `duena-${Date.now()}@example.com`;
    await createUser(
      { db: t.database.db },
      { storeId: store.id, role: 'owner', email: second, password: TEST_PASSWORD, fullName: 'Segunda Dueña' },
    );
    const collaborator = await createCollaboratorFixture(t.app, store.id, ['money']);
    expect((await api(owner.token, 'PUT', '/api/admin/bank-account', bank())).statusCode).toBe(200);
    await t.app.jobs.drain();
    for (const email of [owner.email, second]) {
      const [mail] = mailsTo(t.dataDir, email);
      expect(mail, email).toContain('agregó la cuenta bancaria a la que Tienda Dos Dueñas retira su dinero');
      expect(mail).toContain('BBVA');
      expect(mail).toContain('5674');
      expect(mail).not.toContain(BBVA_CLABE);
    }
    expect(mailsTo(t.dataDir, collaborator.email)).toEqual([]);
    const put = await api(owner.token, 'PUT', '/api/admin/bank-account', bank(BANAMEX_CLABE));
    expect(put.statusCode).toBe(200);
    await t.app.jobs.drain();
    const mail = mailsTo(t.dataDir, second).find((m) => m.includes('cambió la cuenta bancaria'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Vendedora Prueba');
    expect(mail).toMatch(/no se podrá retirar dinero a la nueva cuenta hasta el /);
  });

  it('pays out to a first account at once; after a change, holds payouts 24 hours and says until when', async () => {
    const store = await createStoreFixture(t.database.db);
    const owner = await createSellerFixture(t.app, store.id);
    await fund(store, 10_000);
    const first = await api(owner.token, 'PUT', '/api/admin/bank-account', bank());
    expect(first.json().payoutsHeldUntil).toBeNull();
    const paid = await api(owner.token, 'POST', '/api/admin/balance/payouts', { amountCents: 1000 });
    expect(paid.statusCode, paid.body).toBe(201);

    const before = Date.now();
    const changed = await api(owner.token, 'PUT', '/api/admin/bank-account', bank(BANAMEX_CLABE));
    expect(changed.statusCode).toBe(200);
    const until = Date.parse(changed.json().payoutsHeldUntil);
    expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR + 60_000);
    expect((await api(owner.token, 'GET', '/api/admin/bank-account')).json().account.payoutsHeldUntil).toBe(
      changed.json().payoutsHeldUntil,
    );

    for (const [lang, text] of [
      ['es', /^Cambiaste la cuenta bancaria hace poco\. Por seguridad podrás retirar a partir del .+\.$/],
      ['en', /^You changed the bank account recently\. For your security you can pay out from .+\.$/],
    ] as const) {
      const held = await api(owner.token, 'POST', '/api/admin/balance/payouts', {}, lang);
      expect(held.statusCode).toBe(422);
      expect(held.json()).toMatchObject({ code: 'PAYOUT_ON_HOLD', params: { until: changed.json().payoutsHeldUntil } });
      expect(held.json().message).toMatch(text);
    }
    // Saving the same account again (a new holder name) is no new account: the hold stays as it was.
    const same = await api(owner.token, 'PUT', '/api/admin/bank-account', {
      ...bank(BANAMEX_CLABE),
      holderName: 'Vendedora P.',
    });
    expect(same.json().payoutsHeldUntil).toBe(changed.json().payoutsHeldUntil);

    // 24 hours later (the database's clock is the judge): paid out to the new account.
    await t.database.db.execute(
      sql`update bank_accounts set payouts_held_until = now() - interval '1 second' where store_id = ${store.id}`,
    );
    expect((await api(owner.token, 'GET', '/api/admin/bank-account')).json().account.payoutsHeldUntil).toBeNull();
    const later = await api(owner.token, 'POST', '/api/admin/balance/payouts', {});
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({ amountCents: 9000, bankName: 'BANAMEX', clabeLast4: BANAMEX_CLABE.slice(-4) });
  });

  it('20 payouts at once, racing a bank-account change: one payout at most, never to the held account, no 500', async () => {
    const store = await createStoreFixture(t.database.db);
    const owner = await createSellerFixture(t.app, store.id);
    await fund(store, 7000);
    expect((await api(owner.token, 'PUT', '/api/admin/bank-account', bank())).statusCode).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => api(owner.token, 'POST', '/api/admin/balance/payouts', {})),
      api(owner.token, 'PUT', '/api/admin/bank-account', bank(BANAMEX_CLABE)),
    ]);
    const codes = answers.slice(0, 20).map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 422),
      codes.join(),
    ).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeLessThanOrEqual(1);
    expect(answers[20].statusCode).toBe(200);
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.storeId, store.id));
    expect(rows.length).toBeLessThanOrEqual(1);
    for (const p of rows) expect(p.clabeLast4).toBe(BBVA_CLABE.slice(-4));
    // Held now: 20 more at once are all refused with the hold, none answers 500.
    const held = await Promise.all(
      Array.from({ length: 20 }, () => api(owner.token, 'POST', '/api/admin/balance/payouts', {})),
    );
    const heldCodes = held.map((r) => r.json().code);
    expect(
      heldCodes.every((c) => c === 'PAYOUT_ON_HOLD' || c === 'PAYOUT_NOTHING_AVAILABLE'),
      heldCodes.join(),
    ).toBe(true);
    expect(await t.database.db.select().from(payouts).where(eq(payouts.storeId, store.id))).toHaveLength(rows.length);
  });
});

describe('the bank-account password counts with the account’s sign-in attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_ACCOUNT_RATE_LIMIT: '3' });
  });
  afterAll(async () => t.close());

  it('wrong passwords at the bank account use up the same per-account budget as sign-in', async () => {
    const store = await createStoreFixture(t.database.db);
    const owner = await createSellerFixture(t.app, store.id); // one sign-in counted
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/bank-account',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { holderName: 'Vendedora', bankCode: '012', clabe: BBVA_CLABE, currentPassword: 'adivina-1' },
      });
    expect((await put()).statusCode).toBe(422);
    expect((await put()).statusCode).toBe(422);
    const limited = await put();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(429);
  });
});
