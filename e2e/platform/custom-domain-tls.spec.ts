/**
 * A seller's own domain end to end, through a real Caddy with TLS (deploy/Caddyfile, Caddy's internal CA) on
 * loopback, desktop and phone: the seller adds tienda-prueba.example at /admin/domains and sees the DNS records to
 * create; "Verificar" fails while the loopback DNS server (tests/helpers/test-dns.ts, the resolver the app is pointed
 * at with DNS_SERVERS) does not serve them, and passes once it does; the domain is activated; the browser opens the
 * store at https://tienda-prueba.example through Caddy, on the certificate Caddy issued for that name (checked against
 * Caddy's root from Node; the browser trusts that root by its public key, and every name goes to 127.0.0.1); removing
 * the domain stops the store being served there.
 *
 * The stack is this file's own, started once per worker: the DNS server, an instance of e2e/support/server.ts (the
 * built web app playwright.config.ts made, no demo stores) with PUBLIC_SCHEME=https and PUBLIC_PORT Caddy's port, and
 * Caddy in front of it. Skipped only when caddy is not installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { startTestDns, type TestDns } from '../../tests/helpers/test-dns';
import {
  CADDY,
  freePort,
  handshake,
  httpsRequest,
  startCaddy,
  stopChild,
  track,
  type RunningCaddy,
} from '../../tests/deploy/caddy';
import { THROTTLE_GAP_MS } from '../urls';

const DOMAIN = 'tienda-prueba.example';
const TARGET = 'stores.vitrina-dominios.test';

/** base64 SHA-256 of a certificate's public key (SPKI): what --ignore-certificate-errors-spki-list takes. */
const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

interface Stack {
  dns: TestDns;
  caddy: RunningCaddy;
  app: ChildProcess;
  appPort: number;
  dataDir: string;
  ca: string;
  browser: Browser;
  /** A page of the platform or a store through Caddy: https://<host>:<Caddy's port><path>. */
  url(host: string, pathname?: string): string;
}

