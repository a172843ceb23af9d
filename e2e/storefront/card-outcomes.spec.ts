/**
 * The sandbox card outcomes in a real browser: a declined card shows the bank's refusal and keeps the cart
 * and the form, so the shopper can pay with another card; a card that asks for 3-D Secure opens the bank's modal
 * dialog (keyboard: focus inside, Escape refuses), and authorising it completes the purchase.
 */
import { addToCart, checkoutAsGuest, expect, fillCardEs, MONTERREY, test } from '../fixtures';

test.describe('card outcomes', () => {
  test(
    'refuses a declined card with the bank message, then pays after a 3-D Secure challenge',
    { tag: '@phone' },
    async ({ page, factory, throttle }) => {
      // Its own store with one product of the dataset (a backpack with one variant), so no other test's sale matters.
      const store = await factory.store({ codigos: ['24-WB04'] });
      await page.clock.install(); // The client throttle reads this clock
      await addToCart(page, store.url(`/product?codigo=${store.products[0].codigo}`));
      await checkoutAsGuest(page, { ...MONTERREY, email: 'tarjetas@example.com', name: 'Mariana Soto' });

      await fillCardEs(page, { number: '4000 0000 0000 0002', holder: 'Mariana Soto', expiry: '11/29', cvc: '321' });
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByText('El pago fue rechazado por el banco. Intenta con otra tarjeta o paga en OXXO.').waitFor();
      expect(JSON.parse(await page.evaluate(() => localStorage.getItem('carrito') ?? '[]'))).toHaveLength(1);
      expect(await page.getByLabel('Nombre como aparece en la tarjeta').inputValue()).toBe('Mariana Soto');

      await page.getByLabel('Número de tarjeta').fill('4000 0000 0000 3220');
      await throttle(page); // A new payment submit 3 s after the previous one
      await page.getByRole('button', { name: /^Pagar/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Verificación de tu banco' });
      await dialog.waitFor();
      // A modal: focus starts inside, Tab stays inside, Escape is the shopper closing the bank's window (a refusal).
      // Where focus is: inside the dialog, on the page behind it (must never happen), or nowhere in the page (the
      // browser's own controls, where Tab goes after the dialog's last button).
      const focusAt = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          if (el?.closest('dialog')) return 'dialog';
          return !el || el === document.body ? 'browser' : `page: ${el.outerHTML.slice(0, 80)}`;
        });
      expect(await focusAt()).toBe('dialog');
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        seen.add(await focusAt());
      }
      expect([...seen].filter((w) => w.startsWith('page'))).toEqual([]);
      expect(seen.has('dialog')).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByText('No se completó la verificación 3-D Secure.').waitFor();
      expect(await dialog.count()).toBe(0);

      await throttle(page);
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await dialog.waitFor();
      // Answered at once: the client waits for the throttle's 3 s instead of refusing.
      await dialog.getByRole('button', { name: 'Autorizar' }).click();
      await page.getByText('¡Gracias por tu compra!').waitFor();
      expect(await page.getByText('Pagado').first().isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBe('[]');
    },
  );
});
