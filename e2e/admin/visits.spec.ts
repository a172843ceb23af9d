/**
 * Visits (decisions 161, 162): a shopper browses the demo store (home, a product, two searches from the header's box,
 * one without results); its seller opens /admin/visitas and sees the figures as a chart, the searched words with and
 * without results, in Spanish and in English; the dashboard shows "Visitas de hoy". A new store's seller sees the
 * empty states. Headless Chromium announces itself as a bot ("HeadlessChrome"), which is not counted, so the
 * shopper's browser sends an ordinary desktop user agent.
 */
import { expect, platformUrl, storeUrl, test } from '../fixtures';

const SHOPPER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test(
  'the seller sees visits, searched words and conversion on /admin/visitas, in Spanish and English',
  { tag: '@phone' },
  async ({ browser, page, context, demoSeller, signInSeller }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone';
    const unfound = `zzq${phone ? 'telefono' : 'escritorio'}`;

    // A shopper's visit: the home, a product, a search that finds and one that does not.
    const shopper = await browser.newContext({ userAgent: SHOPPER_UA });
    const shop = await shopper.newPage();
    await shop.goto(storeUrl('demo'));
    await shop.getByRole('heading', { name: 'Departamentos' }).waitFor();
    await shop.goto(storeUrl('demo', '/product?codigo=MH01'));
    await shop.getByRole('heading', { level: 1 }).waitFor();
    const search = shop.getByRole('search').getByRole('combobox');
    await search.fill('chamarra');
    await search.press('Enter');
    await shop.locator('.product-card').first().waitFor();
    await search.fill(unfound);
    await search.press('Enter');
    await expect(shop).toHaveURL(new RegExp(unfound));
    await shopper.close();

    await signInSeller(context, demoSeller);
    await page.goto(platformUrl('/admin'));
    const tile = page.getByTestId('visits-today');
    await expect(tile).toContainText('Visitas de hoy');
    await expect(tile.locator('canvas')).toBeVisible();

    await page.goto(platformUrl('/admin/visitas'));
    await expect(page.getByRole('heading', { level: 1, name: 'Visitas' })).toBeVisible();
    // In the menu (a closed drawer on a phone, so looked up in the page, not the accessibility tree).
    await expect(page.locator('#admin-nav a[href="/admin/visitas"]')).toHaveText('Visitas');
    await expect(
      page.getByRole('img', { name: /Gráfica de visitantes y páginas vistas por día, últimos 30 días/ }),
    ).toBeVisible();
    await expect(page.locator('.visits-page canvas').first()).toBeVisible();
    expect(Number((await page.getByTestId('visits-visitors').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    const notFound = page.getByRole('region', { name: 'Búsquedas sin resultados' });
    await expect(notFound).toContainText(unfound);
    await expect(page.getByRole('region', { name: 'Búsquedas con resultados' })).toContainText('chamarra');
    await expect(
      page.getByRole('region', { name: 'Productos más vistos' }).getByRole('listitem').first(),
    ).toBeVisible();
    await page.getByText('7 días').click();
    await expect(page.getByRole('img', { name: /últimos 7 días/ })).toBeVisible();
    await page.getByText('Ver las cifras por día').click();
    await expect(page.getByRole('columnheader', { name: 'Páginas vistas' })).toBeVisible();
    await page.screenshot({ path: `/tmp/visits-${testInfo.project.name}-es.png`, fullPage: true });

    // English.
    await page.getByRole('button', { name: /EN – / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Visits' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Searches without results' })).toContainText(unfound);
    await expect(page.getByRole('img', { name: /Chart of visitors and page views by day, last 7 days/ })).toBeVisible();
    await page.screenshot({ path: `/tmp/visits-${testInfo.project.name}-en.png`, fullPage: true });
  },
);

test(
  "a new store's seller sees the empty states",
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }, testInfo) => {
    const store = await factory.store({ products: 1 });
    await signInSeller(context, await factory.seller(store));
    await page.goto(platformUrl('/admin/visitas'));
    await expect(page.getByRole('heading', { name: 'Aún no hay visitas en este periodo' })).toBeVisible();
    await expect(page.getByText('Todavía nadie ha abierto un producto en este periodo.')).toBeVisible();
    await expect(page.getByText('Ninguna búsqueda se quedó sin resultados.')).toBeVisible();
    await page.screenshot({ path: `/tmp/visits-${testInfo.project.name}-empty.png`, fullPage: true });
    await page.getByRole('button', { name: /EN – / }).click();
    await expect(page.getByRole('heading', { name: 'No visits in this period yet' })).toBeVisible();
  },
);
