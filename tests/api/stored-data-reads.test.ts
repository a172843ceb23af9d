/**
 * Reads answer what the database holds: a row saved under an older or looser rule (or by hand) is returned as it is,
 * never a 500 because today's input rule (a phone check, a range, an enum member) no longer accepts it. Writes still
 * apply today's rules.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  completeCompanyProfileFixture,
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { submitOrder } from '../helpers/payments.js';

describe('reads of stored data that today’s rules would refuse', () => {
  let t: TestApp;
  let store: StoreFixture;
  let seller: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db);
    seller = (await createSellerFixture(t.app, store.id)).token;
  });
  afterAll(async () => t?.close());

  const sellerGet = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${seller}` } });

  it('a saved address and an order’s address with a phone today’s check refuses', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const auth = { 'x-store-domain': store.hostname, authorization: `Bearer ${buyer.token}` };
    const saved = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: auth, payload: TEST_ADDRESS });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.database.db.execute(sql`update addresses set phone = '123', full_name = 'X' where id = ${saved.json().id}`);
    const list = await t.app.inject({ url: '/api/addresses', headers: auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()[0]).toMatchObject({ phone: '123', fullName: 'X' });

    const p = await createProductFixture(t.database.db, store.id);
    const placed = await submitOrder(
      t.app,
      { store, lang: 'es' },
      {
        idempotencyKey: randomUUID(),
        email: 'legacy@example.com',
        items: [{ codigo: p.codigo, sku: p.skus[0], quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, viewToken } = placed.json();
    await t.database.db.execute(
      sql`update orders set address = address || '{"phone":"1","postalCode":"6700"}'::jsonb where id = ${order.id}`,
    );
    const view = await t.app.inject({
      url: `/api/pedidos/${order.id}?viewToken=${viewToken}`,
      headers: { 'x-store-domain': store.hostname },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().address).toMatchObject({ phone: '1', postalCode: '6700' });
  });

  it('a product whose packaging and purchase terms are outside today’s ranges opens in the editor', async () => {
    const p = await createProductFixture(t.database.db, store.id);
    await t.database.db.execute(
      sql`update products set packaging = '{"piecesPerPackage":0,"lengthCm":0,"type":"saco"}'::jsonb,
          purchase = '{"paymentOptions":["trueque"],"unitOfSale":""}'::jsonb
          where store_id = ${store.id} and codigo = ${p.codigo}`,
    );
    const res = await sellerGet(`/api/admin/products/${p.codigo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().packaging).toMatchObject({ piecesPerPackage: 0, type: 'saco' });
    expect(res.json().purchase.paymentOptions).toEqual(['trueque']);
  });

  it('a company profile with a business type no longer offered', async () => {
    await completeCompanyProfileFixture(t.app, seller);
    await t.database.db.execute(
      sql`update company_profiles set business_type = 'cooperativa_antigua' where store_id = ${store.id}`,
    );
    const mine = await sellerGet('/api/proveedor/company_profile');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().basic.businessType).toBe('cooperativa_antigua');
    const about = await t.app.inject({ url: '/api/reseller/aboutus', headers: { 'x-store-domain': store.hostname } });
    expect(about.statusCode, about.body).toBe(200);
  });
});
