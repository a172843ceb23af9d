/**
 * A lapsed store shows the suspended page (402 → /account_suspended) to a shopper; its
 * seller is sent from the admin to /admin/suscripcion, adds a card and pays, and the storefront is back at once.
 */
import { expect, platformUrl, test } from '../fixtures';

test('a lapsed store shows the suspended page; the seller pays from /admin/suscripcion and the store is back @phone', async ({
  page,
  factory,
  signInSeller,
  throttle,
  newContext,
}) => {
  const store = await factory.store({ products: 1 });
  const seller = await factory.seller(store);
  expect(await factory.lapseSubscription(store)).toEqual({ status: 'suspended' });

  // The shopper sees the suspended-account page.
  const shopper = await newContext();
  const shop = await shopper.newPage();
  await shop.goto(store.url('/'));
  await expect(shop.getByRole('heading', { name: 'Cuenta suspendida' })).toBeVisible();
  await expect(shop).toHaveURL(/\/account_suspended$/);

  // The seller opens the admin: only the subscription is left, where the store shows as suspended.
  await signInSeller(page.context(), seller);
  await page.clock.install(); // The client throttle reads this clock
  await page.goto(platformUrl('/admin/ventas'));
  await expect(page).toHaveURL(/\/admin\/suscripcion$/);
  await expect(page.getByRole('heading', { name: 'Mi suscripción' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Suspendida');
  await expect(page.getByText('Tu tienda está suspendida', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pagar ahora/ })).toBeDisabled();

  // A card: only brand, last 4 and expiry come back.
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Mes de vencimiento').fill('12');
  await page.getByLabel('Año de vencimiento').fill('2031');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await expect(page.getByText('Tarjeta guardada.')).toBeVisible();
  await expect(page.getByTestId('subscription-card')).toContainText('VISA terminada en 4242');
  await expect(page.getByTestId('subscription-card')).toContainText('Vence 12/2031');

  await throttle(page);
  await page.getByRole('button', { name: /Pagar ahora/ }).click();
  await expect(page.getByText('¡Pago recibido! Tu suscripción está activa.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(page.getByTestId('subscription-history')).toContainText('Pagado');

  // The storefront is back for the shopper.
  const product = store.products[0];
  await shop.goto(store.url(`/product?codigo=${encodeURIComponent(product.codigo)}`));
  await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(shop).toHaveURL(/\/product\?codigo=/);

  // And the rest of the admin too.
  await page.goto(platformUrl('/admin/ventas'));
  await expect(page).toHaveURL(/\/admin\/ventas$/);
});
