/**
 * Issue 7 "Company profile": a seller of a new factory store fills the company forms at /admin/mis-datos (the
 * completeness indicator leads to each missing part; SPEC §5 messages and the character counter show), then the
 * store's /somos shows the public part and never the licence number.
 */
import { expect, platformUrl, test } from '../fixtures';

const ADVANTAGES = 'Fabricamos en León con piel certificada y enviamos a todo México en 48 horas.';
const INTRODUCTION =
  'Somos una fábrica familiar de calzado fundada en 1998 en León, Guanajuato, con diseño propio y más de cien artesanos.';

test(
  'a seller completes the company profile and the storefront shows it',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 1 });
    const seller = await factory.seller(store);
    await signInSeller(context, seller);
    await page.goto(platformUrl('/admin/mis-datos'));

    await expect(page.getByRole('heading', { name: 'Perfil completo al 0 %' })).toBeVisible();

    // The indicator leads to the missing field: the basic form opens with the name focused.
    await page.getByRole('button', { name: 'Completar nombre de la empresa' }).click();
    await expect(page.getByRole('tab', { name: /Información básica/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Nombre de la empresa')).toBeFocused();
    await page.getByLabel('Nombre de la empresa').fill('Calzado Artesanal León');
    await page.getByLabel('Tipo de negocio').selectOption({ label: 'Fabricante' });
    // A time without its days: SPEC §5 "select a day of the week".
    await page.getByLabel('Desde', { exact: true }).fill('09:00');
    await page.getByLabel('Hasta', { exact: true }).fill('18:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Selecciona un día de la semana.')).toBeVisible();
    await page.getByLabel('Del día').selectOption({ label: 'Lunes' });
    await page.getByLabel('Al día').selectOption({ label: 'Viernes' });
    await page.getByLabel(/^Representante legal/).fill('Dueña Confidencial');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('tabpanel').getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 33 %' })).toBeVisible();

    // Product details, through the indicator again.
    await page.getByRole('button', { name: 'Completar industria principal' }).click();
    await expect(page.getByLabel('Industria principal')).toBeFocused();
    await page.getByLabel('Industria principal').fill('Calzado de piel');
    await page.getByRole('checkbox', { name: 'FOB' }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('tabpanel').getByText('Guardado.')).toBeVisible();

    // Complete information: the character counter marks a text over its limit (SPEC §5).
    await page.getByRole('tab', { name: /Información completa/ }).click();
    // Its upload fields keep their file inputs hidden: nothing widens the page (the phone project is 390 px wide).
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Elegir archivo' }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const advantages = page.getByLabel('Ventajas', { exact: true });
    await advantages.fill('x'.repeat(1001));
    await expect(page.getByText('Excede el límite de 1000 caracteres')).toBeVisible();
    await expect(advantages).toHaveAttribute('aria-invalid', 'true');
    await advantages.fill(ADVANTAGES);
    await expect(page.getByText('Excede el límite de 1000 caracteres')).toBeHidden();
    await page.getByLabel('Presentación de la empresa').fill(INTRODUCTION);
    await page.getByLabel(/^Número de licencia de negocio/).fill('LIC-NO-PUBLICAR-77');
    await page.getByLabel(/^Dirección de la fábrica/).fill('Blvd. Adolfo López Mateos 1500, León, Gto.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('tabpanel').getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 83 %' })).toBeVisible();

    // Contact people: a bad phone is refused with the SPEC message.
    await page.getByRole('button', { name: 'Completar al menos una persona de contacto' }).click();
    await expect(page.getByRole('button', { name: 'Agregar contacto' })).toBeFocused();
    await page.getByRole('button', { name: 'Agregar contacto' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Ana Torres');
    await page.getByLabel('Teléfono').fill('12345');
    await page.getByLabel('Puesto').fill('Ventas');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Número de teléfono incorrecto.')).toBeVisible();
    await page.getByLabel('Teléfono').fill('477 123 4567');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('tabpanel').getByText('Guardado.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perfil completo al 100 %' })).toBeVisible();
    await expect(page.getByText('Tu perfil está completo: ya puedes subir productos.')).toBeVisible();

    // The storefront's about-us page shows the public part only.
    await page.goto(store.url('/somos'));
    await expect(page.getByRole('heading', { level: 1, name: 'Calzado Artesanal León' })).toBeVisible();
    await expect(page.getByText(ADVANTAGES)).toBeVisible();
    await expect(page.getByText('Fabricante')).toBeVisible();
    await expect(page.getByText('Lunes a Viernes, de 09:00 a 18:00')).toBeVisible();
    await expect(page.getByRole('link', { name: '477 123 4567' })).toBeVisible();
    await expect(page.getByText('LIC-NO-PUBLICAR-77')).toHaveCount(0);
    await expect(page.getByText('Dueña Confidencial')).toHaveCount(0);
  },
);
