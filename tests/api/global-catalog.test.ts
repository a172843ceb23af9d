/**
 * The global catalogue as a reseller searches it (decisions 134, 137): full text and typo tolerance, filters and
 * facets, sorts and pages, never unpublished or the asking store's own offers, exactly the fields that may cross, and
 * the offer detail with the supplier's card; on both engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, createCollaboratorFixture, type StoreFixture } from '../helpers/factories.js';
import { storeWithSeller, type SellerFixture } from '../helpers/sellers.js';
import { listings } from '../../src/server/db/schema/marketplace.js';
import { products, productVariants } from '../../src/server/db/schema/catalog.js';
import type { GlobalCatalogPage } from '../../src/shared/contracts/marketplace.js';

// Both engines answer the same (decision 140): the in-memory index, and PostgreSQL while it is not ready.
describe.each(['index', 'postgres'] as const)('global catalogue (%s engine)', (engine) => {
  let t: TestApp;
  let s1: StoreFixture;
  let seller1: SellerFixture;
  let s2: StoreFixture;
  let seller2: SellerFixture;
  let reseller: StoreFixture;
  let sellerR: SellerFixture;
  const offerIds: Record<string, string> = {};

  const req = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const search = async (query: Record<string, string | number> = {}, token = sellerR.token) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await req(token, 'GET', `/api/admin/global-catalog${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GlobalCatalogPage;
  };
  const names = (p: GlobalCatalogPage) => p.items.map((i) => i.name);

  /** Publishes a product of `store` with one variant at `wholesale` centavos. */
  async function offer(
    store: StoreFixture,
    seller: SellerFixture,
    key: string,
    p: {
      name: string;
      wholesale: number;
      department: string;
      category: string;
      origin?: string;
      description?: string;
      stock?: number;
    },
  ) {
    const prod = await createProductFixture(t.database.db, store.id, {
      name: p.name,
      description: p.description ?? '',
      department: { slug: p.department.toLowerCase(), name: p.department },
      category: { slug: p.category.toLowerCase(), name: p.category },
      variants: [{ sku: `${key}-${store.slug}`, options: {}, priceCents: p.wholesale * 2, stock: p.stock ?? 10 }],
    });
    if (p.origin) await t.database.db.update(products).set({ origin: p.origin }).where(eq(products.id, prod.id));
    const [v] = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, prod.id));
    const res = await req(seller.token, 'PUT', `/api/admin/marketplace/offers/${prod.codigo}`, {
      variants: [{ variantId: v.id, wholesaleCents: p.wholesale }],
      suggestedRetailCents: p.wholesale * 2,
      leadTimeDaysMin: 1,
      leadTimeDaysMax: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    offerIds[key] = res.json().offer.id;
    return prod;
  }

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_ENGINE: engine });
    ({ store: s1, seller: seller1 } = await storeWithSeller(t));
    ({ store: s2, seller: seller2 } = await storeWithSeller(t));
    ({ store: reseller, seller: sellerR } = await storeWithSeller(t));
    for (const seller of [seller1, seller2, sellerR])
      await req(seller.token, 'PUT', '/api/proveedor/company_profile/supplier', { enabled: true });
    await req(seller2.token, 'PUT', '/api/proveedor/company_profile/basic', {
      name: 'Textiles del Bajío',
      businessType: 'trading_company',
      registrationYear: 2015,
    });
    await offer(s1, seller1, 'mochila', {
      name: 'Mochila escolar de lona',
      wholesale: 25000,
      department: 'Mochilas',
      category: 'Escolares',
      origin: 'MX',
      description: 'Resistente al agua, ideal para la escuela.',
    });
    await offer(s1, seller1, 'cartera', {
      name: 'Cartera de piel',
      wholesale: 40000,
      department: 'Accesorios',
      category: 'Piel',
      origin: 'MX',
    });
    await offer(s2, seller2, 'camiseta', {
      name: 'Camiseta de algodón orgánico',
      wholesale: 9000,
      department: 'Ropa',
      category: 'Playeras',
      origin: 'CN',
      stock: 300,
    });
    await offer(s2, seller2, 'sudadera', {
      name: 'Sudadera con capucha',
      wholesale: 30000,
      department: 'Ropa',
      category: 'Sudaderas',
      origin: 'CN',
    });
    const withdrawn = await offer(s2, seller2, 'retirada', {
      name: 'Mochila retirada del catálogo',
      wholesale: 1000,
      department: 'Mochilas',
      category: 'Escolares',
    });
    await req(seller2.token, 'POST', `/api/admin/marketplace/offers/${withdrawn.codigo}/unpublish`);
    // The reseller's own offer: never in its own results.
    await offer(reseller, sellerR, 'propia', {
      name: 'Mochila propia del revendedor',
      wholesale: 2000,
      department: 'Mochilas',
      category: 'Escolares',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the other suppliers’ published offers, newest first, never withdrawn or its own', async () => {
    const page = await search();
    expect(names(page)).toEqual([
      'Sudadera con capucha',
      'Camiseta de algodón orgánico',
      'Cartera de piel',
      'Mochila escolar de lona',
    ]);
    expect(page.total).toBe(4);
    expect(page.pageSize).toBe(24);
    // Supplier 2 sees supplier 1's and the reseller's offers, not its own.
    expect(names(await search({}, seller2.token)).sort()).toEqual(
      ['Cartera de piel', 'Mochila escolar de lona', 'Mochila propia del revendedor'].sort(),
    );
  });

  it('searches the words (accents, plurals, prefixes and the description), then tolerates typos', async () => {
    expect(names(await search({ q: 'mochilas' }))).toEqual(['Mochila escolar de lona']);
    expect(names(await search({ q: 'algodon' }))).toEqual(['Camiseta de algodón orgánico']);
    expect(names(await search({ q: 'camis' }))).toEqual(['Camiseta de algodón orgánico']);
    expect(names(await search({ q: 'escuela' }))).toEqual(['Mochila escolar de lona']);
    const exact = await search({ q: 'cartera' });
    expect(exact.approximate).toBe(false);
    const typo = await search({ q: 'sudaderra' });
    expect(names(typo)).toEqual(['Sudadera con capucha']);
    expect(typo.approximate).toBe(true);
    // Words that match offers a filter excludes are not typos: nothing, and no "closest names".
    const filtered = await search({ q: 'camiseta', department: 'Mochilas' });
    expect([filtered.total, filtered.approximate]).toEqual([0, false]);
    const nothing = await search({ q: 'refrigerador' });
    expect(nothing.items).toEqual([]);
    expect(nothing.total).toBe(0);
  });

  it('filters by department, category, supplier, origin and price; facets count under the other filters', async () => {
    expect(names(await search({ department: 'Ropa' })).sort()).toEqual([
      'Camiseta de algodón orgánico',
      'Sudadera con capucha',
    ]);
    expect(names(await search({ category: 'Sudaderas' }))).toEqual(['Sudadera con capucha']);
    expect(names(await search({ supplier: s1.id })).sort()).toEqual(['Cartera de piel', 'Mochila escolar de lona']);
    expect(names(await search({ origin: 'cn' })).sort()).toEqual([
      'Camiseta de algodón orgánico',
      'Sudadera con capucha',
    ]);
    expect(names(await search({ priceMin: 20000, priceMax: 35000 })).sort()).toEqual([
      'Mochila escolar de lona',
      'Sudadera con capucha',
    ]);
    const page = await search({ department: 'Ropa' });
    // The department facet ignores its own filter; the others count within Ropa.
    expect(page.facets.departments).toEqual(
      expect.arrayContaining([
        { value: 'Ropa', label: 'Ropa', count: 2 },
        { value: 'Mochilas', label: 'Mochilas', count: 1 },
        { value: 'Accesorios', label: 'Accesorios', count: 1 },
      ]),
    );
    expect(page.facets.categories).toHaveLength(2);
    expect(page.facets.suppliers).toEqual([{ value: s2.id, label: 'Textiles del Bajío', count: 2 }]);
    expect(page.facets.origins).toEqual([{ value: 'CN', label: 'CN', count: 2 }]);
  });

  it('sorts by wholesale price both ways and by relevance', async () => {
    expect((await search({ sort: 'price_asc' })).items.map((i) => i.wholesaleFromCents)).toEqual([
      9000, 25000, 30000, 40000,
    ]);
    expect((await search({ sort: 'price_desc' })).items.map((i) => i.wholesaleFromCents)).toEqual([
      40000, 30000, 25000, 9000,
    ]);
    // The name counts above the description: a pencil case "para tu mochila" comes after the backpack, though newer.
    await offer(s1, seller1, 'estuche', {
      name: 'Estuche escolar',
      wholesale: 5000,
      department: 'Accesorios',
      category: 'Escolares',
      description: 'Cabe en tu mochila.',
    });
    expect(names(await search({ q: 'mochila', sort: 'relevance' }))).toEqual([
      'Mochila escolar de lona',
      'Estuche escolar',
    ]);
    expect(names(await search({ q: 'mochila', sort: 'newest' }))).toEqual([
      'Estuche escolar',
      'Mochila escolar de lona',
    ]);
    expect((await search({ page: 2 })).items).toEqual([]);
  });

  it('answers only the fields that may cross, and whether the asking store lists the offer', async () => {
    const copy = await createProductFixture(t.database.db, reseller.id);
    await t.database.db
      .insert(listings)
      .values({ storeId: reseller.id, offerId: offerIds.camiseta, supplierStoreId: s2.id, productId: copy.id });
    // Written outside the app: on PostgreSQL its notification reaches the instance's listed marks a moment later.
    await t.app.changeFeed.sync();
    const page = await search({ q: 'camiseta' });
    expect(page.items).toHaveLength(1);
    const item = page.items[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'offerId',
        'code',
        'name',
        'coverUrl',
        'wholesaleFromCents',
        'suggestedRetailCents',
        'stock',
        'moq',
        'leadTimeDaysMin',
        'leadTimeDaysMax',
        'origin',
        'supplier',
        'listed',
      ].sort(),
    );
    expect(item).toMatchObject({
      offerId: offerIds.camiseta,
      wholesaleFromCents: 9000,
      suggestedRetailCents: 18000,
      stock: 300,
      moq: 1,
      origin: 'CN',
      listed: true,
      supplier: { storeId: s2.id, name: 'Textiles del Bajío' },
    });
    // Its badges (decision 165) are public like the name.
    expect(Object.keys(item.supplier).sort()).toEqual(['badges', 'name', 'storeId']);
    expect(item.supplier.badges).toEqual([]);
    // Not the supplier's retail price (18000 is the suggested one; the product sells at 2 × 9000 = 18000 too, so
    // check by name), costs, emails or customers.
    const json = JSON.stringify(page);
    expect(json).not.toMatch(/priceCents|cost|email|customer|phone|balance|"retail"/i);
    expect((await search({ q: 'mochila' })).items[0].listed).toBe(false);
  });

  it('marks "listed" from the instance’s memory, which follows listings written anywhere, even by SQL', async () => {
    const listedOf = async (q: string) => (await search({ q })).items.map((i) => [i.name, i.listed]);
    // Asked once: the reseller's listed offers are now remembered.
    expect(await listedOf('sudadera')).toEqual([['Sudadera con capucha', false]]);
    const copy = await createProductFixture(t.database.db, reseller.id);
    await t.database.db
      .insert(listings)
      .values({ storeId: reseller.id, offerId: offerIds.sudadera, supplierStoreId: s2.id, productId: copy.id });
    await t.app.changeFeed.sync();
    expect(await listedOf('sudadera')).toEqual([['Sudadera con capucha', true]]);
    // Another store's listing of the same offer does not mark it for this one.
    await t.database.db.delete(listings).where(eq(listings.productId, copy.id));
    const other = await createProductFixture(t.database.db, s1.id);
    await t.database.db
      .insert(listings)
      .values({ storeId: s1.id, offerId: offerIds.sudadera, supplierStoreId: s2.id, productId: other.id });
    await t.app.changeFeed.sync();
    expect(await listedOf('sudadera')).toEqual([['Sudadera con capucha', false]]);
    await t.database.db.delete(listings).where(eq(listings.productId, other.id));
  });

  it('details one published offer with its variants and the supplier card; 404 for withdrawn or own', async () => {
    const res = await req(sellerR.token, 'GET', `/api/admin/global-catalog/${offerIds.camiseta}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      name: 'Camiseta de algodón orgánico',
      departmentName: 'Ropa',
      categoryName: 'Playeras',
      wholesaleFromCents: 9000,
      listed: true,
      supplier: {
        storeId: s2.id,
        name: 'Textiles del Bajío',
        businessType: 'trading_company',
        registrationYear: 2015,
        publishedOffers: 2,
        city: null,
        state: null,
      },
    });
    expect(d.variants).toEqual([
      { variantId: expect.any(String), sku: `camiseta-${s2.slug}`, options: {}, wholesaleCents: 9000, stock: 300 },
    ]);
    expect(JSON.stringify(d)).not.toMatch(
      /priceCents|samplePrice|paymentOptions|email|phone|contacts|legalOwner|taxRegistration/i,
    );
    expect(Object.keys(d.purchase).sort()).toEqual(
      ['deliveryDaysMax', 'deliveryDaysMin', 'quantityMax', 'quantityMin', 'unitOfSale'].sort(),
    );
    const withdrawn = await req(sellerR.token, 'GET', `/api/admin/global-catalog/${offerIds.retirada}`);
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([404, 'OFFER_NOT_FOUND']);
    const own = await req(sellerR.token, 'GET', `/api/admin/global-catalog/${offerIds.propia}`);
    expect(own.statusCode).toBe(404);
  });

  it('needs the catalog permission; bad filters are a 400', async () => {
    const colab = await createCollaboratorFixture(t.app, reseller.id, ['orders']);
    expect((await req(colab.token, 'GET', '/api/admin/global-catalog')).statusCode).toBe(403);
    expect((await req(sellerR.token, 'GET', '/api/admin/global-catalog?supplier=nope')).statusCode).toBe(400);
    expect((await req(sellerR.token, 'GET', '/api/admin/global-catalog?sort=best')).statusCode).toBe(400);
    expect((await req(sellerR.token, 'GET', '/api/admin/global-catalog?q=%00')).statusCode).toBe(400);
  });
});
