/**
 * First sale in a real browser: a shopper buys in Spanish by card; another, in English, pays with an OXXO
 * voucher that the operator then marks paid with `npm run oxxo:pay` through the running server (a signed request, paid
 * only once); the seller sees both orders and moves one to delivered; the buyer sees it.
 */
import type { Page } from '@playwright/test';
import { mailsTo } from '../../tests/helpers/outbox';
import {
  apiUrl,
  centsOf,
  DATA_DIR,
  expect,
  fillCardEs,
  payOxxoVoucher,
  platformUrl,
  storeUrl,
  test,
} from '../fixtures';

// One story told in order: the seller's test looks for the orders the two shoppers placed.
test.describe.configure({ mode: 'serial' });

test.describe('first sale', () => {
  const sale = { cardFolio: '', cardTrackUrl: '', oxxoFolio: '' };

  async function addFirstResultToCart(page: Page, term: string, addLabel: RegExp, goToCart: RegExp) {
    const search = page.getByRole('search').getByRole('combobox');
    await search.fill(term);
    await search.press('Enter');
    await page.waitForURL(/\/search\/keyword\?q=/);
    await page.locator('.product-card a').first().click();
    await page.waitForURL(/\/product\?codigo=/);
    await page.getByRole('button', { name: addLabel }).click();
    await page.getByRole('link', { name: goToCart }).click();
  }

  test('a shopper buys in Spanish by card as a guest, with a SEPOMEX-filled address', async ({ newContext }) => {
    const page = await (await newContext({ phone: true })).newPage();
    await page.goto(storeUrl('demo'));
    await expect.poll(() => page.title()).toBe('Vitrina Deportes');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await addFirstResultToCart(page, 'sudaderas', /Agregar al carrito/, /Ver carrito/);

    await page.getByRole('heading', { name: 'Mi carrito' }).waitFor();
    await page.getByRole('button', { name: 'Continuar con la compra' }).click();

    await page.getByLabel('Correo electrónico').fill('invitada@example.com');
    await page.getByLabel('Nombre completo').fill('Lucía Ramírez');
    await page.getByLabel('Código postal').fill('06700');
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('Ciudad de México');
    expect(await page.getByLabel('Municipio o alcaldía').inputValue()).toBe('Cuauhtémoc');
    await page.getByLabel('Colonia').selectOption({ label: 'Roma Norte (Colonia)' });
    await page.getByLabel('Calle').fill('Colima');
    await page.getByLabel('Número exterior').fill('123');
    await page.getByLabel('Teléfono').fill('55 1234');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Número de teléfono incorrecto.').first().waitFor();
    await page.getByLabel('Teléfono').fill('55 1234 5678');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('radio', { name: /Envío económico/ }).check();
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    await fillCardEs(page, { number: '4242 4242 4242 4242', holder: 'Lucía Ramírez', expiry: '12/30', cvc: '123' });
    await page.getByRole('button', { name: /^Pagar/ }).click();

    await page.getByText('¡Gracias por tu compra!').waitFor();
    const heading = await page.getByRole('heading', { name: /^Pedido \d+$/ }).textContent();
    sale.cardFolio = heading!.replace(/\D/g, '');
    const amounts = await page.locator('.print-area dl dd').allTextContents();
    const [items, shipping, total] = amounts.map(centsOf);
    expect(items).toBeGreaterThan(0);
    expect(shipping).toBeGreaterThan(0);
    expect(total).toBe(items + shipping);
    expect(await page.getByText('Pagado').first().isVisible()).toBe(true);
    // The brand as printed on the card (not "Tarjeta visa terminada en 4242").
    expect(await page.getByText('Tarjeta Visa terminada en 4242').count()).toBe(1);
    sale.cardTrackUrl = new URL(
      (await page.getByRole('link', { name: 'Seguir mi pedido' }).getAttribute('href')) ?? '',
      storeUrl('demo'),
    ).toString();
    expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBe('[]');
  });

  test('another shopper switches to English, registers and pays with an OXXO voucher that is then marked paid', async ({
    page,
    throttle,
  }) => {
    await page.clock.install(); // The client throttle reads this clock
    await page.goto(storeUrl('demo'));
    await page.getByRole('button', { name: 'Cambiar idioma a inglés' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('John Smith');
    const buyerEmail = `john.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(buyerEmail);
    await page.getByLabel('Password', { exact: true }).fill('Compras2026!');
    await page.getByLabel('Confirm password').fill('Compras2026!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'My orders' }).waitFor();

    await addFirstResultToCart(page, 'mochila', /Add to cart/, /View cart/);
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Postal code').fill('44100');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Jalisco');
    await page.getByLabel('Neighbourhood (colonia)').selectOption({ index: 1 });
    await page.getByLabel('Street').fill('Avenida Juárez');
    await page.getByLabel('Exterior number').fill('45');
    await page.getByLabel('Phone').fill('33 1234 5678');
    await throttle(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('radio', { name: /Express package/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash at OXXO/ }).check();
    await throttle(page);
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.getByText('Order received! Pay at OXXO to confirm it.').waitFor();
    const reference = (await page.getByTestId('voucher-reference').textContent())!.trim();
    expect(reference).toMatch(/^\d{14}$/);
    await page.locator('.voucher [role="img"] svg').waitFor(); // bwip-js loads on demand, only where a voucher shows
    expect(await page.locator('.voucher svg').count()).toBe(1);
    const amount = centsOf((await page.getByTestId('voucher-amount').textContent())!);
    const [items, shipping, fee, total] = (await page.locator('.print-area dl dd').allTextContents()).map(centsOf);
    expect(fee).toBe(1500);
    expect(total).toBe(items + shipping + fee);
    expect(amount).toBe(total);
    const expiry = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(await page.getByTestId('voucher-expiry').textContent()).toContain(expiry);
    sale.oxxoFolio = (await page.getByRole('heading', { name: /^Order \d+$/ }).textContent())!.replace(/\D/g, '');

    // Knowing the reference is not enough to mark it paid: the sandbox's counter wants the operator's signature.
    const forged = await fetch(apiUrl(`/api/payments/sandbox/oxxo/${reference}/pay`), {
      method: 'POST',
      headers: { 'x-store-domain': 'demo.localhost' },
    });
    expect(forged.status).toBe(401);
    const paid = await payOxxoVoucher(reference);
    expect(paid.output).toContain('The store was notified.');
    expect(paid.ok).toBe(true);
    await page.getByRole('link', { name: 'Track my order' }).click();
    await page.getByText('Paid').first().waitFor();
    // Paid once: a second payment of the same voucher is refused, and the buyer got one "payment received" email.
    expect(await payOxxoVoucher(reference)).toMatchObject({ ok: false });
    // Emails are jobs: the server's worker sends it within a poll (JOB_POLL_SECONDS).
    const received = () => mailsTo(DATA_DIR, buyerEmail).filter((m) => m.includes('We received your OXXO payment'));
    await expect.poll(() => received().length, { timeout: 15_000 }).toBe(1);
  });

  // The one test that signs in through the admin's form; the others make the session through the API (fixtures.ts).
  test('the seller sees both orders, moves the card order to delivered, and the buyer sees it', async ({
    page,
    newContext,
  }) => {
    await page.goto(platformUrl('/admin/login'));
    await page.getByLabel('Correo electrónico').fill('vendedor@demo.vitrina.mx');
    await page.getByLabel('Contraseña').fill('Vitrina2026!');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: /Bienvenido a Vitrina Deportes/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Abrir tienda' }).getAttribute('href')).toContain('demo.localhost');
    const floor = new URL((await page.getByRole('link', { name: 'Abrir aplicación de piso' }).getAttribute('href'))!);
    // A one-time code for the store-floor app, never the seller's session (decision 026).
    expect(floor.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(floor.searchParams.get('token')).not.toBe(
      await page.evaluate(() => localStorage.getItem('admin_access_token')),
    );

    await page.getByRole('link', { name: 'Ventas' }).click();
    await page.getByRole('link', { name: `#${sale.cardFolio}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `#${sale.oxxoFolio}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `#${sale.cardFolio}`, exact: true }).click();

    // The sign-in was a state-changing request less than 3 s ago: the client waits its turn, no error shows.
    await page.getByRole('button', { name: 'Marcar como «Listo para enviar»' }).click();
    await page.getByText('Pedido actualizado: Listo para enviar.').waitFor();
    await page.getByLabel('Número de guía').fill('VTR123456MX');
    await page.getByRole('button', { name: 'Marcar como «Paquete en camino»' }).click();
    await page.getByText('Pedido actualizado: Paquete en camino.').waitFor();
    await page.getByRole('button', { name: 'Marcar como «Entregado»' }).click();
    await page.getByText('Pedido actualizado: Entregado.').waitFor();
    expect(
      await page.getByText('Demasiadas solicitudes en poco tiempo. Inténtalo de nuevo en unos instantes.').count(),
    ).toBe(0);
    expect(await page.getByText('Este pedido ya no admite cambios.').isVisible()).toBe(true);

    const buyer = await (await newContext({ phone: true })).newPage();
    await buyer.goto(sale.cardTrackUrl);
    await buyer.getByRole('heading', { name: 'Seguimiento del pedido' }).waitFor();
    const timeline = await buyer.locator('.timeline').textContent();
    expect(timeline).toContain('Paquete en camino');
    expect(timeline).toContain('Entregado');
    expect(await buyer.getByText('VTR123456MX').isVisible()).toBe(true);
  });
});
