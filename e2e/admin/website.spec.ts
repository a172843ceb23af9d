/**
 * The set-up wizard: a factory store's seller goes through language, logo, banner, colours and
 * social networks; a reload mid-way resumes at the same step; a bad social URL is refused with its message; Finish
 * makes the look live and the storefront shows the chosen colours.
 */
import path from 'node:path';
import { expect, platformUrl, test } from '../fixtures';

const PHOTO = path.resolve(process.cwd(), 'seed-data/images/luma/MT05.webp');
const BANNER = path.resolve(process.cwd(), 'seed-data/images/luma/WB02.webp');

test(
  'a new seller completes the wizard and the storefront shows the chosen colours',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }, testInfo) => {
    test.setTimeout(120_000);
    const store = await factory.store({ products: 1 });
    const seller = await factory.seller(store);
    await signInSeller(context, seller);
    await page.goto(platformUrl('/admin/wizard'));

    // 1. Language
    await expect(page.getByText('Paso 1 de 5')).toBeVisible();
    await page.getByRole('radio', { name: 'Español' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // 2. Logo, uploaded through the files module
    await expect(page.getByText('Paso 2 de 5')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(PHOTO);
    await expect(page.getByRole('button', { name: 'Cambiar' })).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // 3. Banner: refused without an image, then uploaded
    await expect(page.getByText('Paso 3 de 5')).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(/sube una imagen antes de continuar/)).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(BANNER);
    await expect(page.getByRole('img', { name: 'Banners 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // 4. Colours
    await expect(page.getByText('Paso 4 de 5')).toBeVisible();
    await page.getByLabel('Barra de navegación (hex)', { exact: true }).fill('#aa0011');
    await page.getByLabel('Texto de la barra de navegación (hex)', { exact: true }).fill('#ffeeaa');
    await expect(page.getByTestId('preview-navbar')).toHaveCSS('background-color', 'rgb(170, 0, 17)');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Paso 5 de 5')).toBeVisible();

    // A reload (or another device) resumes at the same step with the saved colours.
    await page.reload();
    await expect(page.getByText('Paso 5 de 5')).toBeVisible();
    await expect(page.getByTestId('preview-navbar')).toHaveCSS('background-color', 'rgb(170, 0, 17)');
    if (testInfo.project.name === 'desktop')
      await page.screenshot({ path: '/tmp/website-wizard-desktop.png', fullPage: true });
    else await page.screenshot({ path: '/tmp/website-wizard-phone.png', fullPage: true });

    // 5. Social networks: a URL of another host is refused with its message.
    await page.getByLabel('Facebook', { exact: true }).fill('https://facebook.evil.example/tienda');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByText('La URL de Facebook debe empezar con https://www.facebook.com/')).toBeVisible();
    await page.getByLabel('Facebook', { exact: true }).fill('https://www.facebook.com/mitienda');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page.getByText('¡Listo! Tu tienda ya muestra tu configuración.')).toBeVisible();

    // The storefront now wears the chosen colours.
    await page.goto(store.url('/'));
    await expect(page.locator('.site-header')).toHaveCSS('background-color', 'rgb(170, 0, 17)');
    await expect(page.locator('.site-header')).toHaveCSS('color', 'rgb(255, 238, 170)');
  },
);
