/**
 * In the browser: the sign-up form shows the server's translated refusal of a breached or weak
 * password under the password field, and accepts a strong one.
 */
import { expect, storeUrl, test } from '../fixtures';

test.describe('password strength at sign-up', () => {
  test('refuses "12345678" with the Spanish message under the field, then signs up with a strong password', async ({
    page,
    throttle,
  }) => {
    await page.clock.install(); // The client throttle reads this clock
    await page.goto(storeUrl('demo', '/registro'));
    await page.getByLabel('Nombre completo').fill('Rosa Martínez');
    await page.getByLabel('Correo electrónico').fill(`rosa.${Date.now()}@example.com`);
    await page.getByLabel('Contraseña', { exact: true }).fill('12345678');
    await page.getByLabel('Confirma la contraseña').fill('12345678');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Aparece en filtraciones de datos conocidas: elige otra', { exact: false }).waitFor();
    expect(await page.getByLabel('Contraseña', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await throttle(page); // The client throttle spaces non-GET requests 3 s apart
    await page.getByLabel('Contraseña', { exact: true }).fill('Jardín-Original-77');
    await page.getByLabel('Confirma la contraseña').fill('Jardín-Original-77');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(storeUrl('demo', '/'));
  });
});
