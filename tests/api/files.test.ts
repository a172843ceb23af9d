/**
 * Uploads: the server checks type, size and main-photo rules with sharp whatever the browser did,
 * stores images as WebP sizes and documents privately, and a store can only use and read its own files.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { TEST_PDF, testImage, uploadAs } from '../helpers/uploads.js';
import { assertStoreFiles } from '../../src/server/modules/files/index.js';
import { DEFAULT_COLORS } from '../../src/shared/contracts/website.js';

const DATASET_PHOTO = path.resolve(__dirname, '../../seed-data/images/luma/24-MB01.webp');

describe('uploads', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: string;
  let sellerB: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    sellerA = (await createSellerFixture(t.app, a.id)).token;
    sellerB = (await createSellerFixture(t.app, b.id)).token;
  });
  afterAll(() => t.close());

  it('stores a real dataset photo as WebP sizes under the uploads folder', async () => {
    const res = await uploadAs(
      t.app,
      sellerA,
      'product_photo',
      fs.readFileSync(DATASET_PHOTO),
      'bolso.webp',
      'image/webp',
    );
    expect(res.statusCode).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ purpose: 'product_photo', kind: 'image', originalName: 'bolso.webp' });
    expect(file.url).toBe(`/uploads/${a.id}/files/${file.id}`);
    for (const w of [160, 480, 960]) {
      const meta = await sharp(path.join(t.dataDir, `${file.url}-${w}.webp`)).metadata();
      expect(meta.format, `size ${w}`).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(w);
    }
  });

  it('refuses a main photo under 350 × 350 and one outside 3:4-4:3, in Spanish and English', async () => {
    const small = await uploadAs(t.app, sellerA, 'product_photo', await testImage(349, 400));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ code: 'IMAGE_TOO_SMALL' });
    expect(small.json().message).toBe(
      'La foto principal debe medir más de 350 × 350 píxeles (la tuya mide 349 × 400).',
    );
    const wide = await uploadAs(t.app, sellerA, 'colour_photo', await testImage(1000, 700), 'x.png', 'image/png', 'en');
    expect(wide.statusCode).toBe(422);
    expect(wide.json().message).toBe(
      'The main photo must have an aspect ratio between 3:4 and 4:3 (yours is 1000 × 700).',
    );
    // Exactly 3:4 and 4:3 pass; a wide banner has no ratio rule.
    expect((await uploadAs(t.app, sellerA, 'product_photo', await testImage(600, 800))).statusCode).toBe(201);
    expect((await uploadAs(t.app, sellerA, 'product_photo', await testImage(800, 600))).statusCode).toBe(201);
    expect((await uploadAs(t.app, sellerA, 'banner', await testImage(1600, 600))).statusCode).toBe(201);
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const fakePng = await uploadAs(t.app, sellerA, 'logo', Buffer.from('<svg onload="alert(1)"></svg>'), 'a.png');
    expect(fakePng.statusCode).toBe(415);
    expect(fakePng.json()).toMatchObject({ code: 'FILE_NOT_IMAGE', message: expect.stringContaining('JPG, PNG') });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>');
    expect((await uploadAs(t.app, sellerA, 'logo', svg, 'a.svg', 'image/svg+xml')).json().code).toBe('FILE_NOT_IMAGE');
    const pdfAsPhoto = await uploadAs(t.app, sellerA, 'product_photo', TEST_PDF, 'a.pdf', 'application/pdf', 'en');
    expect(pdfAsPhoto.statusCode).toBe(415);
    expect(pdfAsPhoto.json().message).toBe('The file must be a JPG, PNG, WebP, GIF or AVIF image.');
    const text = await uploadAs(t.app, sellerA, 'document', Buffer.from('hola'), 'a.pdf', 'application/pdf');
    expect(text.json()).toMatchObject({ code: 'FILE_NOT_IMAGE_OR_PDF' });
  });

  it('refuses a file of 5 MB or more with its message, and an empty or missing file', async () => {
    const big = Buffer.concat([TEST_PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadAs(t.app, sellerA, 'certificate', big, 'big.pdf', 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'El archivo debe pesar menos de 5 MB.' });
    expect((await uploadAs(t.app, sellerA, 'logo', Buffer.alloc(0))).json().code).toBe('FILE_REQUIRED');
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/proveedor/files?purpose=logo',
      headers: { authorization: `Bearer ${sellerA}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(415);
    const badPurpose = await uploadAs(t.app, sellerA, 'virus', await testImage(400, 400));
    expect(badPurpose.statusCode).toBe(400);
  });

  it('needs a signed-in seller', async () => {
    const res = await uploadAs(t.app, 'nope', 'logo', await testImage(400, 400));
    expect(res.statusCode).toBe(401);
  });

  it('keeps documents private: no public URL, downloadable only by the same store’s seller', async () => {
    const up = await uploadAs(t.app, sellerA, 'document', TEST_PDF, 'licencia.pdf', 'application/pdf');
    expect(up.statusCode).toBe(201);
    const doc = up.json();
    expect(doc.url).toBe(`/api/proveedor/files/${doc.id}/content`);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', a.id, 'files', `${doc.id}.pdf`))).toBe(false);
    const mine = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${sellerA}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(TEST_PDF)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${sellerB}` } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: doc.url })).statusCode).toBe(401);
    // A public certificate is not downloadable through the private route.
    const cert = (await uploadAs(t.app, sellerA, 'certificate', TEST_PDF, 'iso.pdf', 'application/pdf')).json();
    expect(cert.url).toMatch(/^\/uploads\//);
    const viaPrivate = await t.app.inject({
      method: 'GET',
      url: `/api/proveedor/files/${cert.id}/content`,
      headers: { authorization: `Bearer ${sellerA}` },
    });
    expect(viaPrivate.statusCode).toBe(404);
  });

  it('serves an uploaded banner with the srcset of its sizes, so a phone loads a small one (decision 084)', async () => {
    const banner = (await uploadAs(t.app, sellerA, 'banner', await testImage(1600, 600))).json();
    const look = {
      logo: { url: '/uploads/look/logo.webp' },
      icon: { url: '/uploads/look/icon.webp' },
      cartIcon: null,
      verificationIcon: null,
      colors: DEFAULT_COLORS,
      bannerButton: { title: 'Ver ofertas', url: '/search', textColor: '#ffffff' },
      carousel: [{ url: '/uploads/look/c1.webp' }],
      banners: [{ url: banner.url, fileId: banner.id }],
      social: { facebook: '', instagram: '', youtube: '' },
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/proveedor/webconfigs/look',
      headers: { authorization: `Bearer ${sellerA}` },
      payload: look,
    });
    expect(saved.statusCode).toBe(200);
    const config = (
      await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': a.hostname } })
    ).json();
    // The banner, then the carousel image, which is not an upload: no srcset.
    expect(config.banners[0].url).toBe(`${banner.url}-1600.webp`);
    expect(config.banners[0].srcset).toBe(
      `${banner.url}-480.webp 480w, ${banner.url}-960.webp 960w, ${banner.url}-1600.webp 1600w`,
    );
    expect(config.banners[1]).toEqual({ url: '/uploads/look/c1.webp' });
    for (const w of [480, 960, 1600]) {
      const meta = await sharp(path.join(t.dataDir, `${banner.url}-${w}.webp`)).metadata();
      expect([meta.format, meta.width], `size ${w}`).toEqual(['webp', w]);
    }
  });

  it('lets a form point only at its own store’s uploads made for a matching use', async () => {
    const photoA = (await uploadAs(t.app, sellerA, 'product_photo', await testImage(500, 500))).json();
    const logoA = (await uploadAs(t.app, sellerA, 'logo', await testImage(300, 100))).json();
    const photoB = (await uploadAs(t.app, sellerB, 'product_photo', await testImage(500, 500))).json();
    const ctxA = { db: t.database.db, storeId: a.id };
    const ok = await assertStoreFiles(ctxA, [photoA.id, photoA.id], ['product_photo', 'colour_photo']);
    expect([...ok.keys()]).toEqual([photoA.id]);
    await expect(assertStoreFiles(ctxA, [photoB.id], ['product_photo'])).rejects.toMatchObject({
      code: 'FILE_REFERENCE_INVALID',
    });
    await expect(assertStoreFiles(ctxA, [logoA.id], ['product_photo'])).rejects.toMatchObject({
      code: 'FILE_REFERENCE_INVALID',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/proveedor/files/${photoB.id}`,
      headers: { authorization: `Bearer ${sellerA}` },
    });
    expect(read.statusCode).toBe(404);
  });
});
