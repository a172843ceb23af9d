/**
 * Search filters: picking a department must list only that department's categories with counts that
 * match what each link lists, also while the new answer is still on its way (the page keeps showing the previous
 * results meanwhile). Before the fix, picking "Equipo" listed every department's categories ("Chamarras 11"), whose
 * links gave 0 products, until a reload.
 */
import { expect, storeUrl, test } from '../fixtures';

test.describe('search filters', () => {
  test('picking a department lists only its categories, and each category lists what its count says', async ({
    page,
    throttle,
  }) => {
    await page.clock.install(); // The client throttle reads this clock
    await page.goto(storeUrl('demo', '/search'));
    const filters = page.getByRole('complementary', { name: 'Filtros' });
    await filters.getByRole('link', { name: /^Hombre/ }).click();
    await page.waitForURL(/departamento=hombre/);
    await page.getByText('72 productos').waitFor(); // Hombre's answer is on screen

    // Hold the department's answer back, as a slow phone network would.
    let release: () => void = () => {};
    let asked: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const requested = new Promise<void>((r) => (asked = r));
    await page.route('**/api/reseller/producto/search?*departamento=equipo*', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await filters.getByRole('link', { name: /^Equipo/ }).click();
    await page.waitForURL(/departamento=equipo/);
    await requested; // the page rendered the new filter state and is waiting for the held answer
    // While waiting: no category of another department (Chamarras is Hombre's and Mujer's, not Equipo's).
    expect(await filters.getByRole('link', { name: /Chamarras/ }).count()).toBe(0);
    release();

    const categories = filters.getByRole('heading', { name: 'Categorías' }).locator('xpath=following-sibling::ul[1]');
    await categories.getByRole('link', { name: /Mochilas y bolsas/ }).waitFor();
    const names = (await categories.getByRole('link').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
    // "Balones y equipo" holds the store's listings of the demo supplier's products (decision 134).
    expect(names).toEqual(['Balones y equipo 12', 'Equipo de ejercicio 9', 'Mochilas y bolsas 14', 'Relojes 9']);

    await throttle(page); // a fourth search within 3 s is the throttle, not this test's subject
    await categories.getByRole('link', { name: /Mochilas y bolsas/ }).click();
    await page.waitForURL(/categoria=mochilas-y-bolsas/);
    await page.getByText('14 productos').waitFor();
    expect(await page.locator('.product-grid .product-card, [data-testid="product-card"]').count()).toBeGreaterThan(0);
  });
});
