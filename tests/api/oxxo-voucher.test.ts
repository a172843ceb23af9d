/**
 * Expiry is a property of the voucher, not of the sweep. Past its expiry a voucher cannot be paid at
 * the counter even if the sweep has not run, and the buyer sees it expired. A seller marking an OXXO order paid by
 * hand settles its payment (none is left pending) and voids the voucher, so it cannot be paid twice; if the provider
 * still takes the cash, the payment is applied once and the seller is shown the cash owed back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { mailsTo } from '../helpers/outbox.js';
import { payVoucher } from '../helpers/payments.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { getVariantsForCheckout } from '../../src/server/modules/catalog/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import { payments, products, sandboxPayments } from '../../src/server/db/schema/index.js';
import type { OrderView, PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

describe(`OXXO vouchers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let seller: { token: string };
  let lagCancel = false;
  const admin = () => ({ authorization: `Bearer ${seller.token}` });
  const stock = async () => (await getVariantsForCheckout({ db: t.database.db, storeId: store.id }, ['OX-1']))[0].stock;
  const sold = async () =>
    (
      await t.database.db
        .select({ n: products.soldCount })
        .from(products)
        .where(and(eq(products.storeId, store.id), eq(products.codigo, 'OX')))
    )[0].n;
  const place = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: { 'x-store-domain': store.hostname },
        payload: {
          idempotencyKey: randomUUID(),
          email,
          items: [{ codigo: 'OX', sku: 'OX-1', quantity: 1 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'oxxo',
        },
      })
    ).json() as PlaceOrderResponse;
  const sellerView = async (id: string) =>
    (await t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin() })).json() as OrderView;
  const move = (id: string, status: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, headers: admin(), payload: { status } });

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        wrapPayments: (real) => ({
          ...real,
          async cancelPayment(ref) {
            return lagCancel ? (await real.retrievePayment(ref))! : real.cancelPayment(ref);
          },
        }),
      },
    );
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'OX',
      variants: [{ sku: 'OX-1', options: {}, priceCents: 25000, stock: 30 }],
    });
    seller = await createSellerFixture(t.app, store.id);
  });
  beforeEach(() => {
    lagCancel = false;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to take cash for a voucher past its expiry even before the sweep runs; the buyer sees it expired', async () => {
    const before = await stock();
    const o = await place('late-cash@example.com');
    // Three days pass: the voucher's expiry is behind us, the sweep has not run.
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(sandboxPayments)
      .set({ expiresAt: past })
      .where(eq(sandboxPayments.reference, o.order.payment!.reference!));
    await t.database.db.update(payments).set({ expiresAt: past }).where(eq(payments.orderId, o.order.id));
    const paid = await payVoucher(t.app, o.order.payment!.reference!);
    expect(paid.statusCode).toBe(410);
    expect(paid.json().code).toBe('OXXO_VOUCHER_EXPIRED');
    const view = await sellerView(o.order.id);
    expect(view.status).toBe('pending');
    expect(view.payment?.status).toBe('expired');
    expect(await stock()).toBe(before - 1);
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 3 * 86_400_000 + 60_000),
    );
    expect((await sellerView(o.order.id)).status).toBe('cancelled');
    expect(await stock()).toBe(before);
    await t.app.jobs.drain();
    expect(
      mailsTo(t.dataDir, 'late-cash@example.com').filter((m) => m.includes('venció sin recibir el pago')),
    ).toHaveLength(1);
  });

  it('settles the payment and voids the voucher when the seller marks an OXXO order paid by hand', async () => {
    const soldBefore = await sold();
    const o = await place('by-hand@example.com');
    const res = await move(o.order.id, 'paid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', refundDueCents: 0, payment: { status: 'succeeded' } });
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, o.order.id));
    expect(rows.filter((p) => ['pending', 'processing', 'requires_action'].includes(p.status))).toEqual([]);
    expect(rows.map((p) => `${p.provider}:${p.status}`).sort()).toEqual(['manual:succeeded', 'sandbox:canceled']);
    const again = await payVoucher(t.app, o.order.payment!.reference!);
    expect(again.json().code).toBe('PAYMENT_ALREADY_PROCESSED');
    expect(await sold()).toBe(soldBefore + 1);
  });

  it('applies a voucher paid after the seller marked the order paid once, and shows the cash owed back', async () => {
    const soldBefore = await sold();
    const o = await place('twice@example.com');
    lagCancel = true;
    expect((await move(o.order.id, 'paid')).json().status).toBe('paid');
    expect((await payVoucher(t.app, o.order.payment!.reference!)).statusCode).toBe(200);
    const view = await sellerView(o.order.id);
    expect(view.status).toBe('paid');
    expect(view.history.filter((h) => h.status === 'paid')).toHaveLength(1);
    expect(view.refundDueCents).toBe(o.order.totalCents);
    expect(await sold()).toBe(soldBefore + 1);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, 'twice@example.com').filter((m) => m.includes('Recibimos tu pago en OXXO'))).toEqual([]);
  });

  it('shows cash that arrives for a cancelled OXXO order as owed to the buyer', async () => {
    const before = await stock();
    const o = await place('cancelled-cash@example.com');
    lagCancel = true;
    expect((await move(o.order.id, 'cancelled')).json().status).toBe('cancelled');
    expect((await payVoucher(t.app, o.order.payment!.reference!)).statusCode).toBe(200);
    const view = await sellerView(o.order.id);
    expect(view).toMatchObject({ status: 'cancelled', refundDueCents: o.order.totalCents });
    expect(await stock()).toBe(before);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.orderId, o.order.id), eq(payments.status, 'succeeded')));
    expect(n).toBe(1);
  });
});
