/** The storefront shell of SPEC §2, §4, §7: "Loading...", 404, scroll to top, recently viewed, typo-tolerant search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, storeUrl } from '../fixtures';

describe('storefront basics', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launch(); });
  afterAll(async () => { await browser.close(); });

  it('shows "Loading..." while the store loads, then the store', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/api/reseller/configwebsite', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    await page.goto(storeUrl('demo'));
    await page.getByText('Loading...').waitFor();
    await page.getByRole('heading', { name: 'Departamentos' }).waitFor();
    expect(await page.getByText('Loading...').count()).toBe(0);
    await context.close();
  });

  it('shows the 404 page with a link home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(storeUrl('demo', '/no-existe'));
    await page.getByRole('heading', { name: 'Lo sentimos, página no encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(storeUrl('demo', '/'));
    await context.close();
  });

  it('scrolls to the top on every navigation', async () => {
    const { context, page } = await newPage(browser, { phone: true });
    await page.goto(storeUrl('demo', '/search'));
    await page.locator('.product-card').first().waitFor();
    const last = page.locator('.product-card a').last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await last.click();
    await page.waitForURL(/\/product\?codigo=/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('keeps recently viewed products in vistosrecientes and refreshes them through /api/getVistos', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(storeUrl('demo', '/product?codigo=MH01'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vistosrecientes') ?? '[]'));
    expect(stored[0].codigo).toBe('MH01');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/getVistos') && r.method() === 'POST');
    await page.goto(storeUrl('demo'));
    const body = (await request).postDataJSON();
    expect(body).toEqual({ codigosStrings: 'MH01' });
    await page.getByRole('heading', { name: 'Vistos recientemente' }).waitFor();
    await context.close();
  });

  it('finds products despite a typo and offers the correction; keeps search words in palabrasbuscadas', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(storeUrl('demo'));
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill('sudadra');
    await box.press('Enter');
    await page.getByText('¿Quisiste decir').waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('palabrasbuscadas') ?? '[]'))).toEqual(['sudadra']);
    await context.close();
  });

  it('serves the English store in English with its own catalogue', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(storeUrl('hogar'));
    await expect.poll(() => page.title()).toBe('Casa & Tech');
    await page.getByRole('heading', { name: 'Departments' }).waitFor();
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill('cameras');
    await box.press('Enter');
    await page.getByText(/\d+ products?/).first().waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await context.close();
  });
});
