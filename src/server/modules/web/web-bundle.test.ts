import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.js';
import { createStoreFixture, type StoreFixture } from '../../../../tests/helpers/factories.js';
import { isAdminBundlePage } from './web.routes.js';

describe('which browser bundle a page gets (decision 077)', () => {
  it('gives the admin bundle to /admin on any domain and to every page of the platform domain', () => {
    expect(isAdminBundlePage('/admin', false)).toBe(true);
    expect(isAdminBundlePage('/admin/wizard', false)).toBe(true);
    expect(isAdminBundlePage('/', true)).toBe(true);
    expect(isAdminBundlePage('/registro', true)).toBe(true);
  });

  it('gives the storefront bundle to store pages, including paths that merely start with "admin"', () => {
    expect(isAdminBundlePage('/', false)).toBe(false);
    expect(isAdminBundlePage('/product', false)).toBe(false);
    expect(isAdminBundlePage('/administracion', false)).toBe(false);
    expect(isAdminBundlePage('/search/admin', false)).toBe(false);
  });
});

describe('pages are sent compressed to clients that accept it (decision 077)', () => {
  let t: TestApp;
  let store: StoreFixture;
  // Over the 1 KB below which a page goes as is.
  const template = `<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div>${'<p>relleno</p>'.repeat(200)}</body></html>`;
  const get = (encoding?: string) =>
    t.app.inject({
      // A storefront page (an unknown path is a 404 with its own title, decision 107).
      url: '/somos',
      headers: { host: store.hostname, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    });

  beforeAll(async () => {
    t = await createTestApp({}, { indexHtml: template });
    store = await createStoreFixture(t.database.db, { name: 'Tienda Comprimida' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads Accept-Encoding with its q values and case, and ignores codings it does not make', async () => {
    const encodingOf = async (accept: string) => (await get(accept)).headers['content-encoding'];
    expect(await encodingOf('gzip, deflate, br, zstd')).toBe('br');
    expect(await encodingOf('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(await encodingOf('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(await encodingOf('GZIP')).toBe('gzip');
    expect(await encodingOf('brotli')).toBeUndefined();
    expect(await encodingOf('identity')).toBeUndefined();
  });

  it('sends a page under 1 KB as it is, and a HEAD or an unknown API path is still a translated 404', async () => {
    const small = await createTestApp(
      {},
      { indexHtml: '<!doctype html><html><head><!--vitrina-head--></head></html>' },
    );
    try {
      const page = await small.app.inject({
        url: '/somos',
        headers: { host: store.hostname, 'accept-encoding': 'br, gzip' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toMatch(/^<!doctype html>.*<title>.*<\/html>$/s);
      expect(Buffer.byteLength(page.body)).toBeLessThan(1024);
    } finally {
      await small.close();
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/somos', headers: { host: store.hostname } });
    expect(head.statusCode).toBe(404);
    const api = await t.app.inject({
      url: '/api/no-existe',
      headers: { host: store.hostname, 'accept-language': 'en' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('answers Brotli, else gzip, else plain HTML, always the same page', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const fromBr = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(fromBr).toContain('<title>Tienda Comprimida</title>');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(fromBr) / 3);

    const gz = await get('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('<title>Tienda Comprimida</title>');

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toContain('<title>Tienda Comprimida</title>');
  });
});
