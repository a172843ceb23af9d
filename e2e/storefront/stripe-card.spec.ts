/**
 * In a real browser with Stripe (decision 074): on the Stripe instance of the e2e platform
 * (e2e/stripe-instance.ts: PAYMENT_PROVIDER=stripe against the Stripe fake, started for this file's worker), the payment page loads Stripe.js from js.stripe.com (here the stand-in, routed to the fake)
 * within the page's Content-Security-Policy, the card is typed into Stripe's frame and confirmed by Stripe.js with the
 * client secret; the card number never reaches our server. A shopper applies a coupon and pays; the seller's balance
 * shows the sale. A declined card shows the translated refusal and keeps the cart; a 3-D Secure card opens the bank's
 * page, failing it shows the translated message, completing it pays.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, FrameLocator, Page, Request } from '@playwright/test';
import { addToCart, centsOf, checkoutAsGuest } from '../fixtures';
import { expect, test } from '../stripe-instance';

/** Product page → cart (optionally a coupon) → guest address in Roma Norte, CDMX → pickup → payment page. */
async function toPayment(page: Page, url: string, coupon?: string): Promise<number> {
  await addToCart(page, url);
  const items = centsOf(await page.getByRole('complementary').getByText(/\$/).first().innerText());
  if (coupon) {
    await page.getByLabel('Código del cupón').fill(coupon);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText(`Cupón aplicado: ${coupon.toUpperCase()}`)).toBeVisible();
  }
  // The Stripe instance has the API tests' postal codes only (e2e/support/server.ts): Roma Norte, CDMX.
  await checkoutAsGuest(page, {
    email: 'stripe@example.com',
    name: 'Lucía Ramos',
    postalCode: '06700',
    state: 'Ciudad de México',
    street: 'Calle Colima',
    number: '123',
    phone: '55 1234 5678',
  });
  return items;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.1 A/AA violations of the page (as e2e/storefront/accessibility.spec.ts checks). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource); // through the DevTools protocol: the page's CSP refuses injected scripts
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/** Stripe's card frame inside the page's "Datos de la tarjeta" group. */
function cardFrame(page: Page): FrameLocator {
  return page.getByRole('group', { name: 'Datos de la tarjeta' }).frameLocator('iframe');
}

async function typeCard(page: Page, number: string): Promise<void> {
  const frame = cardFrame(page);
  await frame.getByLabel('Número de tarjeta de crédito o débito').fill(number);
  await frame.getByLabel('Fecha de vencimiento de la tarjeta de crédito o débito').fill('11 / 29');
  await frame.getByLabel('CVC de la tarjeta de crédito o débito').fill('123');
}

