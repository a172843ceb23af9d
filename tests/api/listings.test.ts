/**
 * Resellers' listings of suppliers' offers (decision 134, 139): creating one copies the supplier's content into a
 * product of the reseller's store at the reseller's prices; the refusals (unknown, unpublished or own offer, already
 * listed, variants not offered or missing, prices under the floor or over the catalogue's highest price), 20 identical
 * requests giving one listing; edits, accepting the supplier's new price, removing; the bulk pricing rule on 1,000
 * listings; and tenancy: no other store reads or changes a reseller's listings. Offers are inserted directly (the
 * supplier's publish API is built apart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture } from '../helpers/factories.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import type { StoreFixture } from '../helpers/factories.js';
import {
  catalogOfferVariants,
  listingVariants,
  listings,
  products,
  productVariants,
} from '../../src/server/db/schema/index.js';
import { formatMoney, listingFloorCents } from '../../src/shared/money.js';
import { storeFeeBps } from '../../src/server/modules/subscriptions/index.js';
import { syncListings } from '../../src/server/modules/marketplace/listing-sync.js';
import { offerFixture } from '../helpers/listing-offers.js';
import { importer } from '../helpers/catalog-import.js';

describe('listings', () => {
  let t: TestApp;
  let supplier: { store: StoreFixture; seller: SellerFixture };
  let reseller: { store: StoreFixture; seller: SellerFixture };
  let other: { store: StoreFixture; seller: SellerFixture };
  let feeBps: number;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const floor = (w: number) => listingFloorCents(w, feeBps);
  const prices = (o: Awaited<ReturnType<typeof offerFixture>>, add = 0) =>
    o.variants.map((v) => ({ sourceVariantId: v.id, retailCents: floor(v.wholesale) + add }));

  beforeAll(async () => {
    t = await createTestApp();
    supplier = await storeWithSeller(t);
    reseller = await storeWithSeller(t);
    other = await storeWithSeller(t);
    feeBps = await storeFeeBps({ db: t.app.db, storeId: reseller.store.id });
  });
  afterAll(() => t.close());

  it('copies the supplier’s product into the reseller’s store at the reseller’s prices', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [
      { sku: 'TZ-R', options: { color: 'Rojo' }, stock: 7, wholesale: 10000 },
      { sku: 'TZ-A', options: { color: 'Azul' }, stock: 0, wholesale: 12000 },
    ]);
    const res = await as(reseller.seller.token, 'POST', '/api/admin/listings', {
      offerId: o.offerId,
      variants: prices(o, 500),
      taxonomy: { department: 'Cocina', category: 'Tazas' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({ state: 'active', displayState: 'active', stock: 7, department: 'Cocina' });
    expect(l.variants.map((v: { retailCents: number }) => v.retailCents)).toEqual([
      floor(10000) + 500,
      floor(12000) + 500,
    ]);
    expect(l.variants[0].marginCents).toBeGreaterThanOrEqual(0);
    const [copy] = await t.app.db
      .select()
      .from(products)
      .where(eq(products.id, (await listingRow(l.id)).productId));
    expect(copy.storeId).toBe(reseller.store.id);
    expect(copy.codigo).toBe(o.codigo);
    expect(copy.description).toBe('Taza de barro hecha a mano en Oaxaca.');
    expect(copy.specifications).toEqual([{ label: 'Material', value: 'Barro' }]);
    expect(copy.weightGrams).toBe(750);
    expect(copy.priceCents).toBe(floor(10000) + 500);
    const vs = await t.app.db.select().from(productVariants).where(eq(productVariants.productId, copy.id));
    expect(vs.map((v) => [v.sku, v.options, v.stock]).sort()).toEqual([
      ['TZ-A', { color: 'Azul' }, 0],
      ['TZ-R', { color: 'Rojo' }, 7],
    ]);
    const lv = await t.app.db.select().from(listingVariants).where(eq(listingVariants.listingId, l.id));
    expect(lv.map((v) => v.acceptedWholesaleCents).sort()).toEqual([10000, 12000]);
  });

  async function listingRow(id: string) {
    const [row] = await t.app.db.select().from(listings).where(eq(listings.id, id));
    return row;
  }

  it('refuses unknown, unpublished and own offers, wrong variants, prices under the floor or over the maximum', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [
      { sku: 'RF-1', stock: 3, wholesale: 25000 },
      { sku: 'RF-2', stock: 3, wholesale: 30000 },
    ]);
    const post = (body: object, lang = 'es') =>
      as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, ...body }, lang);
    const unknown = await as(reseller.seller.token, 'POST', '/api/admin/listings', {
      offerId: '00000000-0000-4000-8000-000000000000',
      variants: prices(o),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LISTING_OFFER_UNAVAILABLE');
    const hidden = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'RF-H', stock: 3, wholesale: 100 }], {
      status: 'unpublished',
    });
    const unpublished = await as(reseller.seller.token, 'POST', '/api/admin/listings', {
      offerId: hidden.offerId,
      variants: prices(hidden),
    });
    expect(unpublished.json().code).toBe('LISTING_OFFER_UNAVAILABLE');
    const own = await as(supplier.seller.token, 'POST', '/api/admin/listings', {
      offerId: o.offerId,
      variants: prices(o),
    });
    expect([own.statusCode, own.json().code]).toEqual([422, 'LISTING_OWN_OFFER']);
    const missing = await post({ variants: prices(o).slice(0, 1) });
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'LISTING_VARIANTS_INVALID']);
    const notOffered = await post({
      variants: [...prices(o), { sourceVariantId: hidden.variants[0].id, retailCents: 9000 }],
    });
    expect(notOffered.json().code).toBe('LISTING_VARIANTS_INVALID');
    const twice = await post({ variants: [prices(o)[0], prices(o)[0]] });
    expect(twice.json().code).toBe('LISTING_VARIANTS_INVALID');
    const low = await post({ variants: [prices(o)[0], { ...prices(o)[1], retailCents: floor(30000) - 1 }] });
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('LISTING_PRICE_BELOW_FLOOR');
    expect(low.json().message).toContain(formatMoney(floor(30000)));
    expect(low.json().message).toContain('RF-2');
    expect(low.json().fields[0]).toMatchObject({ path: 'variants.1.retailCents' });
    const lowEn = await post({ variants: [{ ...prices(o)[0], retailCents: 100 }, prices(o)[1]] }, 'en');
    expect(lowEn.json().message).toContain(formatMoney(floor(25000), 'en'));
    const high = await post({ variants: [{ ...prices(o)[0], retailCents: 100_000_001 }, prices(o)[1]] });
    expect(high.statusCode).toBe(400);
    const nothing = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.offerId, o.offerId));
    expect(nothing[0].n).toBe(0);
  });

  it('gives one listing to 20 identical requests; the others a 409 and nothing half-written', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'RACE-1', stock: 5, wholesale: 5000 }]);
    const body = { offerId: o.offerId, variants: prices(o, 100) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(reseller.seller.token, 'POST', '/api/admin/listings', body)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('LISTING_EXISTS');
    const copies = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.storeId, reseller.store.id), sql`${products.codigo} like ${`${o.codigo}%`}`));
    expect(copies[0].n).toBe(1);
  });

  it('edits prices (never under the floor), overrides and department; removes a listing', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'ED-1', stock: 5, wholesale: 8000 }]);
    const l = (
      await as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, variants: prices(o) })
    ).json();
    const put = (body: object) => as(reseller.seller.token, 'PUT', `/api/admin/listings/${l.id}`, body);
    const low = await put({ variants: [{ sourceVariantId: o.variants[0].id, retailCents: floor(8000) - 1 }] });
    expect(low.json().code).toBe('LISTING_PRICE_BELOW_FLOOR');
    const ok = await put({
      variants: [{ sourceVariantId: o.variants[0].id, retailCents: 19990 }],
      titleOverride: 'Mi taza favorita',
      taxonomy: { department: 'Hogar', category: 'Tazas' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      name: 'Mi taza favorita',
      titleOverride: 'Mi taza favorita',
      department: 'Hogar',
    });
    expect(ok.json().variants[0].retailCents).toBe(19990);
    const back = await put({
      variants: [{ sourceVariantId: o.variants[0].id, retailCents: 19990 }],
      titleOverride: '',
    });
    expect(back.json().name).toBe(back.json().sourceName);
    expect(back.json().department).toBeNull();
    const { productId } = await listingRow(l.id);
    const del = await as(reseller.seller.token, 'DELETE', `/api/admin/listings/${l.id}`);
    expect(del.json()).toEqual({ ok: true, archived: false });
    expect(await t.app.db.select().from(products).where(eq(products.id, productId))).toEqual([]);
    expect((await as(reseller.seller.token, 'GET', `/api/admin/listings/${l.id}`)).statusCode).toBe(404);

    // A listing that sold keeps its product, archived with no stock.
    const l2 = (
      await as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, variants: prices(o) })
    ).json();
    const row = await listingRow(l2.id);
    await t.app.db.update(products).set({ soldCount: 2 }).where(eq(products.id, row.productId));
    expect((await as(reseller.seller.token, 'DELETE', `/api/admin/listings/${l2.id}`)).json()).toEqual({
      ok: true,
      archived: true,
    });
    const [kept] = await t.app.db.select().from(products).where(eq(products.id, row.productId));
    expect(kept.archivedAt).not.toBeNull();
  });

  it('a price rise under the floor sends the listing to review; repricing or accepting brings it back', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'RV-1', stock: 5, wholesale: 10000 }]);
    const l = (
      await as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, variants: prices(o, 2000) })
    ).json();
    const setWholesale = async (w: number) => {
      await t.app.db
        .update(catalogOfferVariants)
        .set({ wholesaleCents: w })
        .where(eq(catalogOfferVariants.variantId, o.variants[0].id));
      await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    };
    const get = async () => (await as(reseller.seller.token, 'GET', `/api/admin/listings/${l.id}`)).json();
    const visible = async () =>
      (
        await t.app.db
          .select({ v: products.visible })
          .from(products)
          .where(eq(products.id, (await listingRow(l.id)).productId))
      )[0].v;
    // Up, but the margin stays positive: active, with the new margin shown.
    await setWholesale(10500);
    expect(await get()).toMatchObject({ state: 'active', priceChanged: true });
    // Up past the retail price's floor: review, hidden from the storefront.
    await setWholesale(20000);
    expect(await get()).toMatchObject({ state: 'review', displayState: 'review' });
    expect(await visible()).toBe(false);
    const page = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/productos/${l.productCode}`,
        headers: { 'x-store-domain': reseller.store.hostname },
      });
    expect((await page()).statusCode).toBe(404);
    const refused = await as(reseller.seller.token, 'POST', `/api/admin/listings/${l.id}/accept`);
    expect(refused.json().code).toBe('LISTING_PRICE_BELOW_FLOOR');
    expect((await get()).state).toBe('review');
    const repriced = await as(reseller.seller.token, 'PUT', `/api/admin/listings/${l.id}`, {
      variants: [{ sourceVariantId: o.variants[0].id, retailCents: floor(20000) }],
    });
    expect(repriced.json()).toMatchObject({ state: 'active', priceChanged: true });
    expect(await visible()).toBe(true);
    expect((await page()).statusCode).toBe(200);
    const accepted = await as(reseller.seller.token, 'POST', `/api/admin/listings/${l.id}/accept`);
    expect(accepted.json()).toMatchObject({ state: 'active', priceChanged: false });
    expect(accepted.json().variants[0].acceptedWholesaleCents).toBe(20000);
  });

  it('no other store reads or changes a reseller’s listings; a supplier does not see its resellers’ prices', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'TN-1', stock: 5, wholesale: 4000 }]);
    const l = (
      await as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, variants: prices(o, 700) })
    ).json();
    for (const who of [other.seller.token, supplier.seller.token]) {
      expect((await as(who, 'GET', `/api/admin/listings/${l.id}`)).statusCode).toBe(404);
      expect(
        (
          await as(who, 'PUT', `/api/admin/listings/${l.id}`, {
            variants: [{ sourceVariantId: o.variants[0].id, retailCents: 99999 }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await as(who, 'POST', `/api/admin/listings/${l.id}/accept`)).statusCode).toBe(404);
      expect((await as(who, 'DELETE', `/api/admin/listings/${l.id}`)).statusCode).toBe(404);
      const list = (await as(who, 'GET', '/api/admin/listings')).json();
      expect(list.items.map((i: { id: string }) => i.id)).not.toContain(l.id);
      const bulk = await as(who, 'POST', '/api/admin/listings/prices', {
        percent: 500,
        endingCents: 0,
        belowFloor: 'raise',
        listingIds: [l.id],
      });
      expect(bulk.json().results).toEqual([]);
    }
    expect((await as(reseller.seller.token, 'GET', `/api/admin/listings/${l.id}`)).json().variants[0].retailCents).toBe(
      floor(4000) + 700,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/listings' })).statusCode).toBe(401);
  });

  it('leaves a listing’s product to Dropshipping: the product editor and a CSV file cannot change it', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'GUARD-1', stock: 5, wholesale: 10000 }]);
    const l = (
      await as(reseller.seller.token, 'POST', '/api/admin/listings', { offerId: o.offerId, variants: prices(o, 100) })
    ).json();
    const productId = (await listingRow(l.id)).productId;
    const [before] = await t.app.db.select().from(products).where(eq(products.id, productId));
    expect(before.sourceProductId).toBe(o.productId);
    const form = (await as(reseller.seller.token, 'GET', `/api/admin/products/${before.codigo}`)).json();
    // The same form sent back with a price under the floor, as the product editor would.
    const edit = await as(reseller.seller.token, 'PUT', `/api/admin/products/${before.codigo}`, {
      ...form,
      industry: 'home',
      department: 'Cocina',
      category: 'Tazas',
      shortDescription: 'Taza de barro hecha a mano.',
      variants: form.variants.map((v: object) => ({ ...v, priceCents: 100 })),
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('PRODUCT_IS_LISTING');
    expect(edit.json().message).toContain('Dropshipping');
    const csv = await importer(t, reseller.seller.token);
    const run = await csv.run(
      [
        'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty',
        `${before.codigo.toLowerCase()},Barata,GUARD-1,1.00,99`,
      ].join('\n'),
    );
    expect(JSON.stringify(run.progress)).toContain('product_is_listing');
    const [after] = await t.app.db.select().from(products).where(eq(products.id, productId));
    const variants = await t.app.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    expect([after.name, after.priceCents]).toEqual([before.name, before.priceCents]);
    expect(variants.map((v) => [v.priceCents, v.stock])).toEqual([[floor(10000) + 100, 5]]);
  });

  it('gives the copy a code and SKUs of its own when the reseller already uses the supplier’s', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'DUP-1', stock: 2, wholesale: 3000 }]);
    await createProductFixture(t.app.db, reseller.store.id, {
      codigo: o.codigo,
      variants: [{ sku: 'DUP-1', options: {}, priceCents: 1000, stock: 1 }],
    });
    const l = await as(reseller.seller.token, 'POST', '/api/admin/listings', {
      offerId: o.offerId,
      variants: prices(o),
    });
    expect(l.statusCode, l.body).toBe(201);
    expect(l.json().productCode).toBe(`${o.codigo}-2`);
    expect(l.json().variants[0].sku).toBe('DUP-1-2');
  });

  it('shows an offer as the creation page needs it: wholesale, stock, floor and suggested price', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [{ sku: 'OF-1', stock: 9, wholesale: 15000 }], {
      suggested: 29900,
    });
    const res = await as(reseller.seller.token, 'GET', `/api/admin/listings/offer/${o.offerId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ listingId: null, feeBps });
    expect(res.json().variants).toEqual([
      expect.objectContaining({
        sku: 'OF-1',
        wholesaleCents: 15000,
        stock: 9,
        floorCents: floor(15000),
        suggestedCents: 29900,
      }),
    ]);
    expect((await as(supplier.seller.token, 'GET', `/api/admin/listings/offer/${o.offerId}`)).json().code).toBe(
      'LISTING_OWN_OFFER',
    );
  });
});
