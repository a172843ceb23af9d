/**
 * Shipping rates from packaging (decision 068) through the API: the rate service and checkout price a cart by
 * packages (⌈units / pieces per package⌉ of the package's gross weight and dimensions, billable weight the larger of
 * real and volumetric) between the store's origin (its pickup location's postal code) and the buyer's postal code;
 * the order records and charges that quote. Products without packaging data keep the per-unit rule.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { orders } from '../../src/server/db/schema/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

const BOX = { piecesPerPackage: 12, lengthCm: 40, widthCm: 30, heightCm: 20, grossWeightGrams: 6000 };
const GUADALAJARA = {
  pickupType: 'on_call',
  days: [],
  hour: '10:00',
  location: {
    contact: { personName: 'Ana Envíos', companyName: 'Tazas GDL', phoneNumber: '33 1234 5678' },
    address: { streetLines: ['Av. Juárez 100', 'Centro'], city: 'Guadalajara', postalCode: '44100', countryCode: 'MX' },
  },
};

describe('shipping rates from packaging', () => {
  let t: TestApp;
  let gdl: StoreFixture;
  let cdmx: StoreFixture;

  const addProducts = async (store: StoreFixture) => {
    await createProductFixture(t.database.db, store.id, {
      codigo: 'TAZA',
      name: 'Taza',
      minOrderQty: 1,
      weightGrams: 400,
      dimensionsCm: { length: 12, width: 10, height: 10 },
      packaging: { type: 'cardboard_box', ...BOX },
      variants: [
        { sku: 'TAZA-BLANCA', options: { color: 'Blanca' }, priceCents: 10_000, stock: 100 },
        { sku: 'TAZA-NEGRA', options: { color: 'Negra' }, priceCents: 10_000, stock: 100 },
      ],
    });
    // No packaging data: 800 g but 30×25×10 cm = 1.5 kg volumetric per unit.
    await createProductFixture(t.database.db, store.id, {
      codigo: 'CHAMARRA',
      name: 'Chamarra',
      minOrderQty: 1,
      weightGrams: 800,
      dimensionsCm: { length: 30, width: 25, height: 10 },
      variants: [{ sku: 'CHAMARRA-M', options: {}, priceCents: 50_000, stock: 100 }],
    });
  };
  const rates = async (store: StoreFixture, postalCode: string, items: [string, string, number][]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/packaging/rate-service',
      headers: { 'x-store-domain': store.hostname },
      payload: { postalCode, items: items.map(([codigo, sku, quantity]) => ({ codigo, sku, quantity })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(res.json().map((q: { servicio: string; precio: number }) => [q.servicio, q.precio]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    gdl = await createStoreFixture(t.database.db, { oxxoFeeCents: 1500 });
    cdmx = await createStoreFixture(t.database.db);
    await addProducts(gdl);
    await addProducts(cdmx);
    const seller = (await createSellerFixture(t.app, gdl.id)).token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pickups',
      headers: { authorization: `Bearer ${seller}` },
      payload: GUADALAJARA,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('quotes packages between the pickup location’s state and the destination’s', async () => {
    // 13 cups = 2 boxes of 6 kg gross (4.8 kg volumetric) = 12 kg; Jalisco → Mexico City is zone 3.
    expect(await rates(gdl, '06700', [['TAZA', 'TAZA-BLANCA', 13]])).toEqual({
      economico: 14_900 + 11 * 2000,
      paquete: 22_900 + 11 * 3000,
      pickup: 0,
    });
    // Within Jalisco: zone 1.
    expect((await rates(gdl, '44100', [['TAZA', 'TAZA-BLANCA', 13]])).economico).toBe(9900 + 11 * 1000);
    // Jalisco → Quintana Roo: zone 4.
    expect((await rates(gdl, '77500', [['TAZA', 'TAZA-BLANCA', 13]])).economico).toBe(17_900 + 11 * 2500);
    // Two colours of one product share its boxes: 6 + 6 = one box, 6 kg.
    expect(
      (
        await rates(gdl, '06700', [
          ['TAZA', 'TAZA-BLANCA', 6],
          ['TAZA', 'TAZA-NEGRA', 6],
        ])
      ).economico,
    ).toBe(14_900 + 5 * 2000);
    // A store without a pickup location ships from Mexico City: zone 1 to 06700.
    expect((await rates(cdmx, '06700', [['TAZA', 'TAZA-BLANCA', 13]])).economico).toBe(9900 + 11 * 1000);
    // Without packaging the unit rule: 3 × 1.5 kg = 4.5 → 5 kg, zone 3 from Guadalajara.
    expect((await rates(gdl, '06700', [['CHAMARRA', 'CHAMARRA-M', 3]])).economico).toBe(14_900 + 4 * 2000);
  });

  it('checkout charges and records the packaging quote', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': gdl.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        email: 'envio@example.com',
        address: TEST_ADDRESS,
        items: [
          { codigo: 'TAZA', sku: 'TAZA-BLANCA', quantity: 6 },
          { codigo: 'TAZA', sku: 'TAZA-NEGRA', quantity: 6 },
          { codigo: 'CHAMARRA', sku: 'CHAMARRA-M', quantity: 1 },
        ],
        shipping: { servicio: 'paquete' },
        paymentMethod: 'oxxo',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order: o } = res.json() as PlaceOrderResponse;
    // One box of 12 cups, 6 kg, + 1.5 kg of jacket = 7.5 → 8 kg; express zone 3: 229.00 + 7 × 30.00.
    const shipping = 22_900 + 7 * 3000;
    expect(o.itemsCents).toBe(12 * 10_000 + 50_000);
    expect(o.shippingCents).toBe(shipping);
    expect(o.shipping).toMatchObject({ servicio: 'paquete', precio: shipping });
    expect(o.totalCents).toBe(12 * 10_000 + 50_000 + shipping + 1500);
    const [row] = await t.database.db
      .select({ shippingCents: orders.shippingCents, totalCents: orders.totalCents })
      .from(orders)
      .where(and(eq(orders.storeId, gdl.id), eq(orders.id, o.id)));
    expect(row).toEqual({ shippingCents: shipping, totalCents: o.totalCents });
  });
});
