/**
 * A supplier's offers in the global catalogue (decision 134): the "Vender como proveedor" switch, publishing at
 * per-variant wholesale prices, every refusal, the parallel race, withdrawing (listings stop selling) and publishing
 * again (listings go to review), and the snapshot kept fresh by refreshOffers when the supplier edits its product.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, createCollaboratorFixture, type StoreFixture } from '../helpers/factories.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import { catalogOffers, catalogOfferVariants, listings } from '../../src/server/db/schema/marketplace.js';
import { products, productVariants } from '../../src/server/db/schema/catalog.js';
import { refreshOffers } from '../../src/server/modules/marketplace/offer-sync.js';
import { MAX_PRODUCT_PRICE_CENTS } from '../../src/shared/contracts/catalog-admin.js';

describe('supplier offers', () => {
  let t: TestApp;
  let supplier: StoreFixture;
  let sellerS: SellerFixture;
  let reseller: StoreFixture;
  let sellerR: SellerFixture;

  beforeAll(async () => {
    t = await createTestApp();
    ({ store: supplier, seller: sellerS } = await storeWithSeller(t));
    ({ store: reseller, seller: sellerR } = await storeWithSeller(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const req = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, lang = 'es') =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const setSupplier = (token: string, enabled: boolean) =>
    req(token, 'PUT', '/api/proveedor/company_profile/supplier', { enabled });
  const publish = (codigo: string, payload: object, token = sellerS.token, lang = 'es') =>
    req(token, 'PUT', `/api/admin/marketplace/offers/${codigo}`, payload, lang);

  /** A two-variant product of the supplier; returns its code and variant ids. */
  async function twoVariantProduct(name = 'Bolsa de yute natural') {
    const p = await createProductFixture(t.database.db, supplier.id, {
      name,
      variants: [
        { sku: `${randomUUID().slice(0, 8)}-CH`, options: { talla: 'CH' }, priceCents: 30000, stock: 5 },
        { sku: `${randomUUID().slice(0, 8)}-G`, options: { talla: 'G' }, priceCents: 35000, stock: 7 },
      ],
    });
    const variants = await t.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, p.id))
      .orderBy(productVariants.position, productVariants.sku);
    return { ...p, variantIds: variants.map((v) => v.id) };
  }

  it('the switch: off by default, turned on and off by the owner, part of the profile; needs settings', async () => {
    const before = await req(sellerS.token, 'GET', '/api/proveedor/company_profile');
    expect(before.json().supplierEnabled).toBe(false);
    const on = await setSupplier(sellerS.token, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().supplierEnabled).toBe(true);
    const colab = await createCollaboratorFixture(t.app, supplier.id, ['catalog']);
    expect((await setSupplier(colab.token, false)).statusCode).toBe(403);
    expect((await req(sellerS.token, 'GET', '/api/proveedor/company_profile')).json().supplierEnabled).toBe(true);
  });

  it('refuses a store that is not a supplier, in Spanish and English', async () => {
    const p = await createProductFixture(t.database.db, reseller.id);
    const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    const body = { variants: [{ variantId: v.id, wholesaleCents: 10000 }] };
    const es = await publish(p.codigo, body, sellerR.token);
    expect(es.statusCode).toBe(409);
    expect(es.json().code).toBe('SUPPLIER_NOT_ENABLED');
    expect(es.json().message).toContain('Vender como proveedor');
    const en = await publish(p.codigo, body, sellerR.token, 'en');
    expect(en.json().message).toContain('Sell as a supplier');
  });

  it('publishes with per-variant wholesale prices; wholesale-from is the lowest; updates in place', async () => {
    const p = await twoVariantProduct();
    const res = await publish(p.codigo, {
      variants: [
        { variantId: p.variantIds[0], wholesaleCents: 18000 },
        { variantId: p.variantIds[1], wholesaleCents: 21000 },
      ],
      suggestedRetailCents: 32000,
      leadTimeDaysMin: 2,
      leadTimeDaysMax: 5,
    });
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer.offer).toMatchObject({
      status: 'published',
      wholesaleFromCents: 18000,
      suggestedRetailCents: 32000,
      leadTimeDaysMin: 2,
      leadTimeDaysMax: 5,
    });
    expect(offer.product.variants.map((v: { wholesaleCents: number }) => v.wholesaleCents)).toEqual([18000, 21000]);
    const [row] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.id, offer.offer.id));
    expect(row).toMatchObject({ name: 'Bolsa de yute natural', stockTotal: 12, storeId: supplier.id, available: true });

    // Only the second variant now, at a new price: the first is no longer offered.
    const again = await publish(p.codigo, { variants: [{ variantId: p.variantIds[1], wholesaleCents: 25000 }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().offer.id).toBe(offer.offer.id);
    expect(again.json().offer.wholesaleFromCents).toBe(25000);
    const rows = await t.database.db
      .select()
      .from(catalogOfferVariants)
      .where(eq(catalogOfferVariants.offerId, offer.offer.id));
    expect(rows.map((r) => [r.variantId, r.wholesaleCents])).toEqual([[p.variantIds[1], 25000]]);
    const [snap] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.id, offer.offer.id));
    expect(snap.stockTotal).toBe(7);
  });

  it('refuses an unknown product, a variant of another product, no variant, and prices of 0 or above the limit', async () => {
    const p = await twoVariantProduct();
    const other = await twoVariantProduct();
    const unknown = await publish('NOEXISTE', { variants: [{ variantId: p.variantIds[0], wholesaleCents: 100 }] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const foreign = await publish(p.codigo, { variants: [{ variantId: other.variantIds[0], wholesaleCents: 100 }] });
    expect([foreign.statusCode, foreign.json().code]).toEqual([422, 'OFFER_VARIANT_INVALID']);
    const none = await publish(p.codigo, { variants: [] });
    expect([none.statusCode, none.json().code]).toEqual([422, 'OFFER_NO_VARIANT']);
    for (const wholesaleCents of [0, -5, MAX_PRODUCT_PRICE_CENTS + 1]) {
      const bad = await publish(p.codigo, { variants: [{ variantId: p.variantIds[0], wholesaleCents }] });
      expect([bad.statusCode, bad.json().code], String(wholesaleCents)).toEqual([422, 'OFFER_PRICE_INVALID']);
      expect(bad.json().message).toMatch(/\$1,000,000\.00/);
    }
    const suggested = await publish(p.codigo, {
      variants: [{ variantId: p.variantIds[0], wholesaleCents: 100 }],
      suggestedRetailCents: 0,
    });
    expect(suggested.json().code).toBe('OFFER_PRICE_INVALID');
    const lead = await publish(p.codigo, {
      variants: [{ variantId: p.variantIds[0], wholesaleCents: 100 }],
      leadTimeDaysMin: 5,
      leadTimeDaysMax: 2,
    });
    expect(lead.statusCode).toBe(400);
    const max = await publish(p.codigo, {
      variants: [{ variantId: p.variantIds[0], wholesaleCents: MAX_PRODUCT_PRICE_CENTS }],
    });
    expect(max.statusCode).toBe(200);
    // Nothing half-written by the refusals: the one offer has the one accepted variant.
    const offers = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.code, p.codigo));
    expect(offers).toHaveLength(1);
  });

  it('refuses an archived or hidden product, and a product that is a reseller’s listing', async () => {
    const archived = await twoVariantProduct();
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
    const a = await publish(archived.codigo, {
      variants: [{ variantId: archived.variantIds[0], wholesaleCents: 100 }],
    });
    expect([a.statusCode, a.json().code]).toEqual([409, 'OFFER_PRODUCT_ARCHIVED']);

    const hidden = await twoVariantProduct();
    await t.database.db.update(products).set({ visible: false }).where(eq(products.id, hidden.id));
    const h = await publish(hidden.codigo, { variants: [{ variantId: hidden.variantIds[0], wholesaleCents: 100 }] });
    expect([h.statusCode, h.json().code]).toEqual([409, 'OFFER_PRODUCT_HIDDEN']);

    // The supplier is also a reseller of another supplier's offer: that listing's product cannot be offered.
    const { store: other, seller: sellerO } = await storeWithSeller(t);
    await setSupplier(sellerO.token, true);
    const src = await createProductFixture(t.database.db, other.id);
    const [srcV] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, src.id));
    const published = await publish(
      src.codigo,
      { variants: [{ variantId: srcV.id, wholesaleCents: 100 }] },
      sellerO.token,
    );
    expect(published.statusCode).toBe(200);
    const copy = await twoVariantProduct('Copia revendida');
    await t.database.db.insert(listings).values({
      storeId: supplier.id,
      offerId: published.json().offer.id,
      supplierStoreId: other.id,
      productId: copy.id,
    });
    const l = await publish(copy.codigo, { variants: [{ variantId: copy.variantIds[0], wholesaleCents: 100 }] });
    expect([l.statusCode, l.json().code]).toEqual([409, 'OFFER_PRODUCT_IS_LISTING']);
    expect(
      (await req(sellerS.token, 'GET', `/api/admin/marketplace/offers/${copy.codigo}`)).json().product.isListing,
    ).toBe(true);
  });

  it('20 identical publishes in parallel: one offer, no 500', async () => {
    const p = await twoVariantProduct();
    const body = { variants: [{ variantId: p.variantIds[0], wholesaleCents: 15000 }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => publish(p.codigo, body)));
    expect(results.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const offers = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.productId, p.id));
    expect(offers).toHaveLength(1);
    const variants = await t.database.db
      .select()
      .from(catalogOfferVariants)
      .where(eq(catalogOfferVariants.offerId, offers[0].id));
    expect(variants).toHaveLength(1);
  });

  it('withdrawing flags every listing unpublished in the same step; publishing again puts them in review', async () => {
    const p = await twoVariantProduct();
    const res = await publish(p.codigo, { variants: [{ variantId: p.variantIds[0], wholesaleCents: 15000 }] });
    const offerId = res.json().offer.id as string;
    const copy = await createProductFixture(t.database.db, reseller.id);
    const [listing] = await t.database.db
      .insert(listings)
      .values({ storeId: reseller.id, offerId, supplierStoreId: supplier.id, productId: copy.id })
      .returning();
    expect(listing.state).toBe('active');

    const off = await req(sellerS.token, 'POST', `/api/admin/marketplace/offers/${p.codigo}/unpublish`);
    expect(off.statusCode).toBe(200);
    expect(off.json().offer.status).toBe('unpublished');
    expect(off.json().offer.unpublishedAt).not.toBeNull();
    const [after] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after.state).toBe('unpublished');
    // Idempotent.
    expect((await req(sellerS.token, 'POST', `/api/admin/marketplace/offers/${p.codigo}/unpublish`)).statusCode).toBe(
      200,
    );

    const again = await publish(p.codigo, { variants: [{ variantId: p.variantIds[0], wholesaleCents: 16000 }] });
    expect(again.json().offer).toMatchObject({ status: 'published', unpublishedAt: null, id: offerId });
    const [reviewed] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(reviewed.state).toBe('review');

    const never = await twoVariantProduct();
    const nope = await req(sellerS.token, 'POST', `/api/admin/marketplace/offers/${never.codigo}/unpublish`);
    expect([nope.statusCode, nope.json().code]).toEqual([404, 'OFFER_NOT_FOUND']);
  });

  it('refreshOffers re-snapshots name, stock and the lowest price after the supplier edits the product', async () => {
    const p = await twoVariantProduct('Canasta de palma');
    const res = await publish(p.codigo, {
      variants: [
        { variantId: p.variantIds[0], wholesaleCents: 9000 },
        { variantId: p.variantIds[1], wholesaleCents: 8000 },
      ],
    });
    const offerId = res.json().offer.id as string;
    await t.database.db
      .update(products)
      .set({ name: 'Canasta tejida de palma', origin: 'MX', imageUrl: '/uploads/x/y/0' })
      .where(eq(products.id, p.id));
    await t.database.db.update(productVariants).set({ stock: 40 }).where(eq(productVariants.id, p.variantIds[0]));
    await t.database.db.delete(productVariants).where(eq(productVariants.id, p.variantIds[1]));
    await refreshOffers({ db: t.database.db }, supplier.id, [p.id]);
    const [row] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.id, offerId));
    expect(row).toMatchObject({
      name: 'Canasta tejida de palma',
      searchName: 'canasta tejida de palma',
      origin: 'MX',
      coverUrl: '/uploads/x/y/0',
      stockTotal: 40,
      wholesaleFromCents: 9000,
      available: true,
    });
    // Hidden by the supplier: kept, but not shown.
    await t.database.db.update(products).set({ visible: false }).where(eq(products.id, p.id));
    await refreshOffers({ db: t.database.db }, supplier.id, null);
    const [hidden] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.id, offerId));
    expect(hidden.available).toBe(false);
    expect(hidden.status).toBe('published');
  });

  it('a supplier’s edit reaches its offer through the change feed and one marketplace-sync job', async () => {
    const p = await twoVariantProduct('Sombrero de palma');
    const res = await publish(p.codigo, { variants: [{ variantId: p.variantIds[0], wholesaleCents: 7000 }] });
    const offerId = res.json().offer.id as string;
    await t.app.jobs.drain();
    await t.database.db.update(products).set({ name: 'Sombrero vaquero de palma' }).where(eq(products.id, p.id));
    await t.database.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, p.variantIds[0]));
    // The listener queues the job when it hears the change (fire and forget): drain until it has run.
    let row: typeof catalogOffers.$inferSelect | undefined;
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.drain();
      [row] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.id, offerId));
      if (row?.name === 'Sombrero vaquero de palma' && row.stockTotal === 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toMatchObject({ name: 'Sombrero vaquero de palma', stockTotal: 3 });
  });

  it('turning the switch off withdraws the store’s offers at the next refresh', async () => {
    const { store, seller } = await storeWithSeller(t);
    await setSupplier(seller.token, true);
    const p = await createProductFixture(t.database.db, store.id);
    const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    const res = await publish(p.codigo, { variants: [{ variantId: v.id, wholesaleCents: 100 }] }, seller.token);
    expect(res.statusCode).toBe(200);
    await setSupplier(seller.token, false);
    await refreshOffers({ db: t.database.db }, store.id, null);
    const [row] = await t.database.db.select().from(catalogOffers).where(eq(catalogOffers.productId, p.id));
    expect(row.status).toBe('unpublished');
    const refused = await publish(p.codigo, { variants: [{ variantId: v.id, wholesaleCents: 100 }] }, seller.token);
    expect(refused.json().code).toBe('SUPPLIER_NOT_ENABLED');
  });

  it('needs the catalog permission and reads only the store’s own products', async () => {
    const colab = await createCollaboratorFixture(t.app, supplier.id, ['orders']);
    const p = await twoVariantProduct();
    const res = await publish(
      p.codigo,
      { variants: [{ variantId: p.variantIds[0], wholesaleCents: 100 }] },
      colab.token,
    );
    expect(res.statusCode).toBe(403);
    // The reseller asks for the supplier's product by its code: not its product.
    const foreign = await req(sellerR.token, 'GET', `/api/admin/marketplace/offers/${p.codigo}`);
    expect(foreign.statusCode).toBe(404);
  });
});
