/**
 * Every answer (API JSON, errors, pages, uploads) carries the security headers; the page policy has
 * no inline script or style but this response's nonces; uploads are sandboxed and never sniffed. The browser half
 * (nonces on the page, framing, an SVG with a script) is e2e/security/headers.spec.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { renderHead } from '../../src/server/modules/web/head-tags.js';
import { createTestDb, type TestDatabase } from '../helpers/test-db.js';
import { createStoreFixture, type StoreFixture } from '../helpers/factories.js';

/** Directive name → its sources, from a CSP header. */
function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let store: StoreFixture;

  beforeAll(async () => {
    database = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_WORKERS: 'false' });
    // serveWeb: uploads are served from DATA_DIR/uploads (the built web app is not needed for them).
    app = await buildApp({ db: database.db, config, logger: false, serveWeb: true });
    await app.ready();
    store = await createStoreFixture(database.db);
    await fs.mkdir(path.join(dataDir, 'uploads', 't'), { recursive: true });
    await fs.writeFile(
      path.join(dataDir, 'uploads', 't', 'evil.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
    );
    await fs.writeFile(path.join(dataDir, 'uploads', 't', 'photo.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const answers = () => [
    app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': store.hostname } }), // 200
    app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': 'nadie.example' } }), // 404
    app.inject({ method: 'POST', url: '/api/getVistos', headers: { 'x-store-domain': store.hostname }, payload: {} }), // 400
    app.inject({ url: '/api/health' }),
    app.inject({ url: '/api/nope' }),
    app.inject({ url: '/uploads/t/photo.webp' }),
  ];

  it('every kind of answer carries CSP, HSTS, nosniff, Referrer-Policy and refuses framing', async () => {
    for (const res of await Promise.all(answers())) {
      const h = res.headers;
      const what = `${res.statusCode} ${res.body.slice(0, 60)}`;
      expect(h['content-security-policy'], what).toBeTypeOf('string');
      expect(h['strict-transport-security'], what).toBe('max-age=31536000');
      expect(h['x-content-type-options'], what).toBe('nosniff');
      expect(h['referrer-policy'], what).toBe('no-referrer');
      expect(h['x-frame-options'], what).toBe('DENY');
    }
  });

  it('the page policy: own origin only, nonces for inline elements, no unsafe-inline, no framing', async () => {
    const [a, b] = await Promise.all([app.inject('/api/health'), app.inject('/api/health')]);
    const csp = parseCsp(a.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(csp['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    // No payment provider's origin with the sandbox (Stripe's only with PAYMENT_PROVIDER=stripe: stripe-payments.test.ts).
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(a.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // A fresh nonce per answer.
    expect(b.headers['content-security-policy']).not.toBe(a.headers['content-security-policy']);
  });

  it('uploads: a sandboxing policy (an SVG with a script cannot run as a page of the store) and no sniffing', async () => {
    const svg = await app.inject('/uploads/t/evil.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    const csp = parseCsp(svg.headers['content-security-policy'] as string);
    expect(csp.sandbox).toEqual([]);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
    // Images may be shown by other origins (mail clients, link previews).
    expect(svg.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('the API reference alone allows inline styles (Swagger UI injects one); its scripts stay nonce-only', async () => {
    const docs = await app.inject('/api/docs');
    expect(docs.statusCode).toBe(200);
    const csp = parseCsp(docs.headers['content-security-policy'] as string);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the injected store theme and product JSON-LD carry the nonces, escaped', () => {
    const head = renderHead({
      config: {
        lang: 'es',
        nombretienda: 'Tienda',
        icon: null,
        logo: null,
        slug: 't',
        websiteActive: true,
        colors: { navbar: '#112233' },
        banners: [],
        social: {},
        supportPhone: null,
        supportEmail: null,
        menuName: null,
        aboutUs: null,
        oxxoFeeCents: 0,
        paymentMethods: ['card', 'oxxo'],
      },
      product: {
        codigo: 'P1',
        name: 'Playera </script><script>alert(1)</script>',
        shortDescription: '',
        priceCents: 100,
        ratingCount: 0,
        inStock: true,
        image: null,
        brand: null,
      } as never,
      origin: 'https://t.example',
      path: '/product?codigo=P1',
      nonce: { script: 'aaa', style: 'bbb"x' },
    }).head;
    expect(head).toContain('<style id="store-theme" nonce="bbb&quot;x">html:root{--color-navbar:#112233}</style>');
    expect(head).toContain('<script type="application/ld+json" nonce="aaa">');
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});