async function startStack(): Promise<Stack> {
  const dns = await startTestDns();
  dns.set(TARGET, 'A', ['127.0.0.1']);
  const [appPort, httpsPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-domains-'));
  const app = track(
    spawn(process.execPath, ['--import', 'tsx', 'e2e/support/server.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        E2E_NO_DEMO: '1',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
        JOB_POLL_SECONDS: '0.5',
        DNS_SERVERS: dns.server,
        DOMAIN_CNAME_TARGET: TARGET,
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_SCHEME: 'https',
        PUBLIC_PORT: String(httpsPort),
        TLS_PROBE_ADDRESS: `127.0.0.1:${httpsPort}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let err = '';
  app.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the domains e2e instance exited (${app.exitCode}): ${err}`);
    const up = await fetch(`http://127.0.0.1:${appPort}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const caddy = await startCaddy({ upstreams: [`127.0.0.1:${appPort}`], platformDomain: 'localhost', httpsPort });
  const ca = await caddy.rootCertificate();
  // Caddy answers once its platform certificate is made and its health check found the instance.
  for (let tries = 0; ; tries++) {
    const res = await httpsRequest(caddy.httpsPort, 'localhost', '/admin/domains', { ca }).catch((e: Error) => ({
      status: 0,
      body: e.message,
    }));
    if (res.status === 200) break;
    if (tries > 60)
      throw new Error(`Caddy answers ${res.status} (${res.body.slice(0, 200)}):\n${caddy.log().slice(-10).join('\n')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // Caddy sends its leaf and intermediate certificates, not the root: the browser is told both CA keys.
  const intermediate = fs.readFileSync(
    path.join(caddy.dataDir(), 'caddy/pki/authorities/local/intermediate.crt'),
    'utf8',
  );
  // The browser: every name on loopback (the port stays Caddy's), and Caddy's CA trusted by its public keys.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--host-resolver-rules=MAP * 127.0.0.1',
      `--ignore-certificate-errors-spki-list=${spkiHash(ca)},${spkiHash(intermediate)}`,
    ],
  });
  return {
    dns,
    caddy,
    app,
    appPort,
    dataDir,
    ca,
    browser,
    url: (host, pathname = '/') => `https://${host}:${caddy.httpsPort}${pathname}`,
  };
}

/** POSTs to a factory route of the instance (e2e/support/factory-routes.ts); throws unless 201. */
async function factory<T>(port: number, route: string, body: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/__e2e${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

test.describe('a seller’s own domain, served through Caddy with TLS', () => {
  test.skip(!CADDY, 'caddy is not installed (apt-get install caddy)');
  let stack: Stack;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stack = await startStack();
  });
  test.afterAll(async () => {
    await stack?.browser.close();
    await stack?.caddy.stop();
    if (stack?.app) await stopChild(stack.app, 10_000);
    await stack?.dns.close();
    if (stack?.dataDir) fs.rmSync(stack.dataDir, { recursive: true, force: true });
  });

  test(
    'adds tienda-prueba.example, verifies it once the DNS serves its records, opens the store over https, removes it',
    { tag: '@phone' },
    async ({}, testInfo) => {
      const store = await factory<{ id: string; slug: string }>(stack.appPort, '/stores', { products: 2 });
      const storeName = `Tienda ${store.slug}`;
      const seller = await factory<{ token: string }>(stack.appPort, '/sellers', { storeId: store.id });
      const context: BrowserContext = await stack.browser.newContext({
        viewport: testInfo.project.use.viewport ?? { width: 1280, height: 900 },
        locale: 'es-MX',
      });
      try {
        await context.addInitScript(
          ([host, token]) => {
            if (location.host === host) localStorage.setItem('admin_access_token', token);
          },
          [new URL(stack.url('localhost')).host, seller.token] as const,
        );
        const admin = await context.newPage();

        // The admin, itself through Caddy on the platform's certificate.
        const opened = await admin.goto(stack.url('localhost', '/admin/domains'));
        expect(opened?.status()).toBe(200);
        await expect(admin.getByRole('heading', { name: 'Dominios', level: 1 })).toBeVisible();
        await expect(admin.getByText('Aún no conectas un dominio propio')).toBeVisible();
        await admin.getByLabel('Dominio', { exact: true }).fill(DOMAIN);
        await admin.getByRole('button', { name: 'Agregar dominio' }).click();

        // The records to create: where the domain points, and the TXT record with this domain's token.
        const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: DOMAIN }) });
        await expect(card.getByText('Pendiente de validación')).toBeVisible();
        // A table on a desktop, a card per record on a phone: the rows as elements, whatever the layout.
        const routing = card.locator('tbody tr', { hasText: 'CNAME' }).first();
        await expect(routing.locator('code').first()).toHaveText(DOMAIN);
        await expect(routing.locator('code').nth(1)).toHaveText(TARGET);
        const ownership = card.locator('tbody tr', { hasText: 'TXT' });
        await expect(ownership.locator('code').first()).toHaveText(`_vitrina.${DOMAIN}`);
        const token = (await ownership.locator('code').nth(1).textContent())!.trim();
        expect(token.length).toBeGreaterThan(10);

        // Nothing in the DNS yet: the check fails and says what it did not find.
        await admin.waitForTimeout(THROTTLE_GAP_MS);
        await card.getByRole('button', { name: 'Verificar' }).click();
        await expect(card.getByText(/Aún no vemos el registro/)).toBeVisible();
        await expect(card.getByText('No encontrado').first()).toBeVisible();
        await expect(card.getByText('Pendiente de validación')).toBeVisible();

        // The seller creates the records at the DNS provider (the loopback DNS serves them now).
        stack.dns.set(DOMAIN, 'CNAME', [TARGET]);
        stack.dns.set(`_vitrina.${DOMAIN}`, 'TXT', [token]);
        await admin.waitForTimeout(THROTTLE_GAP_MS);
        await card.getByRole('button', { name: 'Verificar' }).click();
        await expect(card.getByText('¡Listo! Encontramos tus registros DNS.', { exact: false })).toBeVisible();
        await expect(card.getByText('Verificado', { exact: true })).toBeVisible();

        await admin.waitForTimeout(THROTTLE_GAP_MS);
        await card.getByRole('button', { name: 'Activar dominio' }).click();
        await expect(card.getByText('Activo', { exact: true })).toBeVisible();
        await expect(card.getByText('Principal', { exact: true })).toBeVisible();
        const open = card.getByRole('link', { name: 'Abrir' });
        await expect(open).toHaveAttribute('href', stack.url(DOMAIN, ''));

        // The shopper's visit: https://tienda-prueba.example through Caddy shows the store.
        const shop = await context.newPage();
        const visit = await shop.goto(stack.url(DOMAIN, '/'));
        expect(visit?.status()).toBe(200);
        await expect(shop.getByText(storeName).first()).toBeVisible();
        // On the certificate Caddy issued for this name, which chains to Caddy's root.
        const details = await visit!.securityDetails();
        const issued = await handshake(stack.caddy.httpsPort, DOMAIN, stack.ca);
        expect(issued.authorized, issued.authorizationError ?? '').toBe(true);
        expect(issued.subjectAltName).toBe(`DNS:${DOMAIN}`);
        // Caddy's certificates carry the name only in their SAN (checked above); the subject is empty.
        expect(details?.issuer).toBe(issued.issuer);
        expect(details?.issuer).toMatch(/Caddy Local Authority/);
        expect(details?.validTo).toBe(Math.floor(issued.validTo.getTime() / 1000));
        // The store's platform address now sends the shopper to its primary domain.
        const moved = await shop.goto(stack.url(`${store.slug}.localhost`, '/'));
        expect(new URL(shop.url()).host).toBe(new URL(stack.url(DOMAIN)).host);
        expect(moved?.status()).toBe(200);

        // Removed: the store is not served on that domain any more (at once), and stays on its platform address.
        admin.once('dialog', (dialog) => void dialog.accept());
        await admin.waitForTimeout(THROTTLE_GAP_MS);
        await card.getByRole('button', { name: 'Eliminar' }).click();
        await expect(admin.getByRole('heading', { name: DOMAIN })).toHaveCount(0);
        await expect(admin.getByText('Aún no conectas un dominio propio')).toBeVisible();
        await shop.goto(stack.url(DOMAIN, '/'));
        const storeApi = await shop.evaluate(() => fetch('/api/reseller/configwebsite').then((r) => r.status));
        expect(storeApi).toBe(404);
        await expect(shop.getByText(storeName)).toHaveCount(0);
        const home = await shop.goto(stack.url(`${store.slug}.localhost`, '/'));
        expect(home?.status()).toBe(200);
        expect(new URL(shop.url()).hostname).toBe(`${store.slug}.localhost`);
      } finally {
        await context.close();
      }
    },
  );
});
