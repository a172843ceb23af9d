/**
 * The seller records a delivery with a drawn signature, the order's money shows as pending, then
 * (the release run now through the e2e test clock instead of BALANCE_RELEASE_DAYS later) as ready; the seller adds a
 * bank account, pays the money out and the payout appears in the payment history; the buyer sees the proof.
 */
import { apiUrl, centsOf, expect, platformUrl, test } from '../fixtures';

const CLABE_BBVA = '012180000012345674';

test('the seller records delivery with a signature; the balance moves from pending to ready; a payout shows in the history', async ({
  page,
  factory,
  signInSeller,
  throttle,
  newContext,
}) => {
  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  const { order, viewToken } = await factory.order(store, { quantity: 2 });
  for (const status of ['ready_to_ship', 'on_the_way']) {
    const res = await fetch(apiUrl(`/api/admin/orders/${order.id}/status`), {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(res.status).toBe(200);
  }
  // Vitrina's 3.5 % is charged on the products, not on the shipping (decision 096).
  const share = order.totalCents - Math.round((order.itemsCents * 350) / 10_000);

  await signInSeller(page.context(), seller);
  await page.clock.install(); // The client throttle reads this clock
  await page.goto(platformUrl(`/admin/orderStatus?id=${order.id}`));
  await page.getByRole('link', { name: 'Registrar entrega' }).click();
  await expect(page.getByRole('heading', { name: `Entrega del pedido ${order.folio}` })).toBeVisible();
  await expect(page.getByLabel('Piezas entregadas')).toHaveValue('2');
  await page.getByLabel('Nombre de quien recibe').fill('Luis Recibe');

  // Nothing drawn yet: the form asks for the signature.
  await page.getByRole('button', { name: 'Guardar entrega' }).click();
  await expect(page.getByText('Falta la firma de quien recibe.')).toBeVisible();

  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Borrar firma' })).toBeEnabled();
  await expect(page.getByText('Falta la firma de quien recibe.')).toBeHidden();
  await page.getByRole('button', { name: 'Guardar entrega' }).click();
  await expect(page.getByText('Registramos la entrega. El pedido quedó como entregado.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Firma de Luis Recibe' })).toBeVisible();
  await expect(page.getByText('2 piezas entregadas a Luis Recibe.')).toBeVisible();

  // Pending until released.
  await page.goto(platformUrl('/admin/balance/summary'));
  await expect(page.getByTestId('balance-pending')).toContainText('1 pedido pendiente');
  expect(centsOf((await page.getByTestId('balance-pending').locator('strong').textContent())!)).toBe(share);
  expect(centsOf((await page.getByTestId('balance-available').locator('strong').textContent())!)).toBe(0);
  await expect(page.getByText('Para retirar tu dinero agrega primero tu cuenta bancaria.')).toBeVisible();

  // The test clock: BALANCE_RELEASE_DAYS have passed.
  expect(await factory.releaseBalance(store, order.id)).toEqual({ released: share });
  await page.reload();
  await expect(page.getByTestId('balance-available')).toContainText('1 pedido liberado');
  expect(centsOf((await page.getByTestId('balance-available').locator('strong').textContent())!)).toBe(share);
  expect(centsOf((await page.getByTestId('balance-pending').locator('strong').textContent())!)).toBe(0);

  // A bank account, then the payout.
  await page.getByRole('link', { name: 'Agregar cuenta bancaria' }).click();
  await expect(page.getByRole('heading', { name: 'Cuenta bancaria', level: 1 })).toBeVisible();
  await page.getByLabel('Titular de la cuenta').fill('Vendedora Prueba');
  await page.getByLabel('Banco').selectOption('012');
  await page.getByLabel('CLABE').fill(CLABE_BBVA);
  await page.getByLabel('Número de tarjeta de débito (opcional)').fill('4152 3138 0000 9876');
  // Changing where the money goes asks for the owner's password again (decision 091); a first account is not held.
  await page.getByLabel('Tu contraseña de Vitrina').fill(seller.password);
  await throttle(page);
  await page.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(page.getByText('Guardamos tu cuenta bancaria.')).toBeVisible();
  await expect(page.getByTestId('bank-current')).toContainText('BBVA');
  await expect(page.getByTestId('bank-current')).toContainText('•••• 5674');
  await expect(page.getByTestId('bank-current')).toContainText('•••• 9876');

  await page.getByRole('link', { name: 'Resumen' }).click();
  await page.getByRole('button', { name: /^Retirar / }).click();
  await throttle(page);
  await page.getByRole('button', { name: 'Sí, retirar' }).click();
  await expect(page.getByText(/^Enviamos .* a tu cuenta BBVA •••• 5674\.$/)).toBeVisible();
  await expect(page.getByText('Todavía no tienes saldo listo para retirar.')).toBeVisible();

  await page.getByRole('link', { name: 'Historial de pagos' }).click();
  const row = page.getByTestId('payouts-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('BBVA •••• 5674');
  await expect(row).toContainText('Pagado');
  expect(centsOf((await row.locator('td').nth(1).textContent())!)).toBe(share);

  // The buyer sees the proof on their order page.
  const buyer = await (await newContext({ phone: true })).newPage();
  await buyer.goto(store.url(`/pedidos/pedido?id=${order.id}&t=${viewToken}`));
  await expect(buyer.getByRole('heading', { name: 'Comprobante de entrega' })).toBeVisible();
  await expect(buyer.getByText('2 piezas entregadas a Luis Recibe.')).toBeVisible();
  await expect(buyer.getByRole('img', { name: 'Firma de Luis Recibe' })).toBeVisible();
});
