/**
 * Shopper-facing defects and first paint, in a real browser: pages rendered on the server (content without
 * JavaScript, canonical and hreflang), dates and numbers in the page language, phone layout (carousel controls clear of
 * the banner's button, 24 px dots, every product tab on screen, two-line product names with their full name as title,
 * even thumbnails on the English store), the footer kept below the fold while a page loads, a fourth quick search
 * that waits for the throttle instead of failing, and "¿Quisiste decir ...?" with its closing sign.
 */
import type { Page } from '@playwright/test';
import { expect, storeUrl, test } from '../fixtures';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The code of a demo product that has reviews (asked of the API from the page, so no host lookup in Node). */
async function reviewedProduct(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/reseller/producto/search?sort=best_seller&pageSize=60');
    const body = (await res.json()) as { items: { codigo: string; ratingCount?: number }[] };
    return body.items.find((p) => (p.ratingCount ?? 0) > 0)!.codigo;
  });
}

test.describe('shopper polish', () => {
  test('home, search and product arrive rendered: content without JavaScript, canonical and hreflang', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto(storeUrl('demo'));
    await page.getByRole('heading', { name: 'Departamentos' }).waitFor({ timeout: 5000 });
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(storeUrl('demo', '/'));
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href')).toBe(
      storeUrl('demo', '/?lang=en'),
    );
    await page.goto(storeUrl('demo', '/search/keyword?q=sudadera'));
    await page.getByRole('heading', { name: /Resultados para/ }).waitFor({ timeout: 5000 });
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    const first = await page.locator('.product-card a').first().getAttribute('href');
    await page.goto(storeUrl('demo', first!));
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 5000 });
    expect(await page.getByRole('tab').count()).toBe(5);
    expect(await page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
    // Every image has its size, so nothing moves when it arrives.
    for (const img of await page.locator('main img').all()) {
      expect(await img.getAttribute('width')).toBeTruthy();
      expect(await img.getAttribute('height')).toBeTruthy();
    }
    await context.close();
  });

  test('the English alternate (?lang=en) renders the page in English', async ({ newContext }) => {
    const page = await (await newContext()).newPage();
    await page.goto(storeUrl('demo', '/?lang=en'));
    await page.getByRole('heading', { name: 'Departments' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  test('review dates and numbers follow the page language (es-MX), not the browser’s (en-US)', async ({
    newContext,
  }) => {
    const page = await (await newContext({ locale: 'en-US' })).newPage();
    await page.goto(storeUrl('demo'));
    const codigo = await reviewedProduct(page);
    await page.goto(storeUrl('demo', `/product?codigo=${encodeURIComponent(codigo)}`));
    await page.getByRole('tab', { name: /Reseñas/ }).click();
    const meta = await page.locator('.review .muted').first().textContent();
    expect(meta).toMatch(/\d{1,2} de [a-záéíóú]+ de \d{4}/);
    expect(meta).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
  });

  test('on a phone the carousel controls leave the banner’s button free, and its dots are 24 px targets', async ({
    newContext,
  }) => {
    const page = await (await newContext({ phone: true })).newPage();
    await page.goto(storeUrl('demo'));
    const bannerButton = page.locator('.carousel-slide[aria-hidden="false"] .carousel-caption .btn');
    await bannerButton.waitFor();
    const target = (await bannerButton.boundingBox())!;
    const controls = await page.locator('.carousel-controls button').all();
    expect(controls.length).toBeGreaterThan(0);
    for (const c of controls) expect(overlaps((await c.boundingBox())!, target)).toBe(false);
    for (const dot of await page.locator('.carousel-dot').all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
  });

  test('on a phone every product tab is on screen', async ({ newContext }) => {
    const page = await (await newContext({ phone: true })).newPage();
    await page.goto(storeUrl('demo'));
    const codigo = await reviewedProduct(page);
    await page.goto(storeUrl('demo', `/product?codigo=${encodeURIComponent(codigo)}`));
    await page.getByRole('tab', { name: 'Empaque' }).waitFor();
    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole('tab', { name: /Reseñas/ }).click();
    await page.locator('.review').first().waitFor();
  });

  test('product names show two lines and carry the full name as a title', async ({ newContext }) => {
    const page = await (await newContext({ phone: true })).newPage();
    await page.goto(storeUrl('demo', '/search/keyword?q=sudadera%20con%20capucha'));
    await page.locator('.product-card').first().waitFor();
    const names = await page.locator('.product-card .name').all();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names.slice(0, 6)) {
      const [text, title] = [await name.textContent(), await name.getAttribute('title')];
      expect(title).toBe(text);
      const lines = await name.evaluate((el) => el.clientHeight / parseFloat(getComputedStyle(el).lineHeight));
      expect(Math.round(lines)).toBeGreaterThanOrEqual(2);
    }
  });

  test('thumbnails on the English store are even squares whatever the photo’s shape', async ({ newContext }) => {
    for (const phone of [true, false]) {
      const page = await (await newContext({ phone })).newPage();
      await page.goto(storeUrl('hogar', '/search'));
      await page.locator('.product-card img').first().waitFor();
      await page.waitForLoadState('networkidle');
      const boxes = await page
        .locator('.product-card .thumb')
        .evaluateAll((els) => els.map((e) => [e.clientWidth, e.clientHeight]));
      expect(boxes.length).toBeGreaterThan(4);
      for (const [w, h] of boxes) expect(Math.abs(w - h)).toBeLessThanOrEqual(1);
    }
  });

  test('the footer stays below the screen while a page loads', async ({ newContext }) => {
    const page = await (await newContext({ phone: true })).newPage();
    await page.goto(storeUrl('demo'));
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/productos/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.product-card a').first().click();
    await page.getByText('Loading...').waitFor();
    const footer = (await page.locator('.site-footer').boundingBox())!;
    expect(footer.y).toBeGreaterThanOrEqual(844);
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  test('a fourth search within 3 s waits for the throttle and then shows its results, without an error', async ({
    newContext,
  }) => {
    const page = await (await newContext()).newPage();
    await page.goto(storeUrl('demo', '/search'));
    const box = page.getByRole('search').getByRole('combobox');
    const searched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reseller/producto/search')) searched.push(r.url());
    });
    for (const term of ['sudadera', 'chamarra', 'gorra', 'playera']) {
      await box.fill(term);
      await box.press('Enter');
      await page.waitForURL(new RegExp(`q=${term}`));
    }
    await page.getByRole('heading', { name: 'Resultados para «playera»' }).waitFor();
    await expect.poll(() => searched.some((u) => u.includes('q=playera')), { timeout: 10_000 }).toBe(true);
    await page
      .locator('#results-count')
      .getByText(/productos?$/)
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText('Demasiadas solicitudes').count()).toBe(0);
  });

  test('"¿Quisiste decir ...?" has its closing sign', async ({ newContext }) => {
    const page = await (await newContext()).newPage();
    await page.goto(storeUrl('demo', '/search/keyword?q=sudadra'));
    const alert = page.getByText('¿Quisiste decir');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toMatch(/^¿Quisiste decir \S.*\?$/);
  });
});
