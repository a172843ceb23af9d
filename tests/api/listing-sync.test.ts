/**
 * The listings' sync (decision 134): a supplier's product change reaches its resellers' copies through the
 * `marketplace-sync` job: content (the name and description unless overridden, photos, options), the stock mirror of
 * each variant, and the state (review when a wholesale rise puts a retail price under its floor, unpublished when the
 * offer is withdrawn; both hidden from the storefront). Then the set-based paths on 1,000 listings: the sync of one
 * product listed by 1,000 stores, and the bulk pricing rule on 1,000 listings of one store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import type { StoreFixture } from '../helpers/factories.js';
import {
  catalogOfferVariants,
  catalogOffers,
  listings,
  products,
  productVariants,
} from '../../src/server/db/schema/index.js';
import { listingFloorCents } from '../../src/shared/money.js';
import { bulkRetailCents } from '../../src/shared/contracts/listings.js';
import { storeFeeBps } from '../../src/server/modules/subscriptions/index.js';
import { syncListings } from '../../src/server/modules/marketplace/listing-sync.js';
import { offerFixture } from '../helpers/listing-offers.js';

describe('listing sync', () => {
  let t: TestApp;
  let supplier: { store: StoreFixture; seller: SellerFixture };
  let reseller: { store: StoreFixture; seller: SellerFixture };
  let feeBps: number;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const floor = (w: number) => listingFloorCents(w, feeBps);
  const copyOf = async (listingId: string) => {
    const [l] = await t.app.db.select().from(listings).where(eq(listings.id, listingId));
    const [p] = await t.app.db.select().from(products).where(eq(products.id, l.productId));
    const vs = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, p.id))
      .orderBy(productVariants.position);
    return { listing: l, product: p, variants: vs };
  };
  /** The change feed queues the sync at commit; the test then runs the queued jobs. */
  const runSync = async () => {
    await t.app.changeFeed.sync();
    await t.app.jobs.drain();
  };

  beforeAll(async () => {
    t = await createTestApp();
    supplier = await storeWithSeller(t);
    reseller = await storeWithSeller(t);
    feeBps = await storeFeeBps({ db: t.app.db, storeId: reseller.store.id });
  });
  afterAll(() => t.close());

  it('copies content and options, mirrors stock, and moves the state with the supplier’s price and offer', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [
      { sku: 'SY-1', options: { color: 'Rojo' }, stock: 4, wholesale: 10000 },
      { sku: 'SY-2', options: { color: 'Azul' }, stock: 6, wholesale: 10000 },
    ]);
    const create = (titleOverride: string | null) =>
      as(reseller.seller.token, 'POST', '/api/admin/listings', {
        offerId: o.offerId,
        variants: o.variants.map((v) => ({ sourceVariantId: v.id, retailCents: floor(v.wholesale) + 1000 })),
        titleOverride,
      });
    const created = await create(null);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    // A second reseller's listing of the same offer, with its own title.
    const second = await storeWithSeller(t);
    const other = (
      await as(second.seller.token, 'POST', '/api/admin/listings', {
        offerId: o.offerId,
        variants: o.variants.map((v) => ({ sourceVariantId: v.id, retailCents: floor(v.wholesale) + 1000 })),
        titleOverride: 'Taza de la casa',
      })
    ).json();

    // The supplier renames the product, changes a colour, sells two units of SY-2.
    const photos = [{ fileId: '11111111-1111-4111-8111-111111111111', url: '/uploads/x/taza-0' }];
    await t.app.db
      .update(products)
      .set({ name: 'Taza artesanal', description: 'Nueva descripción', photos, imageUrl: '/uploads/x/taza-0' })
      .where(eq(products.id, o.productId));
    await t.app.db
      .update(productVariants)
      .set({ options: { color: 'Verde' } })
      .where(eq(productVariants.id, o.variants[0].id));
    await t.app.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, o.variants[1].id));
    await runSync();
    const a = await copyOf(id);
    expect(a.product).toMatchObject({
      name: 'Taza artesanal',
      description: 'Nueva descripción',
      imageUrl: '/uploads/x/taza-0',
    });
    expect(a.product.photos).toEqual(photos);
    expect(a.variants.map((v) => [v.options, v.stock])).toEqual([
      [{ color: 'Verde' }, 4],
      [{ color: 'Azul' }, 4],
    ]);
    const b = await copyOf(other.id);
    expect(b.product.name).toBe('Taza de la casa');
    expect(b.product.description).toBe('Nueva descripción');

    // A rise that keeps the margin: active. A rise past the floor: review and hidden. Withdrawn: unpublished.
    const wholesale = (w: number) =>
      t.app.db
        .update(catalogOfferVariants)
        .set({ wholesaleCents: w })
        .where(eq(catalogOfferVariants.variantId, o.variants[0].id));
    await wholesale(10100);
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).listing.state).toBe('active');
    await wholesale(15000);
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).listing.state).toBe('review');
    expect((await copyOf(id)).product.visible).toBe(false);
    await t.app.db.update(catalogOffers).set({ status: 'unpublished' }).where(eq(catalogOffers.id, o.offerId));
    await syncListings({ db: t.app.db }, supplier.store.id, null);
    expect((await copyOf(id)).listing.state).toBe('unpublished');
    expect((await copyOf(other.id)).listing.state).toBe('unpublished');
    expect((await copyOf(other.id)).product.visible).toBe(false);
    const shown = await as(reseller.seller.token, 'GET', '/api/admin/listings?state=unpublished');
    expect(shown.json().items.map((i: { id: string }) => i.id)).toContain(id);
    // The supplier archives its product: withdrawn too, until it is restored.
    await t.app.db.update(catalogOffers).set({ status: 'published' }).where(eq(catalogOffers.id, o.offerId));
    await t.app.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, o.productId));
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).listing.state).toBe('unpublished');
    await t.app.db.update(products).set({ archivedAt: null }).where(eq(products.id, o.productId));
    // Back, at the old price: active and visible again.
    await t.app.db.update(catalogOffers).set({ status: 'published' }).where(eq(catalogOffers.id, o.offerId));
    await wholesale(10000);
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).listing.state).toBe('active');
    expect((await copyOf(id)).product.visible).toBe(true);
    // A variant the supplier stops offering sells nothing through the listing.
    await t.app.db.delete(catalogOfferVariants).where(eq(catalogOfferVariants.variantId, o.variants[1].id));
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).variants[1].stock).toBe(0);
    // Run twice, nothing more is written.
    const before = (await copyOf(id)).product.updatedAt;
    await syncListings({ db: t.app.db }, supplier.store.id, [o.productId]);
    expect((await copyOf(id)).product.updatedAt).toEqual(before);
  });

  it('brings 1,000 listings of one product up to date in one sync', async () => {
    const o = await offerFixture(t.app.db, supplier.store.id, [
      { sku: 'BIG-1', stock: 50, wholesale: 20000 },
      { sku: 'BIG-2', stock: 60, wholesale: 20000 },
    ]);
    const db = t.app.db;
    // 1,000 reseller stores, each with a copy and its listing, written in a few statements.
    await db.execute(sql`
      with s as (
        insert into stores (slug, name) select 'bulk-' || g || '-' || ${o.codigo.toLowerCase()}, 'Tienda ' || g
        from generate_series(1, 1000) g returning id
      ), p as (
        insert into products (store_id, codigo, name, price_cents) select id, 'COPIA', 'Nombre viejo', 40000 from s
        returning id, store_id
      ), l as (
        insert into listings (store_id, offer_id, supplier_store_id, product_id)
        select p.store_id, ${o.offerId}, ${supplier.store.id}, p.id from p returning id, store_id, product_id
      ), v as (
        insert into product_variants (store_id, product_id, sku, price_cents, stock, position)
        select l.store_id, l.product_id, sv.sku, 40000, 0, sv.position
        from l, product_variants sv where sv.product_id = ${o.productId}
        returning id, store_id, product_id, sku
      )
      insert into listing_variants (store_id, listing_id, variant_id, source_variant_id, accepted_wholesale_cents)
      select v.store_id, l.id, v.id, sv.id, 20000
      from v join l on l.product_id = v.product_id join product_variants sv on sv.product_id = ${o.productId} and sv.sku = v.sku`);
    await db.update(products).set({ name: 'Nombre nuevo' }).where(eq(products.id, o.productId));
    await db
      .update(catalogOfferVariants)
      .set({ wholesaleCents: 45000 })
      .where(eq(catalogOfferVariants.variantId, o.variants[0].id));
    const started = performance.now();
    await syncListings({ db }, supplier.store.id, [o.productId]);
    const ms = performance.now() - started;
    const copies = await db
      .select({ name: products.name, state: listings.state, visible: products.visible })
      .from(listings)
      .innerJoin(products, eq(products.id, listings.productId))
      .where(eq(listings.offerId, o.offerId));
    expect(copies).toHaveLength(1000);
    expect(copies.every((c) => c.name === 'Nombre nuevo' && c.state === 'review' && !c.visible)).toBe(true);
    const stocks = await db
      .select({ stock: productVariants.stock, n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(sql`${productVariants.sku} in ('BIG-1', 'BIG-2') and ${productVariants.storeId} <> ${supplier.store.id}`)
      .groupBy(productVariants.stock);
    expect(stocks.sort((x, y) => x.stock - y.stock)).toEqual([
      { stock: 50, n: 1000 },
      { stock: 60, n: 1000 },
    ]);
    console.info(`sync of 1,000 listings: ${Math.round(ms)} ms`);
  });

  it('prices 1,000 listings of one store by the bulk rule', async () => {
    const db = t.app.db;
    const { store } = reseller;
    // 1,000 offers of the supplier, one variant each, and the reseller's listing of each.
    const rows = await db.execute<{ id: string }>(sql`
      with sp as (
        insert into products (store_id, codigo, name, price_cents)
        select ${supplier.store.id}, 'BULK-' || g, 'Producto ' || g, 30000 from generate_series(1, 1000) g
        returning id, codigo
      ), sv as (
        insert into product_variants (store_id, product_id, sku, price_cents, stock)
        select ${supplier.store.id}, id, codigo || '-1', 30000, 5 from sp returning id, product_id, sku
      ), o as (
        insert into catalog_offers (store_id, product_id, wholesale_from_cents)
        select ${supplier.store.id}, sp.id, 10000 + (row_number() over (order by sp.codigo))::int from sp
        returning id, product_id, wholesale_from_cents
      ), ov as (
        insert into catalog_offer_variants (store_id, offer_id, variant_id, wholesale_cents)
        select ${supplier.store.id}, o.id, sv.id, o.wholesale_from_cents from o join sv on sv.product_id = o.product_id
        returning variant_id, wholesale_cents
      ), rp as (
        insert into products (store_id, codigo, name, price_cents)
        select ${store.id}, 'R' || sp.codigo, sp.codigo, 50000 from sp returning id, codigo
      ), rv as (
        insert into product_variants (store_id, product_id, sku, price_cents, stock)
        select ${store.id}, id, codigo || '-1', 50000, 5 from rp returning id, sku
      ), l as (
        insert into listings (store_id, offer_id, supplier_store_id, product_id)
        select ${store.id}, o.id, ${supplier.store.id}, rp.id
        from o join sp on sp.id = o.product_id join rp on rp.codigo = 'R' || sp.codigo
        returning id, product_id, offer_id
      )
      insert into listing_variants (store_id, listing_id, variant_id, source_variant_id, accepted_wholesale_cents)
      select ${store.id}, l.id, rv.id, sv.id, ov.wholesale_cents
      from l join rp on rp.id = l.product_id join rv on rv.sku = rp.codigo || '-1'
        join o on o.id = l.offer_id join sv on sv.product_id = o.product_id join ov on ov.variant_id = sv.id
      returning listing_id as id`);
    const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(ids).toHaveLength(1000);
    const body = { percent: 35, endingCents: 90, belowFloor: 'raise', listingIds: ids };
    const preview = await as(reseller.seller.token, 'POST', '/api/admin/listings/prices/preview', body);
    expect(preview.json()).toMatchObject({ priced: 1000, raised: 0, skipped: 0 });
    const res = await as(reseller.seller.token, 'POST', '/api/admin/listings/prices', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ priced: 1000, skipped: 0 });
    const priced = await db
      .select({ price: productVariants.priceCents, wholesale: catalogOfferVariants.wholesaleCents })
      .from(listings)
      .innerJoin(sql`listing_variants lv`, sql`lv.listing_id = ${listings.id}`)
      .innerJoin(productVariants, sql`${productVariants.id} = lv.variant_id`)
      .innerJoin(catalogOfferVariants, sql`${catalogOfferVariants.variantId} = lv.source_variant_id`)
      .where(inArray(listings.id, ids));
    expect(priced).toHaveLength(1000);
    expect(priced.every((p) => p.price === bulkRetailCents(p.wholesale, 35, 90) && p.price % 100 === 90)).toBe(true);
    expect(priced.every((p) => p.price >= floor(p.wholesale))).toBe(true);

    // Under the floor: raised to it (at the ending), or skipped and left as it was.
    const some = ids.slice(0, 3);
    const raised = await as(reseller.seller.token, 'POST', '/api/admin/listings/prices', {
      percent: 0,
      endingCents: 0,
      belowFloor: 'raise',
      listingIds: some,
    });
    expect(raised.json()).toMatchObject({ priced: 0, raised: 3, skipped: 0 });
    const skipped = await as(reseller.seller.token, 'POST', '/api/admin/listings/prices', {
      percent: 1,
      endingCents: 0,
      belowFloor: 'skip',
      listingIds: some,
    });
    expect(skipped.json()).toMatchObject({ priced: 0, skipped: 3 });
    expect(skipped.json().results.every((r: { outcome: string }) => r.outcome === 'skipped_floor')).toBe(true);
    const after = await db
      .select({ price: productVariants.priceCents, wholesale: catalogOfferVariants.wholesaleCents })
      .from(listings)
      .innerJoin(sql`listing_variants lv`, sql`lv.listing_id = ${listings.id}`)
      .innerJoin(productVariants, sql`${productVariants.id} = lv.variant_id`)
      .innerJoin(catalogOfferVariants, sql`${catalogOfferVariants.variantId} = lv.source_variant_id`)
      .where(inArray(listings.id, some));
    for (const p of after) {
      expect(p.price).toBeGreaterThanOrEqual(floor(p.wholesale));
      expect(p.price % 100).toBe(0);
      expect(p.price - 100).toBeLessThan(floor(p.wholesale));
    }
  });
});
