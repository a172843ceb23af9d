/**
 * Uploads in an S3-compatible object store (decision 144), against a real local one (s3rver), through the real SDK:
 * public and private objects under their prefixes, every write through a temporary key that does not survive it,
 * expiring presigned URLs for private documents, the configuration refused when incomplete, and a seller's upload
 * through the admin API landing in the bucket with a URL that serves it.
 *
 * s3rver grants anonymous reads of every object (it has no bucket policies) and does not check SigV4 signatures, only
 * their expiry; so the test proves that private objects live under a prefix the public URL base never reaches, and that
 * a presigned URL carries its signature and stops working once expired.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import type { StorageProvider } from '../../src/server/providers/storage/index.js';
import { createS3Storage, s3PublicBase, type S3Settings } from '../../src/server/providers/storage/s3.js';
import { fileRef } from '../../src/shared/contracts/catalog-admin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture } from '../helpers/factories.js';
import { TEST_PDF, testImage, uploadAs } from '../helpers/uploads.js';

const BUCKET = 'vitrina-test';

describe('storage in an S3 bucket', () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;
  let settings: S3Settings;
  let storage: StorageProvider;
  let raw: S3Client;

  /** Every key in the bucket under `prefix`. */
  const keys = async (prefix = '') => {
    const out = await raw.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  };

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    settings = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: undefined,
    };
    storage = createS3Storage(settings);
    raw = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    raw?.destroy();
    await server?.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('writes, reads and deletes a public object under public/, served at its URL with its content type', async () => {
    const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const url = await storage.put('st1/files/a-480.webp', data);
    expect(url).toBe(`${endpoint}/${BUCKET}/public/st1/files/a-480.webp`);
    expect(storage.url('st1/files/a-480.webp')).toBe(url);
    expect(await keys('public/st1/')).toEqual(['public/st1/files/a-480.webp']);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    expect((await storage.get('st1/files/a-480.webp'))!.equals(data)).toBe(true);
    // A public object is not a private one.
    expect(await storage.getPrivate('st1/files/a-480.webp')).toBeNull();

    await storage.remove('st1/files/a-480.webp');
    expect(await storage.get('st1/files/a-480.webp')).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    // Deleting what is not there is not an error.
    await storage.remove('st1/files/a-480.webp');
    await storage.remove('st1/never-written.pdf');
  });

  it('keeps a private object under private/, outside the public URL base, and deletes it', async () => {
    await storage.putPrivate('st2/files/doc.pdf', TEST_PDF);
    expect(await keys('private/st2/')).toEqual(['private/st2/files/doc.pdf']);
    expect(await keys('public/st2/')).toEqual([]);
    expect((await storage.getPrivate('st2/files/doc.pdf'))!.equals(TEST_PDF)).toBe(true);
    expect(await storage.get('st2/files/doc.pdf')).toBeNull();
    // Whatever the key, a public URL points into public/: no key reaches private/ through it.
    const base = s3PublicBase(settings);
    expect(base).toBe(`${endpoint}/${BUCKET}/public`);
    expect(storage.url('st2/files/doc.pdf')).toBe(`${base}/st2/files/doc.pdf`);
    expect((await fetch(storage.url('st2/files/doc.pdf'))).status).toBe(404);
    for (const bad of ['../private/st2/files/doc.pdf', '/private/x', 'a//b', 'a/./b', 'a\\b', ''])
      expect(() => storage.url(bad), bad).toThrow(`Bad storage key: ${bad}`);
    await expect(storage.getPrivate('../public/x')).rejects.toThrow('Bad storage key');
    await expect(storage.put('st2/../../x', TEST_PDF)).rejects.toThrow('Bad storage key');
    await expect(storage.privateUrl('..', 60)).rejects.toThrow('Bad storage key');

    await storage.remove('st2/files/doc.pdf');
    expect(await storage.getPrivate('st2/files/doc.pdf')).toBeNull();
    expect(await keys('private/st2/')).toEqual([]);
  });

  it('gives a presigned URL that reads a private document until it expires, then is refused', async () => {
    await storage.putPrivate('st3/files/licence.pdf', TEST_PDF);
    const signed = new URL((await storage.privateUrl('st3/files/licence.pdf', 1))!);
    expect(signed.origin + signed.pathname).toBe(`${endpoint}/${BUCKET}/private/st3/files/licence.pdf`);
    expect(signed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('1');
    expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const before = await fetch(signed);
    expect(before.status).toBe(200);
    expect(Buffer.from(await before.arrayBuffer()).equals(TEST_PDF)).toBe(true);
    await new Promise((r) => setTimeout(r, 2100));
    const after = await fetch(signed);
    expect(after.status).toBe(403);
    expect(await after.text()).toContain('Request has expired');
    // Out-of-range lifetimes are brought within SigV4's 1 s to 7 days.
    const week = new URL((await storage.privateUrl('st3/files/licence.pdf', 30 * 24 * 3600))!);
    expect(week.searchParams.get('X-Amz-Expires')).toBe('604800');
  });

  it('leaves no temporary key behind, even for many writes at once', async () => {
    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? storage.put(`st4/p${i}.svg`, Buffer.from(`<svg>${i}</svg>`))
        : storage.putPrivate(`st4/d${i}.pdf`, TEST_PDF),
    );
    await Promise.all(writes);
    expect(await keys('tmp/')).toEqual([]);
    expect(await keys('public/st4/')).toHaveLength(6);
    expect(await keys('private/st4/')).toHaveLength(6);
    const svg = await fetch(storage.url('st4/p1.svg'));
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toBe('<svg>1</svg>');
  });

  it('refuses an incomplete S3 configuration at start, naming the setting', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(load({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint })).toThrow(
      /S3_ACCESS_KEY_ID: is required with S3_ENDPOINT/,
    );
    expect(load({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
    expect(load({ S3_ENDPOINT: endpoint })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(load({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(load({ S3_BUCKET: BUCKET, S3_PUBLIC_URL: 'cdn.example.com' })).toThrow(/S3_PUBLIC_URL/);
    // On AWS itself the SDK's credential chain (an instance or task role) may stand in for keys.
    const aws = loadConfig({ NODE_ENV: 'test', S3_BUCKET: BUCKET, S3_REGION: 'us-east-2' });
    expect(s3PublicBase({ ...aws, S3_BUCKET: BUCKET })).toBe(`https://${BUCKET}.s3.us-east-2.amazonaws.com/public`);
    const cdn = loadConfig({ NODE_ENV: 'test', S3_BUCKET: BUCKET, S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(s3PublicBase({ ...cdn, S3_BUCKET: BUCKET })).toBe('https://cdn.example.com');
    expect(s3PublicBase({ ...settings, S3_FORCE_PATH_STYLE: false, S3_ENDPOINT: 'https://s3.example.com' })).toBe(
      `https://${BUCKET}.s3.example.com/public`,
    );
    // Unset, storage stays on local disk.
    expect(loadConfig({ NODE_ENV: 'test' }).S3_BUCKET).toBeUndefined();
  });

  describe('the app with S3 configured', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('stores a seller’s product photo in the bucket, at a URL that serves its sizes, and a document privately', async () => {
      const store = await createStoreFixture(t.database.db);
      const { token } = await createSellerFixture(t.app, store.id);
      const up = await uploadAs(t.app, token, 'product_photo', await testImage(600, 800));
      expect(up.statusCode, up.body).toBe(201);
      const photo = up.json();
      expect(photo.url).toBe(`${endpoint}/${BUCKET}/public/${store.id}/files/${photo.id}`);
      for (const w of [160, 480, 960]) {
        const res = await fetch(`${photo.url}-${w}.webp`);
        expect(res.status, `size ${w}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe('webp');
        expect(Math.max(meta.width!, meta.height!)).toBe(w);
      }
      // The product form sends back the URL it was given; the contract takes an absolute bucket URL as well.
      expect(fileRef.safeParse({ fileId: photo.id, url: photo.url }).success).toBe(true);
      expect(fileRef.safeParse({ fileId: photo.id, url: 'javascript:alert(1)' }).success).toBe(false);

      const doc = (await uploadAs(t.app, token, 'document', TEST_PDF, 'licencia.pdf', 'application/pdf')).json();
      expect(doc.url).toBe(`/api/proveedor/files/${doc.id}/content`);
      expect(await keys(`private/${store.id}/`)).toEqual([`private/${store.id}/files/${doc.id}.pdf`]);
      const mine = await t.app.inject({ method: 'GET', url: doc.url, headers: { authorization: `Bearer ${token}` } });
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload.equals(TEST_PDF)).toBe(true);

      // Nothing on local disk, nothing half-written in the bucket; the pages may show the bucket's images.
      await expect(fs.readdir(path.join(t.dataDir, 'uploads'))).rejects.toThrow();
      await expect(fs.readdir(path.join(t.dataDir, 'private'))).rejects.toThrow();
      expect(await keys('tmp/')).toEqual([]);
      const page = await t.app.inject({ url: '/api/health' });
      expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${endpoint}`);
    });
  });
});
