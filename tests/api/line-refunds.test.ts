/**
 * Refunds of an order line (decision 147), through the API: the store refunds units of its own goods (back to stock
 * before they ship; never every unit of an order that has not shipped: that is a cancellation); in a marketplace order
 * it refunds a supplier's line with every party's share before the supplier ships (the units leave the purchase order
 * and go back to the supplier's stock) and out of its own share after; the supplier refunds only its own lines; an
 * amount refund still works and now leaves nothing stuck in pending. Hostile cases: another store's order or line,
 * more units than left, a supplier reaching the store's line, bad bodies, twenty identical requests at once. Every
 * payment's provider fee is posted as Vitrina's cost. The buyer gets one email per line refund, in their language.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { placePaidOrder } from '../helpers/payments.js';
import { listingFixture, offerFixture } from '../helpers/marketplace.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { ledgerLines, productVariants } from '../../src/server/db/schema/index.js';
import { releaseOverdueBalances } from '../../src/server/modules/orders/index.js';
import { formatMoney, platformFeeCents, providerFeeCents } from '../../src/shared/money.js';
import { mailsTo } from '../helpers/outbox.js';

const db = (t: TestApp) => t.database.db;

describe(`line refunds (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let supplier: StoreFixture;
  let reseller: StoreFixture;
  let other: StoreFixture;
  let supplierToken: string;
  let resellerToken: string;
  let otherToken: string;

  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const stockOf = async (variantId: string) =>
    (await db(t).select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]
      .s;
  /** The order's ledger per party and account, centavos (debit positive). */
  const sums = async (orderId: string) => {
    const rows = await db(t)
      .select({
        storeId: ledgerLines.storeId,
        account: ledgerLines.account,
        sum: sql<string>`sum(${ledgerLines.amountCents})`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, orderId))
      .groupBy(ledgerLines.storeId, ledgerLines.account);
    return (store: string, account: string) =>
      Number(rows.find((r) => r.storeId === store && r.account === account)?.sum ?? 0) + 0;
  };
  const refundsOf = async (token: string, orderId: string) => {
    const res = await as(token, 'GET', `/api/admin/orders/${orderId}/refunds`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      refunds: { amountCents: number; status: string; orderItemId: string | null; quantity: number | null }[];
      refundableCents: number;
      lines: { id: string; sku: string; name: string; quantity: number; refundedQuantity: number; mode: string }[];
    };
  };
  const refundLine = (token: string, orderId: string, orderItemId: string, quantity: number, lang = 'es') =>
    as(token, 'POST', `/api/admin/orders/${orderId}/refunds`, { orderItemId, quantity }, lang);
  const moveOwn = (token: string, orderId: string, status: string) =>
    as(token, 'POST', `/api/admin/orders/${orderId}/status`, { status });
  const movePackage = (token: string, path: string, id: string, status: string) =>
    as(token, 'POST', `/api/admin/${path}/${id}/status`, { status, trackingNumber: 'MX123456' });

  beforeAll(async () => {
    t = await createTestApp({ BALANCE_RELEASE_DAYS: '0' });
    await seedPostalCodesFixture(db(t));
    supplier = await createStoreFixture(db(t), { name: 'Mayoreo Norte' });
    reseller = await createStoreFixture(db(t), { name: 'Tienda Centro' });
    other = await createStoreFixture(db(t));
    supplierToken = (await createSellerFixture(t.app, supplier.id)).token;
    resellerToken = (await createSellerFixture(t.app, reseller.id)).token;
    otherToken = (await createSellerFixture(t.app, other.id)).token;
  });
  afterAll(async () => t.close());

  /** An order of the reseller's own goods only: `quantity` mugs at $300.00, paid by card. */
  async function ownOrder(quantity: number) {
    const product = await createProductFixture(db(t), reseller.id, {
      variants: [{ sku: `TAZA-${randomUUID().slice(0, 6)}`, options: {}, priceCents: 30_000, stock: 10 }],
    });
    const [variant] = await db(t).select().from(productVariants).where(eq(productVariants.productId, product.id));
    const { order } = await placePaidOrder(
      t.app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email: `${randomUUID()}@example.com`,
        items: [{ codigo: product.codigo, sku: product.skus[0], quantity }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    return { order, variantId: variant.id };
  }

  /**
   * The reseller's own product (1 × $200.00) and a supplier's listing (2 × $450.00, wholesale $300.00), bought by
   * `buyer.email` in `buyer.lang` (a new address in Spanish by default).
   */
  async function mixedOrder(buyer: { email?: string; lang?: string } = {}) {
    const offer = await offerFixture(db(t), supplier.id);
    const listing = await listingFixture(db(t), reseller.id, offer, supplier.id);
    const own = await createProductFixture(db(t), reseller.id, {
      variants: [{ sku: `OWN-${randomUUID().slice(0, 6)}`, options: {}, priceCents: 20_000, stock: 5 }],
    });
    const { order } = await placePaidOrder(
      t.app,
      { store: reseller, lang: buyer.lang },
      {
        idempotencyKey: randomUUID(),
        email: buyer.email ?? `${randomUUID()}@example.com`,
        items: [
          { codigo: own.codigo, sku: own.skus[0], quantity: 1 },
          { codigo: listing.codigo, sku: listing.sku, quantity: 2 },
        ],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    const lines = (await refundsOf(resellerToken, order.id)).lines;
    return {
      order,
      offer,
      ownLine: lines.find((l) => l.sku === own.skus[0])!,
      listingLine: lines.find((l) => l.sku === listing.sku)!,
      supplierPackage: order.packages.find((p) => !p.own)!,
      ownPackage: order.packages.find((p) => p.own)!,
    };
  }

  it('the store refunds units of its own goods: back to stock before shipping, exactly their share and fee', async () => {
    const { order, variantId } = await ownOrder(3);
    expect(await stockOf(variantId)).toBe(7);
    const list = await refundsOf(resellerToken, order.id);
    expect(list.refundableCents, 'no amount before it ships').toBe(0);
    expect(list.lines).toMatchObject([{ quantity: 3, refundedQuantity: 0, mode: 'all' }]);
    const line = list.lines[0]!;
    const before = await sums(order.id);

    const one = await refundLine(resellerToken, order.id, line.id, 1);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ amountCents: 30_000, status: 'succeeded', orderItemId: line.id, quantity: 1 });
    expect(await stockOf(variantId), 'the unit never left: back to stock').toBe(8);
    const after = await sums(order.id);
    // A third of Vitrina's fee on the products (cumulative, rounded half up) comes back with a third of the goods.
    const fee = platformFeeCents(90_000, 350);
    const feeBack = Math.round(fee / 3);
    expect(after(reseller.id, 'platform_fee') - before(reseller.id, 'platform_fee')).toBe(feeBack);
    expect(after(reseller.id, 'store_pending') - before(reseller.id, 'store_pending')).toBe(30_000 - feeBack);
    // The provider keeps its fee of the payment: Vitrina's cost, untouched by the refund.
    const kept = providerFeeCents({ method: 'card', provider: 'sandbox', amountCents: order.totalCents });
    expect([after(reseller.id, 'collection_cost'), -after(reseller.id, 'provider_fee')]).toEqual([kept, kept]);

    // More than is left, in Spanish and English; every unit left of an order that has not shipped is a cancellation.
    const tooMany = await refundLine(resellerToken, order.id, line.id, 3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'REFUND_LINE_EXCEEDS_QUANTITY',
      message: 'Solo quedan 2 piezas de ese producto por reembolsar.',
    });
    expect((await refundLine(resellerToken, order.id, line.id, 3, 'en')).json().message).toBe(
      'Only 2 units of that item are left to refund.',
    );
    const all = await refundLine(resellerToken, order.id, line.id, 2);
    expect(all.statusCode).toBe(409);
    expect(all.json().code).toBe('REFUND_CANCEL_INSTEAD');

    // Once it left, the units are a return: no stock comes back by itself, and the last ones can go too.
    for (const status of ['ready_to_ship', 'on_the_way'])
      expect((await moveOwn(resellerToken, order.id, status)).statusCode).toBe(200);
    const rest = await refundLine(resellerToken, order.id, line.id, 2);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amountCents).toBe(60_000);
    expect(await stockOf(variantId)).toBe(8);
    const end = await sums(order.id);
    expect(end(reseller.id, 'platform_fee'), 'every unit refunded: no fee left').toBe(0);
    expect(-end(reseller.id, 'store_pending'), 'only its shipping is left to the store').toBe(order.shippingCents);
    expect((await refundsOf(resellerToken, order.id)).lines[0]).toMatchObject({ refundedQuantity: 3, mode: 'none' });
    await expectLedgerReconciles(db(t), reseller.id);
  });

  it('a cancellation after a line refund gives back only what is left: stock, sales count and money', async () => {
    const { order, variantId } = await ownOrder(3);
    const line = (await refundsOf(resellerToken, order.id)).lines[0]!;
    expect((await refundLine(resellerToken, order.id, line.id, 1)).statusCode).toBe(201);
    expect(await stockOf(variantId)).toBe(8);
    const cancel = await moveOwn(resellerToken, order.id, 'cancelled');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(variantId), 'the two units left come back, not three').toBe(10);
    const end = await sums(order.id);
    // The buyer is owed back, in all, what they paid: the line refund and the rest, never more.
    const owed = -end(reseller.id, 'refunds');
    const paidBack = (await refundsOf(resellerToken, order.id)).refunds.reduce((n, r) => n + r.amountCents, 0);
    expect(owed + paidBack).toBeLessThanOrEqual(order.totalCents);
    await expectLedgerReconciles(db(t), reseller.id);
  });

  it('refuses another store’s order or line, a supplier on a store’s line, and bodies that are not a refund', async () => {
    const { order } = await ownOrder(2);
    const { order: second } = await ownOrder(1);
    const line = (await refundsOf(resellerToken, order.id)).lines[0]!;
    const foreign = await refundLine(otherToken, order.id, line.id, 1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORDER_NOT_FOUND');
    const wrongOrder = await refundLine(resellerToken, second.id, line.id, 1);
    expect(wrongOrder.statusCode).toBe(404);
    expect(wrongOrder.json().code).toBe('ORDER_LINE_NOT_FOUND');
    // A supplier reaches an order only through a purchase order of its own.
    expect((await refundLine(supplierToken, order.id, line.id, 1)).statusCode).toBe(404);
    for (const body of [
      { orderItemId: line.id, quantity: 0 },
      { orderItemId: line.id, quantity: -1 },
      { orderItemId: line.id, quantity: 1.5 },
      { orderItemId: 'not-a-line', quantity: 1 },
      { orderItemId: line.id, quantity: 1, amountCents: 100 },
    ])
      expect((await as(resellerToken, 'POST', `/api/admin/orders/${order.id}/refunds`, body)).statusCode).toBe(400);
    expect((await refundsOf(resellerToken, order.id)).refunds).toEqual([]);
  });

  it('20 identical line refunds at once refund once; the rest are a clear 422, none a 500', async () => {
    const { order } = await ownOrder(3);
    for (const status of ['ready_to_ship', 'on_the_way']) await moveOwn(resellerToken, order.id, status);
    const line = (await refundsOf(resellerToken, order.id)).lines[0]!;
    const res = await Promise.all(Array.from({ length: 20 }, () => refundLine(resellerToken, order.id, line.id, 3)));
    expect(res.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(res.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.json().code}`))).toEqual(
      new Set(['422 REFUND_LINE_EXCEEDS_QUANTITY']),
    );
    const list = await refundsOf(resellerToken, order.id);
    expect(list.refunds).toHaveLength(1);
    expect(list.lines[0]!.refundedQuantity).toBe(3);
    await expectLedgerReconciles(db(t), reseller.id);
  });

  it('a supplier’s line before it ships: every share reversed, the units leave the purchase order', async () => {
    const { order, offer, listingLine, supplierPackage } = await mixedOrder();
    expect(listingLine).toMatchObject({ quantity: 2, mode: 'all' });
    expect(await stockOf(offer.variantId)).toBe(8);
    const before = await sums(order.id);
    const res = await refundLine(resellerToken, order.id, listingLine.id, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amountCents).toBe(45_000);
    expect(await stockOf(offer.variantId), 'back to the supplier’s stock').toBe(9);
    const after = await sums(order.id);
    // The supplier gives back one unit's wholesale less half its fee; the reseller its margin less half its fee.
    const supplierFee = platformFeeCents(60_000, 350);
    const resellerFee = platformFeeCents(30_000, 350);
    expect(after(supplier.id, 'supplier_pending') - before(supplier.id, 'supplier_pending')).toBe(
      30_000 - Math.round(supplierFee / 2),
    );
    expect(after(supplier.id, 'platform_fee') - before(supplier.id, 'platform_fee')).toBe(Math.round(supplierFee / 2));
    expect(after(reseller.id, 'platform_fee') - before(reseller.id, 'platform_fee')).toBe(Math.round(resellerFee / 2));
    expect(after(reseller.id, 'store_pending') - before(reseller.id, 'store_pending')).toBe(
      15_000 - Math.round(resellerFee / 2),
    );
    const po = (await as(supplierToken, 'GET', `/api/admin/pedidos-revendedores/${supplierPackage.id}`)).json();
    expect(po).toMatchObject({ units: 1, wholesaleCents: 30_000 });
    expect(po.lines[0]).toMatchObject({ quantity: 1, refundedQuantity: 1, lineWholesaleCents: 30_000 });

    // Shipped: the store's refund of the other unit comes out of its own share; the supplier keeps its price.
    for (const status of ['ready_to_ship', 'on_the_way'])
      expect((await movePackage(supplierToken, 'pedidos-revendedores', supplierPackage.id, status)).statusCode).toBe(
        200,
      );
    expect((await refundsOf(resellerToken, order.id)).lines.find((l) => l.id === listingLine.id)!.mode).toBe('store');
    const late = await refundLine(resellerToken, order.id, listingLine.id, 1);
    // The own package has not shipped: its money may still go back to the buyer, so it does not pay for this.
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('REFUND_NOT_COVERED');
  });

  it('after both packages ship, the store pays a supplier’s line from its share; the supplier keeps its price', async () => {
    const { order, offer, ownPackage, listingLine, supplierPackage } = await mixedOrder();
    for (const status of ['ready_to_ship', 'on_the_way']) {
      expect((await movePackage(supplierToken, 'pedidos-revendedores', supplierPackage.id, status)).statusCode).toBe(
        200,
      );
      expect((await movePackage(resellerToken, 'paquetes', ownPackage.id, status)).statusCode).toBe(200);
    }
    const before = await sums(order.id);
    const res = await refundLine(resellerToken, order.id, listingLine.id, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amountCents).toBe(45_000);
    const after = await sums(order.id);
    expect(after(supplier.id, 'supplier_pending'), 'the supplier delivered: its share stays').toBe(
      before(supplier.id, 'supplier_pending'),
    );
    expect(after(supplier.id, 'platform_fee')).toBe(before(supplier.id, 'platform_fee'));
    const resellerFeeBack = Math.round(platformFeeCents(30_000, 350) / 2);
    expect(after(reseller.id, 'platform_fee') - before(reseller.id, 'platform_fee')).toBe(resellerFeeBack);
    expect(after(reseller.id, 'store_pending') - before(reseller.id, 'store_pending')).toBe(45_000 - resellerFeeBack);
    expect(await stockOf(offer.variantId), 'a return after shipping restocks by hand').toBe(8);
    const po = (await as(supplierToken, 'GET', `/api/admin/pedidos-revendedores/${supplierPackage.id}`)).json();
    expect(po.lines[0], 'the supplier’s sale stands').toMatchObject({ quantity: 2, refundedQuantity: 0 });

    // Delivered and released: nothing stays pending, for any party.
    for (const [token, path, id] of [
      [supplierToken, 'pedidos-revendedores', supplierPackage.id],
      [resellerToken, 'paquetes', ownPackage.id],
    ] as const)
      expect((await movePackage(token, path, id, 'delivered')).statusCode).toBe(200);
    await releaseOverdueBalances({ db: db(t), config: { BALANCE_RELEASE_DAYS: 0 } }, new Date(Date.now() + 60_000));
    const end = await sums(order.id);
    expect([end(reseller.id, 'store_pending'), end(supplier.id, 'supplier_pending')]).toEqual([0, 0]);
  });

  it('the supplier refunds only its own line: every share reversed; the last unit cancels its package and its shipping', async () => {
    const { order, offer, ownLine, listingLine, supplierPackage } = await mixedOrder();
    const url = `/api/admin/pedidos-revendedores/${supplierPackage.id}/refunds`;
    const notMine = await as(supplierToken, 'POST', url, { orderItemId: ownLine.id, quantity: 1 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('ORDER_LINE_NOT_FOUND');
    for (const token of [otherToken, resellerToken])
      expect((await as(token, 'POST', url, { orderItemId: listingLine.id, quantity: 1 })).json().code).toBe(
        'FULFILMENT_NOT_FOUND',
      );
    const tooMany = await as(supplierToken, 'POST', url, { orderItemId: listingLine.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(422);

    const one = await as(supplierToken, 'POST', url, { orderItemId: listingLine.id, quantity: 1 });
    expect(one.statusCode, one.body).toBe(201);
    // The answer is the purchase order as it is now, at wholesale: never what the buyer paid (the retail price).
    expect(one.json()).toMatchObject({ units: 1, wholesaleCents: 30_000, status: 'paid' });
    expect(one.json().lines[0]).toMatchObject({ quantity: 1, refundedQuantity: 1 });
    expect(one.body).not.toContain('45000');
    expect(one.json()).not.toHaveProperty('amountCents');
    expect(await stockOf(offer.variantId)).toBe(9);
    const last = await as(supplierToken, 'POST', url, { orderItemId: listingLine.id, quantity: 1 });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json(), 'nothing left to ship: the package ends').toMatchObject({ units: 0, status: 'cancelled' });
    const refunded = (await refundsOf(resellerToken, order.id)).refunds.map((r) => r.amountCents).sort((x, y) => x - y);
    expect(refunded, 'the last unit and the package’s shipping').toEqual([
      45_000,
      45_000 + supplierPackage.shippingCents,
    ]);
    expect(await stockOf(offer.variantId)).toBe(10);
    const end = await sums(order.id);
    for (const account of ['supplier_pending', 'supplier_available', 'platform_fee'])
      expect(end(supplier.id, account), account).toBe(0);
    const view = (await as(resellerToken, 'GET', `/api/admin/orders/${order.id}`)).json();
    expect(view.status, 'the store’s own package still ships').toBe('paid');
    expect(view.packages.map((p: { status: string }) => p.status)).toEqual(['paid', 'cancelled']);
    // Everything asked back was what the buyer paid for those units and that package, and nothing more.
    const list = await refundsOf(resellerToken, order.id);
    expect(list.refunds.reduce((n, r) => n + r.amountCents, 0)).toBe(90_000 + supplierPackage.shippingCents);
    expect(end(reseller.id, 'refunds'), 'both refunds were sent and made').toBe(0);
  });

  it('the buyer is emailed once per line refund: which line, how many, how much, in the language they ordered in', async () => {
    const lineRefundMails = (email: string, phrase: string) =>
      mailsTo(t.dataDir, email).filter((m) => m.includes(phrase));
    // Spanish: the supplier refunds a unit it cannot ship, then the last one (which also gives back its package's
    // shipping); each refund is one email, however often the jobs run.
    const es = `${randomUUID()}@example.com`;
    const a = await mixedOrder({ email: es, lang: 'es' });
    await t.app.jobs.drain();
    const url = `/api/admin/pedidos-revendedores/${a.supplierPackage.id}/refunds`;
    expect((await as(supplierToken, 'POST', url, { orderItemId: a.listingLine.id, quantity: 1 })).statusCode).toBe(201);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const first = lineRefundMails(es, 'te reembolsó');
    expect(first).toHaveLength(1);
    expect(first[0]).toContain(
      `Tienda Centro te reembolsó $450.00 de tu pedido ${a.order.folio} por 1 × ${a.listingLine.name}.`,
    );
    expect(first[0]).toContain('tarjeta terminada en 4242');
    expect(first[0], 'the buyer never learns who supplies the line').not.toContain('Mayoreo Norte');
    expect(first[0]).not.toContain('Incluye el envío');
    const last = await as(supplierToken, 'POST', url, { orderItemId: a.listingLine.id, quantity: 1 });
    expect(last.statusCode).toBe(201);
    await t.app.jobs.drain();
    const both = lineRefundMails(es, 'te reembolsó');
    expect(both).toHaveLength(2);
    const withShipping = both.find((m) => !first.includes(m))!;
    expect(withShipping).toContain(formatMoney(45_000 + a.supplierPackage.shippingCents, 'es'));
    expect(withShipping).toContain('Incluye el envío de ese paquete, que ya no se enviará.');

    // English: the store refunds the supplier's line before it ships.
    const en = `${randomUUID()}@example.com`;
    const b = await mixedOrder({ email: en, lang: 'en' });
    await t.app.jobs.drain();
    expect((await refundLine(resellerToken, b.order.id, b.listingLine.id, 1)).statusCode).toBe(201);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const english = lineRefundMails(en, 'refunded you');
    expect(english).toHaveLength(1);
    expect(english[0]).toContain(
      `Tienda Centro refunded you ${formatMoney(45_000, 'en')} from your order ${b.order.folio} for 1 × ${b.listingLine.name}.`,
    );
    expect(english[0]).toContain('card ending in 4242');
    expect(lineRefundMails(en, 'te reembolsó')).toEqual([]);

    // A refused request writes nothing: no refund, no email.
    expect((await refundLine(resellerToken, b.order.id, b.listingLine.id, 5)).statusCode).toBe(422);
    await t.app.jobs.drain();
    expect(lineRefundMails(en, 'refunded you')).toHaveLength(1);
  });

  it('an amount refund of a marketplace order comes from the store’s share and leaves nothing stuck in pending', async () => {
    const { order, ownPackage, supplierPackage } = await mixedOrder();
    for (const status of ['ready_to_ship', 'on_the_way']) {
      await movePackage(supplierToken, 'pedidos-revendedores', supplierPackage.id, status);
      await movePackage(resellerToken, 'paquetes', ownPackage.id, status);
    }
    const before = await sums(order.id);
    const res = await as(resellerToken, 'POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 1_000 });
    expect(res.statusCode, res.body).toBe(201);
    const after = await sums(order.id);
    expect(after(supplier.id, 'supplier_pending')).toBe(before(supplier.id, 'supplier_pending'));
    for (const [token, path, id] of [
      [supplierToken, 'pedidos-revendedores', supplierPackage.id],
      [resellerToken, 'paquetes', ownPackage.id],
    ] as const)
      await movePackage(token, path, id, 'delivered');
    await releaseOverdueBalances({ db: db(t), config: { BALANCE_RELEASE_DAYS: 0 } }, new Date(Date.now() + 60_000));
    const end = await sums(order.id);
    expect(end(reseller.id, 'store_pending'), 'every package released whole').toBe(0);
    expect(end(reseller.id, 'store_available'), 'what was pending after the refund, now available').toBe(
      after(reseller.id, 'store_pending'),
    );
  });
});
