/**
 * A factura from the first click to the files (decision 154): the seller connects the store's Facturapi account in
 * Mis datos → Facturación (the sandbox PAC stands in for Facturapi, as the payment sandbox does for the card
 * provider); a guest ticks "Quiero factura" at the payment step, gives the fiscal data of the SAT's test RFC and pays
 * by card; the issuing job stamps the CFDI once the payment is confirmed; the buyer's order page shows it issued with
 * its UUID, total and IVA and downloads a real PDF and XML; the seller reads the same UUID on the order.
 */
import {
  MONTERREY,
  addToCart,
  centsOf,
  checkoutAsGuest,
  expect,
  fillCardEs,
  platformUrl,
  storeUrl,
  test,
} from '../fixtures';

const API_KEY = 'sk_test_Vitrina0123456789abcd';

test(
  'a guest asks for a factura at checkout, pays by card and downloads the stamped CFDI',
  { tag: '@phone' },
  async ({ page, context, newContext, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    const seller = await factory.seller(store);
    await signInSeller(context, seller);

    // The seller connects the store's invoicing account; the key is never shown again, only its last 4 characters.
    await page.goto(platformUrl('/admin/mis-datos'));
    const invoicing = page.locator('#facturacion');
    await expect(invoicing.getByText('Sin cuenta conectada')).toBeVisible();
    await invoicing.getByLabel('Clave secreta de Facturapi').fill(API_KEY);
    await invoicing.getByRole('button', { name: 'Guardar' }).click();
    await expect(invoicing.getByText('Conectada: clave que termina en abcd (pruebas).')).toBeVisible();
    await expect(invoicing.getByLabel('Clave secreta de Facturapi')).toHaveValue('');

    // A guest buys with a factura.
    const shopper = await (await newContext({ phone: true })).newPage();
    await addToCart(shopper, storeUrl(store.slug, `/product?codigo=${store.products[0]!.codigo}`));
    await checkoutAsGuest(shopper, { ...MONTERREY, email: 'compras@kemper.example', name: 'Ana Kemper' });
    await shopper.getByRole('checkbox', { name: 'Quiero factura' }).check();
    await shopper.getByLabel('RFC').fill('EKU9003173C9');
    await shopper.getByLabel('Nombre o razón social').fill('Escuela Kemper Urgate');
    await shopper.getByLabel('Régimen fiscal').selectOption('601');
    await shopper.getByLabel('Uso del CFDI').selectOption('G03');
    await shopper.getByLabel('Código postal del domicilio fiscal').fill('26015');
    await expect(shopper.getByText('Tu factura se emitirá cuando se confirme el pago.')).toBeVisible();
    await fillCardEs(shopper, { number: '4242 4242 4242 4242', holder: 'Ana Kemper', expiry: '12/30', cvc: '123' });
    await shopper.getByRole('button', { name: /^Pagar/ }).click();
    await shopper.getByText('¡Gracias por tu compra!').waitFor();
    const folio = (await shopper.getByRole('heading', { name: /^Pedido \d+$/ }).textContent())!.replace(/\D/g, '');
    const paidTotal = centsOf((await shopper.locator('.print-area dl dd').last().textContent())!);

    // The order page: the factura is stamped by the job once the payment is confirmed.
    const track = await shopper.getByRole('link', { name: 'Seguir mi pedido' }).getAttribute('href');
    await shopper.goto(new URL(track!, storeUrl(store.slug)).toString());
    const factura = shopper.locator('section[aria-labelledby="factura-title"]');
    await expect(factura.getByText(/^(En proceso|Emitida)$/)).toBeVisible();
    // Asked before the card was confirmed: the every-minute sweep issues it once the order is paid (run now here).
    await expect(async () => {
      await factory.issueInvoices();
      await shopper.reload();
      await expect(factura.getByText('Emitida')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    const uuid = (await factura.locator('.invoice-uuid').textContent())!.trim();
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
    // The CFDI's total is what was paid, its IVA the 16 % inside it.
    const totalLine = (await factura.getByText(/^Total:/).textContent())!;
    const [cfdiTotal, iva] = [...totalLine.matchAll(/[\d,]+\.\d{2}/g)].map((m) => centsOf(m[0]));
    expect(cfdiTotal).toBe(paidTotal);
    expect(iva).toBe(cfdiTotal! - Math.round(cfdiTotal! / 1.16));

    const [pdf] = await Promise.all([
      shopper.waitForEvent('download'),
      factura.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${uuid}.pdf`);
    const pdfBytes = await (await import('node:fs/promises')).readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [xml] = await Promise.all([
      shopper.waitForEvent('download'),
      factura.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    const xmlText = await (await import('node:fs/promises')).readFile((await xml.path())!, 'utf8');
    expect(xmlText).toContain(`UUID="${uuid}"`);
    expect(xmlText).toContain('Rfc="EKU9003173C9"');
    // The window to ask is over once it is issued: no second form.
    await expect(factura.getByRole('button', { name: 'Pedir factura' })).toHaveCount(0);

    // The seller reads the same CFDI on the order.
    await page.goto(platformUrl('/admin/ventas'));
    await page.getByRole('link', { name: `#${folio}`, exact: true }).click();
    await expect(page.getByText(uuid)).toBeVisible();
  },
);
