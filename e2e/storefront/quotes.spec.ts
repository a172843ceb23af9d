/**
 * Quotes in a real browser (decisions 150, 151): a signed-in buyer asks for 500 pieces with international freight and
 * insurance from the product page; the seller sees the request counted in the menu and the dashboard and answers it
 * with two tiers; the buyer is emailed, sees the tiers in "Mis cotizaciones", accepts the 500-piece tier and pays with
 * OXXO; the order's line carries the quoted unit price, and the paid order shows in the seller's sales. Screenshots of
 * each screen, on desktop and phone, go to test-results/e2e/quotes/.
 */
import { mailsTo } from '../../tests/helpers/outbox';
import { apiUrl, centsOf, DATA_DIR, expect, payOxxoVoucher, platformUrl, test } from '../fixtures';

const shots = 'test-results/e2e/quotes';

test.describe('quotes', () => {
  test(
    'a buyer asks for 500 pieces, the seller answers with two tiers, the buyer accepts one and pays at OXXO',
    { tag: '@phone' },
    async ({ page, context, factory, newContext, signInBuyer, signInSeller, throttle }, testInfo) => {
      const phone = testInfo.project.name === 'phone';
      const shot = (p: typeof page, name: string) =>
        p.screenshot({ path: `${shots}/${testInfo.project.name}-${name}.png`, fullPage: true });
      const store = await factory.store({ codigos: ['24-MB04'], stock: 2_000 });
      const product = store.products[0];
      const seller = await factory.seller(store);
      const buyer = await factory.buyer(store.slug);
      await signInBuyer(context, buyer, store.slug);
      await page.clock.install();

      // The buyer asks from the product page.
      await page.goto(store.url(`/product?codigo=${product.codigo}`));
      await page.getByRole('link', { name: 'Pide una cotización' }).click();
      await expect(page.getByRole('heading', { name: 'Pide una cotización' })).toBeVisible();
      await page.getByLabel('Cantidad a cotizar (piezas)').fill('500');
      await expect(page.getByLabel('País de destino')).toHaveValue('MX');
      await page.getByLabel('Ciudad de destino').fill('Monterrey');
      await page.getByLabel('Flete internacional').check();
      await page.getByLabel('Seguro').check();
      await page.getByLabel('Nota para la tienda').fill('Entrega en bodega, rampa de carga.');
      await shot(page, '1-request');
      await throttle(page);
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      await expect(page.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
      await page.getByRole('link', { name: 'Mis cotizaciones' }).click();
      await expect(page.getByText('Solicitada')).toBeVisible();

      // The seller: one unanswered request in the menu and on the dashboard, then the answer with two tiers.
      const adminContext = await newContext({ phone });
      await signInSeller(adminContext, seller);
      const admin = await adminContext.newPage();
      await admin.clock.install();
      await admin.goto(platformUrl('/admin'));
      await expect(admin.getByRole('link', { name: /Cotizaciones sin responder/ })).toContainText('1');
      if (!phone) await expect(admin.getByTestId('quotes-unanswered')).toContainText('1');
      await admin.goto(platformUrl('/admin/cotizaciones'));
      await shot(admin, '2-admin-list');
      await admin.getByRole('link', { name: product.name }).click();
      await expect(admin.getByText('Flete internacional, Seguro')).toBeVisible();
      await expect(admin.getByLabel('Piezas (nivel 1)')).toHaveValue('500');
      await admin.getByLabel('Precio unitario en pesos (nivel 1)').fill('12.00');
      await admin.getByRole('button', { name: 'Agregar nivel' }).click();
      await admin.getByLabel('Piezas (nivel 2)').fill('1000');
      await admin.getByLabel('Precio unitario en pesos (nivel 2)').fill('10.50');
      await admin.getByLabel('Tiempo de entrega (días)').fill('12');
      await admin.getByLabel('Incoterm').selectOption('DAP');
      await admin.getByLabel('Flete internacional (pesos)').fill('800');
      await admin.getByLabel('Seguro (pesos)').fill('150');
      // The preview: 500 × $12.00 + $950.00 of services = $6,950.00, IVA included.
      await expect(admin.getByText('$6,950.00').first()).toBeVisible();
      await shot(admin, '3-admin-answer');
      await throttle(admin);
      await admin.getByRole('button', { name: 'Enviar cotización' }).click();
      await expect(admin.getByText('Cotización enviada al comprador.')).toBeVisible();
      await expect(admin.getByText('Cotización enviada', { exact: true })).toBeVisible();

      // The buyer is told by email, and sees the two tiers.
      await expect
        .poll(() => mailsTo(DATA_DIR, buyer.email).filter((m) => m.includes('respondió tu solicitud')).length, {
          timeout: 15_000,
        })
        .toBe(1);
      await page.goto(store.url('/miperfil/cotizaciones'));
      await expect(page.getByText('Cotización enviada')).toBeVisible();
      await expect(page.getByRole('row', { name: /^500 / })).toContainText('$6,950.00');
      await expect(page.getByRole('row', { name: /^1,000 / })).toContainText('$11,450.00');
      await shot(page, '4-my-quotes');
      await page.getByRole('link', { name: 'Aceptar y pagar la opción de 500 piezas' }).click();

      // The normal payment methods, the quoted price: OXXO adds the store's fee.
      await expect(page.getByRole('heading', { name: 'Pagar cotización' })).toBeVisible();
      await page.getByRole('radio', { name: /Efectivo en OXXO|OXXO/ }).check();
      await shot(page, '5-quote-payment');
      await throttle(page);
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByTestId('voucher-reference').waitFor();
      const reference = (await page.getByTestId('voucher-reference').textContent())!.trim();
      const amount = centsOf((await page.getByTestId('voucher-amount').textContent())!);
      expect(amount).toBe(695_000 + 1_500);
      await shot(page, '6-voucher');
      const paid = await payOxxoVoucher(reference);
      expect(paid.ok, paid.output).toBe(true);

      // The order's line is the quoted one: 500 pieces at $12.00.
      const orderId = new URL(page.url()).searchParams.get('pedido')!;
      const order = await fetch(apiUrl(`/api/admin/orders/${orderId}`), {
        headers: { authorization: `Bearer ${seller.token}` },
      });
      const view = (await order.json()) as { status: string; items: { quantity: number; unitPriceCents: number }[] };
      expect(view.items).toEqual([expect.objectContaining({ quantity: 500, unitPriceCents: 1_200 })]);
      expect(view.status).toBe('paid');
      await page.goto(store.url('/miperfil/cotizaciones'));
      await expect(page.getByText('Aceptada')).toBeVisible();
      await page.getByRole('link', { name: 'Ver el pedido' }).click();
      await expect(page.getByText('500 ×').or(page.getByText(/500/)).first()).toBeVisible();
      // The line at the quoted price: 500 × $12.00 = $6,000.00 (a phone shows the line total, not the unit price).
      await expect(page.getByText('$6,000.00').first()).toBeVisible();
      if (!phone) await expect(page.getByText('$12.00').first()).toBeVisible();
      await shot(page, '7-order');

      // The seller's sales show the paid order.
      await admin.goto(platformUrl('/admin/ventas'));
      await expect(admin.getByText('$6,965.00').first()).toBeVisible();
      await shot(admin, '8-admin-sales');
      // The seller's balance holds the order until its release: what the buyer paid (the OXXO fee is the store's)
      // less Vitrina's 3.5 % of the products (500 × $12.00), never of the quoted services.
      await admin.goto(platformUrl('/admin/balance/summary'));
      const pending = admin.getByTestId('balance-pending');
      await expect(pending).toContainText('1 pedido pendiente');
      expect(centsOf((await pending.locator('strong').textContent())!)).toBe(
        695_000 + 1_500 - Math.round((600_000 * 350) / 10_000),
      );
    },
  );
});
