/**
 * The wallet in a real browser (decision 071): a shopper chooses PayPal, is sent to the wallet's approval
 * page (offline, the sandbox's stand-in of PayPal's, as the e2e server runs the sandbox provider), approves, and comes
 * back to the store, which captures the payment and shows the order paid; the cart is emptied only then.
 */
import { expect, test } from '../fixtures';

test.describe('wallet', () => {
  test('a shopper pays with PayPal', { tag: '@phone' }, async ({ page, factory }) => {
    const store = await factory.store({ codigos: ['24-WB04'] });
    await page.goto(store.url(`/product?codigo=${store.products[0].codigo}`));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /Agregar al carrito/ }).click();
    await page.getByRole('link', { name: /Ver carrito/ }).click();
    await page.getByRole('button', { name: 'Continuar con la compra' }).click();

    await page.getByLabel('Correo electrónico').fill('monedero@example.com');
    await page.getByLabel('Nombre completo').fill('Lucía Ramírez');
    await page.getByLabel('Código postal').fill('64000');
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('Nuevo León');
    await page.getByLabel('Colonia').selectOption({ index: 1 });
    await page.getByLabel('Calle').fill('Padre Mier');
    await page.getByLabel('Número exterior').fill('501');
    await page.getByLabel('Teléfono').fill('81 8123 4568');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('radio', { name: /Recoger en sucursal/ }).check();
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByText('Al pagar vas a PayPal').waitFor();
    const total = (await page.getByRole('button', { name: /^Pagar/ }).textContent()) ?? '';
    await page.getByRole('button', { name: /^Pagar/ }).click();

    // The wallet's own page (another document): the amount, and the buyer's approval.
    await page.getByRole('heading', { name: 'PayPal de prueba' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/api\/payments\/sandbox\/wallet\/sbx_pi_/);
    await expect(page.getByText(/Total a pagar:/)).toContainText(total.replace(/^Pagar\s*/, '').trim());
    // Nothing is paid before the buyer approves: the cart is still there.
    await page.getByRole('button', { name: 'Aprobar el pago' }).click();

    // Back in the store: the payment captured, the order confirmed.
    await page.getByText('¡Gracias por tu compra!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/micarrito/finaliza');
    expect(await page.getByText('Pagado').first().isVisible()).toBe(true);
    expect(await page.getByText('PayPal').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBe('[]');
  });
});
