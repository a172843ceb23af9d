/**
 * The buyer's account (/miperfil): "Mis reseñas" leads to /reviews, and "Tu actividad en este dispositivo"
 * lists what this browser remembers (localStorage `palabrasbuscadas` and `vistosrecientes`), each list
 * with its own "Borrar" that empties it in the page and in the browser's storage, in Spanish and English, on desktop
 * and phone.
 */
import { expect, storeUrl, test } from '../fixtures';

const TEXT = {
  es: {
    searches: 'Búsquedas recientes',
    viewed: 'Vistos recientemente',
    clear: 'Borrar',
    noSearches: 'No hay búsquedas guardadas.',
    noViewed: 'No has visto productos todavía.',
    reviews: 'Mis reseñas',
  },
  en: {
    searches: 'Recent searches',
    viewed: 'Recently viewed',
    clear: 'Clear',
    noSearches: 'No saved searches.',
    noViewed: 'You have not viewed any products yet.',
    reviews: 'My reviews',
  },
} as const;

/** A localStorage list of the page (run in the browser). */
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];

test.describe('buyer account: recent activity and my reviews', () => {
  for (const lang of ['es', 'en'] as const)
    test(
      `lists and clears recent searches and viewed products; links to my reviews (${lang})`,
      {
        tag: '@phone',
      },
      async ({ page, context, buyer, signInBuyer }) => {
        const tx = TEXT[lang];
        await signInBuyer(context, buyer);
        // The shopper's own choice of language, kept in the browser.
        if (lang === 'en')
          await context.addInitScript(() => {
            if (location.protocol.startsWith('http')) localStorage.setItem('lang', 'en');
          });
        // A product view, then a search from that page once the browser has taken it over (the product joined the
        // list): a search sent before that is the browser's own form submission, which remembers nothing.
        await page.goto(storeUrl('demo', '/product?codigo=MH01'));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(() => page.evaluate(stored, 'vistosrecientes')).toHaveLength(1);
        const productName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
        const box = page.getByRole('search').getByRole('combobox');
        await box.fill('sudadera');
        await box.press('Enter');
        await page.locator('.product-card').first().waitFor();
        await expect.poll(() => page.evaluate(stored, 'palabrasbuscadas')).toEqual(['sudadera']);

        await page.goto(storeUrl('demo', '/miperfil/datos'));
        const searches = page.getByRole('list', { name: tx.searches });
        const viewed = page.getByRole('list', { name: tx.viewed });
        await expect(searches.getByRole('link', { name: 'sudadera' })).toBeVisible();
        await expect(viewed.getByRole('link', { name: productName })).toBeVisible();

        // Each list clears on its own, in the page and in localStorage.
        await page.getByRole('button', { name: tx.clear, exact: true }).first().click();
        await expect(page.getByText(tx.noSearches)).toBeVisible();
        await expect(viewed.getByRole('link', { name: productName })).toBeVisible();
        expect(await page.evaluate(stored, 'palabrasbuscadas')).toEqual([]);
        await page.getByRole('button', { name: tx.clear, exact: true }).click();
        await expect(page.getByText(tx.noViewed)).toBeVisible();
        expect(await page.evaluate(stored, 'vistosrecientes')).toEqual([]);
        // Cleared for good: a reload shows the same.
        await page.reload();
        await expect(page.getByText(tx.noSearches)).toBeVisible();
        await expect(page.getByText(tx.noViewed)).toBeVisible();

        await page.getByRole('link', { name: tx.reviews }).first().click();
        await page.waitForURL(/\/reviews$/);
        await expect(page.getByRole('heading', { name: tx.reviews })).toBeVisible();
      },
    );
});
