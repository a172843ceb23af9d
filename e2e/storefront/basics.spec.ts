/**
 * The storefront shell: "Loading...", 404, scroll to top, recently viewed, typo-tolerant search,
 * and the API client's redirects on 401, 402 and 404.
 */
import { apiUrl, expect, storeUrl, test } from '../fixtures';

test.describe('storefront basics', () => {
  // Home, search and product arrive rendered by the server with the store's data (decision 035); a page the browser
  // renders itself, such as the cart, still shows "Loading..." while the store configuration loads.
  test('shows "Loading..." while the store loads, then the store', async ({ page }) => {
    await page.route('**/api/reseller/configwebsite', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(storeUrl('demo', '/micarrito'));
    await page.getByText('Loading...').waitFor();
    await page.getByText('Tu carrito está vacío').waitFor();
    expect(await page.getByText('Loading...').count()).toBe(0);
  });

  test('shows the 404 page with a link home, with a real 404 status (decision 107)', async ({ page }) => {
    const res = await page.goto(storeUrl('demo', '/no-existe'));
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Lo sentimos, página no encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(storeUrl('demo', '/'));
  });

  test('scrolls to the top on every navigation', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto(storeUrl('demo', '/search'));
    await page.locator('.product-card').first().waitFor();
    const last = page.locator('.product-card a').last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await last.click();
    await page.waitForURL(/\/product\?codigo=/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('keeps recently viewed products in vistosrecientes and refreshes them through /api/getVistos', async ({
    page,
  }) => {
    await page.goto(storeUrl('demo', '/product?codigo=MH01'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The page arrives rendered by the server; the product joins the list once the browser has taken the page over.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('vistosrecientes') ?? '[]')[0]?.codigo))
      .toBe('MH01');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/getVistos') && r.method() === 'POST');
    await page.goto(storeUrl('demo'));
    const body = (await request).postDataJSON();
    expect(body).toEqual({ codigosStrings: 'MH01' });
    await page.getByRole('heading', { name: 'Vistos recientemente' }).waitFor();
  });

  test('finds products despite a typo and offers the correction; keeps search words in palabrasbuscadas', async ({
    page,
  }) => {
    await page.goto(storeUrl('demo'));
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill('sudadra');
    await box.press('Enter');
    await page.getByText('¿Quisiste decir').waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('palabrasbuscadas') ?? '[]'))).toEqual([
      'sudadra',
    ]);
  });

  test('serves the English store in English with its own catalogue', async ({ page }) => {
    await page.goto(storeUrl('hogar'));
    await expect.poll(() => page.title()).toBe('Casa & Tech');
    await page.getByRole('heading', { name: 'Departments' }).waitFor();
    // The footer names the payment methods this deployment takes (the sandbox: card, OXXO and PayPal).
    await expect(page.getByRole('contentinfo')).toContainText(
      'Payment methods: credit or debit card, cash at OXXO, PayPal.',
    );
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill('cameras');
    await box.press('Enter');
    // Wait for the results page itself: the home page's department cards also read "N products".
    await page.waitForURL(/\/search\/keyword\?q=cameras/);
    await page.locator('.product-card').first().waitFor();
    expect(await page.locator('.product-card a').first().textContent()).toMatch(/camera/i);
  });

  test('sends the shopper to /404 when the API answers 404 for a product', async ({ page }) => {
    // The server answers the unknown code with a 404 too; the app then asks the API and goes to /404 (decision 008).
    const res = await page.goto(storeUrl('demo', '/product?codigo=NO-EXISTE-123'));
    expect(res?.status()).toBe(404);
    await page.waitForURL(storeUrl('demo', '/404'));
    await page.getByRole('heading', { name: 'Lo sentimos, página no encontrada' }).waitFor();
  });

  test('signs the shopper out and sends them to /login when the API answers 401 (session ended elsewhere)', async ({
    page,
    context,
    buyer,
    signInBuyer,
  }) => {
    await signInBuyer(context, buyer);
    await page.goto(storeUrl('demo'));
    await page.getByRole('link', { name: 'Mis pedidos' }).waitFor();
    // The session ends on the server (signed out on another device); the page still believes it is signed in.
    await fetch(apiUrl('/api/auth/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'x-store-domain': 'demo.localhost' },
    });
    await page.getByRole('link', { name: 'Mis pedidos' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await page.getByRole('link', { name: 'Mis pedidos' }).count()).toBe(0);
  });

  test('sends the shopper to /account_suspended when the API answers 402', async ({ page }) => {
    await page.route('**/api/home', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'ACCOUNT_SUSPENDED',
          message: 'La cuenta de esta tienda está suspendida.',
          params: {},
          fields: [],
        }),
      }),
    );
    // The home page arrives rendered with its data (decision 035); reached in the browser, it asks /api/home itself.
    await page.goto(storeUrl('demo', '/micarrito'));
    await page.getByRole('link', { name: 'Vitrina Deportes, inicio' }).click();
    await page.waitForURL(storeUrl('demo', '/account_suspended'));
    await page.getByRole('heading', { name: 'Cuenta suspendida' }).waitFor();
  });

  test('shows a translated "could not load this page" with a retry when the script of a page fails to load', async ({
    page,
  }) => {
    await page.goto(storeUrl('demo'));
    await page.getByRole('heading', { name: 'Departamentos' }).waitFor();
    await page.route('**/assets/login-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'No pudimos cargar esta página' }).waitFor();
    await page.unroute('**/assets/login-page-*.js');
    await page.getByRole('button', { name: 'Volver a intentar' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
