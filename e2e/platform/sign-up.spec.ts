/**
 * In the browser: the platform domain shows Vitrina's own home (not a store); a new seller signs up from it
 * (the store's address is suggested from its name and checked; a reserved word and a payment brand are refused with
 * their message), is asked to check their email while the new store's domain says "not published yet", and the
 * emailed link publishes the store and opens its set-up wizard, signed in (decision 100). Desktop and phone.
 */
import { mailsTo } from '../../tests/helpers/outbox';
import { DATA_DIR, expect, platformUrl, storeUrl, test } from '../fixtures';

test.describe('seller sign-up on the platform home', () => {
  test(
    'a new seller signs up, verifies the email and lands on /admin/wizard',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
      await page.goto(platformUrl('/'));
      await expect(page.getByRole('heading', { level: 1, name: 'Tu tienda en línea, lista hoy' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Planes' })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Crear mi tienda' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Crea tu tienda' })).toBeVisible();
      await page.getByLabel('Nombre completo').fill('Lucía Hernández');
      const email = `lucia.${tag}@example.com`;
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña').fill('Girasol-Azul-Marino-88');

      // A reserved word is refused on the spot with its message.
      await page.getByLabel('Dirección de la tienda').fill('admin');
      await page.getByRole('button', { name: 'Crear mi tienda' }).click();
      await expect(page.getByText('Esa dirección está reservada; elige otra.').first()).toBeVisible();
      // So is a payment brand inside an address.
      await page.getByLabel('Dirección de la tienda').fill('pagos-paypal-mx');
      await expect(page.getByText('Esa dirección está reservada; elige otra.').first()).toBeVisible();

      // The address follows the store's name until typed over; here it is typed.
      await page.getByLabel('Nombre de la tienda').fill(`Dulces Lucía ${tag}`);
      await page.getByLabel('Dirección de la tienda').fill(`dulces-${tag}`);
      await expect(page.getByText(`Disponible: dulces-${tag}.localhost`)).toBeVisible();
      await page.getByLabel('Idioma de la tienda').selectOption('es');
      await page.getByRole('button', { name: 'Crear mi tienda' }).click();

      // "Check your email" (the same page whether or not the email already had an account).
      await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(email)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('check-email.png'), fullPage: true });
      // Meanwhile the store's own domain says it is not published yet.
      const shopper = await page.context().newPage();
      await shopper.goto(storeUrl(`dulces-${tag}`, '/'));
      await expect(shopper.getByRole('heading', { name: 'Esta tienda todavía no está publicada' })).toBeVisible();
      await shopper.screenshot({ path: testInfo.outputPath('not-published.png'), fullPage: true });
      await shopper.close();
      // The seller may sign in meanwhile: the admin asks to verify the email, with "Reenviar".
      await page.getByRole('link', { name: 'Entrar a mi panel' }).click();
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña').fill('Girasol-Azul-Marino-88');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Verifica tu correo para publicar tu tienda.')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Reenviar' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('verify-banner.png'), fullPage: true });

      // The emailed link publishes the store and opens its wizard, signed in.
      await expect.poll(() => mailsTo(DATA_DIR, email).length, { timeout: 60_000 }).toBe(1);
      const token = /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(DATA_DIR, email)[0]!)?.[1];
      expect(token).toBeTruthy();
      await page.goto(platformUrl(`/verificar-correo?token=${token}`));
      await expect(page).toHaveURL(/\/admin\/wizard$/, { timeout: 60_000 });
      // Signed in to the new store: the admin shell shows its name, and no verification banner.
      await expect(page.getByText(`Dulces Lucía ${tag}`).first()).toBeAttached();
      await expect(page.getByText('Verifica tu correo para publicar tu tienda.')).toHaveCount(0);
    },
  );
});
