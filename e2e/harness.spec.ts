/**
 * The checks of e2e/fixtures.ts can fail a test: each test here breaks one on purpose and is marked `test.fail()`, so
 * it passes only if the fixture caught what the page reported (a raw translation key, a CSP violation, an error).
 */
import { storeUrl, test } from './fixtures';

test.describe('the page checks of the fixtures', () => {
  test('a raw translation key fails the test', async ({ page }) => {
    test.fail();
    await page.goto(storeUrl('demo', '/404'));
    await page.evaluate(() => console.warn('i18n missing key: harness.not.a.key'));
    await page.getByRole('heading', { name: 'Lo sentimos, página no encontrada' }).waitFor();
  });

  test('a Content-Security-Policy violation fails the test', async ({ page }) => {
    test.fail();
    await page.goto(storeUrl('demo', '/404'));
    const reported = page.waitForEvent('console', (m) => m.text().startsWith('csp violation:'));
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.harness = true';
      document.head.append(s);
    });
    await reported;
  });

  test('an uncaught error in the page fails the test', async ({ page }) => {
    test.fail();
    await page.goto(storeUrl('demo', '/404'));
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('harness');
      }),
    );
    await thrown;
  });
});
