/**
 * A server-rendered page (decision 035) can be clicked before its script has run: on a slow phone the shopper picks a
 * colour, types a quantity or taps a button while the page is still only HTML. The browser checks a radio and keeps
 * typed text by itself; once the page hydrates, the page must adopt them (the legend, photo, price and cart line follow
 * what is checked), and a tap on a button that needs scripts is made again (decision 085), not lost.
 * The page's scripts are held back until the click has happened, so the tests do not depend on timing.
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

/** A demo product whose variant shown first (the first in stock) has at least `min` in stock: its code. */
async function productInStock(page: Page, min: number): Promise<string> {
  return page.evaluate(async (min) => {
    const res = await fetch('/api/reseller/producto/search?q=sudadera&pageSize=60');
    const body = (await res.json()) as { items: { codigo: string }[] };
    for (const { codigo } of body.items) {
      const p = (await (await fetch(`/api/productos/${encodeURIComponent(codigo)}`)).json()) as {
        minOrderQty: number;
        variants: { stock: number }[];
      };
      const shown = p.variants.find((v) => v.stock > 0);
      if (shown && shown.stock >= min && p.minOrderQty <= 1) return codigo;
    }
    throw new Error(`no demo product with ${min} in stock`);
  }, min);
}

/** Holds every script the page asks for until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the language button pressed before the home page has hydrated switches the language', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(storeUrl('demo', '/'), { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Cambiar idioma a inglés' }).click();
  // Without scripts the page stays as it is.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  release();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test(
  'a quantity typed, "+" twice, "Agregar al carrito" and the cart link pressed before hydration: that quantity in the cart',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(storeUrl('demo', '/'));
    const codigo = await productInStock(page, 4);
    const release = await holdScripts(page);
    await page.goto(storeUrl('demo', `/product?codigo=${encodeURIComponent(codigo)}`), { waitUntil: 'commit' });
    await page.getByRole('spinbutton', { name: 'Cantidad' }).fill('2');
    await page.getByRole('button', { name: 'Más', exact: true }).click();
    await page.getByRole('button', { name: 'Más', exact: true }).click();
    await page.getByRole('button', { name: /Agregar al carrito/ }).click();
    // The cart link in the header, tapped after them, waits its turn.
    await page.getByRole('link', { name: /^Carrito, 0 artículos/ }).click();
    release();

    await expect(page.getByRole('heading', { name: 'Mi carrito' })).toBeVisible();
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(page.locator('.cart-line').first().getByRole('spinbutton')).toHaveValue('4');
  },
);

test(
  'a colour picked before the page has hydrated is the one the page and the cart use',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(storeUrl('demo', '/'));
    const { codigo, colours } = await twoColourProduct(page);

    // Hold every script of the next page until the shopper has clicked.
    const release = await holdScripts(page);
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
