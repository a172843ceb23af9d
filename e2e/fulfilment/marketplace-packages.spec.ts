/**
 * A marketplace order's packages in a real browser (decision 135): the supplier finds the package it must ship under
 * Ventas → "Pedidos de revendedores", reads its lines at wholesale and where to ship, and moves it ready and on its
 * way (the tracking number is asked for); the reseller's order page shows both packages, the supplier's as "Enviado
 * por el proveedor" with its tracking, and moves its own; the buyer's tracking page says the order arrives in two
 * packages without naming the supplier. A rejection asks for a reason and a confirmation; so does a supplier's refund
 * of units of its line, which shows what it gives back at wholesale. At checkout, a cart of both ships in two
 * packages, each priced.
 */
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { addToCart, centsOf, expect, MONTERREY, storeUrl, platformUrl, test } from '../fixtures';

/** Where a screenshot goes: E2E_SHOTS_DIR (kept when another run empties test-results), else the test's output. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.E2E_SHOTS_DIR
    ? path.join(process.env.E2E_SHOTS_DIR, `${testInfo.project.name}-${name}`)
    : testInfo.outputPath(name);

test('the supplier ships its package, the reseller and the buyer follow both packages @phone', async ({
  page,
  context,
  factory,
  signInSeller,
  newContext,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const m = await factory.marketplaceOrder();
  const number = `${m.order.folio}-2`;

  await signInSeller(context, m.supplier.seller);
  await page.goto(platformUrl('/admin/ventas'));
  await page.getByRole('link', { name: 'Pedidos de revendedores' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos de revendedores' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Zapatería Centro');
  await expect(row).toContainText('$600.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('supplier-list.png'), fullPage: true });
  await row.getByRole('link', { name: number }).click();

  await expect(page.getByRole('heading', { name: `Pedido de revendedor ${number}` })).toBeVisible();
  await expect(page.getByTestId('po-lines')).toContainText('$300.00 × 2 = $600.00');
  await expect(page.getByText('María López')).toBeVisible();
  const money = page.getByTestId('po-money');
  await expect(money).toContainText('Productos a precio de mayoreo');
  await expect(money).toContainText('Lo que te corresponde');
  await page.getByRole('button', { name: 'Listo para enviar' }).click();
  await expect(page.getByText('Paquete actualizado: Listo para enviar.')).toBeVisible();
  await page.getByRole('button', { name: 'En camino' }).click();
  await expect(page.getByText('Escribe el número de guía')).toBeVisible();
  await page.getByLabel('Número de guía').fill('MX-778899');
  await page.getByRole('button', { name: 'En camino' }).click();
  await expect(page.getByText('Paquete actualizado: Paquete en camino.')).toBeVisible();
  await expect(page.getByText('MX-778899')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('supplier-purchase-order.png'), fullPage: true });

  const resellerContext = await newContext({ phone });
  await signInSeller(resellerContext, m.reseller.seller);
  const reseller = await resellerContext.newPage();
  await reseller.goto(platformUrl(`/admin/orderStatus?id=${m.order.id}`));
  await expect(reseller.getByRole('heading', { name: '2 paquetes' })).toBeVisible();
  const theirs = reseller.getByTestId('package-2');
  await expect(theirs).toContainText('Enviado por el proveedor');
  await expect(theirs).toContainText('MX-778899');
  await expect(theirs.getByRole('button')).toHaveCount(0);
  const own = reseller.getByTestId('package-1');
  await own.getByRole('button', { name: 'Listo para enviar' }).click();
  await expect(own).toContainText('Listo para enviar');
  await expect(own.getByRole('button', { name: 'En camino' })).toBeVisible();
  // The supplier's package is on its way: the order can no longer be cancelled.
  await expect(reseller.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  await expect(reseller.getByRole('heading', { name: 'Cancelar el pedido completo' })).toHaveCount(0);
  await reseller.screenshot({ path: testInfo.outputPath('reseller-order.png'), fullPage: true });
  // The reseller supplies nobody: its "Pedidos de revendedores" says what the list is for.
  await reseller.getByRole('link', { name: '← Ventas' }).click();
  await reseller.getByRole('link', { name: 'Pedidos de revendedores' }).click();
  await expect(reseller.getByRole('heading', { name: 'Aún no tienes pedidos de revendedores' })).toBeVisible();
  await reseller.screenshot({ path: testInfo.outputPath('reseller-empty.png'), fullPage: true });

  const buyer = await context.newPage();
  await buyer.goto(
    storeUrl(m.reseller.slug, `/pedidos/pedido?id=${m.order.id}&t=${encodeURIComponent(m.order.viewToken)}`),
  );
  const packages = buyer.getByTestId('order-packages');
  await expect(packages.getByRole('heading', { name: 'Tu pedido llega en 2 paquetes' })).toBeVisible();
  await expect(packages).toContainText('MX-778899');
  await expect(buyer.locator('body')).not.toContainText('Calzado León');
  await buyer.screenshot({ path: testInfo.outputPath('buyer-tracking.png'), fullPage: true });
});

test('the supplier rejects its package with a reason, after a confirmation', async ({
  page,
  context,
  factory,
  signInSeller,
}) => {
  const m = await factory.marketplaceOrder();
  const pkg = m.order.packages.find((p) => !p.own)!;
  await signInSeller(context, m.supplier.seller);
  await page.goto(platformUrl(`/admin/ventas/revendedores/${pkg.id}`));
  await page.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('al cliente se le reembolsan estos productos y su envío');
  await dialog.getByRole('button', { name: 'Sí, rechazar' }).click();
  await expect(dialog.getByText('Escribe el motivo')).toBeVisible();
  await dialog.getByLabel('Motivo del rechazo').fill('Sin material');
  await dialog.getByRole('button', { name: 'Sí, rechazar' }).click();
  await expect(page.getByText('Rechazado: Sin material')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Listo para enviar' })).toHaveCount(0);
});

test('the supplier refunds a unit it cannot ship, after a confirmation that shows what it gives back @phone', async ({
  page,
  context,
  factory,
  signInSeller,
}, testInfo) => {
  const m = await factory.marketplaceOrder();
  const pkg = m.order.packages.find((p) => !p.own)!;
  await signInSeller(context, m.supplier.seller);
  await page.goto(platformUrl(`/admin/ventas/revendedores/${pkg.id}`));
  await expect(page.getByTestId('po-lines')).toContainText('$300.00 × 2 = $600.00');
  await page.getByRole('button', { name: /^Reembolsar piezas de / }).click();
  const dialog = page.getByRole('alertdialog');
  const quantity = dialog.getByLabel('Piezas a reembolsar (máximo 2)');
  await expect(quantity).toBeFocused();
  await expect(dialog).toContainText('Devuelves $300.00 de tu precio de mayoreo ($300.00 por pieza).');
  await expect(dialog).toContainText('regresan a tu inventario');
  await expect(dialog).toContainText('le avisamos por correo');
  // More units than the line has left is refused before anything is sent; both units would also cancel the package.
  await quantity.fill('3');
  await expect(dialog.getByText('Escribe un número de piezas entre 1 y 2.')).toBeVisible();
  await quantity.fill('2');
  await expect(dialog).toContainText('Son las últimas piezas del paquete');
  await quantity.fill('1');
  await expect(dialog).not.toContainText('Son las últimas piezas del paquete');
  await dialog.getByLabel('Motivo (opcional)').fill('Sin existencias de esa talla');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: shot(testInfo, 'supplier-line-refund-confirm.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Sí, reembolsar $300.00' }).click();
  await expect(page.getByText('Reembolsaste 1 pieza: $300.00 de tu parte.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const lines = page.getByTestId('po-lines');
  await expect(lines).toContainText('$300.00 × 1 = $300.00');
  await expect(lines).toContainText('1 pieza reembolsada');
  await expect(page.getByTestId('po-money')).toContainText('$300.00');
  await page.screenshot({ path: shot(testInfo, 'supplier-line-refunded.png'), fullPage: true });
});

test('a cart of the reseller’s own product and a supplier’s ships in two packages, each priced @phone', async ({
  page,
  factory,
}, testInfo) => {
  const m = await factory.marketplaceOrder();
  await addToCart(page, storeUrl(m.reseller.slug, `/product?codigo=${m.own.codigo}`));
  await addToCart(page, storeUrl(m.reseller.slug, `/product?codigo=${m.listing.codigo}`));
  await page.getByRole('button', { name: 'Continuar con la compra' }).click();
  await page.getByLabel('Correo electrónico').fill('dos-paquetes@example.com');
  await page.getByLabel('Nombre completo').fill('Rosa Treviño');
  await page.getByLabel('Código postal').fill(MONTERREY.postalCode);
  await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe(MONTERREY.state);
  await page.getByLabel('Colonia').selectOption({ index: 1 });
  await page.getByLabel('Calle').fill(MONTERREY.street);
  await page.getByLabel('Número exterior').fill(MONTERREY.number);
  await page.getByLabel('Teléfono').fill(MONTERREY.phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /Envío económico/ }).check();
  const note = page.getByTestId('shipping-packages');
  await expect(note.getByRole('heading', { name: 'Se envía en 2 paquetes' })).toBeVisible();
  const amounts = await note.locator('dd').allInnerTexts();
  expect(amounts).toHaveLength(3);
  expect(centsOf(amounts[0]) + centsOf(amounts[1])).toBe(centsOf(amounts[2]));
  await page.screenshot({ path: testInfo.outputPath('shipping-packages.png'), fullPage: true });
});
