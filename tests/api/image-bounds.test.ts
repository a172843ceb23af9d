/**
 * Image decoding is bounded (decision 105): a picture with more pixels than a product photo needs is refused from its
 * header, before it is decoded, and decoding runs in a bounded pool of image jobs with a bounded queue; beyond the
 * queue an upload is 503 SERVER_BUSY with Retry-After, and the rest of the server keeps answering.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture } from '../helpers/factories.js';
import { testImage, uploadAs } from '../helpers/uploads.js';
import { imageJobLoad, runImageJob } from '../../src/server/modules/files/index.js';
import { importImages } from '../../src/server/modules/catalog/import-images.js';

/** A PNG of `width` × `height` pixels in one grey: a few dozen KB however many pixels (deflate of a flat image). */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('image bounds', () => {
  let t: TestApp;
  let seller: string;
  let storeId: string;

  beforeAll(async () => {
    t = await createTestApp({ IMAGE_CONCURRENCY: '1', IMAGE_QUEUE_MAX: '1' }, { serveWeb: true });
    const store = await createStoreFixture(t.database.db);
    storeId = store.id;
    seller = (await createSellerFixture(t.app, store.id)).token;
  });
  afterAll(async () => t?.close());

  it('refuses a 49-megapixel PNG of a few KB from its header, with its message in Spanish and English', async () => {
    const bomb = await flatPng(7000, 7000);
    expect(bomb.length).toBeLessThan(100_000);
    for (const purpose of ['product_photo', 'banner', 'document', 'logo']) {
      const res = await uploadAs(t.app, seller, purpose, bomb);
      expect(res.statusCode, `${purpose}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'IMAGE_TOO_MANY_PIXELS',
        message: 'La imagen mide 7000 × 7000 píxeles; el máximo es de 25 megapíxeles.',
      });
    }
    const en = await uploadAs(t.app, seller, 'product_photo', bomb, 'x.png', 'image/png', 'en');
    expect(en.json().message).toBe('The image is 7000 × 7000 pixels; the maximum is 25 megapixels.');
    // Nothing was decoded: the pool never saw a job.
    expect(imageJobLoad()).toEqual({ active: 0, waiting: 0 });
    // A photo of 25 megapixels at most is fine (6000 × 4000, a 24 MP camera).
    expect((await uploadAs(t.app, seller, 'banner', await flatPng(6000, 4000))).statusCode).toBe(201);
  });

  it('with one image job at a time and one waiting, the next upload is 503 with Retry-After; static files still answer', async () => {
    const first = await uploadAs(t.app, seller, 'product_photo', await testImage(400, 400));
    expect(first.statusCode).toBe(201);
    const image = `${first.json().url}-160.webp`;
    // Hold the one job slot (as a long decode would), then send two uploads: one waits, the other is refused.
    let release!: () => void;
    const held = runImageJob(() => new Promise<void>((resolve) => (release = resolve)));
    expect(imageJobLoad()).toEqual({ active: 1, waiting: 0 });
    const photo = await testImage(500, 500);
    const waiting = uploadAs(t.app, seller, 'product_photo', photo);
    await expect.poll(() => imageJobLoad().waiting).toBe(1);
    const refused = await uploadAs(t.app, seller, 'product_photo', photo);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'SERVER_BUSY' });
    expect(refused.json().message).toMatch(
      /^Estamos atendiendo muchas solicitudes\. Inténtalo de nuevo en \d+ segundos\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The uploads folder (static files) and the API answer while the image jobs are busy.
    const file = await t.app.inject({ url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Once the slot is free the waiting upload is stored.
    release();
    await held;
    expect((await waiting).statusCode).toBe(201);
    expect(imageJobLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it('the catalogue import goes through the same bounds: a 49-megapixel image is a line reason, and a full pool makes it wait, not fail', async () => {
    const files: Record<string, Buffer> = {
      '/bomb.png': await flatPng(7000, 7000),
      '/ok.png': await testImage(600, 600),
    };
    const server = http.createServer((req, res) => res.end(files[req.url ?? ''] ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ctx = { db: t.database.db, storeId, providers: t.app.providers };
    const opts = { allowedAddresses: ['127.0.0.1'], stagedFor: 'test-import' };
    try {
      const bomb = await importImages(ctx, [`${origin}/bomb.png`], opts);
      expect(bomb.get(`${origin}/bomb.png`)).toEqual({ reason: 'image_too_many_pixels' });
      // Both image slots taken (one running, one waiting): a seller's upload is refused, the import's photo waits.
      let release!: () => void;
      const held = runImageJob(() => new Promise<void>((resolve) => (release = resolve)));
      const queued = runImageJob(async () => undefined);
      expect((await uploadAs(t.app, seller, 'product_photo', await testImage(500, 500))).statusCode).toBe(503);
      const imported = importImages(ctx, [`${origin}/ok.png`], opts);
      await expect.poll(() => imageJobLoad().waiting).toBe(2);
      release();
      await Promise.all([held, queued]);
      expect((await imported).get(`${origin}/ok.png`)).toMatchObject({ kind: 'image', purpose: 'product_photo' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