/** Every request the page's own document (not Stripe's frames) sent to our server, with its body. */
function watchOurServer(page: Page, port: number): string[] {
  const bodies: string[] = [];
  page.on('request', (r: Request) => {
    const frame: Frame = r.frame();
    if (new URL(r.url()).port === String(port) && frame === page.mainFrame())
      bodies.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  return bodies;
}

test.describe('card payments through Stripe', () => {
  test(
    'a shopper applies a coupon and pays by card through Stripe.js; the seller sees the sale',
    { tag: '@phone' },
    async ({ page, context, newContext, stripeInstance: stripe }) => {
      const store = await stripe.factory.store({ codigos: ['24-WB04'] });
      const seller = await stripe.factory.seller(store);
      const created = await fetch(stripe.apiUrl('/api/admin/coupons'), {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'stripe10', kind: 'percent', value: 10 }),
      });
      expect(created.status).toBe(201);
      const stripeCalls = await stripe.route(context);
      const ours = watchOurServer(page, stripe.port);

      const items = await toPayment(page, store.url(`/product?codigo=${store.products[0].codigo}`), 'stripe10');
      const discount = Math.round(items * 0.1);
      await expect(page.getByText('Cupón aplicado: STRIPE10')).toBeVisible();
      expect(centsOf(await page.getByTestId('order-total').innerText())).toBe(items - discount);
      // Stripe Elements, not the sandbox's fields: the card is typed in Stripe's frame.
      await expect(page.getByLabel('Número de tarjeta')).toHaveCount(0);
      await expect(
        page.getByText('Los datos de tu tarjeta van directo a Stripe; la tienda nunca los recibe.'),
      ).toBeVisible();
      await page.getByLabel('Nombre como aparece en la tarjeta').fill('Lucía Ramos');
      await typeCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByText('¡Gracias por tu compra!').waitFor();
      await expect(page.getByText('Descuento (STRIPE10)')).toBeVisible();
      const total = centsOf(await page.getByTestId('receipt-total').innerText());
      expect(total).toBe(items - discount);
      await expect(page.getByText('Pagado').first()).toBeVisible();

      // Stripe.js came from js.stripe.com and confirmed at api.stripe.com; our server never saw the card.
      expect(stripeCalls).toContain('GET https://js.stripe.com/basil/stripe.js');
      expect(
        stripeCalls.some((c) => /^POST https:\/\/api\.stripe\.com\/v1\/payment_intents\/pi_\w+\/confirm$/.test(c)),
      ).toBe(true);
      expect(ours.some((r) => r.includes('/api/pedido'))).toBe(true);
      expect(ours.filter((r) => /4242|cvc|expMonth|"number"/i.test(r))).toEqual([]);

      // The seller's balance has the sale, pending until delivery (the store's share after the 3.5 % fee, charged on
      // the products after the coupon, not on the shipping: decision 096).
      const admin = await (await newContext()).newPage();
      await stripe.signInSeller(admin.context(), seller);
      await admin.goto(stripe.platformUrl('/admin/balance/summary'));
      await expect(admin.getByTestId('balance-pending')).toContainText('1 pedido pendiente');
      expect(centsOf((await admin.getByTestId('balance-pending').locator('strong').textContent())!)).toBe(
        total - Math.round(((items - discount) * 350) / 10_000),
      );
    },
  );

  test('a declined card shows the bank’s refusal; a 3-D Secure card fails, then pays', async ({
    page,
    context,
    throttle,
    stripeInstance: stripe,
  }) => {
    const store = await stripe.factory.store({ codigos: ['24-WB04'] });
    await stripe.route(context);
    await page.clock.install(); // The client throttle reads this clock
    await toPayment(page, store.url(`/product?codigo=${store.products[0].codigo}`));
    await page.getByLabel('Nombre como aparece en la tarjeta').fill('Mariana Soto');

    // Stripe.js speaks the shopper's language (its card frame is mounted again in English).
    await page.getByRole('button', { name: /^EN –/ }).click();
    const english = page.getByRole('group', { name: 'Card details' }).frameLocator('iframe');
    await expect(english.getByLabel('Credit or debit card number')).toBeVisible();
    await page.getByRole('button', { name: /^ES –/ }).click();

    // Nothing typed in Stripe's frame: said under the field, and no order is placed.
    const placed: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/pedido') && placed.push(r.url()));
    await cardFrame(page).getByLabel('Número de tarjeta de crédito o débito').waitFor();
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Completa los datos de la tarjeta.' })).toBeVisible();
    expect(placed).toEqual([]);
    // Stripe's own (translated) error text for what is typed wrong.
    await cardFrame(page).getByLabel('Número de tarjeta de crédito o débito').fill('4242 4242 4242 4241');
    await expect(page.getByText('El número de tu tarjeta no es válido.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Datos de la tarjeta' })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    await typeCard(page, '4000 0000 0000 0002');
    await expect(page.getByText('El número de tu tarjeta no es válido.')).toHaveCount(0);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByText('El pago fue rechazado por el banco. Intenta con otra tarjeta o paga en OXXO.').waitFor();
    expect(JSON.parse(await page.evaluate(() => localStorage.getItem('carrito') ?? '[]'))).toHaveLength(1);

    // 3-D Secure: Stripe.js opens the bank's page; failing it is THREE_D_SECURE_FAILED.
    await cardFrame(page).getByLabel('Número de tarjeta de crédito o débito').fill('4000 0027 6000 3184');
    await throttle(page); // A new payment submit 3 s after the previous one
    await page.getByRole('button', { name: /^Pagar/ }).click();
    const bank = page.frameLocator('iframe[title="3D Secure"]');
    await bank.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText('No se completó la verificación 3-D Secure.').waitFor();
    await expect(page.locator('iframe[title="3D Secure"]')).toHaveCount(0);

    await throttle(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await bank.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('¡Gracias por tu compra!').waitFor();
    await expect(page.getByText('Pagado').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBe('[]');
  });
});
