/**
 * Coupons in a real browser: the seller creates one at /admin/cupones; a shopper is told a wrong
 * code is not valid, applies the right one in the cart ("coupon applied"), sees the discount on the products only at
 * payment, pays by card, and the receipt names the coupon with its discount.
 */
import { addToCart, centsOf, checkoutAsGuest, expect, fillCardEs, MONTERREY, platformUrl, test } from '../fixtures';

test.describe('coupons', () => {
  test(
    'a seller creates a coupon and a shopper pays with it',
    { tag: '@phone' },
    async ({ page, factory, newContext, signInSeller }) => {
      const store = await factory.store({ codigos: ['24-WB04'] });
      const seller = await factory.seller(store);
      const adminContext = await newContext();
      await signInSeller(adminContext, seller);
      const admin = await adminContext.newPage();
      await admin.goto(platformUrl('/admin/cupones'));
      await expect(admin.getByRole('heading', { name: 'Aún no tienes cupones' })).toBeVisible();
      await admin.getByRole('button', { name: 'Nuevo cupón' }).click();
      await admin.getByLabel('Código').fill('bienvenida');
      await admin.getByLabel('Porcentaje de descuento (1 a 100)').fill('150');
      await admin.getByRole('button', { name: 'Guardar cupón' }).click();
      await expect(admin.getByText('El porcentaje debe estar entre 1 y 100.')).toBeVisible();
      await admin.getByLabel('Porcentaje de descuento (1 a 100)').fill('10');
      await admin.getByRole('button', { name: 'Guardar cupón' }).click();
      const row = admin.getByRole('row', { name: /BIENVENIDA/ });
      await expect(row).toContainText('10 %');
      await expect(row).toContainText('Activo');
      const uses = row.locator('td.num');
      await expect(uses).toHaveText('0');

      await addToCart(page, store.url(`/product?codigo=${store.products[0].codigo}`));
      const items = centsOf(await page.getByRole('complementary').getByText(/\$/).first().innerText());
      await page.getByLabel('Código del cupón').fill('NO-EXISTE');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page.getByRole('alert')).toHaveText('Cupón no válido.');
      await page.getByLabel('Código del cupón').fill('bienvenida');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page.getByText('Cupón aplicado: BIENVENIDA')).toBeVisible();
      const discount = Math.round(items * 0.1);
      await expect(page.getByTestId('order-discount')).toBeVisible();
      expect(centsOf(await page.getByTestId('order-discount').innerText())).toBe(discount);
      expect(centsOf(await page.getByTestId('order-total').innerText())).toBe(items - discount);

      await checkoutAsGuest(page, { ...MONTERREY, email: 'cupones@example.com', name: 'Lucía Ramos' });

      await expect(page.getByText('Cupón aplicado: BIENVENIDA')).toBeVisible();
      expect(centsOf(await page.getByTestId('order-total').innerText())).toBe(items - discount);
      await fillCardEs(page, { number: '4242 4242 4242 4242', holder: 'Lucía Ramos', expiry: '11/29', cvc: '123' });
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByText('¡Gracias por tu compra!').waitFor();
      await expect(page.getByText('Descuento (BIENVENIDA)')).toBeVisible();
      expect(centsOf(await page.getByTestId('receipt-total').innerText())).toBe(items - discount);
      expect(await page.evaluate(() => localStorage.getItem('cupon'))).toBeNull();

      // The seller comes back to the admin's tab: the list shows the use without a reload.
      await admin.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect(uses).toHaveText('1');
    },
  );
});
