/**
 * The money of an order, end to end: a zero total (a 100 % coupon on a pickup order) is paid at once without the
 * provider; Vitrina's fee is charged on the products after the coupon, never on shipping or the OXXO fee (decision
 * 096); a full refund gives the shopper back exactly what they paid, Vitrina's fee included (decision 095); the
 * seller's order page, the balance and the emails carry the lines that make each total. The ledger reconciles after
 * every test. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { payPlacedOrder, payVoucher, submitOrder } from '../helpers/payments.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import {
  ledgerEntries,
  ledgerLines,
  payments,
  sandboxPayments,
  subscriptionPlans,
} from '../../src/server/db/schema/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { formatMoney, providerFeeCents } from '../../src/shared/money.js';

describe(`the money of an order (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let seller: string;

  const asSeller = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${seller}`, 'accept-language': lang } });
  const setStatus = async (orderId: string, status: string) => {
    const res = await asSeller('POST', `/api/admin/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const place = (extra: Record<string, unknown> = {}, quantity = 2) =>
    submitOrder(
      t.app,
      { store },
      {
        idempotencyKey: randomUUID(),
        email: `m-${randomUUID().slice(0, 8)}@example.com`,
        items: [{ codigo: 'MON', sku: 'MON-1', quantity }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'card',
        ...extra,
      },
    );
  const placePaid = async (extra: Record<string, unknown> = {}, quantity = 2) => {
    const res = await place(extra, quantity);
    expect(res.statusCode, res.body).toBe(201);
    const back = await payPlacedOrder(t.app, { store }, res.json());
    expect(back.json().status).toBe('paid');
    return back.json() as { id: string; totalCents: number; itemsCents: number; shippingCents: number };
  };
  /** The order's ledger entries with their lines, by key. */
  const entriesOf = async (orderId: string) => {
    const rows = await t.database.db
      .select({
        key: ledgerEntries.key,
        kind: ledgerEntries.kind,
        account: ledgerLines.account,
        amount: ledgerLines.amountCents,
      })
      .from(ledgerEntries)
      .leftJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
      .where(and(eq(ledgerEntries.storeId, store.id), eq(ledgerEntries.orderId, orderId)));
    const out: Record<string, { kind: string; lines: Record<string, number> }> = {};
    for (const r of rows) {
      out[r.key] ??= { kind: r.kind, lines: {} };
      if (r.account) out[r.key].lines[r.account] = r.amount!;
    }
    return out;
  };
  const coupon = async (code: string, body: Record<string, unknown>) => {
    const res = await asSeller('POST', '/api/admin/coupons', { code, ...body });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp({ BALANCE_RELEASE_DAYS: '0' });
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'MON',
      variants: [{ sku: 'MON-1', options: {}, priceCents: 90_000, stock: 500 }],
    });
    seller = (await createSellerFixture(t.app, store.id)).token;
    await coupon('GRATIS', { kind: 'percent', value: 100 });
    await coupon('VERANO15', { kind: 'percent', value: 15 });
  });
  afterEach(async () => {
    await expectLedgerReconciles(t.database.db, store.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a 100 % coupon on a pickup order is paid at once, without asking the provider, with its ledger entry', async () => {
    const res = await place({ couponCode: 'gratis', shipping: { servicio: 'pickup' }, address: undefined }, 1);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.order).toMatchObject({ totalCents: 0, discountCents: 90_000, couponCode: 'GRATIS', status: 'paid' });
    expect(placed.confirmation, 'nothing for the browser to confirm').toBeNull();
    expect(placed.order.payment).toMatchObject({ status: 'succeeded', amountCents: 0 });
    const atProvider = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(sql`${sandboxPayments.metadata}->>'orderId' = ${placed.order.id}`);
    expect(atProvider, 'the provider is never asked for $0').toEqual([]);
    const entries = await entriesOf(placed.order.id);
    expect(Object.keys(entries)).toEqual([`order:${placed.order.id}:paid`]);
    expect(entries[`order:${placed.order.id}:paid`].kind).toBe('order_paid');

    // The sweep a quarter of an hour later finds nothing to cancel: the order stays paid.
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 20 * 60_000),
    );
    const seen = await asSeller('GET', `/api/admin/orders/${placed.order.id}`);
    expect(seen.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    expect(seen.json().settlement).toMatchObject({ saleCents: 0, feeCents: 0, netCents: 0 });
  });

  it('the platform fee is 3.5 % of the products after the coupon, never of the shipping nor of the OXXO fee', async () => {
    const o = await placePaid({ couponCode: 'VERANO15' });
    expect(o.shippingCents).toBeGreaterThan(0);
    const base = 180_000 - 27_000;
    const fee = Math.round(base * 0.035);
    const paid = (await entriesOf(o.id))[`order:${o.id}:paid`];
    // The card provider keeps 4.18 % + $3.48 of the payment (decision 147); Vitrina pays it, the store's share holds.
    const kept = Math.round(o.totalCents * 0.0418) + 348;
    expect(paid.lines).toEqual({
      buyer_payment: o.totalCents,
      store_pending: -(o.totalCents - fee),
      platform_fee: -fee,
      provider_fee: -kept,
      collection_cost: kept,
    });

    const oxxo = await place({ paymentMethod: 'oxxo' }, 1);
    expect(oxxo.statusCode, oxxo.body).toBe(201);
    const voucher = oxxo.json().order;
    expect(voucher.feeCents).toBeGreaterThan(0);
    expect((await payVoucher(t.app, voucher.payment.reference)).statusCode).toBe(200);
    const oxxoPaid = (await entriesOf(voucher.id))[`order:${voucher.id}:paid`];
    expect(-oxxoPaid.lines.platform_fee, 'OXXO fee and shipping are pass-through').toBe(Math.round(90_000 * 0.035));
    expect(oxxoPaid.lines.collection_cost, 'the OXXO voucher’s provider fee').toBe(
      providerFeeCents({ method: 'oxxo', provider: 'sandbox', amountCents: voucher.totalCents }),
    );
  });

  it('a full refund gives the shopper exactly what they paid; partial refunds never exceed what is left', async () => {
    const o = await placePaid({}, 1);
    await setStatus(o.id, 'ready_to_ship');
    await setStatus(o.id, 'on_the_way');
    const list = async () => (await asSeller('GET', `/api/admin/orders/${o.id}/refunds`)).json();
    expect((await list()).refundableCents, 'everything the shopper paid').toBe(o.totalCents);

    const part = await asSeller('POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: 10_000 });
    expect(part.statusCode, part.body).toBe(201);
    expect((await list()).refundableCents).toBe(o.totalCents - 10_000);
    const over = await asSeller('POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: o.totalCents - 9_999 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'REFUND_EXCEEDS_REFUNDABLE', params: { max: o.totalCents - 10_000 } });
    const rest = await asSeller('POST', `/api/admin/orders/${o.id}/refunds`, { amountCents: o.totalCents - 10_000 });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().status).toBe('succeeded');
    expect((await list()).refundableCents).toBe(0);

    const [{ refunded }] = (await t.database.db
      .execute(
        sql`select coalesce(sum(r.amount_cents), 0)::int as refunded from sandbox_refunds r
          join sandbox_payments p on p.id = r.payment_id where p.metadata->>'orderId' = ${o.id}`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { refunded: number }[];
    expect(Number(refunded), 'the card got back exactly the total').toBe(o.totalCents);
    const view = (await asSeller('GET', `/api/admin/orders/${o.id}`)).json();
    expect(view.settlement).toMatchObject({
      saleCents: o.totalCents,
      refundedCents: o.totalCents,
      feeReturnedCents: view.settlement.feeCents,
      netCents: 0,
    });
  });

  it('the seller’s order says sale, Vitrina’s fee and net; the buyer’s never does; both carry the coupon', async () => {
    const res = await place({ couponCode: 'VERANO15' });
    const placed = res.json();
    await payPlacedOrder(t.app, { store }, placed);
    const buyer = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.order.id}?viewToken=${placed.viewToken}`,
      headers: { 'x-store-domain': store.hostname },
    });
    expect(buyer.json()).toMatchObject({ discountCents: 27_000, couponCode: 'VERANO15' });
    expect(buyer.json()).not.toHaveProperty('settlement');
    const mine = (await asSeller('GET', `/api/admin/orders/${placed.order.id}`)).json();
    const fee = Math.round(153_000 * 0.035);
    expect(mine).toMatchObject({ discountCents: 27_000, couponCode: 'VERANO15' });
    expect(mine.settlement).toEqual({
      status: 'posted',
      saleCents: mine.totalCents,
      feeBps: 350,
      feeBaseCents: 153_000,
      feeCents: fee,
      refundedCents: 0,
      feeReturnedCents: 0,
      collectedCents: 0,
      suppliersCents: 0,
      // What the card provider kept (decision 147): Vitrina pays it, the net does not change.
      paymentFeeCents: providerFeeCents({ method: 'card', provider: 'sandbox', amountCents: mine.totalCents }),
      netCents: mine.totalCents - fee,
    });
    // An unpaid order shows what the fee will be.
    const pending = (await place({}, 1)).json().order;
    expect((await asSeller('GET', `/api/admin/orders/${pending.id}`)).json().settlement).toMatchObject({
      status: 'estimated',
      feeCents: Math.round(90_000 * 0.035),
    });

    await t.app.jobs.drain();
    const sent = mailsTo(t.dataDir, placed.order.email).join('\n');
    expect(sent).toContain('Productos: $1,800.00');
    expect(sent).toContain('Descuento (cupón VERANO15): -$270.00');
    expect(sent).toContain(`Envío: ${formatMoney(mine.shippingCents)}`);
    expect(sent).toContain(`Total: ${formatMoney(mine.totalCents)}`);
  });

  it('the balance shows sales, Vitrina’s fee and the net; each paid movement its sale and fee', async () => {
    const summary = (await asSeller('GET', '/api/admin/balance/summary')).json();
    expect(summary.salesCents - summary.refundedCents - summary.feesCents - summary.collectedCents).toBe(
      summary.netCents,
    );
    expect(summary.netCents, 'net = what is in the balance + what was paid out').toBe(
      summary.totalCents + summary.paidOutCents,
    );
    const history = (await asSeller('GET', '/api/admin/balance/payment-history')).json();
    const paid = history.movements.find((m: { kind: string }) => m.kind === 'order_paid');
    expect(paid.saleCents - paid.feeCents).toBe(paid.pendingCents);
  });

  it('an OXXO order the seller marks paid by hand has its order_paid entry; the cash is not paid out again', async () => {
    const res = await place({ paymentMethod: 'oxxo' }, 1);
    const o = res.json().order;
    const before = (await asSeller('GET', '/api/admin/balance/summary')).json();
    const view = await setStatus(o.id, 'paid');
    expect(view.status).toBe('paid');
    const entries = await entriesOf(o.id);
    const paid = entries[`order:${o.id}:paid`];
    expect(paid?.kind).toBe('order_paid');
    const fee = Math.round(90_000 * 0.035);
    expect(paid.lines.platform_fee).toBe(-fee);
    const [manual] = await t.database.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(manual).toBeDefined();
    const mine = (await asSeller('GET', `/api/admin/orders/${o.id}`)).json();
    expect(mine.settlement).toMatchObject({ collectedCents: o.totalCents, feeCents: fee });
    // The seller holds the cash: the balance gains nothing to pay out, and owes Vitrina's fee.
    const after = (await asSeller('GET', '/api/admin/balance/summary')).json();
    expect(after.totalCents - before.totalCents).toBe(-fee);
    expect(after.collectedCents - before.collectedCents).toBe(o.totalCents);
  });

  it('the fee rate lives on the plan: the plans say it, and a new rate applies to orders placed after it', async () => {
    const plans = (await t.app.inject({ url: '/api/platform/plans' })).json();
    expect(plans.trialDays).toBe(30);
    expect(plans.plans.map((p: { id: string; platformFeeBps: number }) => [p.id, p.platformFeeBps])).toEqual([
      ['monthly', 350],
      ['yearly', 350],
      ['premium', 350],
    ]);
    const mine = (await asSeller('GET', '/api/admin/subscription')).json();
    expect(mine.plans.every((p: { platformFeeBps: number }) => p.platformFeeBps === 350)).toBe(true);

    const before = (await place({}, 1)).json(); // placed at 3.5 %
    await t.database.db
      .update(subscriptionPlans)
      .set({ platformFeeBps: 500 })
      .where(eq(subscriptionPlans.id, 'monthly'));
    try {
      const after = await placePaid({}, 1);
      const paid = (await entriesOf(after.id))[`order:${after.id}:paid`];
      expect(-paid.lines.platform_fee, 'the store is on the monthly plan (its trial)').toBe(Math.round(90_000 * 0.05));
      expect((await payPlacedOrder(t.app, { store }, before)).json().status).toBe('paid');
      const old = (await entriesOf(before.order.id))[`order:${before.order.id}:paid`];
      expect(-old.lines.platform_fee, 'an order keeps the rate it was placed at').toBe(Math.round(90_000 * 0.035));
    } finally {
      await t.database.db
        .update(subscriptionPlans)
        .set({ platformFeeBps: 350 })
        .where(eq(subscriptionPlans.id, 'monthly'));
    }
  });
});
