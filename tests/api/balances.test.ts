/**
 * Ledger, balances, payouts and bank account: a paid order puts its total minus the platform fee (3.5 % of
 * its products, never of the shipping: decision 096) in the
 * store's pending balance; delivery releases it after BALANCE_RELEASE_DAYS (a job, once per order); a cancellation
 * owes it back to the buyer and the refund clears it (a refused refund is retried); payouts never exceed what is
 * available, even 20 at once; the CLABE is checked. The ledger reconciles with the orders after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { clabe } from 'clabe-validator';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  TEST_PASSWORD,
  type StoreFixture,
} from '../helpers/factories.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { ledgerEntries } from '../../src/server/db/schema/index.js';
import { feeReturnedCents, platformFeeCents } from '../../src/shared/money.js';
import type { PaymentProvider } from '../../src/server/providers/payments/index.js';

const BBVA_CLABE = clabe.calculate(12, 180, 1234567); // 012180000012345674

interface Shop {
  store: StoreFixture;
  seller: string;
  buyer: string;
  addressId: string;
}

async function setUpShop(t: TestApp, priceCents = 10_000): Promise<Shop> {
  const store = await createStoreFixture(t.database.db);
  await createProductFixture(t.database.db, store.id, {
    codigo: 'TAZA',
    name: 'Taza',
    variants: [{ sku: 'TAZA-1', options: {}, priceCents, stock: 1000 }],
  });
  const seller = (await createSellerFixture(t.app, store.id)).token;
  const buyer = (await createCustomerFixture(t.app, store)).token;
  const addressId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer}` },
      payload: TEST_ADDRESS,
    })
  ).json().id;
  return { store, seller, buyer, addressId };
}

/** Vitrina's fee of a paid order: 3.5 % of its products (decision 096; these orders have no coupon). */
const feeOf = (o: { itemsCents: number }) => platformFeeCents(o.itemsCents, 350);
/** What the store gave back of its share once `refunded` of the order was refunded: Vitrina returns its fee part. */
const storeGaveBack = (o: { itemsCents: number; totalCents: number }, refunded: number) =>
  refunded - feeReturnedCents({ feeCents: feeOf(o), paidCents: o.totalCents, refundedCents: refunded });

/** The buyer's paid card order of `quantity` cups, placed and paid the way the browser does (decision 056). */
async function placePaidOrder(
  t: TestApp,
  s: Shop,
  quantity = 1,
): Promise<{ id: string; totalCents: number; itemsCents: number }> {
  const order = await buyOneItemPaid(
    t.app,
    { store: s.store, token: s.buyer },
    { codigo: 'TAZA', sku: 'TAZA-1', quantity },
    { addressId: s.addressId },
  );
  expect(order.status).toBe('paid');
  return { id: order.id, totalCents: order.totalCents, itemsCents: order.itemsCents };
}

const api = (t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, payload });

