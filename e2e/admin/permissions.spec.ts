/**
 * What a collaborator sees of the admin (decisions 065, 090): a page their permissions do not open shows "no
 * permission", never the "could not load… try again" error, and the menu and the pages leave out what they cannot use;
 * a collaborator with the money permission sees the balance and the bank account but has nothing to pay out with or to
 * change the account with; the owner changes the account with their password and sees until when payouts wait.
 */
import { apiUrl, expect, platformUrl, test } from '../fixtures';
import type { Page } from '@playwright/test';

const CLABE_BBVA = '012180000012345674';
const CLABE_BANAMEX = '002180000076543215';

async function api(token: string, method: 'POST' | 'PUT', path: string, body: object, ok: number) {
  const res = await fetch(apiUrl(path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(ok);
  return res.json();
}

/** The admin menu's links (on a phone the drawer is opened first, as a person would). */
async function menu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menú' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Secciones' });
}

test(
  'a collaborator with only the orders permission gets “no permission”, not an error, and no menu entries for the rest',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    await factory.seller(store);
    const collaborator = await factory.collaborator(store, ['orders']);
    await signInSeller(context, collaborator);

    for (const path of [
      '/admin/mis-datos',
      '/admin/mi-tienda',
      '/admin/website',
      '/admin/wizard',
      '/admin/faq',
      '/admin/catalogo',
      '/admin/altaproducto',
      '/admin/cupones',
      '/admin/balance/summary',
      '/admin/balance/payment-history',
      '/admin/my-account-bank',
      '/admin/colaboradores',
      '/admin/suscripcion',
    ]) {
      await page.goto(platformUrl(path));
      await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta sección' }), path).toBeVisible();
      await expect(page.getByText('No pudimos cargar'), path).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Reintentar|Volver a intentar/ }), path).toHaveCount(0);
      // The store builder's tabs are not offered either.
      await expect(page.getByRole('navigation', { name: 'Contenido' }), path).toHaveCount(0);
    }
    // The way out leads to what the person may use.
    await page.getByRole('link', { name: 'Ir a lo que sí puedo usar' }).click();
    await expect(page).toHaveURL(platformUrl('/admin'));
    await expect(page.getByRole('heading', { name: /^Bienvenido a / })).toBeVisible();
    // The dashboard offers no store set-up to someone who cannot open it.
    await expect(page.getByRole('link', { name: /Configurar mi tienda|Continuar configuración/ })).toHaveCount(0);

    const nav = await menu(page);
    await expect(nav.getByRole('link', { name: 'Ventas' })).toBeVisible();
    for (const entry of [
      'Mis datos',
      'Mi tienda',
      'Sitio web',
      'Catálogo',
      'Saldos',
      'Cupones',
      'Colaboradores',
      'Suscripción',
    ])
      await expect(nav.getByRole('link', { name: entry, exact: true }), entry).toHaveCount(0);
  },
);

