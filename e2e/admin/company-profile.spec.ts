/**
 * The company profile at /admin/mis-datos (decision 115): a new shop fills only what it needs before its first product
 * (name, business type, what it sells, a contact with phone), each marked as required; the introduction is optional
 * with a modest minimum once written; the supplier and export part (Incoterms, RFC and licences, plant, export,
 * certificates) is optional and starts closed for a shop, open for a supplier. The storefront's /somos shows the
 * public part and never the tax number. On a phone in the phone project, without sideways scrolling.
 */
import type { Page } from '@playwright/test';
import { expect, platformUrl, test } from '../fixtures';

const INTRODUCTION = 'Zapatería familiar en el centro de León desde 1998: calzado de piel hecho en Guanajuato.';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test(
  'a shop completes its profile with the four required fields; the supplier part is optional',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    const seller = await factory.seller(store);
    await signInSeller(context, seller);
    await page.goto(platformUrl('/admin/mis-datos'));
    await expect(page.getByRole('heading', { name: 'Perfil completo al 0 %' })).toBeVisible();
    const panel = page.getByRole('tabpanel');

    // Required fields carry a visible mark and are required for screen readers; the others say "opcional".
    await expect(panel.getByLabel('Nombre del negocio')).toHaveAttribute('required', '');
    await expect(panel.locator('label[for="co-name"] .required-mark')).toHaveText('*');
    await expect(panel.getByLabel('Tipo de negocio')).toHaveAttribute('required', '');
    await expect(panel.getByLabel('Año de registro (opcional)')).not.toHaveAttribute('required', '');
    // The supplier and export part is there, closed: no Incoterms, RFC or plant area in a shop's way.
    const supplier = page.locator('details.company-supplier');
    await expect(supplier.getByText('Para proveedores y exportadores (opcional)')).toBeVisible();
    await expect(supplier).not.toHaveAttribute('open', '');
    await expect(page.getByRole('checkbox', { name: 'FOB' })).toBeHidden();
    expect(await noSidewaysScroll(page)).toBe(true);

    // The indicator leads to the missing field: the first form opens with the name focused.
    await page.getByRole('button', { name: 'Completar nombre del negocio' }).click();
    await expect(page.getByRole('tab', { name: /Tu negocio/ })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByLabel('Nombre del negocio')).toBeFocused();
    await panel.getByLabel('Nombre del negocio').fill('Zapatería La Leonesa');
    await panel.getByLabel('Tipo de negocio').selectOption({ label: 'Tienda o comercio al público' });
    // A time without its days: "select a day of the week".
    await panel.getByLabel('Desde', { exact: true }).fill('09:00');
    await panel.getByLabel('Hasta', { exact: true }).fill('18:00');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Selecciona un día de la semana.')).toBeVisible();
    await panel.getByLabel('Del día').selectOption({ label: 'Lunes' });
    await panel.getByLabel('Al día').selectOption({ label: 'Sábado' });
    await panel.getByLabel(/^Representante legal/).fill('Dueña Confidencial');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 50 %' })).toBeVisible();

    await page.getByRole('button', { name: 'Completar qué vendes (giro principal)' }).click();
    await expect(panel.getByLabel('Qué vendes (giro principal)')).toBeFocused();
    await panel.getByLabel('Qué vendes (giro principal)').fill('Calzado de piel');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 75 %' })).toBeVisible();

    // The about-us texts are optional: a minimum once written, and the character counter.
    await page.getByRole('tab', { name: /Presentación/ }).click();
    const introduction = panel.getByLabel('Presentación del negocio (opcional)');
    await introduction.fill('Hola');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Debe tener al menos 40 caracteres.')).toBeVisible();
    const advantages = panel.getByLabel('Por qué elegirte (opcional)');
    await advantages.fill('x'.repeat(1001));
    await expect(panel.getByText('Excede el límite de 1000 caracteres')).toBeVisible();
    await expect(advantages).toHaveAttribute('aria-invalid', 'true');
    await advantages.fill('');
    await introduction.fill(INTRODUCTION);
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    // One contact with a phone completes the profile; the position may stay empty.
    await page.getByRole('button', { name: 'Completar un contacto con teléfono' }).click();
    await expect(panel.getByRole('button', { name: 'Agregar contacto' })).toBeFocused();
    await panel.getByRole('button', { name: 'Agregar contacto' }).click();
    await expect(panel.getByLabel('Puesto (opcional)')).not.toHaveAttribute('required', '');
    await expect(panel.getByLabel('Teléfono')).toHaveAttribute('required', '');
    await panel.getByLabel(/^Nombre/).fill('Ana Torres');
    await panel.getByLabel('Teléfono').fill('12345');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Número de teléfono incorrecto.')).toBeVisible();
    await panel.getByLabel('Teléfono').fill('477 123 4567');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 100 %' })).toBeVisible();
    await expect(page.getByText('Tu perfil está completo: ya puedes subir productos.')).toBeVisible();

    // The supplier part, opened by hand: Incoterms and the tax number (private) with their own save.
    await supplier.getByText('Para proveedores y exportadores (opcional)').click();
    const trade = page.getByRole('form', { name: 'Comercio con empresas y exportación' });
    await trade.getByRole('checkbox', { name: 'FOB' }).check();
    await trade.getByLabel('Número de registro fiscal (RFC)').fill('RFC-NO-PUBLICAR-77');
    await trade.getByRole('button', { name: 'Guardar' }).click();
    await expect(trade.getByText('Guardado.')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    // The storefront's about-us page shows the public part only.
    await page.goto(store.url('/somos'));
    await expect(page.getByRole('heading', { level: 1, name: 'Zapatería La Leonesa' })).toBeVisible();
    await expect(page.getByText(INTRODUCTION)).toBeVisible();
    await expect(page.getByText('Tienda o comercio al público')).toBeVisible();
    await expect(page.getByText('Lunes a Sábado, de 09:00 a 18:00')).toBeVisible();
    await expect(page.getByRole('link', { name: '477 123 4567' })).toBeVisible();
    await expect(page.getByText('FOB')).toBeVisible();
    await expect(page.getByText('RFC-NO-PUBLICAR-77')).toHaveCount(0);
    await expect(page.getByText('Dueña Confidencial')).toHaveCount(0);
  },
);

test('a supplier finds the supplier and export part open', async ({ page, context, factory, signInSeller }) => {
  const store = await factory.store({ products: 0 });
  const seller = await factory.seller(store);
  await factory.companyProfile(seller); // a manufacturer (tests/helpers/company-profile.ts)
  await signInSeller(context, seller);
  await page.goto(platformUrl('/admin/mis-datos'));
  await expect(page.getByRole('heading', { name: 'Perfil completo al 100 %' })).toBeVisible();
  await expect(page.locator('details.company-supplier')).toHaveAttribute('open', '');
  await expect(page.getByRole('checkbox', { name: 'FOB' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Certificados' })).toBeVisible();
});
