/**
 * Marketplace orders (decisions 134-136): a shopper buys a reseller's own product and a supplier's listing in one
 * order; the listing's units come from the supplier's stock; the order ships as two packages, each quoted and moved on
 * its own; the supplier sees only its purchase order; the payment splits into each party's share in one balanced
 * entry, released per package; a rejected package is reversed and refunded. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { placePaidOrder, submitOrder } from '../helpers/payments.js';
import { listingFixture, offerFixture } from '../helpers/marketplace.js';
import { mailsTo } from '../helpers/outbox.js';
import { ledgerLines, listings, productVariants, refunds } from '../../src/server/db/schema/index.js';
import { releaseOverdueBalances } from '../../src/server/modules/orders/index.js';
import { balanceLines, platformFeeCents } from '../../src/shared/money.js';
import { setSupplierEnabled } from '../../src/server/modules/company/index.js';

const db = (t: TestApp) => t.database.db;

describe(`marketplace orders (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let supplier: StoreFixture;
  let reseller: StoreFixture;
  let other: StoreFixture;
  let supplierToken: string;
  let supplierEmail: string;
  let resellerEmail: string;
  let resellerToken: string;
  let otherToken: string;

  const stockOf = async (variantId: string) =>
    (await db(t).select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId)))[0]
      .s;
  const sums = async (orderId: string) =>
    db(t)
      .select({
        storeId: ledgerLines.storeId,
        account: ledgerLines.account,
        sum: sql<string>`sum(${ledgerLines.amountCents})`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, orderId))
      .groupBy(ledgerLines.storeId, ledgerLines.account)
      .then((rows) => new Map(rows.map((r) => [`${r.storeId}|${r.account}`, Number(r.sum)])));
  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(db(t));
    supplier = await createStoreFixture(db(t), { name: 'Calzado León Mayoreo' });
    reseller = await createStoreFixture(db(t), { name: 'Zapatería Centro' });
    other = await createStoreFixture(db(t));
    ({ token: supplierToken, email: supplierEmail } = await createSellerFixture(t.app, supplier.id));
    ({ token: resellerToken, email: resellerEmail } = await createSellerFixture(t.app, reseller.id));
    otherToken = (await createSellerFixture(t.app, other.id)).token;
  });
  afterAll(async () => t.close());

  async function mixedOrder(opts: { wholesale?: number; retail?: number; stock?: number } = {}) {
    const offer = await offerFixture(db(t), supplier.id, { wholesaleCents: opts.wholesale, stock: opts.stock });
    const listing = await listingFixture(db(t), reseller.id, offer, supplier.id, opts.retail);
    const own = await createProductFixture(db(t), reseller.id, {
      variants: [{ sku: `OWN-${randomUUID().slice(0, 6)}`, options: {}, priceCents: 20_000, stock: 5 }],
    });
    const email = `${randomUUID()}@example.com`;
    const { order } = await placePaidOrder(
      t.app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email,
        items: [
          { codigo: own.codigo, sku: own.skus[0], quantity: 1 },
          { codigo: listing.codigo, sku: listing.sku, quantity: 2 },
        ],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    return { offer, listing, own, order, email };
  }

  it('sells a listing from the supplier’s stock, in two packages with their own shipping, one total', async () => {
    const { offer, order } = await mixedOrder();
    expect(order.status).toBe('paid');
    expect(await stockOf(offer.variantId)).toBe(8);
    expect(order.packages.map((p) => [p.number, p.own, p.status])).toEqual([
      [1, true, 'paid'],
      [2, false, 'paid'],
    ]);
    expect(order.packages.reduce((s, p) => s + p.shippingCents, 0)).toBe(order.shippingCents);
    expect(order.totalCents).toBe(20_000 + 2 * 45_000 + order.shippingCents);
    expect(JSON.stringify(order)).not.toContain(supplier.id);
  });

  it('quotes a mixed cart as packages summed, without pickup, and shows the reseller its suppliers’ part', async () => {
    const { listing, own, order } = await mixedOrder();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/packaging/rate-service',
      headers: { 'x-store-domain': reseller.hostname },
      payload: {
        postalCode: TEST_ADDRESS.postalCode,
        items: [
          { codigo: own.codigo, sku: own.skus[0], quantity: 1 },
          { codigo: listing.codigo, sku: listing.sku, quantity: 2 },
        ],
      },
    });
    expect(quote.statusCode).toBe(200);
    const services = quote.json() as { servicio: string; precio: number; paquetes?: { precio: number }[] }[];
    expect(services.map((s) => s.servicio)).not.toContain('pickup');
    for (const s of services) {
      expect(s.paquetes).toHaveLength(2);
      expect(s.paquetes!.reduce((a, p) => a + p.precio, 0)).toBe(s.precio);
    }
    const seller = (await as(resellerToken, 'GET', `/api/admin/orders/${order.id}`)).json();
    const st = seller.settlement;
    expect(st.suppliersCents).toBeGreaterThan(60_000);
    expect(st.saleCents - st.feeCents - st.suppliersCents).toBe(st.netCents);
    expect(st.feeBaseCents).toBe(20_000 + 2 * (45_000 - 30_000));
  });

  it('posts one balanced entry that pays each party its share, and releases each package after delivery', async () => {
    const { order } = await mixedOrder();
    const s = await sums(order.id);
    expect([...s.values()].reduce((a, b) => a + b, 0)).toBe(0);
    const supplierPackage = order.packages.find((p) => !p.own)!;
    const wholesale = 2 * 30_000;
    const supplierFee = platformFeeCents(wholesale, 350);
    expect(-(s.get(`${supplier.id}|supplier_pending`) ?? 0)).toBe(
      wholesale + supplierPackage.shippingCents - supplierFee,
    );
    const fees = -(s.get(`${supplier.id}|platform_fee`) ?? 0) - (s.get(`${reseller.id}|platform_fee`) ?? 0);
    const resellerShare = -(s.get(`${reseller.id}|store_pending`) ?? 0);
    expect(resellerShare + fees - (s.get(`${supplier.id}|supplier_pending`) ?? 0)).toBe(order.totalCents);

    // The supplier sees its purchase order: its lines at wholesale, where to ship, nothing else of the shopper.
    const list = await as(supplierToken, 'GET', '/api/admin/pedidos-revendedores');
    expect(list.statusCode).toBe(200);
    const po = list.json().items.find((i: { id: string }) => i.id === supplierPackage.id);
    expect(po).toMatchObject({ number: `${order.folio}-2`, resellerStoreName: 'Zapatería Centro', units: 2 });
    const detail = await as(supplierToken, 'GET', `/api/admin/pedidos-revendedores/${supplierPackage.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().lines[0]).toMatchObject({
      quantity: 2,
      wholesaleUnitCents: 30_000,
      lineWholesaleCents: 60_000,
    });
    expect(detail.json().shipTo).toMatchObject({ fullName: TEST_ADDRESS.fullName, phone: TEST_ADDRESS.phone });
    expect(detail.body).not.toContain(order.email);
    expect(detail.body).not.toContain('45000');
    expect(detail.body).not.toContain(order.packages[0].skus[0]);

    // Nobody else moves the supplier's package; the supplier does not move the reseller's own.
    expect(
      (
        await as(resellerToken, 'POST', `/api/admin/pedidos-revendedores/${supplierPackage.id}/status`, {
          status: 'ready_to_ship',
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(otherToken, 'GET', `/api/admin/pedidos-revendedores/${supplierPackage.id}`)).statusCode).toBe(404);
    expect(
      (
        await as(supplierToken, 'POST', `/api/admin/paquetes/${order.packages[0].id}/status`, {
          status: 'ready_to_ship',
        })
      ).statusCode,
    ).toBe(404);
    // The order's own status actions are the packages' now.
    const direct = await as(resellerToken, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'ready_to_ship' });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().code).toBe('ORDER_SHIPS_IN_PACKAGES');

    for (const status of ['ready_to_ship', 'on_the_way', 'delivered'])
      expect(
        (
          await as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${supplierPackage.id}/status`, {
            status,
            trackingNumber: 'MX123456',
          })
        ).statusCode,
      ).toBe(200);
    // A package on its way: the order can no longer be cancelled, and its view no longer offers it.
    const shipped = await as(resellerToken, 'GET', `/api/admin/orders/${order.id}`);
    expect(shipped.json().nextStatuses).toEqual([]);
    expect(
      (await as(resellerToken, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(409);
    const twice = await as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${supplierPackage.id}/status`, {
      status: 'delivered',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('FULFILMENT_TRANSITION');
    let last;
    for (const status of ['ready_to_ship', 'on_the_way', 'delivered'])
      last = await as(resellerToken, 'POST', `/api/admin/paquetes/${order.packages[0].id}/status`, {
        status,
        trackingNumber: 'MX999',
      });
    expect(last!.statusCode).toBe(200);
    expect(last!.json().status).toBe('delivered');
    expect(last!.json().packages.map((p: { status: string }) => p.status)).toEqual(['delivered', 'delivered']);

    await releaseOverdueBalances({ db: db(t), config: { BALANCE_RELEASE_DAYS: 0 } }, new Date(Date.now() + 60_000));
    const after = await sums(order.id);
    expect(after.get(`${supplier.id}|supplier_pending`) ?? 0).toBe(0);
    expect(-(after.get(`${supplier.id}|supplier_available`) ?? 0)).toBe(
      wholesale + supplierPackage.shippingCents - supplierFee,
    );
    expect(-(after.get(`${reseller.id}|store_available`) ?? 0)).toBe(resellerShare);
    expect([...after.values()].reduce((a, b) => a + b, 0)).toBe(0);

    // Each party's balance screen shows its share, and its lines add up (balanceLines throws when they do not).
    const supplierSummary = (await as(supplierToken, 'GET', '/api/admin/balance/summary')).json();
    expect(supplierSummary.supplier.availableCents).toBeGreaterThanOrEqual(
      wholesale + supplierPackage.shippingCents - supplierFee,
    );
    expect(supplierSummary.salesCents).toBe(0);
    const resellerSummary = (await as(resellerToken, 'GET', '/api/admin/balance/summary')).json();
    expect(resellerSummary.suppliersCents).toBeGreaterThanOrEqual(wholesale + supplierPackage.shippingCents);
    expect(() => balanceLines(resellerSummary)).not.toThrow();
    expect(() => balanceLines(supplierSummary)).not.toThrow();
  });

  it('a supplier’s rejected package gives its units back, reverses its shares and refunds its part', async () => {
    const { offer, order } = await mixedOrder();
    const pkg = order.packages.find((p) => !p.own)!;
    const noReason = await as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${pkg.id}/status`, {
      status: 'rejected',
    });
    expect(noReason.statusCode).toBe(400);
    const r = await as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${pkg.id}/status`, {
      status: 'rejected',
      reason: 'Sin material',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe('rejected');
    expect(await stockOf(offer.variantId)).toBe(10);
    const s = await sums(order.id);
    expect(s.get(`${supplier.id}|supplier_pending`) ?? 0).toBe(0);
    expect(s.get(`${supplier.id}|platform_fee`) ?? 0).toBe(0);
    const [refund] = await db(t)
      .select()
      .from(refunds)
      .where(and(eq(refunds.storeId, reseller.id), eq(refunds.orderId, order.id)));
    expect(refund.amountCents).toBe(2 * 45_000 + pkg.shippingCents);
    expect(refund.status).toBe('succeeded');
    const view = await as(resellerToken, 'GET', `/api/admin/orders/${order.id}`);
    expect(view.json().status).toBe('paid');
    expect(view.json().packages.map((p: { status: string }) => p.status)).toEqual(['paid', 'rejected']);

    // The supplier heard of the purchase order when it was paid; the reseller hears of the rejection and the refund.
    await t.app.jobs.drain();
    const number = `${order.folio}-${pkg.number}`;
    expect(mailsTo(t.dataDir, supplierEmail).some((m) => m.includes(`el paquete ${number} ya está pagado`))).toBe(true);
    const rejected = mailsTo(t.dataDir, resellerEmail).find((m) =>
      m.includes(`rechazó el paquete ${number} de tu pedido`),
    );
    expect(rejected).toContain('Sin material');
  });

  it('cancelling gives the supplier its units back and reverses every share; not once a package is on its way', async () => {
    const { offer, order } = await mixedOrder();
    expect(await stockOf(offer.variantId)).toBe(8);
    const cancel = await as(resellerToken, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().packages.map((p: { status: string }) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect(await stockOf(offer.variantId)).toBe(10);
    const s = await sums(order.id);
    for (const account of ['supplier_pending', 'store_pending', 'platform_fee'])
      for (const store of [supplier.id, reseller.id]) expect((s.get(`${store}|${account}`) ?? 0) + 0).toBe(0);
    expect((s.get(`${reseller.id}|refunds`) ?? 0) + 0).toBe(0);

    const shipped = await mixedOrder();
    const pkg = shipped.order.packages.find((p) => !p.own)!;
    for (const status of ['ready_to_ship', 'on_the_way'])
      await as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${pkg.id}/status`, {
        status,
        trackingNumber: 'MX1',
      });
    const late = await as(resellerToken, 'POST', `/api/admin/orders/${shipped.order.id}/status`, {
      status: 'cancelled',
    });
    expect(late.statusCode).toBe(409);
    expect(await stockOf(shipped.offer.variantId)).toBe(8);
  });

  it('20 identical “ready to ship” requests move the package once; the rest are a clear 409', async () => {
    const { order } = await mixedOrder();
    const pkg = order.packages.find((p) => !p.own)!;
    const res = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(supplierToken, 'POST', `/api/admin/pedidos-revendedores/${pkg.id}/status`, { status: 'ready_to_ship' }),
      ),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array.from({ length: 19 }, () => 'FULFILMENT_TRANSITION'),
    );
  });

  it('a sale leaves the listing selling; the supplier turning its switch off hides it from every reseller', async () => {
    const own = await createStoreFixture(db(t));
    const offer = await offerFixture(db(t), own.id);
    const listing = await listingFixture(db(t), reseller.id, offer, own.id);
    await placePaidOrder(
      t.app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email: `${randomUUID()}@example.com`,
        items: [{ codigo: listing.codigo, sku: listing.sku, quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    await t.app.changeFeed.sync();
    await t.app.jobs.drain();
    const page = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/productos/${listing.codigo}`,
        headers: { 'x-store-domain': reseller.hostname },
      });
    expect((await db(t).select().from(listings).where(eq(listings.id, listing.listingId)))[0].state).toBe('active');
    expect((await page()).statusCode).toBe(200);
    await setSupplierEnabled({ db: db(t), storeId: own.id }, false);
    await t.app.changeFeed.sync();
    await t.app.jobs.drain();
    expect((await db(t).select().from(listings).where(eq(listings.id, listing.listingId)))[0].state).toBe(
      'unpublished',
    );
    expect((await page()).statusCode).toBe(404);
  });

  it('does not sell a listing under review or unpublished, whatever the copy’s stock says', async () => {
    const offer = await offerFixture(db(t), supplier.id);
    const listing = await listingFixture(db(t), reseller.id, offer, supplier.id);
    await db(t).update(listings).set({ state: 'review' }).where(eq(listings.id, listing.listingId));
    const res = await submitOrder(
      t.app,
      { store: reseller },
      {
        idempotencyKey: randomUUID(),
        email: 'a@example.com',
        items: [{ codigo: listing.codigo, sku: listing.sku, quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'card',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRODUCT_NOT_AVAILABLE');
  });

  it('50 buyers on three resellers and the supplier’s own store race for the last 5 units: 5 orders', async () => {
    const offer = await offerFixture(db(t), supplier.id, { stock: 5 });
    const stores = [reseller, other, await createStoreFixture(db(t))];
    const lst = await Promise.all(stores.map((s) => listingFixture(db(t), s.id, offer, supplier.id)));
    const attempts = Array.from({ length: 50 }, (_, i) => {
      const k = i % 4;
      const store = k === 3 ? supplier : stores[k];
      const item = k === 3 ? { codigo: offer.codigo, sku: offer.sku } : { codigo: lst[k].codigo, sku: lst[k].sku };
      return submitOrder(
        t.app,
        { store, ip: `198.19.${i}.1` },
        {
          idempotencyKey: randomUUID(),
          email: `race-${i}@example.com`,
          items: [{ ...item, quantity: 1 }],
          address: TEST_ADDRESS,
          shipping: { servicio: 'economico' },
          paymentMethod: 'card',
        },
      );
    });
    const res = await Promise.all(attempts);
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    const refused = res.filter((r) => r.statusCode !== 201).map((r) => r.json().code);
    expect(refused).toHaveLength(45);
    expect(new Set(refused)).toEqual(new Set(['OUT_OF_STOCK']));
    expect(await stockOf(offer.variantId)).toBe(0);
  });
});
