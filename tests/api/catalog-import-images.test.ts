/**
 * Product photos by URL in the Shopify CSV import (decision 080), against a local image server
 * standing in for Shopify's CDN (tests/helpers/image-server.ts). The test app allows only 127.0.0.1
 * (IMPORT_IMAGE_ALLOWED_ADDRESSES), so every other private address stays refused, as in production where the list is
 * empty: a second app with the default configuration proves that 127.0.0.1 itself is then refused.
 *
 * - more than 200 real products with their dataset photos: each distinct URL downloaded once, stored as the product
 *   form's gallery (WebP sizes), the cover, and a photo per colour from Variant Image;
 * - bad images (not an image, too big, too small, too wide, missing, not http, a private or metadata address, a
 *   redirect to one) reported by line and column with their reason, and nothing imported;
 * - a re-import keeps a gallery made in the form, and the store's own image URLs are kept without a download.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  completeCompanyProfileFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { shopifyCsv } from '../helpers/shopify-csv.js';
import { importer } from '../helpers/catalog-import.js';
import { startImageServer, type ImageServer } from '../helpers/image-server.js';
import { CSV_ROW_REASONS } from '../../src/shared/contracts/catalog-csv.js';
import { createImageAgents, downloadImage } from '../../src/server/modules/catalog/import-images.js';

const reasons = (lang: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`src/locales/${lang}/catalog-import.json`, 'utf8')).reasons;

const HEADER =
  'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Variant Image';

describe('catalogue import: images by URL', () => {
  let t: TestApp;
  let images: ImageServer;
  let a: StoreFixture;
  let seller: { token: string };

  beforeAll(async () => {
    images = await startImageServer('0.0.0.0');
    t = await createTestApp({ IMPORT_IMAGE_ALLOWED_ADDRESSES: '127.0.0.1' });
    a = await createStoreFixture(t.database.db);
    seller = await createSellerFixture(t.app, a.id);
    await completeCompanyProfileFixture(t.app, seller.token);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('downloads the photos of more than 200 products, each URL once, as WebP sizes of the product gallery', async () => {
    const shared = `${images.origin}/luma/24-MB01.webp`;
    // Luma products with their own dataset photo; Vendure's (3:2 photos, refused as main photos) all share one, also
    // a Luma product's own.
    const urls = new Set<string>();
    const { csv, products, rows } = shopifyCsv('img', {
      imageUrl: (p, catalog) => {
        const url = catalog === 'luma' ? `${images.origin}/luma/${p.codigo}.webp` : shared;
        urls.add(url);
        return url;
      },
    });
    expect(products.length).toBeGreaterThanOrEqual(200);
    const imp = await importer(t, seller.token);
    const run = await imp.run(csv);
    expect(run.progress.errors).toEqual([]);
    expect(run.progress.status).toBe('completed');
    expect(urls.size).toBeLessThan(products.length);
    // Units: rows read, images downloaded, products written.
    expect(run.progress.total).toBe(rows + urls.size + products.length);
    expect(run.progress.done).toBe(run.progress.total);
    expect(run.result).toMatchObject({ created: products.length, updated: 0, imagesSkipped: 0 });
    // Each distinct URL was asked for once, the shared one too (54 products and one Luma product name it).
    expect(images.hits.get('/luma/24-MB01.webp')).toBe(1);
    for (const p of products.slice(0, 20)) expect(images.hits.get(`/luma/${p.codigo}.webp`), p.codigo).toBe(1);

    // A product has the downloaded photo as its gallery and cover, as if uploaded in the form.
    const luma = await imp.product(`img-${products[0]!.variants[0]!.sku}`);
    expect(luma.photos).toHaveLength(1);
    expect(luma.image).toBe(luma.photos[0].url);
    expect(luma.coverFileId).toBe(luma.photos[0].fileId);
    expect(luma.photos[0].url).toMatch(new RegExp(`^/uploads/${a.id}/files/`));
    for (const w of [160, 480, 960]) {
      const meta = await sharp(path.join(t.dataDir, `${luma.photos[0].url}-${w}.webp`)).metadata();
      expect(meta.format, `size ${w}`).toBe('webp');
      expect(Math.max(meta.width!, meta.height!), `size ${w}`).toBeLessThanOrEqual(w);
    }
    // Two products naming one URL share one stored file.
    const v1 = await imp.product(`img-${products[products.length - 1]!.variants[0]!.sku}`);
    const v2 = await imp.product(`img-${products[products.length - 2]!.variants[0]!.sku}`);
    expect(v1.photos[0].fileId).toBe(v2.photos[0].fileId);

    // The storefront shows it.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/reseller/producto/search?q=${encodeURIComponent(products[0]!.name)}`,
      headers: { 'x-store-domain': a.hostname },
    });
    expect(JSON.stringify(page.json().items)).toContain(luma.photos[0].url);
  }, 300_000);

  it('gallery rows and Variant Image give the gallery and a photo per colour; a redirect is followed', async () => {
    // A query of its own per test: the server counts requests by path and query.
    const o = images.origin;
    const q = '?t=gallery';
    const csv = [
      HEADER,
      `gorra-lona,Gorra de lona,Color,Rojo,GORRA-R,199.00,${o}/luma/MH04.webp${q},1,${o}/luma/MH05.webp${q}`,
      `gorra-lona,,,Azul,GORRA-A,199.00,${o}/luma/MH05.webp${q},2,${o}/moved.webp${q}`,
      `gorra-lona,,,,,,${o}/moved.webp${q},3,`,
    ].join('\n');
    const imp = await importer(t, seller.token);
    const run = await imp.run(csv);
    expect(run.progress.errors).toEqual([]);
    expect(run.progress.status).toBe('completed');
    const p = await imp.product('GORRA-R');
    expect(p.photos).toHaveLength(3);
    expect(p.colourPhotos.Rojo).toEqual(p.photos[1]);
    expect(p.colourPhotos.Azul).toEqual(p.photos[2]);
    const rojo = p.variants.find((v: { sku: string }) => v.sku === 'GORRA-R');
    expect(rojo.image).toBe(p.photos[1].url);
    expect(images.hits.get(`/luma/MH05.webp${q}`)).toBe(1);
    expect(images.hits.get(`/moved.webp${q}`)).toBe(1);
    expect(images.hits.get('/luma/MH03.webp?from=moved')).toBe(1);

    // A re-import keeps the gallery the product has, and downloads nothing for it.
    const again = await imp.run(csv.replace('GORRA-R,199.00', 'GORRA-R,209.00'));
    expect(again.progress.status).toBe('completed');
    expect(again.result).toMatchObject({ created: 0, updated: 1 });
    expect(images.hits.get(`/luma/MH05.webp${q}`)).toBe(1);
    const after = await imp.product('GORRA-R');
    expect(after.photos).toEqual(p.photos);
    expect(after.variants.find((v: { sku: string }) => v.sku === 'GORRA-R').priceCents).toBe(20900);

    // The store's own image URLs (as its export writes them) are kept by their path, never downloaded.
    const own = `http://tienda.example${p.photos[0].url}-960.webp`;
    const mine = await imp.run(
      [HEADER, `taza-propia,Taza con foto propia,Title,Default Title,TAZA-P,99.00,${own},1,`].join('\n'),
    );
    expect(mine.progress.status).toBe('completed');
    expect((await imp.product('TAZA-P')).image).toBe(p.photos[0].url);
  }, 120_000);

  it('reports each bad image by line and column with its reason, and imports nothing', async () => {
    const o = images.origin;
    const other = `http://127.0.0.2:${images.port}`;
    const q = '?t=bad';
    const rows: [string, string, string][] = [
      // [Image Src, Variant Image, expected reason of the bad column]
      [`${o}/not-an-image.jpg${q}`, '', 'image_not_image'],
      [`${o}/huge.jpg`, '', 'image_too_large'],
      [`${o}/huge-streamed.jpg`, '', 'image_too_large'],
      [`${o}/small.png`, '', 'image_too_small'],
      [`${o}/vendure/allstar-sneakers.webp`, '', 'image_aspect_ratio'],
      [`${o}/missing.jpg`, '', 'image_download_failed'],
      ['ftp://cdn.example.com/a.jpg', '', 'image_url_invalid'],
      ['cdn.shopify.com/sin-esquema.jpg', '', 'image_url_invalid'],
      // Private, metadata and loopback addresses not allowed: refused before any connection.
      [`${other}/luma/MH06.webp${q}`, '', 'image_download_failed'],
      ['http://169.254.169.254/latest/meta-data/', '', 'image_download_failed'],
      ['http://10.20.30.40/foto.jpg', '', 'image_download_failed'],
      ['http://[::1]/foto.jpg', '', 'image_download_failed'],
      [`${o}/to-metadata.webp`, '', 'image_download_failed'],
      [`${o}/to-file.webp`, '', 'image_url_invalid'],
      // A Variant Image, with a good Image Src on the same row.
      [`${o}/luma/MH07.webp`, `${o}/small.png`, 'image_too_small'],
      // The same bad URL on a second line: reported there too, asked for once.
      [`${o}/not-an-image.jpg${q}`, '', 'image_not_image'],
    ];
    const csv = [
      HEADER,
      ...rows.map(
        ([src, variant], i) => `malo-${i},Producto malo ${i},Title,Default Title,MALO-${i},10.00,${src},1,${variant}`,
      ),
    ].join('\n');
    const imp = await importer(t, seller.token);
    const before = await imp.count();
    const run = await imp.run(csv);
    expect(run.progress.status).toBe('failed');
    expect(run.progress.errors).toEqual(
      rows.map(([, variant, reason], i) => ({
        at: i + 2,
        code: 'CSV_ROW_INVALID',
        params: { field: variant ? 'Variant Image' : 'Image Src', reason },
      })),
    );
    expect(run.result).toMatchObject({ created: 0, updated: 0 });
    expect(await imp.count()).toBe(before);
    expect(images.hits.get(`/luma/MH06.webp${q}`)).toBeUndefined();
    expect(images.hits.get(`/not-an-image.jpg${q}`)).toBe(1);
    expect(images.hits.get('/to-metadata.webp')).toBe(1);

    // Every reason has its message in Spanish and English.
    for (const reason of CSV_ROW_REASONS) {
      expect(reasons('es')[reason], reason).toBeTruthy();
      expect(reasons('en')[reason], reason).toBeTruthy();
    }
    expect(reasons('es').image_download_failed).toMatch(/^No se pudo descargar la imagen/);
    expect(reasons('en').image_download_failed).toMatch(/^The image could not be downloaded/);
  }, 120_000);
});

describe('catalogue import: images by URL with the default configuration', () => {
  let t: TestApp;
  let images: ImageServer;

  beforeAll(async () => {
    images = await startImageServer();
    t = await createTestApp();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('refuses a loopback address (the local image server) when IMPORT_IMAGE_ALLOWED_ADDRESSES is empty', async () => {
    const store = await createStoreFixture(t.database.db);
    const seller = await createSellerFixture(t.app, store.id);
    await completeCompanyProfileFixture(t.app, seller.token);
    const imp = await importer(t, seller.token);
    for (const url of [`${images.origin}/luma/MH08.webp`, `http://localhost:${images.port}/luma/MH09.webp`]) {
      const run = await imp.run(
        [HEADER, `taza-local,Taza de la red local,Title,Default Title,TAZA-L,99.00,${url},1,`].join('\n'),
      );
      expect(run.progress.status).toBe('failed');
      expect(run.progress.errors).toEqual([
        { at: 2, code: 'CSV_ROW_INVALID', params: { field: 'Image Src', reason: 'image_download_failed' } },
      ]);
    }
    expect(images.hits.size).toBe(0);
    expect(await imp.count()).toBe(0);
  }, 120_000);
});

describe('image downloads (import-images.ts)', () => {
  let images: ImageServer;
  beforeAll(async () => {
    images = await startImageServer();
  });
  afterAll(async () => {
    await images?.close();
  });

  it('gives up after the time limit, and refuses loopback unless it is allowed', async () => {
    const allowed = createImageAgents(['127.0.0.1']);
    const started = Date.now();
    await expect(downloadImage(`${images.origin}/slow.jpg`, allowed, { timeoutMs: 500 })).rejects.toMatchObject({
      reason: 'image_download_failed',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const photo = await downloadImage(`${images.origin}/luma/MH09.webp?t=direct`, allowed);
    expect((await sharp(photo).metadata()).format).toBe('webp');
    await expect(
      downloadImage(`${images.origin}/luma/MH09.webp?t=small-limit`, allowed, { maxBytes: 1000 }),
    ).rejects.toMatchObject({
      reason: 'image_too_large',
    });
    allowed.destroy();
    const strict = createImageAgents([]);
    await expect(downloadImage(`${images.origin}/luma/MH09.webp?t=strict`, strict)).rejects.toMatchObject({
      reason: 'image_download_failed',
    });
    strict.destroy();
    expect(images.hits.get('/luma/MH09.webp?t=strict')).toBeUndefined();
    expect(images.hits.get('/luma/MH09.webp?t=direct')).toBe(1);
  });
});
