/**
 * The wallet in a real browser (decision 071): a shopper chooses PayPal, is sent to the wallet's approval
 * page (offline, the sandbox's stand-in of PayPal's, as the e2e server runs the sandbox provider), approves, and comes
 * back to the store, which captures the payment and shows the order paid; the cart is emptied only then.
 */
import { addToCart, checkoutAsGuest, expect, MONTERREY, test } from '../fixtures';

test.describe('wallet', () => {
  test('a shopper pays with PayPal', { tag: '@phone' }, async ({ page, factory }) => {
    const store = await factory.store({ codigos: ['24-WB04'] });
    await addToCart(page, store.url(`/product?codigo=${store.products[0].codigo}`));
    await checkoutAsGuest(page, {
      ...MONTERREY,
      email: 'monedero@example.com',
      name: 'Lucía Ramírez',
      number: '501',
      phone: '81 8123 4568',
    });

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
