/**
 * Catalogue import and export in Shopify's product CSV format (decisions 063, 064): a file of
 * more than 200 real products (the committed Luma and Vendure catalogues, written as Shopify would) builds them and
 * the storefront's search finds them; a file with bad lines reports exactly those lines and imports nothing; export →
 * import gives the same catalogue; another store cannot read the job or the file; the catalogue permission is needed;
 * 20 parallel uploads never answer 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { storeWithSeller, twoStoresWithSellers } from '../helpers/sellers.js';
import { multipartBody } from '../helpers/uploads.js';
import { readShopifyCsv } from '../../src/server/modules/catalog/shopify-csv-read.js';
import { load, price, shopifyCsv } from '../helpers/shopify-csv.js';

describe('catalogue CSV import and export', () => {
  let t: TestApp;
  let a: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, sellerA, sellerB } = await twoStoresWithSellers(t));
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  const auth = (token: string, lang = 'es') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
  const upload = async (token: string, csv: string | Buffer, lang = 'es', name = 'products_export.csv') => {
    const body = await multipartBody(Buffer.from(csv), name, 'text/csv');
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...body.headers, ...auth(token, lang) },
      payload: body.payload,
    });
  };
  const progress = async (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/jobs/${id}`, headers: auth(token) });
  const result = async (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/jobs/${id}/csv-result`, headers: auth(token) });
  const count = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/products?pageSize=1', headers: auth(token) })).json()
      .total as number;
  const importFile = async (token: string, csv: string) => {
    const res = await upload(token, csv);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json();
    expect((await progress(token, jobId)).json().status).toBe('queued');
    await t.app.jobs.drain();
    return { jobId, progress: (await progress(token, jobId)).json(), result: (await result(token, jobId)).json() };
  };

  it('imports more than 200 products with their variants, and the storefront search finds them', async () => {
    const { csv, products, rows } = shopifyCsv('imp');
    expect(products.length).toBeGreaterThanOrEqual(200);
    const run = await importFile(sellerA.token, csv);
    expect(run.progress).toMatchObject({ status: 'completed', errors: [], kind: 'catalog-import' });
    expect(run.progress.done).toBe(run.progress.total);
    expect(run.progress.total).toBe(rows + products.length);
    // No Image Src in this file; images by URL: catalog-import-images.test.ts.
    expect(run.result).toMatchObject({ created: products.length, updated: 0, imagesSkipped: 0 });
    expect(await count(sellerA.token)).toBe(products.length);

    // One product in detail: variants with options, prices, stock, taxonomy, keywords.
    const sample = products.find((p) => p.variants.length > 5)!;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products?q=${encodeURIComponent(`imp-${sample.variants[0]!.sku}`)}`,
      headers: auth(sellerA.token),
    });
    const codigo = list.json().items[0].codigo;
    const p = (
      await t.app.inject({ method: 'GET', url: `/api/admin/products/${codigo}`, headers: auth(sellerA.token) })
    ).json();
    expect(p.name).toBe(sample.name);
    expect(p.variants).toHaveLength(sample.variants.length);
    expect(p.variants[0]).toMatchObject({
      sku: `imp-${sample.variants[0]!.sku}`,
      priceCents: sample.variants[0]!.priceCents,
      stock: sample.variants[0]!.stock,
    });
    expect(Object.keys(p.attributes).sort()).toEqual(['color', 'size']);
    expect(p.keywords).toEqual(sample.keywords.map((k) => k.toLowerCase()));
    expect(p.description).toContain(sample.description.split('\n')[0]);

    const search = await t.app.inject({
      method: 'GET',
      url: `/api/reseller/producto/search?q=${encodeURIComponent(sample.name)}`,
      headers: { 'x-store-domain': a.hostname },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().items.map((i: { codigo: string }) => i.codigo)).toContain(codigo);
  }, 120_000);

  it('reports exactly the bad lines, translated reasons by field, and imports nothing', async () => {
    const before = await count(sellerB.token);
    const { csv } = shopifyCsv('bad');
    const lines = csv.split('\n');
    // A product's first row spans several lines (its HTML body); later variant rows are one line each: the bad rows
    // are later ones, found by their SKU cell (the reported line is where a row starts).
    const lineOf = (sku: string) => lines.findIndex((l) => l.includes(`,bad-${sku},`)) + 1;
    const luma = load('luma.json.gz').products.filter((p) => p.variants.length >= 3);
    const [p1, p2, p3] = [luma[3]!, luma[10]!, luma[20]!];
    const badPrice = lineOf(p1.variants[1]!.sku);
    const badQty = lineOf(p2.variants[2]!.sku);
    const dupSku = lineOf(p3.variants[1]!.sku);
    lines[badPrice - 1] = lines[badPrice - 1]!.replace(`,${price(p1.variants[1]!.priceCents)},`, ',doce pesos,');
    lines[badQty - 1] = lines[badQty - 1]!.replace(
      `,${p2.weightGrams},,${p2.variants[2]!.stock},`,
      `,${p2.weightGrams},,muchos,`,
    );
    lines[dupSku - 1] = lines[dupSku - 1]!.replace(`,bad-${p3.variants[1]!.sku},`, `,bad-${p1.variants[2]!.sku},`);
    // A first row (several lines long) is reported at the line where it starts.
    const p4 = luma.find((p, i) => i > 30 && !/[",]/.test(p.name))!;
    const shortTitle = lines.findIndex((l) => l.startsWith(`bad-${p4.codigo.toLowerCase()},${p4.name},`)) + 1;
    lines[shortTitle - 1] = lines[shortTitle - 1]!.replace(`,${p4.name},`, ',Ab,');
    const run = await importFile(sellerB.token, lines.join('\n'));
    expect(run.progress.status).toBe('failed');
    expect(run.progress.errors).toEqual(
      [
        {
          at: badPrice,
          code: 'CSV_ROW_INVALID',
          params: { field: 'Variant Price', reason: 'invalid_price', value: 'doce pesos' },
        },
        {
          at: badQty,
          code: 'CSV_ROW_INVALID',
          params: { field: 'Variant Inventory Qty', reason: 'invalid_integer', value: 'muchos' },
        },
        { at: dupSku, code: 'CSV_ROW_INVALID', params: { field: 'Variant SKU', reason: 'duplicate_sku' } },
        { at: shortTitle, code: 'CSV_ROW_INVALID', params: { field: 'Title', reason: 'too_short' } },
      ].sort((x, y) => x.at - y.at),
    );
    expect(run.result).toMatchObject({ created: 0, updated: 0 });
    expect(await count(sellerB.token)).toBe(before);
  }, 120_000);

  it('reports a SKU that another product of the store owns, and imports nothing', async () => {
    const csv = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price',
      'nuevo-uno,Producto nuevo uno,Title,Default Title,SKU-UNICO-1,10.00',
      // An SKU of the >200-product import of store A is not this store's: fine here.
      'nuevo-dos,Producto nuevo dos,Title,Default Title,imp-MH01-XS-Black,12.50',
    ].join('\n');
    const okB = await importFile(sellerB.token, csv);
    expect(okB.progress.status).toBe('completed');
    const before = await count(sellerA.token);
    const clash = await importFile(
      sellerA.token,
      csv.replace('nuevo-uno', 'otro-uno').replace('nuevo-dos', 'otro-dos'),
    );
    expect(clash.progress.status).toBe('failed');
    expect(clash.progress.errors).toEqual([
      { at: 3, code: 'CSV_ROW_INVALID', params: { field: 'Variant SKU', reason: 'sku_taken' } },
    ]);
    expect(await count(sellerA.token)).toBe(before);
  });

  it('refuses files that are not a Shopify product CSV with translated messages (es, en)', async () => {
    const noHandle = await upload(sellerA.token, 'Name,Price\nx,1\n', 'es');
    expect(noHandle.statusCode).toBe(422);
    expect(noHandle.json()).toMatchObject({ code: 'CSV_MISSING_COLUMNS' });
    expect(noHandle.json().message).toContain('Handle, Title');
    const en = await upload(sellerA.token, 'Name,Price\nx,1\n', 'en');
    expect(en.json().message).toMatch(/lacks columns of Shopify's product format: Handle, Title/);
    const binary = await upload(sellerA.token, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x2c, 0x42]), 'es');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().code).toBe('CSV_INVALID');
    const big = await upload(sellerA.token, `Handle,Title\n${'a,bbb\n'.repeat(900_000)}`, 'en');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'CSV_TOO_LARGE', message: 'The CSV file must be smaller than 5 MB.' });
    const nul = await upload(sellerA.token, 'Handle,Title\nx,Algo\u0000bueno\n', 'es');
    expect(nul.statusCode).toBe(422);
    expect(nul.json().code).toBe('CSV_INVALID');
    const empty = await upload(sellerA.token, '', 'es');
    expect(empty.statusCode).toBe(400);
  });

  it('round trip: export → import into another store gives the same catalogue; into the same store updates it', async () => {
    const exp = await t.app.inject({ method: 'POST', url: '/api/admin/products/export', headers: auth(sellerA.token) });
    expect(exp.statusCode, exp.body).toBe(202);
    const { jobId } = exp.json();
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/csv`,
      headers: auth(sellerA.token),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CSV_NOT_READY');
    await t.app.jobs.drain();
    expect((await progress(sellerA.token, jobId)).json()).toMatchObject({
      status: 'completed',
      kind: 'catalog-export',
    });
    const res = (await result(sellerA.token, jobId)).json();
    const total = await count(sellerA.token);
    expect(res).toMatchObject({ kind: 'export', ready: true, products: total });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/csv`,
      headers: auth(sellerA.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="products_export_/);
    const parsed = readShopifyCsv(Buffer.from(file.body));
    expect(parsed.problems).toEqual([]);
    expect(parsed.products).toHaveLength(total);

    // Into a new store: the same products, variants, prices and stock.
    const { seller: sellerC } = await storeWithSeller(t);
    const into = await importFile(sellerC.token, file.body);
    expect(into.progress.status).toBe('completed');
    expect(into.result).toMatchObject({ created: total, updated: 0 });
    const snapshot = async (token: string) => {
      const items: { name: string; priceCents: number; totalStock: number; variantCount: number }[] = [];
      for (let page = 1; ; page++) {
        const r = (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/products?pageSize=100&page=${page}`,
            headers: auth(token),
          })
        ).json();
        items.push(...r.items.map((i: (typeof items)[number]) => [i.name, i.priceCents, i.totalStock, i.variantCount]));
        if (page * 100 >= r.total) break;
      }
      return items.map((i) => JSON.stringify(i)).sort();
    };
    expect(await snapshot(sellerC.token)).toEqual(await snapshot(sellerA.token));

    // Into the same store: every product updated, none created.
    const again = await importFile(sellerA.token, file.body);
    expect(again.progress.status).toBe('completed');
    expect(again.result).toMatchObject({ created: 0, updated: total });
    expect(await count(sellerA.token)).toBe(total);
  }, 180_000);

  it('another store cannot read the job, its result or the export; the catalogue permission is needed', async () => {
    const exp = await t.app.inject({ method: 'POST', url: '/api/admin/products/export', headers: auth(sellerA.token) });
    const { jobId } = exp.json();
    await t.app.jobs.drain();
    for (const url of [
      `/api/admin/jobs/${jobId}`,
      `/api/admin/jobs/${jobId}/csv-result`,
      `/api/admin/jobs/${jobId}/csv`,
    ]) {
      const other = await t.app.inject({ method: 'GET', url, headers: auth(sellerB.token) });
      expect(other.statusCode, url).toBe(404);
      expect(other.json().code).toBe('JOB_NOT_FOUND');
      expect(other.body).not.toContain('Handle');
    }
    const sales = await createCollaboratorFixture(t.app, a.id, ['orders']);
    const denied = [
      await upload(sales.token, 'Handle,Title\nx,Algo\n'),
      await t.app.inject({ method: 'POST', url: '/api/admin/products/export', headers: auth(sales.token) }),
      await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/csv`, headers: auth(sales.token) }),
      await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/csv-result`, headers: auth(sales.token) }),
    ];
    for (const r of denied) expect(r.statusCode).toBe(403);
    const catalogue = await createCollaboratorFixture(t.app, a.id, ['catalog']);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/csv`,
      headers: auth(catalogue.token),
    });
    expect(ok.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/csv` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an import until the company profile is complete', async () => {
    const d = await createStoreFixture(t.database.db);
    const sellerD = await createSellerFixture(t.app, d.id);
    const res = await upload(sellerD.token, 'Handle,Title,Variant Price\nx,Algo bueno,10\n');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('COMPANY_PROFILE_INCOMPLETE');
  });

  it('20 parallel identical uploads never answer 500, and their jobs leave one copy of each product', async () => {
    const csv = [
      'Handle,Title,Tags,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
      'taza-roja,Taza de cerámica roja,"taza, cocina",Color,Rojo,TAZA-R,149.00,5',
      'taza-roja,,,,Azul,TAZA-A,149.00,3',
    ].join('\n');
    const before = await count(sellerB.token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(sellerB.token, csv)));
    for (const r of answers) expect(r.statusCode, r.body).toBe(202);
    await t.app.jobs.drain();
    const states = await Promise.all(answers.map(async (r) => (await progress(sellerB.token, r.json().jobId)).json()));
    expect(states.every((s) => s.status === 'completed')).toBe(true);
    expect(await count(sellerB.token)).toBe(before + 1);
  }, 120_000);
});
