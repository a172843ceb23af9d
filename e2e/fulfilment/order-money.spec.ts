/**
 * Every money screen shows the lines that make its total (decisions 095, 096, 147): the seller's order page of a
 * coupon order lists products, the coupon's discount, shipping and total, which add up, and the seller's own money of
 * the order (the sale, Vitrina's 3.5 % of the products after the coupon, what the card provider kept and Vitrina paid,
 * the net); the balance shows how it adds up and each paid order's sale and fee; with four- and five-digit amounts
 * nothing overflows a 390 or 360 px phone.
 */
import type { Locator, Page } from '@playwright/test';
import { apiUrl, centsOf, expect, platformUrl, test } from '../fixtures';

/** The lines of a MoneyLines list as [label, signed centavos]. */
async function linesOf(list: Locator): Promise<[string, number][]> {
  await expect(list.locator('.money-line').last()).toBeVisible();
  const rows = await list.locator('.money-line').all();
  const out: [string, number][] = [];
  for (const r of rows) {
    const label = (await r.locator('dt').innerText()).trim();
    const amount = (await r.locator('dd').innerText()).trim();
    out.push([label, (amount.startsWith('−') ? -1 : 1) * centsOf(amount)]);
  }
  return out;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the seller’s order page of a coupon order: lines that add up, and the sale, Vitrina’s fee and the net @phone', async ({
  page,
  factory,
  signInSeller,
}) => {
  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  const coupon = await fetch(apiUrl('/api/admin/coupons'), {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'diez', kind: 'percent', value: 10 }),
  });
  expect(coupon.status).toBe(201);
  const { order } = await factory.order(store, { quantity: 2, couponCode: 'DIEZ' });
  expect(order.discountCents).toBeGreaterThan(0);

  await signInSeller(page.context(), seller);
  await page.goto(platformUrl(`/admin/orderStatus?id=${order.id}`));
  const lines = await linesOf(page.getByTestId('order-lines'));
  expect(lines).toEqual([
    ['Productos', order.itemsCents],
    ['Descuento (cupón DIEZ)', -order.discountCents],
    ['Envío', order.shippingCents],
    ['Total', order.totalCents],
  ]);
  expect(lines.slice(0, -1).reduce((s, [, c]) => s + c, 0)).toBe(order.totalCents);

  const fee = Math.round(((order.itemsCents - order.discountCents) * 350) / 10_000);
  // The card provider keeps 4.18 % + $3.48 of the payment; Vitrina pays it, so the net does not change.
  const kept = Math.round((order.totalCents * 418) / 10_000) + 348;
  const money = await linesOf(page.getByTestId('order-money'));
  expect(money.map(([, c]) => c)).toEqual([order.totalCents, -fee, -kept, kept, order.totalCents - fee]);
  expect(money[0][0]).toBe('Venta (lo que pagó el cliente)');
  expect(money[1][0]).toMatch(/^Comisión de Vitrina \(3\.5\s%.* en productos\)$/);
  expect(money[2][0]).toMatch(/^Comisión del procesador de pagos \(tarjeta: 4\.18\s% \+ \$3\.48, con IVA\)$/);
  expect(money[3][0]).toBe('Pagada por Vitrina de su comisión');
  expect(money[4][0]).toBe('Neto para tu tienda');
  expect(await noSidewaysScroll(page)).toBe(true);

  // The balance: how it adds up, and the paid order's sale and fee in the history.
  await page.goto(platformUrl('/admin/balance/summary'));
  const balance = await linesOf(page.getByTestId('balance-lines'));
  expect(balance).toEqual([
    ['Ventas (lo que pagaron tus clientes)', order.totalCents],
    ['Reembolsado a clientes', 0],
    ['Comisión de Vitrina', -fee],
    ['Ganado por tu tienda', order.totalCents - fee],
    ['Retirado a tu cuenta', 0],
    ['Saldo total', order.totalCents - fee],
  ]);
  await expect(page.getByText('se libera 7 días después de entregarlo')).toBeVisible();
  await page.getByRole('link', { name: 'Historial de pagos' }).click();
  const paid = page.getByTestId('movements-table').locator('tr[data-kind="order_paid"]');
  await expect(paid).toHaveCount(1);
  const cells = await paid.locator('td').allInnerTexts();
  expect(centsOf(cells[2])).toBe(order.totalCents);
  expect(centsOf(cells[3])).toBe(fee);
  expect(centsOf(cells[4])).toBe(order.totalCents - fee);
  expect(await noSidewaysScroll(page)).toBe(true);
});

test('“Saldos” with four- and five-digit amounts fits a 390 and a 360 px phone @phone-only', async ({
  page,
  factory,
  signInSeller,
}) => {
  const store = await factory.store({ catalog: 'vendure', codigos: ['road-bike'] });
  const seller = await factory.seller(store);
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push((await factory.order(store, { quantity: i + 1 })).order);
  for (const status of ['ready_to_ship', 'on_the_way', 'delivered']) {
    const res = await fetch(apiUrl(`/api/admin/orders/${orders[0].id}/status`), {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(res.status).toBe(200);
  }
  await factory.releaseBalance(store, orders[0].id);
  await signInSeller(page.context(), seller);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/admin/balance/summary', '/admin/balance/payment-history']) {
      await page.goto(platformUrl(path));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.money-lines, table').first()).toBeVisible();
      expect(await noSidewaysScroll(page), `${path} at ${width} px`).toBe(true);
    }
  }
  // The pending balance is five digits (more than $10,000.00).
  await page.goto(platformUrl('/admin/balance/summary'));
  expect(centsOf((await page.getByTestId('balance-pending').locator('strong').textContent())!)).toBeGreaterThan(
    1_000_000,
  );
});

test('the platform home and the seller’s plans page say the fee on sales of every plan', async ({
  page,
  factory,
  signInSeller,
}) => {
  await page.goto(platformUrl('/'));
  for (const id of ['monthly', 'yearly', 'premium'])
    await expect(page.getByTestId(`platform-fee-${id}`)).toHaveText(/^\+ 3\.5\s%\spor venta$/);
  await expect(page.getByText('30 días gratis para empezar')).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  await signInSeller(page.context(), seller);
  await page.goto(platformUrl('/admin/suscripcion/plans'));
  await expect(page.getByTestId('plan-fee-monthly')).toContainText('comisión de 3.5');
  await expect(page.getByTestId('plan-fee-yearly')).toContainText('sobre los productos');
});