test(
  'a collaborator with the money permission sees the balance and the bank account, and cannot pay out or change it',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    const owner = await factory.seller(store);
    const { order } = await factory.order(store);
    for (const status of ['ready_to_ship', 'on_the_way', 'delivered'])
      await api(owner.token, 'POST', `/api/admin/orders/${order.id}/status`, { status }, 200);
    const { released } = await factory.releaseBalance(store, order.id);
    expect(released).toBeGreaterThan(0);
    await api(
      owner.token,
      'PUT',
      '/api/admin/bank-account',
      { holderName: 'Dueña Prueba', bankCode: '012', clabe: CLABE_BBVA, currentPassword: owner.password },
      200,
    );
    const collaborator = await factory.collaborator(store, ['money']);
    await signInSeller(context, collaborator);

    await page.goto(platformUrl('/admin/balance/summary'));
    await expect(page.getByRole('heading', { name: 'Tu saldo', exact: true })).toBeVisible();
    await expect(page.getByTestId('balance-available')).toContainText('1 pedido liberado');
    await expect(page.getByTestId('payout-owner-only')).toHaveText(
      'Los retiros van a BBVA •••• 5674. Solo la dueña o dueño de la tienda puede retirar el dinero.',
    );
    await expect(page.getByRole('button', { name: /^Retirar/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Cuenta bancaria' }).click();
    await expect(page.getByTestId('bank-current')).toContainText('BBVA');
    await expect(page.getByTestId('bank-current')).toContainText('•••• 5674');
    await expect(page.getByTestId('bank-owner-only')).toHaveText(
      'Solo la dueña o dueño de la tienda puede cambiar la cuenta bancaria.',
    );
    await expect(page.getByLabel('CLABE')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Guardar cuenta' })).toHaveCount(0);

    const nav = await menu(page);
    await expect(nav.getByRole('link', { name: 'Saldos' })).toBeVisible();
    for (const entry of ['Ventas', 'Mi tienda', 'Mis datos', 'Colaboradores'])
      await expect(nav.getByRole('link', { name: entry, exact: true }), entry).toHaveCount(0);
  },
);

test('the owner changes the bank account with their password; payouts wait 24 hours and both pages say until when', async ({
  page,
  context,
  factory,
  signInSeller,
  throttle,
}) => {
  const store = await factory.store({ products: 1 });
  const owner = await factory.seller(store);
  await api(
    owner.token,
    'PUT',
    '/api/admin/bank-account',
    { holderName: 'Dueña Prueba', bankCode: '012', clabe: CLABE_BBVA, currentPassword: owner.password },
    200,
  );
  await signInSeller(context, owner);
  await page.clock.install();
  await page.goto(platformUrl('/admin/my-account-bank'));
  await expect(page.getByText('Por seguridad, los retiros a una cuenta nueva esperan 24 horas.')).toBeVisible();
  await page.getByLabel('Banco').selectOption('002');
  await page.getByLabel('CLABE').fill(CLABE_BANAMEX);
  await page.getByLabel('Tu contraseña de Vitrina').fill('no-es-la-clave');
  await throttle(page);
  await page.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(page.getByText('La contraseña no es correcta.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('bank-current')).toContainText('BBVA');

  await page.getByLabel('Tu contraseña de Vitrina').fill(owner.password);
  await throttle(page);
  await page.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(page.getByText('Guardamos tu cuenta bancaria.')).toBeVisible();
  await expect(page.getByTestId('bank-current')).toContainText('BANAMEX');
  await expect(page.getByTestId('bank-held')).toHaveText(
    /^Por seguridad, los retiros a esta cuenta estarán disponibles a partir del .+\.$/,
  );
  await expect(page.getByLabel('Tu contraseña de Vitrina')).toHaveValue('');

  await page.getByRole('link', { name: 'Resumen' }).click();
  await expect(page.getByTestId('payout-held')).toHaveText(
    /^La cuenta bancaria cambió hace poco\. Por seguridad, los retiros a la nueva cuenta estarán disponibles a partir del .+\.$/,
  );
  await expect(page.getByRole('button', { name: /^Retirar/ })).toHaveCount(0);
});

test(
  'the collaborators screen shows what each permission allows, in Spanish and English',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    const owner = await factory.seller(store);
    await signInSeller(context, owner);
    await page.goto(platformUrl('/admin/colaboradores'));
    const table = page.getByTestId('role-table');
    await expect(page.getByRole('heading', { name: 'Qué permite cada permiso' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Dinero/ })).toContainText(
      'No puede retirar dinero ni cambiar la cuenta bancaria.',
    );
    await expect(table.getByRole('row', { name: /^Dueña o dueño/ })).toContainText('retirar dinero');
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: /Cambiar idioma a inglés/ }).click();
    await expect(page.getByRole('heading', { name: 'What each permission allows' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Money/ })).toContainText(
      'Cannot pay out money or change the bank account.',
    );
  },
);