async function setStatus(t: TestApp, s: Shop, orderId: string, status: string) {
  const res = await api(t, s.seller, 'POST', `/api/admin/orders/${orderId}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
}

let signature: string;
async function deliver(t: TestApp, s: Shop, orderId: string) {
  await setStatus(t, s, orderId, 'ready_to_ship');
  await setStatus(t, s, orderId, 'on_the_way');
  const res = await api(t, s.seller, 'POST', `/api/admin/orders/${orderId}/delivery`, {
    piecesDelivered: 1,
    collectorName: 'Luis Recibe',
    signature,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const summary = async (t: TestApp, s: Shop) => (await api(t, s.seller, 'GET', '/api/admin/balance/summary')).json();

describe('balances (release after 0 days)', () => {
  let t: TestApp;
  const shops: Shop[] = [];
  let refundFails = 0;
  let refundThrowsAfter = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { BALANCE_RELEASE_DAYS: '0' },
      {
        wrapPayments: (real): PaymentProvider => ({
          name: real.name,
          createPayment: (i) => real.createPayment(i),
          confirmCard: (i) => real.confirmCard(i),
          clientConfirmation: real.clientConfirmation?.bind(real),
          retrievePayment: (r) => real.retrievePayment(r),
          cancelPayment: (r) => real.cancelPayment(r),
          refundPayment: async (i) => {
            if (refundFails > 0) {
              refundFails--;
              return { status: 'failed', failureCode: 'processing_error' };
            }
            const outcome = await real.refundPayment(i);
            if (refundThrowsAfter > 0) {
              // The provider refunded, but its answer never arrived (a timeout, a dropped connection).
              refundThrowsAfter--;
              throw new Error('socket hang up');
            }
            return outcome;
          },
          parseWebhook: (b, h) => real.parseWebhook(b, h),
          routes: real.routes,
          connectWebhooks: real.connectWebhooks?.bind(real),
          redeliverWebhooks: real.redeliverWebhooks?.bind(real),
        }),
      },
    );
    await seedPostalCodesFixture(t.database.db);
    signature = `data:image/png;base64,${(
      await sharp({ create: { width: 120, height: 60, channels: 4, background: '#ffffff' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  });
  afterEach(async () => {
    for (const s of shops) await expectLedgerReconciles(t.database.db, s.store.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shop = async (price?: number) => {
    const s = await setUpShop(t, price);
    shops.push(s);
    return s;
  };

  it('a paid order is pending (total − fee); delivery releases it by a job, once; a payout moves it out', async () => {
    const s = await shop();
    const o = await placePaidOrder(t, s, 2);
    const fee = feeOf(o);
    // Shipping is not charged a fee (decision 096): 3.5 % of the two cups, not of the total.
    expect(fee).toBe(Math.round(o.itemsCents * 0.035));
    expect(o.totalCents).toBeGreaterThan(o.itemsCents);
    let sum = await summary(t, s);
    expect(sum).toMatchObject({
      pendingCents: o.totalCents - fee,
      availableCents: 0,
      totalCents: o.totalCents - fee,
      feesCents: fee,
      pendingOrders: 1,
      availableOrders: 0,
      releaseDays: 0,
    });
    expect(sum.sales.at(-1).cents).toBe(o.totalCents - fee);
    expect(sum.sales).toHaveLength(14);

    await deliver(t, s, o.id);
    expect((await summary(t, s)).pendingCents, 'released by the job, not by the request').toBe(o.totalCents - fee);
    await t.app.jobs.drain();
    sum = await summary(t, s);
    expect(sum).toMatchObject({ pendingCents: 0, availableCents: o.totalCents - fee, availableOrders: 1 });

    // The job run again (a retry, a second instance) releases nothing more.
    await t.app.jobs.enqueue('balance-release', { storeId: s.store.id, orderId: o.id });
    await t.app.jobs.drain();
    expect((await summary(t, s)).availableCents).toBe(o.totalCents - fee);

    const noBank = await api(t, s.seller, 'POST', '/api/admin/balance/payouts', {});
    expect(noBank.statusCode).toBe(422);
    expect(noBank.json()).toMatchObject({ code: 'BANK_ACCOUNT_REQUIRED' });
    const bank = await api(t, s.seller, 'PUT', '/api/admin/bank-account', {
      holderName: 'Vendedora Prueba',
      bankCode: '012',
      clabe: BBVA_CLABE,
      cardNumber: '4152 3138 0000 1234',
      currentPassword: TEST_PASSWORD,
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const payout = await api(t, s.seller, 'POST', '/api/admin/balance/payouts', { amountCents: 1000 });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json()).toMatchObject({ amountCents: 1000, status: 'paid', bankName: 'BBVA', clabeLast4: '5674' });
    sum = await summary(t, s);
    expect(sum).toMatchObject({ availableCents: o.totalCents - fee - 1000, paidOutCents: 1000 });
    const history = (await api(t, s.seller, 'GET', '/api/admin/balance/payment-history')).json();
    expect(history.payouts).toHaveLength(1);
    expect(history.movements.map((m: { kind: string }) => m.kind)).toEqual(['payout', 'release', 'order_paid']);
    expect(history.movements[0]).toMatchObject({ availableCents: -1000, pendingCents: 0 });
  });

  it('20 parallel payouts pay out at most what is available, none answers 500', async () => {
    const s = await shop(1000);
    for (let i = 0; i < 2; i++) {
      const o = await placePaidOrder(t, s);
      await deliver(t, s, o.id);
    }
    await t.app.jobs.drain();
    await api(t, s.seller, 'PUT', '/api/admin/bank-account', {
      holderName: 'Ana',
      bankCode: '012',
      clabe: BBVA_CLABE,
      currentPassword: TEST_PASSWORD,
    });
    const available = (await summary(t, s)).availableCents;
    expect(available).toBeGreaterThan(0);
    const each = Math.floor(available / 3) + 1; // two fit, a third does not
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(t, s.seller, 'POST', '/api/admin/balance/payouts', { amountCents: each })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 422)).toHaveLength(18);
    expect(answers.find((r) => r.statusCode === 422)!.json().code).toBe('PAYOUT_EXCEEDS_AVAILABLE');
    expect((await summary(t, s)).availableCents).toBe(available - 2 * each);
    // Everything else in one go; then nothing is left.
    expect((await api(t, s.seller, 'POST', '/api/admin/balance/payouts', {})).json().amountCents).toBe(
      available - 2 * each,
    );
    const empty = await api(t, s.seller, 'POST', '/api/admin/balance/payouts', {}, 'en');
    expect(empty.json()).toMatchObject({
      code: 'PAYOUT_NOTHING_AVAILABLE',
      message: 'You have no available balance to pay out.',
    });
  });

  it('a cancelled paid order is owed back, then refunded; a refused refund is retried by the sweep', async () => {
    const s = await shop();
    const o = await placePaidOrder(t, s);
    refundFails = 1;
    await setStatus(t, s, o.id, 'cancelled');
    let sum = await summary(t, s);
    expect(sum).toMatchObject({ pendingCents: 0, availableCents: 0, feesCents: 0 });
    const kinds = async () =>
      (
        await t.database.db
          .select({ kind: ledgerEntries.kind })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.storeId, s.store.id))
      )
        .map((e) => e.kind)
        .sort();
    expect(await kinds(), 'refused refund: still owed').toEqual(['order_cancelled', 'order_paid']);
    await t.app.jobs.tick();
    await t.app.jobs.drain();
    expect(await kinds(), 'the sweep refunded it').toEqual(['order_cancelled', 'order_paid', 'refund']);
    await t.app.jobs.tick();
    await t.app.jobs.drain();
    expect(await kinds(), 'once').toEqual(['order_cancelled', 'order_paid', 'refund']);
    sum = await summary(t, s);
    expect(sum.totalCents).toBe(0);
  });

  it('refunds part of an order as records with amounts; a refused refund stays owed and is retried once', async () => {
    const s = await shop();
    const o = await placePaidOrder(t, s, 3);
    const share = o.totalCents - feeOf(o);
    const refund = (body: object, lang = 'es') =>
      api(t, s.seller, 'POST', `/api/admin/orders/${o.id}/refunds`, body, lang);
    const early = await refund({ amountCents: 1000 }, 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'REFUND_NOT_ALLOWED',
      message:
        'Only part of a card-paid order that is on its way or delivered can be refunded; otherwise cancel the order.',
    });
    const refundList = async () => (await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json();
    expect(await refundList(), 'paid, not yet on its way: no amount to refund here').toMatchObject({
      refunds: [],
      refundableCents: 0,
    });
    await setStatus(t, s, o.id, 'ready_to_ship');
    await setStatus(t, s, o.id, 'on_the_way');
    // Everything the buyer paid: the store gives back its share, Vitrina its fee (decision 095).
    expect((await refundList()).refundableCents, 'the whole payment').toBe(o.totalCents);

    const first = await refund({ amountCents: 1000, reason: 'Una taza llegó rota' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amountCents: 1000, status: 'succeeded', attempts: 1 });
    expect((await summary(t, s)).pendingCents).toBe(share - storeGaveBack(o, 1000));
    expect(await refundList()).toMatchObject({
      refunds: [{ amountCents: 1000, status: 'succeeded', reason: 'Una taza llegó rota' }],
      refundableCents: o.totalCents - 1000,
    });

    const tooMuch = await refund({ amountCents: o.totalCents - 999 }, 'es');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_REFUNDABLE',
      params: { max: o.totalCents - 1000 },
      message: `Puedes reembolsar como máximo ${o.totalCents - 1000} centavos de este pedido.`,
    });
    expect((await refund({ amountCents: 0 })).statusCode).toBe(400);
    expect((await refund({ amountCents: 12.5 })).statusCode).toBe(400);

    refundFails = 1;
    const refused = await refund({ amountCents: 500 });
    expect(refused.json()).toMatchObject({ status: 'failed', failureCode: 'processing_error', attempts: 1 });
    expect((await summary(t, s)).pendingCents, 'still owed: off the store’s balance').toBe(
      share - storeGaveBack(o, 1500),
    );
    expect((await refundList()).refundableCents, 'a refused refund still counts').toBe(o.totalCents - 1500);
    const id = refused.json().id;
    const retries = await Promise.all(
      Array.from({ length: 20 }, () => api(t, s.seller, 'POST', `/api/admin/orders/${o.id}/refunds/${id}/retry`)),
    );
    const codes = retries.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(retries.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'succeeded', attempts: 2 });
    const list = (await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json().refunds;
    expect(list.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded']);
    const refundEntries = await t.database.db
      .select({ key: ledgerEntries.key })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.storeId, s.store.id));
    expect(refundEntries.filter((e) => e.key.startsWith('refund:'))).toHaveLength(2);

    // After delivery and release, a refund comes out of the available money.
    const res = await api(t, s.seller, 'POST', `/api/admin/orders/${o.id}/delivery`, {
      piecesDelivered: 3,
      collectorName: 'Luis',
      signature,
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await summary(t, s)).availableCents).toBe(share - storeGaveBack(o, 1500));
    expect((await refund({ amountCents: 200 })).json().status).toBe('succeeded');
    expect(await summary(t, s)).toMatchObject({ availableCents: share - storeGaveBack(o, 1700), pendingCents: 0 });

    const other = await shop();
    const foreign = await api(t, other.seller, 'POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: 100 });
    expect(foreign.statusCode).toBe(404);
    expect((await api(t, other.seller, 'POST', `/api/admin/orders/${o.id}/refunds/${id}/retry`)).statusCode).toBe(404);
  });

  it('a crash between the provider refund and its ledger entry is reconciled by the job, exactly once', async () => {
    const s = await shop();
    const o = await placePaidOrder(t, s, 2);
    const share = o.totalCents - feeOf(o);
    await setStatus(t, s, o.id, 'ready_to_ship');
    await setStatus(t, s, o.id, 'on_the_way');
    const db = t.database.db;
    const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const providerRefunds = async (refundId: string) =>
      Number(
        rows(
          await db.execute(
            sql`select count(*)::int as n from sandbox_refunds where idempotency_key like ${`refund_${refundId}_%`}`,
          ),
        )[0]!.n,
      );
    const refundEntries = async () =>
      (await db.select({ key: ledgerEntries.key }).from(ledgerEntries).where(eq(ledgerEntries.storeId, s.store.id)))
        .map((e) => e.key)
        .filter((k) => k.startsWith('refund:'));
    const reconcile = async () => {
      await t.app.jobs.enqueue('refund-reconcile', {});
      await t.app.jobs.drain();
    };
    const backdate = (id: string) =>
      db.execute(sql`update refunds set updated_at = now() - interval '5 minutes' where id = ${id}`);

    // The provider refunds, then the write that marks it succeeded and posts its entry fails (the process "dies").
    await db.execute(sql`create or replace function test_refund_crash() returns trigger language plpgsql as $$
      begin if new.status = 'succeeded' then raise exception 'simulated crash'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger test_refund_crash before update on refunds for each row execute function test_refund_crash()`,
    );
    let crashed;
    try {
      crashed = await api(t, s.seller, 'POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: 700 });
    } finally {
      await db.execute(sql`drop trigger test_refund_crash on refunds`);
      await db.execute(sql`drop function test_refund_crash()`);
    }
    expect(crashed.statusCode).toBe(500);
    let [stuck] = (await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json().refunds;
    expect(stuck).toMatchObject({ amountCents: 700, status: 'processing', attempts: 1 });
    expect(await providerRefunds(stuck.id), 'the provider refunded').toBe(1);
    expect(await refundEntries(), 'but the ledger does not know').toEqual([]);
    const retry = await api(
      t,
      s.seller,
      'POST',
      `/api/admin/orders/${o.id}/refunds/${stuck.id}/retry`,
      undefined,
      'en',
    );
    expect(retry.statusCode, 'the seller cannot start a second refund').toBe(409);
    expect(retry.json().message).toBe('That refund is already being processed or was already made.');

    await reconcile();
    expect(
      (await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json().refunds[0].status,
      'a refund processing for less than 2 minutes may still be live: left alone',
    ).toBe('processing');
    await backdate(stuck.id);
    await reconcile();
    await reconcile();
    [stuck] = (await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json().refunds;
    expect(stuck).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await providerRefunds(stuck.id), 'asked again with the same key: refunded once').toBe(1);
    expect(await refundEntries()).toEqual([`refund:${stuck.id}`]);
    expect((await summary(t, s)).pendingCents).toBe(share - storeGaveBack(o, 700));

    // A provider whose answer is lost (it refunded, the call threw) leaves it processing, never failed (a new attempt
    // would refund twice); the job finishes it.
    refundThrowsAfter = 1;
    const lost = await api(t, s.seller, 'POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: 300 });
    expect(lost.statusCode, lost.body).toBe(201);
    expect(lost.json()).toMatchObject({ status: 'processing', attempts: 1 });
    await backdate(lost.json().id);
    await reconcile();
    expect((await api(t, s.seller, 'GET', `/api/admin/orders/${o.id}/refunds`)).json().refunds[0]).toMatchObject({
      id: lost.json().id,
      status: 'succeeded',
      attempts: 1,
    });
    expect(await providerRefunds(lost.json().id)).toBe(1);
    expect(await refundEntries()).toHaveLength(2);
    expect((await summary(t, s)).pendingCents).toBe(share - storeGaveBack(o, 1000));
  });

  it('checks the bank and CLABE (check digit, bank prefix) in Spanish and English; keeps only the card’s last 4', async () => {
    const s = await shop();
    const put = (payload: object, lang = 'es') => api(t, s.seller, 'PUT', '/api/admin/bank-account', payload, lang);
    const base = { holderName: 'Vendedora', bankCode: '012', clabe: BBVA_CLABE, currentPassword: TEST_PASSWORD };
    const cases: [object, string, string, string][] = [
      [{ clabe: '0121800000123456' }, 'clabe', 'La CLABE debe tener 18 dígitos.', 'The CLABE must have 18 digits.'],
      [
        { clabe: BBVA_CLABE.slice(0, 17) + ((Number(BBVA_CLABE[17]) + 1) % 10) },
        'clabe',
        'El dígito verificador de la CLABE no es correcto.',
        'The CLABE check digit is wrong.',
      ],
      [
        { bankCode: '002' },
        'clabe',
        'La CLABE no corresponde al banco elegido.',
        'The CLABE does not belong to the chosen bank.',
      ],
      [{ bankCode: '999' }, 'bankCode', 'Opción no válida.', 'Invalid option.'],
      [{ cardNumber: '12ab' }, 'cardNumber', 'Número de tarjeta no válido.', 'Invalid card number.'],
    ];
    for (const [change, path, es, en] of cases) {
      for (const [lang, message] of [
        ['es', es],
        ['en', en],
      ]) {
        const res = await put({ ...base, ...change }, lang);
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().fields[0]).toMatchObject({ path, message });
      }
    }
    expect((await api(t, s.seller, 'GET', '/api/admin/bank-account')).json().account).toBeNull();
    const ok = await put({ ...base, clabe: '012 180 00001234567 4', cardNumber: '4152-3138-0000-9876' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ bankName: 'BBVA', clabeMasked: '•••• 5674', cardMasked: '•••• 9876' });
    const got = (await api(t, s.seller, 'GET', '/api/admin/bank-account')).json();
    expect(JSON.stringify(got.account)).not.toContain('41523138');
    expect(got.banks.some((b: { code: string }) => b.code === '012')).toBe(true);
    const raw = await t.database.db.execute(sql`select * from bank_accounts where store_id = ${s.store.id}`);
    expect(JSON.stringify(raw)).not.toContain('41523138');
  });

  it('another store cannot read or pay out this store’s money; money routes need a seller', async () => {
    const a = await shop();
    const b = await shop();
    const o = await placePaidOrder(t, a);
    await deliver(t, a, o.id);
    await t.app.jobs.drain();
    await api(t, a.seller, 'PUT', '/api/admin/bank-account', {
      holderName: 'A',
      bankCode: '012',
      clabe: BBVA_CLABE,
      currentPassword: TEST_PASSWORD,
    });
    expect((await summary(t, b)).totalCents).toBe(0);
    expect((await api(t, b.seller, 'GET', '/api/admin/bank-account')).json().account).toBeNull();
    expect((await api(t, b.seller, 'GET', '/api/admin/balance/payment-history')).json().movements).toEqual([]);
    expect((await api(t, b.seller, 'POST', '/api/admin/balance/payouts', {})).json().code).toBe(
      'BANK_ACCOUNT_REQUIRED',
    );
    expect((await summary(t, a)).availableCents).toBeGreaterThan(0);
    expect((await api(t, a.buyer, 'GET', '/api/admin/balance/summary')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/balance/summary' })).statusCode).toBe(401);
    const hostile = await api(t, a.seller, 'POST', '/api/admin/balance/payouts', { amountCents: -5 });
    expect(hostile.statusCode).toBe(400);
    const extra = await api(t, a.seller, 'POST', '/api/admin/balance/payouts', { amountCents: 1e20 });
    expect(extra.statusCode).toBeLessThan(500);
    expect(extra.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('balances (release after 7 days)', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await createTestApp({ BALANCE_RELEASE_DAYS: '7' });
    await seedPostalCodesFixture(t.database.db);
    signature = `data:image/png;base64,${(
      await sharp({ create: { width: 40, height: 20, channels: 4, background: '#ffffff' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    s = await setUpShop(t);
  });
  afterEach(async () => {
    await expectLedgerReconciles(t.database.db, s.store.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivered money stays pending until the release job is due', async () => {
    const o = await placePaidOrder(t, s);
    await deliver(t, s, o.id);
    await t.app.jobs.drain();
    const sum = await summary(t, s);
    expect(sum).toMatchObject({ availableCents: 0, releaseDays: 7 });
    expect(sum.pendingCents).toBeGreaterThan(0);
    const res = await t.database.db.execute(
      sql`select start_after > now() + interval '6 days' as later from pgboss.job where name = 'balance-release' and data->>'orderId' = ${o.id}`,
    );
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { later: boolean }[];
    expect(rows).toEqual([{ later: true }]);
  });
  it('the catch-up releases every delivered order past its release date whose release is missing, once', async () => {
    const db = t.database.db;
    const late = await placePaidOrder(t, s);
    await deliver(t, s, late.id);
    const recent = await placePaidOrder(t, s);
    await deliver(t, s, recent.id);
    // `late` was delivered 8 days ago, before the release job existed: it has no job.
    await db.execute(sql`delete from pgboss.job where name = 'balance-release' and data->>'orderId' = ${late.id}`);
    await db.execute(
      sql`update order_status_history set created_at = now() - interval '8 days' where order_id = ${late.id} and to_status = 'delivered'`,
    );
    const before = await summary(t, s);
    const share = late.totalCents - feeOf(late);
    const catchUp = async () => {
      const id = await t.app.jobs.enqueue('balance-release-catchup', {});
      await t.app.jobs.drain();
      return (await t.app.jobs.getJob('balance-release-catchup', id!))?.output;
    };
    expect(await catchUp()).toEqual({ orders: 1, releasedCents: share });
    const after = await summary(t, s);
    expect(after.availableCents).toBe(before.availableCents + share);
    expect(after.pendingCents, 'recent deliveries and undelivered orders stay pending').toBe(
      before.pendingCents - share,
    );
    expect(await catchUp(), 'once per order').toEqual({ orders: 0, releasedCents: 0 });
    // Its own job arriving late releases nothing more.
    await t.app.jobs.enqueue('balance-release', { storeId: s.store.id, orderId: late.id });
    await t.app.jobs.drain();
    expect((await summary(t, s)).availableCents).toBe(after.availableCents);
    const releases = await db
      .select({ key: ledgerEntries.key })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.key, `order:${late.id}:released`));
    expect(releases).toHaveLength(1);
  });
});
