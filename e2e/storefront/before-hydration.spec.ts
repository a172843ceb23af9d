/**
 * A server-rendered product page (decision 035) can be clicked before its script has run: on a slow phone the shopper
 * picks a colour while the page is still only HTML. The browser checks that radio; once the page hydrates, the
 * product page must adopt it (the legend, photo, price and cart line follow what is checked), not keep its default.
 * The page's scripts are held back until the click has happened, so the test does not depend on timing.
 */
import type { Page } from '@playwright/test';
import { expect, storeUrl, test } from '../fixtures';

/** A demo product with at least two colours in stock, asked of the API from the page: its code and two colours. */
async function twoColourProduct(page: Page): Promise<{ codigo: string; colours: string[] }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/reseller/producto/search?q=sudadera&pageSize=60');
    const body = (await res.json()) as { items: { codigo: string }[] };
    for (const { codigo } of body.items) {
      const p = (await (await fetch(`/api/productos/${encodeURIComponent(codigo)}`)).json()) as {
        optionNames: string[];
        variants: { options: Record<string, string>; stock: number }[];
      };
      if (!p.optionNames.includes('color')) continue;
      const colours = [...new Set(p.variants.filter((v) => v.stock > 0).map((v) => v.options.color))];
      if (colours.length >= 2) return { codigo, colours };
    }
    throw new Error('no demo product with two colours in stock');
  });
}

test(
  'a colour picked before the page has hydrated is the one the page and the cart use',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(storeUrl('demo', '/'));
    const { codigo, colours } = await twoColourProduct(page);

    // Hold every script of the next page until the shopper has clicked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(storeUrl('demo', `/product?codigo=${encodeURIComponent(codigo)}`), { waitUntil: 'commit' });
    const legend = page.locator('fieldset.option-group legend').first();
    await expect(legend).toBeVisible();
    const shown = (await legend.textContent()) ?? '';
    // The colour the server did not pre-select.
    const other = colours.find((c) => !shown.endsWith(`: ${c}`))!;
    await page.locator('fieldset.option-group').first().locator('label').filter({ hasText: other }).first().click();
    await expect(page.locator(`input[type="radio"][value="${other}"]`)).toBeChecked();
    release();

    // Hydrated (the add-to-cart button answers), the page shows and buys the colour that is checked.
    await expect(legend).toHaveText(new RegExp(`: ${other}$`));
    await expect(page.locator(`input[type="radio"][value="${other}"]`)).toBeChecked();
    await page.getByRole('button', { name: /Agregar al carrito/ }).click();
    await page.getByRole('link', { name: /Ver carrito/ }).click();
    await expect(page.locator('.cart-line').first()).toContainText(other);
  },
);
