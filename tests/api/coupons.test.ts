/**
 * Coupons: the seller's list with
 * its rules in Spanish and English, the cart check, the discount on the products only (never shipping), one use per
 * order taken atomically (a 1-use coupon goes to exactly one of 20 racing checkouts), uses given back when an order is
 * cancelled, and no store reaching another's coupons. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { payPlacedOrder, submitOrder } from '../helpers/payments.js';
import { payments, sandboxPayments } from '../../src/server/db/schema/index.js';
import { runPaymentSweep } from '../../src/server/modules/orders/index.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('coupons', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: string;
  let sellerB: string;

  const asSeller = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const newCoupon = (code: string, extra: Record<string, unknown> = {}) =>
    asSeller(sellerA, 'POST', '/api/admin/coupons', { code, kind: 'percent', value: 10, ...extra });
  const items = (quantity = 1) => [{ codigo: 'CUP', sku: 'CUP-1', quantity }];
  const check = (code: string, quantity = 1, lang = 'es') =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: { 'x-store-domain': a.hostname, 'accept-language': lang },
      payload: { code, items: items(quantity) },
    });
  // A checkout as the browser does it: the order (the answer returned), then, when placed, its card paid at the
  // provider; `paid` is the order as the return from the provider shows it (null when the order was refused).
  const order = async (couponCode: string | undefined, email = `c-${randomUUID()}@example.com`) => {
    const res = await submitOrder(
      t.app,
      { store: a },
      {
        idempotencyKey: randomUUID(),
        email,
        items: items(2),
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'card',
        ...(couponCode ? { couponCode } : {}),
      },
    );
    const paid = res.statusCode === 201 ? (await payPlacedOrder(t.app, { store: a }, res.json())).json() : null;
    return Object.assign(res, { paid });
  };
  const usesOf = async (code: string) =>
    (await asSeller(sellerA, 'GET', '/api/admin/coupons')).json().coupons.find((c: { code: string }) => c.code === code)
      .usesCount;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, a.id, {
      codigo: 'CUP',
      variants: [{ sku: 'CUP-1', options: {}, priceCents: 25_000, stock: 500 }],
    });
    sellerA = (await createSellerFixture(t.app, a.id)).token;
    sellerB = (await createSellerFixture(t.app, b.id)).token;
  });
  afterAll(() => t.close());

  it('creates, lists and edits a coupon; the code is upper-case and unique per store', async () => {
    const res = await newCoupon('verano-10', { minPurchaseCents: 10_000, maxUses: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'VERANO-10', kind: 'percent', value: 10, usesCount: 0, active: true });
    const dup = await newCoupon('Verano-10');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya tienes un cupón con el código VERANO-10.');
    // Another store may use the same code.
    const other = await asSeller(sellerB, 'POST', '/api/admin/coupons', {
      code: 'VERANO-10',
      kind: 'fixed',
      value: 5000,
    });
    expect(other.statusCode).toBe(201);
    const edited = await asSeller(sellerA, 'PUT', `/api/admin/coupons/${res.json().id}`, {
      code: 'VERANO-15',
      kind: 'percent',
      value: 15,
      maxUses: 10,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code: 'VERANO-15', value: 15, maxUses: 10 });
    const list = (await asSeller(sellerA, 'GET', '/api/admin/coupons')).json().coupons;
    expect(list.map((c: { code: string }) => c.code)).toEqual(['VERANO-15']);
  });

  it('refuses bad coupons with field messages in Spanish and English', async () => {
    const es = await newCoupon('con espacio', { value: 150, startsOn: day(5), endsOn: day(1) });
    expect(es.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      es.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(byPath.code).toBe('Usa de 3 a 30 letras, números, guiones o guiones bajos, sin espacios.');
    const en = await asSeller(
      sellerA,
      'POST',
      '/api/admin/coupons',
      { code: 'OK-CODE', kind: 'percent', value: 150, startsOn: day(5), endsOn: day(1) },
      'en',
    );
    expect(en.statusCode).toBe(400);
    const enByPath = Object.fromEntries(
      en.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(enByPath.value).toBe('The percentage must be between 1 and 100.');
    expect(enByPath.endsOn).toBe('The end date must be on or after the start date.');
    expect((await newCoupon('X1', { kind: 'fixed', value: 0 })).statusCode).toBe(400);
  });

  it('tells the cart whether a code applies, and why not, in the buyer’s language', async () => {
    await newCoupon('DIEZ');
    await newCoupon('FIJO-MUCHO', { kind: 'fixed', value: 9_999_999 });
    await newCoupon('MINIMO', { minPurchaseCents: 60_000 });
    await newCoupon('VENCIDO', { startsOn: day(-10), endsOn: day(-2) });
    await newCoupon('FUTURO', { startsOn: day(3) });
    await newCoupon('APAGADO', { active: false });

    const ok = await check('diez', 2);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 'DIEZ', discountCents: 5_000, itemsCents: 50_000 });
    // A fixed amount never takes more than the products cost.
    expect((await check('FIJO-MUCHO')).json().discountCents).toBe(25_000);

    const min = await check('MINIMO', 2, 'en');
    expect(min.statusCode).toBe(422);
    expect(min.json()).toMatchObject({ code: 'COUPON_NOT_VALID', params: { reason: 'min_purchase', min: 60_000 } });
    expect(min.json().message).toBe('Coupon not valid: it applies to product purchases from MX$600.00.');
    expect((await check('MINIMO', 3)).statusCode).toBe(200);
    expect((await check('VENCIDO')).json().message).toBe('Cupón no válido: ya venció.');
    expect((await check('FUTURO')).json().message).toBe('Cupón no válido: todavía no está vigente.');
    expect((await check('APAGADO')).json().message).toBe('Cupón no válido.');
    expect((await check('NO-EXISTE', 1, 'en')).json().message).toBe('Coupon not valid.');
    // Store B's code does not exist on store A.
    expect((await check('VERANO-10')).json().code).toBe('COUPON_NOT_VALID');
  });

  it('takes the discount off the products, never the shipping, and records it on the order', async () => {
    await newCoupon('MITAD', { value: 50 });
    const plain = await order(undefined);
    expect(plain.statusCode).toBe(201);
    const shipping = plain.json().order.shippingCents;
    const res = await order('mitad');
    expect(res.statusCode).toBe(201);
    const o = res.paid;
    expect(o).toMatchObject({ couponCode: 'MITAD', itemsCents: 50_000, discountCents: 25_000, status: 'paid' });
    expect(o.shippingCents).toBe(shipping);
    expect(o.totalCents).toBe(50_000 - 25_000 + shipping);
    const seen = await asSeller(sellerA, 'GET', `/api/admin/orders/${o.id}`);
    expect(seen.json()).toMatchObject({ couponCode: 'MITAD', discountCents: 25_000 });
    expect(await usesOf('MITAD')).toBe(1);
    // A coupon that does not apply refuses the order, and nothing is taken.
    const refused = await order('VENCIDO');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('COUPON_NOT_VALID');
  });

  it('gives a 1-use coupon to exactly one of 20 parallel checkouts; the others get a translated 422, no 500', async () => {
    await newCoupon('UNA-VEZ', { maxUses: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => order('UNA-VEZ')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 422)) expect(r.json().message).toMatch(/^Cupón no válido/);
    expect(await usesOf('UNA-VEZ')).toBe(1);
  });

  it('gives the use back when the order is cancelled, once, and will not set the limit below the uses taken', async () => {
    const created = (await newCoupon('DEVUELVE', { maxUses: 2 })).json();
    const first = (await order('DEVUELVE')).paid;
    expect(first.status).toBe('paid');
    await order('DEVUELVE');
    expect(await usesOf('DEVUELVE')).toBe(2);
    expect((await order('DEVUELVE')).json().message).toBe('Cupón no válido: ya se usó todas las veces permitidas.');
    const below = await asSeller(sellerA, 'PUT', `/api/admin/coupons/${created.id}`, {
      code: 'DEVUELVE',
      kind: 'percent',
      value: 10,
      maxUses: 1,
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe('El límite no puede ser menor que los 2 usos que ya tiene.');

    const cancel = await asSeller(sellerA, 'POST', `/api/admin/orders/${first.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(200);
    expect(await usesOf('DEVUELVE')).toBe(1);
    const again = await asSeller(sellerA, 'POST', `/api/admin/orders/${first.id}/status`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(await usesOf('DEVUELVE')).toBe(1);
    expect((await order('DEVUELVE')).statusCode).toBe(201);
  });

  it('gives the use back when an OXXO voucher expires unpaid and the sweep cancels the order', async () => {
    await newCoupon('EFECTIVO', { maxUses: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': a.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        email: 'oxxo-cupon@example.com',
        items: items(1),
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
        couponCode: 'EFECTIVO',
      },
    });
    expect(res.statusCode).toBe(201);
    const o = res.json().order;
    expect(o).toMatchObject({ status: 'pending', couponCode: 'EFECTIVO', discountCents: 2_500 });
    expect(await usesOf('EFECTIVO')).toBe(1);
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(sandboxPayments)
      .set({ expiresAt: past })
      .where(eq(sandboxPayments.reference, o.payment.reference));
    await t.database.db.update(payments).set({ expiresAt: past }).where(eq(payments.orderId, o.id));
    await runPaymentSweep(
      { db: t.database.db, providers: t.app.providers, log: t.app.log },
      new Date(Date.now() + 3 * 86_400_000 + 60_000),
    );
    expect((await asSeller(sellerA, 'GET', `/api/admin/orders/${o.id}`)).json().status).toBe('cancelled');
    expect(await usesOf('EFECTIVO')).toBe(0);
  });

  it('never lets one store read or change another’s coupons', async () => {
    const mine = (await newCoupon('SOLO-A')).json();
    const listB = (await asSeller(sellerB, 'GET', '/api/admin/coupons')).json().coupons;
    expect(listB.map((c: { code: string }) => c.code)).not.toContain('SOLO-A');
    const put = await asSeller(sellerB, 'PUT', `/api/admin/coupons/${mine.id}`, {
      code: 'ROBADO',
      kind: 'percent',
      value: 100,
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await asSeller(sellerA, 'GET', '/api/admin/coupons')).json().coupons.map((c: { code: string }) => c.code),
    ).toContain('SOLO-A');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons' })).statusCode).toBe(401);
  });
});
