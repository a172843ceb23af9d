/**
 * Seller catalogue API: create, edit, archive and restore; every validation
 * rule in Spanish and English; the SKU race; tenant isolation; the storefront and its search follow every write at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createProductFixture,
  completeCompanyProfileFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { twoStoresWithSellers } from '../helpers/sellers.js';
import type { FileRefInput, ProductInput } from '../../src/shared/contracts/catalog-admin.js';
import { testImage, uploadAs } from '../helpers/uploads.js';

type FileRef = FileRefInput;
type Photos = { red: FileRef; blue: FileRef };
/** Store A's uploads (colour photos), set in beforeAll. */
let photosA: Photos;

let seq = 0;
/** A complete, valid body: two colours × three sizes with unique SKUs, with the store's uploaded colour photos. */
function validProduct(over: Partial<ProductInput> = {}, photos: Photos = photosA): ProductInput {
  const tag = `T${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
  const colours = ['Rojo', 'Azul'];
  const sizes = ['CH', 'M', 'G'];
  const { red, blue } = photos;
  return {
    industry: 'apparel',
    department: 'Ropa',
    category: 'Playeras',
    name: `Playera ${tag} algodón`,
    shortDescription: 'Playera de algodón peinado, cuello redondo.',
    usage: 'Uso diario',
    keywords: ['playera', 'algodón'],
    brand: 'Marca Norte',
    hsCode: '610910',
    origin: 'MX',
    visible: true,
    attributes: { color: colours, size: sizes },
    variants: colours.flatMap((c, i) =>
      sizes.map((s, j) => ({
        options: { color: c, size: s },
        sku: `${tag}-${i}${j}`,
        barcode: '',
        priceCents: 19900 + j * 1000,
        stock: i === 0 && j === 0 ? 0 : 5,
      })),
    ),
    dimensions: { lengthCm: 30, widthCm: 20, heightCm: 2, weightGrams: 200 },
    specifications: [{ label: 'Material', value: '100% algodón' }],
    packaging: {
      type: 'cardboard_box',
      piecesPerPackage: 50,
      internalPackaging: 'Bolsa individual',
      lengthCm: 60,
      widthCm: 40,
      heightCm: 30,
      grossWeightGrams: 11000,
      netWeightGrams: 10000,
    },
    purchase: {
      unitOfSale: 'pieza',
      minOrderQty: 1,
      quantityMin: 1,
      quantityMax: 500,
      deliveryDaysMin: 2,
      deliveryDaysMax: 7,
      sample: true,
      samplePriceCents: 9900,
      paymentOptions: ['card', 'oxxo'],
      protections: ['refund'],
      customization: 'Bordado con logo',
      monthlyCapacity: 10000,
      containers: '20 ft',
    },
    pickup: { available: false, countryCode: 'MX', postalCode: '', address: '', notes: '' },
    photos: [red, blue],
    coverFileId: red.fileId,
    colourPhotos: { Rojo: red, Azul: blue },
    ...over,
  };
}

describe('seller catalogue', () => {
  let t: TestApp;
  let a: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };
  let photosB: Photos;

  const upload = async (token: string, color: string): Promise<FileRef> => {
    const res = await uploadAs(t.app, token, 'colour_photo', await testImage(600, 600, color));
    expect(res.statusCode, res.body).toBe(201);
    return { fileId: res.json().id, url: res.json().url };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, sellerA, sellerB } = await twoStoresWithSellers(t));
    photosA = { red: await upload(sellerA.token, '#c0392b'), blue: await upload(sellerA.token, '#2950c0') };
    photosB = { red: await upload(sellerB.token, '#c0392b'), blue: await upload(sellerB.token, '#2950c0') };
  });
  afterAll(async () => {
    await t.close();
  });

  const as =
    (seller: { token: string }) =>
    (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang: 'es' | 'en' = 'es') =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${seller.token}`, 'accept-language': lang },
        payload,
      });
  const A = () => as(sellerA);
  const B = () => as(sellerB);
  const shop = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-store-domain': a.hostname } });
  const search = async (q: string) =>
    (await shop(`/api/reseller/producto/search?q=${encodeURIComponent(q)}`))
      .json()
      .items.map((i: { codigo: string }) => i.codigo) as string[];

  it('refuses a product until the company profile is complete, naming what is missing (es, en)', async () => {
    const c = await createStoreFixture(t.database.db);
    const sellerC = await createSellerFixture(t.app, c.id);
    const photos = { red: await upload(sellerC.token, '#c0392b'), blue: await upload(sellerC.token, '#2950c0') };
    const es = await as(sellerC)('POST', '/api/admin/products', validProduct({}, photos));
    expect(es.statusCode).toBe(422);
    expect(es.json().code).toBe('COMPANY_PROFILE_INCOMPLETE');
    expect(es.json().message).toMatch(
      /^Completa la información de tu empresa antes de subir productos. Falta: .*contacto/i,
    );
    expect(es.json().params.gaps).toContainEqual({ section: 'contacts', field: 'contacts' });
    const en = await as(sellerC)('POST', '/api/admin/products', validProduct({}, photos), 'en');
    expect(en.json().message).toMatch(/company/i);
    expect((await as(sellerC)('GET', '/api/admin/products')).json().total).toBe(0);
    await completeCompanyProfileFixture(t.app, sellerC.token);
    expect((await as(sellerC)('POST', '/api/admin/products', validProduct({}, photos))).statusCode).toBe(201);
  });

  it('creates a product with every section; model and code are generated; price is the lowest variant', async () => {
    const body = validProduct();
    const res = await A()('POST', '/api/admin/products', body);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p.codigo).toMatch(/^[0-9A-Z]{10}$/);
    expect(p.model).toBe(`MOD-${p.codigo}`);
    expect(p.priceCents).toBe(19900);
    expect(p.variants).toHaveLength(6);
    expect(p.packaging.cubicMeters).toBe(0.072);
    expect(p.purchase.samplePriceCents).toBe(9900);
    expect(p.image).toBe(body.photos![0].url);
    expect(p.variants.find((v: { options: { color: string } }) => v.options.color === 'Azul').image).toBe(
      body.colourPhotos!.Azul.url,
    );
    expect(p.department).toBe('Ropa');
    expect(p.hsCode).toBe('610910');
    const got = await A()('GET', `/api/admin/products/${p.codigo}`);
    expect(got.json()).toEqual(p);
  });

  it('the storefront and its search show a created product at once, with the colour photo on its variants', async () => {
    const body = validProduct({ name: 'Chamarra impermeable zorzal' });
    const p = (await A()('POST', '/api/admin/products', body)).json();
    const detail = await shop(`/api/productos/${p.codigo}`);
    expect(detail.statusCode).toBe(200);
    const red = detail.json().variants.find((v: { options: { color: string } }) => v.options.color === 'Rojo');
    expect(red.image).toBe(body.colourPhotos!.Rojo.url);
    expect(await search('zorzal')).toEqual([p.codigo]);
  });

  it('edit, hide, archive and restore reach the storefront and search at once', async () => {
    const body = validProduct({ name: 'Mochila petirrojo' });
    const p = (await A()('POST', '/api/admin/products', body)).json();
    expect(await search('petirrojo')).toEqual([p.codigo]);
    await shop(`/api/productos/${p.codigo}`); // cache the answer

    const edited = await A()('PUT', `/api/admin/products/${p.codigo}`, {
      ...body,
      name: 'Mochila gorrión',
      variants: body.variants.map((v) => ({ ...v, priceCents: v.priceCents + 500 })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().priceCents).toBe(20400);
    expect(await search('petirrojo')).toEqual([]);
    expect(await search('gorrion')).toEqual([p.codigo]);
    const d = (await shop(`/api/productos/${p.codigo}`)).json();
    expect(d.name).toBe('Mochila gorrión');
    expect(d.priceCents).toBe(20400);

    await A()('PUT', `/api/admin/products/${p.codigo}`, { ...body, name: 'Mochila gorrión', visible: false });
    expect((await shop(`/api/productos/${p.codigo}`)).statusCode).toBe(404);
    expect(await search('gorrion')).toEqual([]);

    await A()('PUT', `/api/admin/products/${p.codigo}`, { ...body, name: 'Mochila gorrión', visible: true });
    expect(await search('gorrion')).toEqual([p.codigo]);

    const archived = await A()('POST', `/api/admin/products/${p.codigo}/archive`);
    expect(archived.json().archived).toBe(true);
    expect((await shop(`/api/productos/${p.codigo}`)).statusCode).toBe(404);
    expect(await search('gorrion')).toEqual([]);
    const activeList = (await A()('GET', '/api/admin/products?q=gorri')).json();
    expect(activeList.total).toBe(0);
    const archivedList = (await A()('GET', '/api/admin/products?status=archived&q=gorri')).json();
    expect(archivedList.items.map((i: { codigo: string }) => i.codigo)).toEqual([p.codigo]);

    const restored = await A()('POST', `/api/admin/products/${p.codigo}/restore`);
    expect(restored.json().archived).toBe(false);
    expect((await shop(`/api/productos/${p.codigo}`)).statusCode).toBe(200);
    expect(await search('gorrion')).toEqual([p.codigo]);
  });

  it('a product made before the form (seed: "talla", descriptive attributes) opens in the form and saves', async () => {
    const legacy = await createProductFixture(t.database.db, a.id, {
      name: 'Sudadera heredada',
      imageUrl: '/uploads/seed/sudadera',
      attributes: { Material: ['Algodón', 'Poliéster'] },
      variants: [
        { sku: `LEG-${Date.now()}-1`, options: { talla: 'M', color: 'Negro' }, priceCents: 50000, stock: 3 },
        { sku: `LEG-${Date.now()}-2`, options: { talla: 'G', color: 'Negro' }, priceCents: 52000, stock: 0 },
      ],
    });
    const got = await A()('GET', `/api/admin/products/${legacy.codigo}`);
    expect(got.statusCode, got.body).toBe(200);
    const p = got.json();
    expect(p.attributes).toEqual({ size: ['M', 'G'], color: ['Negro'] });
    expect(p.variants[0].options).toEqual({ size: 'M', color: 'Negro' });
    expect(p.specifications).toContainEqual({ label: 'Material', value: 'Algodón, Poliéster' });
    const body = validProduct();
    const saved = await A()('PUT', `/api/admin/products/${legacy.codigo}`, {
      ...body,
      name: p.name,
      attributes: p.attributes,
      variants: p.variants.map((v: { image: unknown; barcode: unknown }) => ({ ...v, image: undefined, barcode: '' })),
      photos: [],
      coverFileId: null,
      colourPhotos: {},
      specifications: p.specifications,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants.map((v: { sku: string }) => v.sku)).toEqual(legacy.skus);
    expect(saved.json().image).toBe('/uploads/seed/sudadera');
    const list = (await A()('GET', '/api/admin/products?q=heredada')).json();
    expect(list.items[0]).toMatchObject({ codigo: legacy.codigo, totalStock: 3, variantCount: 2 });
  });

  it('edit keeps variants matched by SKU and deletes the ones left out', async () => {
    const body = validProduct();
    const p = (await A()('POST', '/api/admin/products', body)).json();
    const res = await A()('PUT', `/api/admin/products/${p.codigo}`, {
      ...body,
      attributes: { color: ['Rojo', 'Azul'], size: ['M'] },
      variants: body.variants.filter((v) => v.options!.size === 'M'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: { sku: string }) => v.sku)).toEqual(
      body.variants.filter((v) => v.options!.size === 'M').map((v) => v.sku),
    );
  });

  it('lists with search, out-of-stock filter, paging and department filter', async () => {
    const body = validProduct({
      name: 'Gorra agotada colibrí',
      department: 'Accesorios',
      variants: validProduct().variants.map((v) => ({ ...v, stock: 0 })),
    });
    const p = (await A()('POST', '/api/admin/products', body)).json();
    const out = (await A()('GET', '/api/admin/products?stock=out')).json();
    expect(out.items.map((i: { codigo: string }) => i.codigo)).toContain(p.codigo);
    expect(out.items.every((i: { totalStock: number }) => i.totalStock === 0)).toBe(true);
    const inStock = (await A()('GET', '/api/admin/products?stock=in')).json();
    expect(inStock.items.map((i: { codigo: string }) => i.codigo)).not.toContain(p.codigo);
    const bySku = (await A()('GET', `/api/admin/products?q=${body.variants[0].sku}`)).json();
    expect(bySku.items.map((i: { codigo: string }) => i.codigo)).toEqual([p.codigo]);
    const byDep = (await A()('GET', '/api/admin/products?department=Accesorios')).json();
    expect(byDep.items.map((i: { codigo: string }) => i.codigo)).toEqual([p.codigo]);
    const page1 = (await A()('GET', '/api/admin/products?pageSize=1&page=1')).json();
    const page2 = (await A()('GET', '/api/admin/products?pageSize=1&page=2')).json();
    expect(page1.items).toHaveLength(1);
    expect(page1.total).toBeGreaterThan(1);
    expect(page2.items[0].codigo).not.toBe(page1.items[0].codigo);
  });

  it('creates departments and categories, idempotently, and they appear in the storefront tree', async () => {
    const res = await A()('POST', '/api/reseller/post_categoria_departamento', {
      department: 'Hogar y Jardín',
      category: 'Macetas',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      department: { slug: 'hogar-y-jardin', name: 'Hogar y Jardín' },
      category: { slug: 'macetas', name: 'Macetas' },
    });
    const again = await A()('POST', '/api/reseller/post_categoria_departamento', {
      department: 'Hogar y Jardín',
      category: 'Macetas',
    });
    expect(again.statusCode).toBe(201);
    const tree = (await shop('/api/reseller/post_categoria_departamento')).json();
    const dep = tree.find((d: { slug: string }) => d.slug === 'hogar-y-jardin');
    expect(dep.categories.map((c: { slug: string }) => c.slug)).toContain('macetas');
    const bad = await A()('POST', '/api/reseller/post_categoria_departamento', { department: '' });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/post_categoria_departamento',
      headers: { 'x-store-domain': a.hostname },
      payload: { department: 'X' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('searches HS codes by prefix and words', async () => {
    const byCode = (await A()('GET', '/api/admin/hs-codes?q=6109')).json();
    expect(byCode.map((c: { code: string }) => c.code)).toEqual(['6109', '610910', '610990']);
    const byWords = (await A()('GET', '/api/admin/hs-codes?q=t-shirts%20cotton')).json();
    expect(byWords.map((c: { code: string }) => c.code)).toContain('610910');
  });

  describe('validation (es and en)', () => {
    // The cases are built before the uploads exist: placeholders, swapped for store A's uploads when sent.
    const RED = { fileId: randomUUID(), url: '/uploads/placeholder/red' };
    const BLUE = { fileId: randomUUID(), url: '/uploads/placeholder/blue' };
    const base = validProduct({}, { red: RED, blue: BLUE });
    const real = (body: object) =>
      JSON.parse(
        JSON.stringify(body)
          .replaceAll(RED.fileId, photosA.red.fileId)
          .replaceAll(BLUE.fileId, photosA.blue.fileId)
          .replaceAll(RED.url, photosA.red.url)
          .replaceAll(BLUE.url, photosA.blue.url),
      ) as object;
    const cases: { name: string; body: object; path: string; es: RegExp; en: RegExp }[] = [
      { name: 'name required', body: { ...base, name: '' }, path: 'name', es: /obligatorio/i, en: /required/i },
      {
        name: 'short name',
        body: { ...base, name: 'ab' },
        path: 'name',
        es: /al menos 3/i,
        en: /at least 3/i,
      },
      {
        name: 'usage mandatory',
        body: { ...base, usage: '' },
        path: 'usage',
        es: /obligatorio/i,
        en: /required/i,
      },
      {
        name: 'keywords mandatory',
        body: { ...base, keywords: [] },
        path: 'keywords',
        es: /palabra clave/i,
        en: /keyword/i,
      },
      {
        name: 'short description length',
        body: { ...base, shortDescription: 'corta' },
        path: 'shortDescription',
        es: /al menos 10/i,
        en: /at least 10/i,
      },
      {
        name: 'industry from the list',
        body: { ...base, industry: 'spaceships' },
        path: 'industry',
        es: /obligatorio/i,
        en: /required/i,
      },
      {
        name: 'department required',
        body: { ...base, department: '' },
        path: 'department',
        es: /obligatorio/i,
        en: /required/i,
      },
      {
        name: 'barcode check digit',
        body: { ...base, variants: base.variants.map((v, i) => (i === 0 ? { ...v, barcode: '4006381333932' } : v)) },
        path: 'variants.0.barcode',
        es: /dígito verificador/i,
        en: /check digit/i,
      },
      {
        name: 'barcode repeated',
        body: {
          ...base,
          variants: base.variants.map((v, i) => (i < 2 ? { ...v, barcode: '4006381333931' } : v)),
        },
        path: 'variants.1.barcode',
        es: /se repite/i,
        en: /repeated/i,
      },
      {
        name: 'SKU repeated in the form',
        body: { ...base, variants: base.variants.map((v, i) => (i === 1 ? { ...v, sku: base.variants[0].sku } : v)) },
        path: 'variants.1.sku',
        es: /se repite/i,
        en: /repeated/i,
      },
      {
        name: 'SKU characters',
        body: { ...base, variants: base.variants.map((v, i) => (i === 0 ? { ...v, sku: 'con espacio' } : v)) },
        path: 'variants.0.sku',
        es: /solo admite/i,
        en: /may only contain/i,
      },
      {
        name: 'price positive',
        body: { ...base, variants: base.variants.map((v, i) => (i === 0 ? { ...v, priceCents: 0 } : v)) },
        path: 'variants.0.priceCents',
        es: /al menos 1/i,
        en: /at least 1/i,
      },
      {
        name: 'price integer centavos',
        body: { ...base, variants: base.variants.map((v, i) => (i === 0 ? { ...v, priceCents: 10.5 } : v)) },
        path: 'variants.0.priceCents',
        es: /número entero/i,
        en: /whole number/i,
      },
      {
        name: 'stock not negative',
        body: { ...base, variants: base.variants.map((v, i) => (i === 0 ? { ...v, stock: -1 } : v)) },
        path: 'variants.0.stock',
        es: /al menos 0/i,
        en: /at least 0/i,
      },
      {
        name: 'at least one variant',
        body: { ...base, attributes: {}, variants: [] },
        path: 'variants',
        es: /al menos una variante/i,
        en: /at least one variant/i,
      },
      {
        name: 'variant options match attributes',
        body: {
          ...base,
          variants: base.variants.map((v, i) => (i === 0 ? { ...v, options: { color: 'Verde', size: 'CH' } } : v)),
        },
        path: 'variants.0.options',
        es: /un valor de cada atributo/i,
        en: /one value of each attribute/i,
      },
      {
        name: 'no two variants with the same combination',
        body: {
          ...base,
          variants: base.variants.map((v, i) => (i === 1 ? { ...v, options: base.variants[0].options } : v)),
        },
        path: 'variants.1.options',
        es: /misma combinación/i,
        en: /same combination/i,
      },
      {
        name: 'attribute values not repeated',
        body: { ...base, attributes: { ...base.attributes, size: ['CH', 'ch', 'M', 'G'] } },
        path: 'attributes.size',
        es: /repetidos/i,
        en: /repeated/i,
      },
      {
        name: 'HS code format',
        body: { ...base, hsCode: '61091' },
        path: 'hsCode',
        es: /4 o 6 dígitos/i,
        en: /4 or 6 digits/i,
      },
      {
        name: 'HS code exists',
        body: { ...base, hsCode: '123456' },
        path: 'hsCode',
        es: /no existe/i,
        en: /does not exist/i,
      },
      {
        name: 'origin country code',
        body: { ...base, origin: 'Mexico' },
        path: 'origin',
        es: /2 letras/i,
        en: /2-letter/i,
      },
      {
        name: 'sample price when a sample is offered',
        body: { ...base, purchase: { ...base.purchase, sample: true, samplePriceCents: null } },
        path: 'purchase.samplePriceCents',
        es: /precio de la muestra/i,
        en: /sample price/i,
      },
      {
        name: 'quantity range',
        body: { ...base, purchase: { ...base.purchase, quantityMin: 10, quantityMax: 5 } },
        path: 'purchase.quantityMax',
        es: /mayor o igual/i,
        en: /greater than or equal/i,
      },
      {
        name: 'delivery time range',
        body: { ...base, purchase: { ...base.purchase, deliveryDaysMin: 10, deliveryDaysMax: 5 } },
        path: 'purchase.deliveryDaysMax',
        es: /mayor o igual/i,
        en: /greater than or equal/i,
      },
      {
        name: 'minimum order quantity',
        body: { ...base, purchase: { ...base.purchase, minOrderQty: 0 } },
        path: 'purchase.minOrderQty',
        es: /al menos 1/i,
        en: /at least 1/i,
      },
      {
        name: 'unit of sale',
        body: { ...base, purchase: { ...base.purchase, unitOfSale: '' } },
        path: 'purchase.unitOfSale',
        es: /obligatorio/i,
        en: /required/i,
      },
      {
        name: 'payment option from the list',
        body: { ...base, purchase: { ...base.purchase, paymentOptions: ['bitcoin'] } },
        path: 'purchase.paymentOptions.0',
        es: /opción no válida/i,
        en: /invalid option/i,
      },
      {
        name: 'packaging type',
        body: { ...base, packaging: { ...base.packaging, type: 'crate' } },
        path: 'packaging.type',
        es: /opción no válida/i,
        en: /invalid option/i,
      },
      {
        name: 'packaging net weight ≤ gross',
        body: { ...base, packaging: { ...base.packaging, netWeightGrams: 20000 } },
        path: 'packaging.netWeightGrams',
        es: /neto no puede ser mayor/i,
        en: /net weight cannot be greater/i,
      },
      {
        name: 'packaging dimensions positive',
        body: { ...base, packaging: { ...base.packaging, lengthCm: 0 } },
        path: 'packaging.lengthCm',
        es: /al menos 1/i,
        en: /at least 1/i,
      },
      {
        name: 'piece weight positive',
        body: { ...base, dimensions: { ...base.dimensions, weightGrams: 0 } },
        path: 'dimensions.weightGrams',
        es: /al menos 1/i,
        en: /at least 1/i,
      },
      {
        name: 'technical data label',
        body: { ...base, specifications: [{ label: '', value: 'x' }] },
        path: 'specifications.0.label',
        es: /obligatorio/i,
        en: /required/i,
      },
      {
        name: 'colour photo of an existing colour',
        body: { ...base, colourPhotos: { ...base.colourPhotos, Verde: base.photos![0] } },
        path: 'colourPhotos.Verde',
        es: /color que el producto no tiene/i,
        en: /colour the product does not have/i,
      },
      {
        name: 'cover among the photos',
        body: { ...base, coverFileId: randomUUID() },
        path: 'coverFileId',
        es: /portada/i,
        en: /cover/i,
      },
      {
        name: 'photo URL safe',
        body: { ...base, photos: [{ fileId: randomUUID(), url: 'javascript:alert(1)' }], coverFileId: null },
        path: 'photos.0.url',
        es: /formato/i,
        en: /format/i,
      },
      {
        name: 'pickup address when pickup is offered',
        body: { ...base, pickup: { available: true, countryCode: 'MX', postalCode: '', address: '', notes: '' } },
        path: 'pickup.address',
        es: /obligatorio/i,
        en: /required/i,
      },
    ];
    for (const c of cases) {
      it(`refuses: ${c.name}`, async () => {
        for (const lang of ['es', 'en'] as const) {
          const res = await A()('POST', '/api/admin/products', real(c.body), lang);
          expect(res.statusCode, res.body).toBe(400);
          const field = res.json().fields?.find((f: { path: string }) => f.path === c.path);
          expect(field, `${lang}: ${res.body}`).toBeTruthy();
          expect(field.message).toMatch(lang === 'es' ? c.es : c.en);
        }
      });
    }

    it('refuses a SKU another product of the store uses, in es and en', async () => {
      const first = validProduct();
      expect((await A()('POST', '/api/admin/products', first)).statusCode).toBe(201);
      const second = validProduct();
      second.variants[2] = { ...second.variants[2], sku: first.variants[4].sku };
      for (const lang of ['es', 'en'] as const) {
        const res = await A()('POST', '/api/admin/products', second, lang);
        expect(res.statusCode).toBe(400);
        const field = res.json().fields.find((f: { path: string }) => f.path === 'variants.2.sku');
        expect(field.message).toMatch(lang === 'es' ? /ya lo usa otro producto/ : /already uses this SKU/);
      }
    });

    it('hostile input is a 4xx, never a 500', async () => {
      for (const body of [
        { ...base, name: 'a\u0000b' },
        { ...base, variants: 'x' },
        { ...base, attributes: { colour: ['x'] } },
        { ...base, keywords: Array.from({ length: 100 }, (_, i) => `k${i}`) },
        { ...base, name: 'x'.repeat(10_000) },
        null,
      ]) {
        const res = await A()('POST', '/api/admin/products', body === null ? (null as never) : real(body));
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });
  });

  it('makes a SKU for a product without options, and for any variant left without one, unique in the store', async () => {
    const single = (name: string) => ({
      ...validProduct({ attributes: {}, name }),
      colourPhotos: {},
      variants: [{ options: {}, sku: '', barcode: '', priceCents: 15000, stock: 3 }],
    });
    const first = await A()('POST', '/api/admin/products', single('Taza de barro grande'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().variants.map((v: { sku: string }) => v.sku)).toEqual(['TAZADE']);
    // The same name again: the made SKU does not collide with the first product's.
    const second = await A()('POST', '/api/admin/products', single('Taza de barro chica'));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().variants[0].sku).toBe('TAZADE-2');
    // Variants left without a SKU get one from the name and their options, as the form makes them.
    const body = validProduct({ name: 'Gorra bordada' });
    body.variants = body.variants!.map((v, i) => (i < 2 ? { ...v, sku: '' } : v));
    const withOptions = await A()('POST', '/api/admin/products', body);
    expect(withOptions.statusCode, withOptions.body).toBe(201);
    expect(
      withOptions
        .json()
        .variants.slice(0, 2)
        .map((v: { sku: string }) => v.sku),
    ).toEqual(['GORRAB-ROJO-CH', 'GORRAB-ROJO-M']);
    // Editing keeps a SKU already made, and makes one for a variant cleared of it.
    const code = first.json().codigo;
    const edit = await A()('PUT', `/api/admin/products/${code}`, single('Taza de barro grande'));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().variants.map((v: { sku: string }) => v.sku)).toEqual(['TAZADE']);
  });

  it('20 parallel creates with one SKU give one product and no 500', async () => {
    const sku = `RACE-${Date.now()}`;
    const bodies = Array.from({ length: 20 }, () => {
      const p = validProduct({ attributes: {} });
      return { ...p, colourPhotos: {}, variants: [{ options: {}, sku, barcode: '', priceCents: 1000, stock: 1 }] };
    });
    const answers = await Promise.all(bodies.map((b) => A()('POST', '/api/admin/products', b)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 400 || c === 409)).toBe(true);
    const list = (await A()('GET', `/api/admin/products?q=${sku}`)).json();
    expect(list.total).toBe(1);
  });

  it('another store cannot read, change, archive or list this store’s products', async () => {
    const p = (await A()('POST', '/api/admin/products', validProduct({ name: 'Secreto de A' }))).json();
    expect((await B()('GET', `/api/admin/products/${p.codigo}`)).statusCode).toBe(404);
    expect(
      (await B()('PUT', `/api/admin/products/${p.codigo}`, validProduct({ name: 'Robado' }, photosB))).statusCode,
    ).toBe(404);
    expect((await B()('POST', `/api/admin/products/${p.codigo}/archive`)).statusCode).toBe(404);
    expect((await B()('POST', `/api/admin/products/${p.codigo}/restore`)).statusCode).toBe(404);
    const listB = (await B()('GET', '/api/admin/products?q=Secreto')).json();
    expect(listB.total).toBe(0);
    const still = (await A()('GET', `/api/admin/products/${p.codigo}`)).json();
    expect(still.name).toBe('Secreto de A');
    expect(still.archived).toBe(false);
    // Store B may reuse A's SKUs: SKUs are unique per store.
    const reuse = validProduct({}, photosB);
    reuse.variants = reuse.variants.map((v, i) => ({ ...v, sku: p.variants[i].sku }));
    expect((await B()('POST', '/api/admin/products', reuse)).statusCode).toBe(201);
    // A's photos cannot be used by B, and a URL sent with a file id is replaced by the stored one.
    const stolen = await B()('POST', '/api/admin/products', validProduct({}, photosA));
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().code).toBe('FILE_REFERENCE_INVALID');
    const forged = validProduct({}, { red: { ...photosB.red, url: '/uploads/elsewhere/x' }, blue: photosB.blue });
    const made = await B()('POST', '/api/admin/products', forged);
    expect(made.statusCode).toBe(201);
    expect(made.json().photos[0].url).toBe(photosB.red.url);
    // Without a seller token: 401.
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/products' });
    expect(anon.statusCode).toBe(401);
  });
});
