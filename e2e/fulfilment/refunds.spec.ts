/**
 * On a phone, the seller refunds part of a card order on
 * its way from the order page (pesos typed, never more than refundable, confirmed), sees it listed as refunded, then
 * refunds the rest with "refund everything" (all the buyer paid, Vitrina's fee part included); nothing is left. Before
 * an order ships, the seller refunds units of a line (decision 147): a quantity above what is left is refused under
 * the field, the refund is confirmed, listed with its units, and the line says how many were refunded.
 */
import { apiUrl, centsOf, expect, platformUrl, test } from '../fixtures';

test('the seller refunds part, then all, of a card order from the order page @phone-only', async ({
  page,
  factory,
  signInSeller,
  throttle,
}) => {
  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  const { order } = await factory.order(store, { quantity: 2 });
  for (const status of ['ready_to_ship', 'on_the_way']) {
    const res = await fetch(apiUrl(`/api/admin/orders/${order.id}/status`), {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(res.status).toBe(200);
  }
  // Everything the buyer paid can go back: the store's share and Vitrina's fee part (decision 095).
  const paid = order.totalCents;

  await signInSeller(page.context(), seller);
  await page.clock.install(); // The client throttle reads this clock
  await page.goto(platformUrl(`/admin/orderStatus?id=${order.id}`));
  const section = page.getByRole('region', { name: 'Reembolsos' });
  await expect(section.getByText('Este pedido no tiene reembolsos.')).toBeVisible();
  const refundable = section.getByText(/^Puedes reembolsar hasta /);
  expect(centsOf((await refundable.textContent())!)).toBe(paid);

  // More than refundable, and not an amount: translated messages under the field, nothing sent.
  const amount = section.getByLabel('Monto a reembolsar (pesos)');
  await amount.fill(((paid + 100) / 100).toFixed(2));
  await section.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(section.getByText(/^Puedes reembolsar como máximo /)).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('diez');
  await expect(section.getByText('Escribe un monto en pesos, con hasta dos decimales.')).toBeVisible();

  // Part of it: $10.50 = 1,050 centavos, after a confirmation.
  await amount.fill('10.50');
  await section.getByLabel('Motivo (opcional)').fill('Una taza llegó rota');
  await section.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await expect(section.getByRole('alertdialog')).toContainText('¿Reembolsar $10.50 a la tarjeta del comprador?');
  await throttle(page);
  await section.getByRole('button', { name: 'Sí, reembolsar' }).click();
  await expect(section.getByText('Reembolsamos $10.50 a la tarjeta del comprador.')).toBeVisible();
  const items = section.getByRole('list', { name: 'Reembolsos del pedido' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('$10.50');
  await expect(items.first()).toContainText('Reembolsado');
  await expect(items.first()).toContainText('Una taza llegó rota');
  await expect(amount).toHaveValue('');
  await expect.poll(async () => centsOf((await refundable.textContent())!)).toBe(paid - 1050);

  // The rest with "refund everything".
  await section.getByRole('button', { name: /^Reembolsar todo / }).click();
  expect(Math.round(Number(await amount.inputValue()) * 100)).toBe(paid - 1050);
  await section.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  await throttle(page);
  await section.getByRole('button', { name: 'Sí, reembolsar' }).click();
  await expect(items).toHaveCount(2);
  await expect(section.getByText('Ya no queda nada por reembolsar de este pedido.')).toBeVisible();
  await expect(amount).toBeHidden();
  // Phone first: nothing overflows sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the seller refunds units of a line before the order ships, from the order page @phone-only', async ({
  page,
  factory,
  signInSeller,
  throttle,
}) => {
  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  const { order } = await factory.order(store, { quantity: 2 });
  const list = await fetch(apiUrl(`/api/admin/orders/${order.id}/refunds`), {
    headers: { authorization: `Bearer ${seller.token}` },
  });
  const item = ((await list.json()) as { lines: { name: string; unitCents: number }[] }).lines[0]!;
  const unit = item.unitCents;

  await signInSeller(page.context(), seller);
  await page.clock.install(); // The client throttle reads this clock
  await page.goto(platformUrl(`/admin/orderStatus?id=${order.id}`));
  const section = page.getByRole('region', { name: 'Reembolsos' });
  // No amount before it ships, but units of a line.
  await expect(section.getByText(/^Un monto se reembolsa cuando el pedido ya va en camino/)).toBeVisible();
  const lines = section.getByRole('list', { name: 'Productos del pedido' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Compradas: 2 · Reembolsadas: 0');

  const quantity = section.getByLabel(`Piezas a reembolsar de ${item.name}`);
  await quantity.fill('3');
  await section.getByRole('button', { name: `Reembolsar piezas de ${item.name}` }).click();
  await expect(section.getByText('Escribe de 1 a 2 piezas.')).toBeVisible();
  await quantity.fill('1');
  await section.getByRole('button', { name: `Reembolsar piezas de ${item.name}` }).click();
  await expect(section.getByRole('alertdialog')).toContainText(`¿Reembolsar 1 pieza de «${item.name}»`);
  await throttle(page);
  await section.getByRole('button', { name: 'Sí, reembolsar' }).click();
  const money = `$${(unit / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(section.getByText(`Reembolsamos ${money} a la tarjeta del comprador.`)).toBeVisible();
  const refunds = section.getByRole('list', { name: 'Reembolsos del pedido' }).getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText(`1 pieza de ${item.name}`);
  await expect(lines.first()).toContainText('Compradas: 2 · Reembolsadas: 1');
  expect(centsOf((await refunds.first().locator('strong').textContent())!)).toBe(unit);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
