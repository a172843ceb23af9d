/**
 * In a real browser: the seller of a new (factory) store creates a product from a real dataset
 * photo with two colours and three sizes, each colour with its own photo; a shopper finds it on the store and sees the
 * red photo when picking red, and the cart line keeps it. On a desktop and, in the phone project, on a phone.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, platformUrl, test } from '../fixtures';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data/images/luma');

/** Sets a file input and returns the files module's answer for that upload. */
async function upload(page: Page, input: ReturnType<Page['getByLabel']>, file: string) {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/proveedor/files') && r.request().method() === 'POST',
  );
  await input.setInputFiles(path.join(PHOTOS, file));
  const res = await answer;
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

test(
  'a seller creates a product with colours and sizes; a shopper sees the red photo',
  { tag: '@phone' },
  async ({ factory, newContext, signInSeller }, testInfo) => {
    test.setTimeout(300_000); // long under load: uploads, sharp, two contexts
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller); // Company information first (the refusal: tests/api/catalog-admin)
    // The seller and the shopper use the project's size: the phone project edits on a phone.
    const phone = testInfo.project.name === 'phone';
    const adminContext = await newContext({ phone });
    await signInSeller(adminContext, seller);
    const page = await adminContext.newPage();
    await page.goto(platformUrl('/admin/altaproducto'));
    await expect(page.getByRole('heading', { name: 'Alta de producto' })).toBeVisible();

    // Live validation: a required field left empty says so in Spanish.
    await page.getByLabel('Nombre del producto').fill('Pl');
    await page.getByLabel('Nombre del producto').blur();
    await expect(page.getByText('Debe tener al menos 3 caracteres.')).toBeVisible();

    await page.getByLabel('Industria').selectOption({ label: 'Ropa y textiles' });
    await page.getByLabel('Departamento').fill('Ropa');
    await page.getByLabel('Categoría').fill('Bolsas');
    await page.getByLabel('Nombre del producto').fill('Bolsa colibrí de lona');
    await page.getByLabel('Descripción corta').fill('Bolsa de lona resistente con asas reforzadas.');
    await page.getByLabel('Uso', { exact: true }).fill('Compras y viajes');
    await page.getByLabel('Palabras clave').fill('bolsa, lona, colibrí');
    await page.getByLabel('Marca comercial').fill('Colibrí');

    const cover = await upload(page, page.getByLabel('Galería de fotos'), '24-MB01.webp');
    await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();

    await page.getByLabel('Colores').fill('Rojo, Azul');
    await page.getByLabel('Tallas').fill('CH, M, G');
    await expect(page.getByRole('table').getByRole('caption')).toHaveText('6 variantes');
    const red = await upload(page, page.getByLabel('Foto del color Rojo'), '24-MB02.webp');
    const blue = await upload(page, page.getByLabel('Foto del color Azul'), '24-MB04.webp');
    expect(new Set([cover.id, red.id, blue.id]).size).toBe(3);

    for (const colour of ['Rojo', 'Azul'])
      for (const size of ['CH', 'M', 'G']) {
        await page.getByLabel(`Precio (MXN) ${colour} / ${size}`).fill('349.00');
        await page.getByLabel(`Existencias ${colour} / ${size}`).fill('12');
      }
    await page.getByLabel('Unidad de venta').fill('pieza');
    // Nothing widens the page: the variant grid scrolls inside its own box (the phone project is 390 px wide).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `/tmp/product-editor-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('Producto guardado. Los cambios ya se ven en tu tienda.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/catalogo\/producto\/[0-9A-Z]{10}$/);
    await expect(page.getByTestId('product-model')).toHaveText(/^MOD-/);

    // The catalogue lists it with its six variants.
    await page.goto(platformUrl('/admin/catalogo'));
    await expect(page.getByRole('link', { name: 'Bolsa colibrí de lona' })).toBeVisible();
    await expect(page.getByText('6 variantes')).toBeVisible();

    // A shopper finds it on the store, picks red and sees the red photo, in the product page and in the cart.
    const shopper = await (await newContext({ phone })).newPage();
    await shopper.goto(store.url('/'));
    await shopper
      .getByRole('link', { name: /Bolsa colibrí de lona/ })
      .first()
      .click();
    await expect(shopper.getByRole('heading', { name: 'Bolsa colibrí de lona' })).toBeVisible();
    const media = shopper.locator('.product-media img');
    await shopper
      .locator('label')
      .filter({ hasText: /^Azul$/ })
      .click();
    await expect(media).toHaveAttribute('src', `${blue.url}-480.webp`);
    await shopper
      .locator('label')
      .filter({ hasText: /^Rojo$/ })
      .click();
    await expect(media).toHaveAttribute('src', `${red.url}-480.webp`);
    await expect(media).toHaveAttribute('alt', 'Bolsa colibrí de lona · Rojo');
    await shopper.locator('label').filter({ hasText: /^M$/ }).click();
    await shopper.getByRole('button', { name: /Agregar al carrito/ }).click();
    await shopper.getByRole('link', { name: /Ver carrito/ }).click();
    await expect(shopper.locator('.cart-line img')).toHaveAttribute('src', `${red.url}-480.webp`);
  },
);

test(
  'on a phone each size is asked once, labelled as the piece’s or the package’s; a product without options needs no SKU',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }) => {
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    await signInSeller(context, seller);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(platformUrl('/admin/altaproducto'));
    await expect(page.getByRole('heading', { name: 'Alta de producto' })).toBeVisible();

    // No two fields of the form carry the same label (it asked "Largo (cm)", "Ancho (cm)", "Alto (cm)" twice).
    const labels = (await page.locator('.product-editor label').allInnerTexts()).map((l) => l.trim());
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    await page.getByLabel('Largo de la pieza (cm)').fill('30');
    await page.getByLabel('Ancho de la pieza (cm)').fill('20');
    await page.getByLabel('Alto de la pieza (cm)').fill('12');
    await page.getByLabel('Peso de la pieza (g)').fill('850');
    await page.getByRole('button', { name: 'Usar las medidas y el peso de la pieza' }).click();
    await expect(page.getByLabel('Largo del paquete (cm)')).toHaveValue('30');
    await expect(page.getByLabel('Alto del paquete (cm)')).toHaveValue('12');
    await expect(page.getByLabel('Peso bruto del paquete (g)')).toHaveValue('850');
    await expect(page.getByTestId('cubic-meters')).toHaveText('0.007200');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The only variant of a product without options: its SKU is made when saving.
    await page.getByLabel('Industria').selectOption({ label: 'Hogar' });
    await page.getByLabel('Departamento').fill('Cocina');
    await page.getByLabel('Categoría').fill('Tazas');
    await page.getByLabel('Nombre del producto').fill('Taza de barro');
    await page.getByLabel('Descripción corta').fill('Taza de barro de Oaxaca, hecha a mano.');
    await page.getByLabel('Uso', { exact: true }).fill('Café y chocolate');
    await page.getByLabel('Palabras clave').fill('taza, barro');
    await expect(page.getByLabel('SKU Única')).toHaveValue('');
    await expect(page.getByLabel('SKU Única')).toHaveAttribute('placeholder', 'Automático');
    await page.getByLabel('Precio (MXN) Única').fill('150.00');
    await page.getByLabel('Existencias Única').fill('4');
    await page.getByLabel('Unidad de venta').fill('pieza');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('Producto guardado. Los cambios ya se ven en tu tienda.')).toBeVisible();
    await expect(page.getByLabel('SKU Única')).toHaveValue('TAZADE');
  },
);
