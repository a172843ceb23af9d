/**
 * Catalogue CSV import and export, the parts a spreadsheet or a Shopify file gets wrong easily (decisions 110-112):
 * - export → import is lossless for text a spreadsheet would run as a formula (titles starting with "=", "-", "@"),
 *   which the file carries neutralised;
 * - a price written "349,50" is $349.50, "1,349" is a bad line naming its value, a negative stock is a bad line;
 * - Shopify's English taxonomy becomes Spanish departments and categories on a Spanish store (English on an English
 *   one), and the seller's own Type wins for the category;
 * - the export's image links use the store's own primary domain, whatever host the request came through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, type StoreFixture } from '../helpers/factories.js';
import { storeWithSeller, twoStoresWithSellers } from '../helpers/sellers.js';
import { importer } from '../helpers/catalog-import.js';
import { products, storeDomains } from '../../src/server/db/schema/index.js';
import { publicOrigin } from '../../src/server/lib/public-url.js';

describe('catalogue CSV: formulas, money, taxonomy, link origins', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, sellerA } = await twoStoresWithSellers(t));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'es' });
  /** Starts an export with `headers` (the host it came through), runs it, and returns the file. */
  const exportFile = async (token: string, headers: Record<string, string> = {}) => {
    const exp = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/export',
      headers: { ...auth(token), ...headers },
    });
    expect(exp.statusCode, exp.body).toBe(202);
    await t.app.jobs.drain();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${exp.json().jobId}/csv`,
      headers: auth(token),
    });
    expect(file.statusCode, file.body).toBe(200);
    return file.body;
  };
  const records = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

  it('export → import keeps titles, brands and tags that start with "=", "-", "+" or "@", neutralised in the file', async () => {
    const { seller: sellerC } = await storeWithSeller(t);
    const imp = await importer(t, sellerC.token);
    const csv = [
      'Handle,Title,Vendor,Tags,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
      'formula,"=HYPERLINK(""http://x.test"",""Premio"")",@marca,"=1+1, taza",Color,-Rojo,F-1,199.00,3',
      'oferta,-20% playera de algodón,+Marca,oferta,Title,Default Title,F-2,149.50,7',
    ].join('\n');
    const first = await imp.run(csv);
    expect(first.progress.status, JSON.stringify(first.progress.errors)).toBe('completed');

    const file = await exportFile(sellerC.token);
    const lines = file.split('\r\n');
    expect(lines.find((l) => l.startsWith('formula,'))).toContain(`"'=HYPERLINK(""http://x.test"",""Premio"")"`);
    expect(lines.find((l) => l.startsWith('oferta,'))).toContain(`"'-20% playera de algodón"`);
    const rows = records(file);
    for (const r of rows) for (const [col, v] of Object.entries(r)) expect(v, `${col}: ${v}`).not.toMatch(/^[=+\-@]/);
    expect(rows.find((r) => r.Handle === 'oferta')!['Variant Price']).toBe('149.50');

    // Into another store: the same text, not the neutralised one.
    const { seller: sellerD } = await storeWithSeller(t);
    const into = await importer(t, sellerD.token);
    const run = await into.run(file);
    expect(run.progress.status, JSON.stringify(run.progress.errors)).toBe('completed');
    const formula = await into.product('F-1');
    expect(formula).toMatchObject({ name: '=HYPERLINK("http://x.test","Premio")', brand: '@marca' });
    expect(formula.keywords).toEqual(['=1+1', 'taza']);
    expect(formula.variants[0].options).toEqual({ color: '-Rojo' });
    expect(await into.product('F-2')).toMatchObject({ name: '-20% playera de algodón', brand: '+Marca' });
    // And the round trip of that file into its own store changes nothing.
    expect((await imp.run(file)).result).toMatchObject({ created: 0, updated: 2 });
    expect(await imp.product('F-1')).toMatchObject({ name: formula.name, brand: '@marca' });
  });

  it('reads "349,50" as $349.50; refuses "1,349" and a negative stock as bad lines naming the value', async () => {
    const imp = await importer(t, sellerA.token);
    const ok = await imp.run(
      [
        'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty',
        'vaso,Vaso de vidrio soplado,Title,Default Title,VASO-1,"349,50","$ 1.399,00",4',
      ].join('\n'),
    );
    expect(ok.progress.status, JSON.stringify(ok.progress.errors)).toBe('completed');
    const vaso = await imp.product('VASO-1');
    expect(vaso.variants[0]).toMatchObject({ priceCents: 34950, stock: 4 });
    const [row] = await t.database.db
      .select({ compareAtCents: products.compareAtCents })
      .from(products)
      .where(and(eq(products.storeId, a.id), eq(products.codigo, vaso.codigo)));
    expect(row!.compareAtCents).toBe(139900);

    const before = await imp.count();
    const bad = await imp.run(
      [
        'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
        'plato,Plato de talavera,Talla,Chico,PLATO-1,"1,349",2',
        'plato,,,Grande,PLATO-2,1349.00,-3',
        'jarra,Jarra de barro,Title,Default Title,JARRA-1,doce,1',
      ].join('\n'),
    );
    expect(bad.progress.status).toBe('failed');
    expect(bad.progress.errors).toEqual([
      {
        at: 2,
        code: 'CSV_ROW_INVALID',
        params: { field: 'Variant Price', reason: 'ambiguous_price', value: '1,349' },
      },
      {
        at: 3,
        code: 'CSV_ROW_INVALID',
        params: { field: 'Variant Inventory Qty', reason: 'negative_stock', value: '-3' },
      },
      { at: 4, code: 'CSV_ROW_INVALID', params: { field: 'Variant Price', reason: 'invalid_price', value: 'doce' } },
    ]);
    expect(await imp.count()).toBe(before);
  });

  it("maps Shopify's taxonomy to the store's language; the seller's Type names the category", async () => {
    const header = 'Handle,Title,Product Category,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price';
    const rows = [
      'camisa,Camisa de lino blanca,Apparel & Accessories > Clothing > Shirts & Tops,,Talla,M,TX-1,499.00',
      'playera,Playera de algodón,Apparel & Accessories > Clothing > Shirts & Tops,Playeras,Talla,M,TX-2,199.00',
      'sarten,Sartén de hierro,Home & Garden > Kitchen & Dining > Cookware & Bakeware,,Title,Default Title,TX-3,899.00',
      'croquetas,Croquetas para perro,gid://shopify/TaxonomyCategory/ap-2,,Title,Default Title,TX-4,350.00',
      'raro,Artículo raro,Apparel & Accessories > Something New,,Title,Default Title,TX-5,10.00',
    ];
    const es = await importer(t, sellerA.token);
    const run = await es.run([header, ...rows].join('\n'));
    expect(run.progress.status, JSON.stringify(run.progress.errors)).toBe('completed');
    const names = async (imp: typeof es, sku: string) => {
      const p = await imp.product(sku);
      return [p.department, p.category, p.industry];
    };
    expect(await names(es, 'TX-1')).toEqual(['Ropa y accesorios', 'Ropa', 'apparel']);
    expect(await names(es, 'TX-2')).toEqual(['Ropa y accesorios', 'Playeras', 'apparel']);
    expect(await names(es, 'TX-3')).toEqual(['Hogar y jardín', 'Cocina y comedor', 'home']);
    expect(await names(es, 'TX-4')).toEqual(['Animales y mascotas', 'Artículos para mascotas', 'other']);
    // A second level the map does not know: the department's name, never English on a Spanish store.
    expect(await names(es, 'TX-5')).toEqual(['Ropa y accesorios', 'Ropa y accesorios', 'apparel']);

    const { seller: sellerE } = await storeWithSeller(t, { lang: 'en' });
    const en = await importer(t, sellerE.token);
    expect((await en.run([header, ...rows].join('\n'))).progress.status).toBe('completed');
    expect(await names(en, 'TX-1')).toEqual(['Apparel & Accessories', 'Clothing', 'apparel']);
    expect(await names(en, 'TX-3')).toEqual(['Home & Garden', 'Kitchen & Dining', 'home']);
    expect(await names(en, 'TX-4')).toEqual(['Animals & Pet Supplies', 'Pet Supplies', 'other']);
  });

  it("writes image links on the store's own primary domain, whatever host the export request came through", async () => {
    const primary = `tienda-${a.slug}.test`;
    await t.database.db.update(storeDomains).set({ isPrimary: false }).where(eq(storeDomains.storeId, a.id));
    await t.database.db
      .insert(storeDomains)
      .values({ storeId: a.id, hostname: primary, status: 'active', isPrimary: true });
    const { id } = await createProductFixture(t.database.db, a.id);
    const base = `/uploads/${a.id}/files/00000000-0000-4000-8000-000000000001`;
    await t.database.db
      .update(products)
      .set({ imageUrl: base })
      .where(and(eq(products.storeId, a.id), eq(products.id, id)));
    const expected = `${publicOrigin(t.app.config, primary)}${base}-960.webp`;
    for (const headers of <Record<string, string>[]>[
      {}, // the platform's own domain (the admin)
      { 'x-store-domain': b.hostname }, // another store's domain
      { host: `${a.slug}.localhost` }, // one of the store's domains that is not its primary
    ]) {
      const rows = records(await exportFile(sellerA.token, headers));
      const links = rows.map((r) => r['Image Src']).filter(Boolean);
      expect(links, JSON.stringify(headers)).toContain(expected);
      for (const link of links) expect(link.startsWith(publicOrigin(t.app.config, primary)), link).toBe(true);
    }
  });
});
