/**
 * Issue 7 in the browser: the platform domain shows Vitrina's own home (not a store); a new seller signs up from it
 * (the store's address is suggested from its name and checked; a reserved word is refused with its message) and lands
 * on the set-up wizard of the new store, signed in. Desktop and phone.
 */
import { expect, platformUrl, test } from '../fixtures';

test.describe('seller sign-up on the platform home', () => {
  test('a new seller signs up on the platform home and lands on /admin/wizard', { tag: '@phone' }, async ({ page }) => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    await page.goto(platformUrl('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Tu tienda en línea, lista hoy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Planes' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Crear mi tienda' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Crea tu tienda' })).toBeVisible();
    await page.getByLabel('Nombre completo').fill('Lucía Hernández');
    await page.getByLabel('Correo electrónico').fill(`lucia.${tag}@example.com`);
    await page.getByLabel('Contraseña').fill('Girasol-Azul-Marino-88');

    // A reserved word is refused on the spot with its message.
    await page.getByLabel('Dirección de la tienda').fill('admin');
    await page.getByRole('button', { name: 'Crear mi tienda' }).click();
    await expect(page.getByText('Esa dirección está reservada; elige otra.').first()).toBeVisible();

    // The address follows the store's name until typed over; here it is typed.
    await page.getByLabel('Nombre de la tienda').fill(`Dulces Lucía ${tag}`);
    await page.getByLabel('Dirección de la tienda').fill(`dulces-${tag}`);
    await expect(page.getByText(`Disponible: dulces-${tag}.localhost`)).toBeVisible();
    await page.getByLabel('Idioma de la tienda').selectOption('es');
    await page.getByRole('button', { name: 'Crear mi tienda' }).click();

    await expect(page).toHaveURL(/\/admin\/wizard$/);
    // Signed in to the new store: the admin shell shows its name.
    await expect(page.getByText(`Dulces Lucía ${tag}`).first()).toBeAttached();
  });
});
