/**
 * In a real browser: pages carry a Content-Security-Policy whose nonces match the two inline elements
 * the server injects (store theme, product JSON-LD), an injected inline script does not run, the admin cannot be
 * framed, and an uploaded SVG with a script opened as a page runs nothing. Every other spec also fails on any CSP
 * violation (e2e/fixtures.ts), so the whole storefront and admin are proven to work under the policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DATA_DIR, expect, platformUrl, storeUrl, test } from '../fixtures';

/** The nonces of a CSP header: [script, style]. */
function nonces(csp: string): { script: string; style: string } {
  const of = (directive: string) => new RegExp(`${directive} [^;]*'nonce-([0-9a-f]+)'`).exec(csp)?.[1] ?? '';
  return { script: of('script-src'), style: of('style-src') };
}

/** A page outside the checked `context` fixture: its violations are the point of the test, not failures of it. */
async function bareContext(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('security headers and CSP in the browser', () => {
  test('a product page: strict policy, and the nonces of the header on the store theme and the JSON-LD', async ({
    page,
  }) => {
    const response = await page.goto(storeUrl('demo', '/product?codigo=MH01'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const headers = response!.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('DENY');
    const expected = nonces(csp);
    expect(expected.script).toMatch(/^[0-9a-f]{32}$/);
    // The DOM hides nonce attributes once parsed; the `nonce` property keeps the value.
    const onPage = await page.evaluate(() => ({
      style: (document.querySelector('style#store-theme') as HTMLStyleElement | null)?.nonce,
      script: (document.querySelector('script[type="application/ld+json"]') as HTMLScriptElement | null)?.nonce,
      themed: getComputedStyle(document.documentElement).getPropertyValue('--color-navbar').trim(),
    }));
    expect(onPage).toEqual({ ...expected, themed: '#0b4f8a' });
    // The next page load gets other nonces.
    const again = await page.reload();
    expect(nonces(again!.headers()['content-security-policy']).script).not.toBe(expected.script);
  });

  test('an injected inline script does not run and is reported', async ({ browser }) => {
    const page = await bareContext(browser);
    await page.goto(storeUrl('demo'));
    await page.getByRole('heading', { name: 'Departamentos' }).waitFor();
    const outcome = await page.evaluate(
      () =>
        new Promise<{ directive: string; ran: boolean }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) =>
            resolve({ directive: e.effectiveDirective, ran: 'pwned' in window }),
          );
          const s = document.createElement('script');
          s.textContent = 'window.pwned = true';
          document.head.append(s);
        }),
    );
    expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
    await page.context().close();
  });

  test('the admin cannot be framed by another site', async ({ browser }) => {
    const page = await bareContext(browser);
    const admin = platformUrl('/admin/login');
    // Another site (served by the browser itself: no DNS, no server) that frames the admin sign-in.
    await page.route('http://attacker.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${admin}"></iframe>` }),
    );
    const frameAdmin = async () => {
      await page.goto('http://attacker.example/');
      const frame = page.frames()[1];
      await frame.waitForLoadState();
      return frame;
    };
    // Control: the same document without its framing headers does load inside the frame (the admin app itself then
    // stops on the browser's third-party storage rules, which is why the control looks at the document, not a form).
    await page.route(admin, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    });
    const control = await frameAdmin();
    expect(control.url()).toBe(admin);
    expect(await control.content()).toContain('<script type="module"');
    await page.unroute(admin);
    const frame = await frameAdmin();
    expect(frame.url()).toBe('chrome-error://chromewebdata/');
    expect(await frame.content()).not.toContain('<script type="module"');
    await page.context().close();
  });

  test('an uploaded SVG with a script, opened as a page, runs nothing', async ({ browser }) => {
    const dir = path.join(DATA_DIR, 'uploads', 'e2e');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'evil.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "pwned"; fetch("/api/user")</script></svg>',
    );
    const page = await bareContext(browser);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const response = await page.goto(storeUrl('demo', '/uploads/e2e/evil.svg'));
    expect(response!.headers()['content-security-policy']).toContain('sandbox');
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.evaluate(() => document.title)).not.toBe('pwned');
    expect(requests.filter((u) => u.includes('/api/'))).toEqual([]);
    await page.context().close();
  });
});
