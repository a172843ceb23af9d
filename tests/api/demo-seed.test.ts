/**
 * The demo stores as `npm start` seeds them (README): their seller screens answer. "Mi tienda" and "Sitio web" are the
 * first pages a seller trying the README opens. The demo marketplace: the supplier store with its offers, and the
 * other stores' listings at prices above their floor, found by their storefront search.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedPostalCodesFixture, TEST_ADDRESS } from '../helpers/factories.js';
import { placePaidOrder } from '../helpers/payments.js';
import { seedDemoIfEmpty } from '../../src/server/seed/index.js';
import { DEMO_PASSWORD, DEMO_STORES } from '../../src/server/seed/demo-stores.js';
import { insertPostalCodes } from '../../src/server/modules/accounts/index.js';
import { storeFeeBps } from '../../src/server/modules/subscriptions/index.js';
import { listingFloorCents } from '../../src/shared/money.js';
import { rowsOf } from '../../src/server/db/rows.js';

describe('the seeded demo stores', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // The SEPOMEX catalogue is not what this test is about: a few codes make the seed skip the 150,000-row import.
    await seedPostalCodesFixture(t.database.db);
    // The supplier's pickup location is in León: its postal code must be in the catalogue.
    await insertPostalCodes({ db: t.database.db }, [
      {
        postalCode: '37000',
        settlement: 'Centro',
        settlementType: 'Colonia',
        municipality: 'León',
        state: 'Guanajuato',
        city: 'León de los Aldama',
      },
    ]);
    await seedDemoIfEmpty({ db: t.database.db, config: t.app.config, providers: t.app.providers, log: t.app.log });
  }, 600_000);
  afterAll(async () => t?.close());

  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };

  for (const demo of DEMO_STORES) {
    it(`${demo.name}: "Mi tienda" and "Sitio web" (GET /api/proveedor/webconfigs) answer 200; the owner is verified`, async () => {
      const token = await signIn(demo.ownerEmail);
      const res = await t.app.inject({
        url: '/api/proveedor/webconfigs',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The demo store is published from the start: its admin must not ask to verify an example address.
      const state = await t.app.inject({
        url: '/api/admin/email-verification',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(state.json(), state.body).toMatchObject({ verified: true });
    });
  }

  // Money columns are bigint: PostgreSQL's driver reads them as text, so the queries cast them (they fit an int).
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
  const storeId = async (slug: string) =>
    (await rows<{ id: string }>(sql`select id from stores where slug = ${slug}`))[0]!.id;

  it('the supplier store: a manufacturer in León with the supplier flag, ~100 published offers at 55-65 % wholesale', async () => {
    const supplier = DEMO_STORES.find((d) => d.supplier)!;
    const id = await storeId(supplier.slug);
    const [profile] = await rows<{ business_type: string; supplier_enabled: boolean }>(
      sql`select business_type, supplier_enabled from company_profiles where store_id = ${id}`,
    );
    expect(profile).toEqual({ business_type: 'manufacturer', supplier_enabled: true });
    const [pickup] = await rows<{ postal: string }>(
      sql`select location->'address'->>'postalCode' as postal from pickup_settings where store_id = ${id}`,
    );
    expect(pickup?.postal).toBe('37000');

    const offers = await rows<{
      status: string;
      suggested: number;
      retail: number;
      wholesale: number;
      from_cents: number;
      lead_min: number;
      lead_max: number;
      origin: string | null;
    }>(sql`select o.status, o.suggested_retail_cents::int as suggested, v.price_cents as retail,
          ov.wholesale_cents::int as wholesale, o.wholesale_from_cents::int as from_cents,
          o.lead_time_days_min as lead_min, o.lead_time_days_max as lead_max, p.origin
        from catalog_offers o join catalog_offer_variants ov on ov.offer_id = o.id
        join product_variants v on v.id = ov.variant_id join products p on p.id = o.product_id
        where o.store_id = ${id} and p.store_id = ${id}`);
    expect(offers.length).toBeGreaterThanOrEqual(90);
    for (const o of offers) {
      expect(o.status).toBe('published');
      expect(o.suggested).toBe(o.retail);
      expect(Number.isInteger(o.wholesale)).toBe(true);
      expect(o.wholesale / o.retail).toBeGreaterThanOrEqual(0.54);
      expect(o.wholesale / o.retail).toBeLessThanOrEqual(0.66);
      expect(o.from_cents).toBe(o.wholesale);
      expect([o.lead_min, o.lead_max]).toEqual([1, 3]);
      expect(o.origin).toBe('MX');
    }
  });

  for (const demo of DEMO_STORES.filter((d) => d.listings)) {
    it(`${demo.name}: ${demo.listings!.codes.length} active listings at prices ≥ their floor, found by its search`, async () => {
      const id = await storeId(demo.slug);
      const feeBps = await storeFeeBps({ db: t.database.db, storeId: id });
      const lines = await rows<{
        state: string;
        codigo: string;
        name: string;
        price: number;
        accepted: number;
        wholesale: number;
        same_photo: boolean;
        department: string;
      }>(sql`select l.state, p.codigo, p.name, v.price_cents as price, lv.accepted_wholesale_cents::int as accepted,
            ov.wholesale_cents::int as wholesale, p.image_url = sp.image_url as same_photo, d.slug as department
          from listings l join listing_variants lv on lv.listing_id = l.id
          join product_variants v on v.id = lv.variant_id and v.store_id = ${id}
          join products p on p.id = l.product_id and p.store_id = ${id}
          join departments d on d.id = p.department_id
          join catalog_offers o on o.id = l.offer_id join products sp on sp.id = o.product_id
          join catalog_offer_variants ov on ov.variant_id = lv.source_variant_id
          where l.store_id = ${id}`);
      expect(lines.map((l) => l.codigo).sort()).toEqual([...demo.listings!.codes].sort());
      for (const l of lines) {
        expect(l.state).toBe('active');
        expect(l.accepted).toBe(l.wholesale);
        expect(l.price).toBeGreaterThanOrEqual(listingFloorCents(l.wholesale, feeBps));
        expect(l.price % 100).toBe(90);
        expect(l.same_photo).toBe(true);
        expect(l.department).toBe(demo.listings!.department.slug);
      }

      const listed = lines[0]!;
      const res = await t.app.inject({
        url: `/api/reseller/producto/search?q=${encodeURIComponent(listed.name)}`,
        headers: { 'x-store-domain': demo.hostname },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((i: { codigo: string }) => i.codigo)).toContain(listed.codigo);
    });
  }

  it('the README’s try-out: own product and a listing in one paid order on demo.localhost, the supplier’s purchase order', async () => {
    const demo = DEMO_STORES[0]!;
    const id = await storeId(demo.slug);
    const [own] = await rows<{ codigo: string; sku: string }>(
      sql`select p.codigo, v.sku from products p join product_variants v on v.product_id = p.id
          where p.store_id = ${id} and v.stock > 0
            and not exists (select 1 from listings l where l.product_id = p.id) order by p.codigo limit 1`,
    );
    const [listed] = await rows<{ codigo: string; sku: string; wholesale: number }>(
      sql`select p.codigo, v.sku, lv.accepted_wholesale_cents::int as wholesale from listings l
          join products p on p.id = l.product_id join listing_variants lv on lv.listing_id = l.id
          join product_variants v on v.id = lv.variant_id where l.store_id = ${id} order by p.codigo limit 1`,
    );
    const { order } = await placePaidOrder(
      t.app,
      { store: { hostname: demo.hostname } },
      {
        idempotencyKey: randomUUID(),
        email: `${randomUUID()}@example.com`,
        items: [
          { codigo: own!.codigo, sku: own!.sku, quantity: 1 },
          { codigo: listed!.codigo, sku: listed!.sku, quantity: 1 },
        ],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
      },
    );
    expect(order.packages.map((p) => p.own).sort()).toEqual([false, true]);
    const supplierPackage = order.packages.find((p) => !p.own)!;

    const token = await signIn(DEMO_STORES.find((d) => d.supplier)!.ownerEmail);
    const list = await t.app.inject({
      url: '/api/admin/pedidos-revendedores',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.find((i: { id: string }) => i.id === supplierPackage.id)).toMatchObject({
      resellerStoreName: demo.name,
      units: 1,
    });
  });
});
