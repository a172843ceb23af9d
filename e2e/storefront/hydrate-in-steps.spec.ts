/**
 * Hydration in steps (decision 088): product cards, the departments bar and grid, the footer and the product page's
 * hidden tab panels keep the server's markup during the first hydration pass and hydrate afterwards, one per task.
 * What the shopper sees must not change when they do: the page's markup once hydrated equals the server's (no part
 * dropped, doubled or re-created, so no image loads again), and a product card's link then navigates inside the app.
 */
import type { Page } from '@playwright/test';
import { expect, storeUrl, test } from '../fixtures';

/** Before any script runs, records `#root`'s markup and marks its product cards, their images and footer. */
async function recordServerMarkup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      root.querySelectorAll('.product-card, .product-card img, .site-footer > *, .dept-nav').forEach((el) => {
        (el as HTMLElement).dataset.fromServer = '';
      });
      (window as unknown as { serverMarkup: string }).serverMarkup = root.innerHTML;
    });
  });
}

/** `#root`'s markup, from the server or now, without the marks `recordServerMarkup` added. */
const markup = (page: Page, server: boolean) =>
  page.evaluate((server) => {
    const html = server
      ? (window as unknown as { serverMarkup: string }).serverMarkup
      : document.getElementById('root')!.innerHTML;
    return html.replace(/ data-from-server=""/g, '');
  }, server);

/**
 * The server renders with the renderer the browser hydrates with, Preact (decision 131): React's server renderer
 * would have written Suspense's comment markers (`<!--$-->`) and text separators (`<!-- -->`) and hoisted image
 * preloads (`<link rel="preload">`) into the markup; Preact's writes none of them.
 */
async function expectPreactServerMarkup(page: Page): Promise<void> {
  const server = await markup(page, true);
  expect(server).not.toMatch(/<!--|<link /);
  expect(server).toContain('class="site-header"');
}

for (const [name, path] of [
  ['home', '/'],
  ['search', '/search'],
  ['product', '/product?codigo=MH01'],
] as const) {
  test(`the ${name} page hydrated in steps is the server's markup, same elements`, async ({ page }) => {
    await recordServerMarkup(page);
    await page.goto(storeUrl('demo', path));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    expect(await markup(page, false)).toBe(await markup(page, true));
    await expectPreactServerMarkup(page);
    // The parts hydrated later are the server's own elements.
    const cards = page.locator('.product-card');
    const footer = page.locator('.site-footer > *');
    for (const parts of [cards, page.locator('.product-card img'), footer, page.locator('.dept-nav')])
      for (const el of await parts.all()) await expect(el).toHaveAttribute('data-from-server', '');
    expect(await footer.count()).toBe(1);
    if (name !== 'product') expect(await cards.count()).toBeGreaterThanOrEqual(8);
  });
}

test('a product card hydrated after the page opens its product inside the app', async ({ page }) => {
  await page.goto(storeUrl('demo', '/'));
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const card = page.locator('.product-card').nth(9);
  const name = (await card.locator('h3').textContent())!;
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('the reviews tab of a product, hydrated when opened, shows its dates in Spanish', async ({ page }) => {
  // A demo product with reviews (the seed gives WSH01 three).
  await recordServerMarkup(page);
  await page.goto(storeUrl('demo', '/product?codigo=WSH01'));
  expect(await markup(page, false)).toBe(await markup(page, true));
  await page.getByRole('tab', { name: /Reseñas/ }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.review')).toHaveCount(3);
  await expect(panel.getByText(/· \d{1,2} de [a-z]+ de 20\d\d$/).first()).toBeVisible();
  // The next tab, by keyboard, hydrates as it opens too.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tabpanel')).toContainText('kg');
});

test('a tab panel not yet opened when the shopper switches language shows the new language when opened', async ({
  page,
}) => {
  await page.goto(storeUrl('demo', '/product?codigo=WSH01'));
  await page.getByRole('button', { name: 'Cambiar idioma a inglés' }).click();
  await expect(page.getByRole('tab', { name: /Reviews/ })).toBeVisible();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('.review')).toHaveCount(3);
  await expect(panel.getByText(/· [A-Z][a-z]+ \d{1,2}, 20\d\d$/).first()).toBeVisible();
  await expect(panel).not.toContainText(' de 20');
  // Attributes too, which hydrating the server's Spanish markup would not have changed: each review's rating label.
  await expect(panel.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(3);
  await expect(panel.getByRole('img', { name: /de 5 estrellas/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Code');
  await expect(page.getByRole('tabpanel')).not.toContainText('Código');
});
