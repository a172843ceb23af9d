/**
 * In a real browser: the seller of a new store uploads a Shopify product CSV of more than 200 real
 * products (the committed Luma and Vendure catalogues, written as Shopify exports them), watches the progress bar reach
 * its end, reads how many products were created, and finds them in the catalogue list with the photos the import
 * downloaded from the file's image URLs (a local image server stands in for Shopify's CDN; the e2e server allows
 * 127.0.0.1 through IMPORT_IMAGE_ALLOWED_ADDRESSES, decision 080). Runs on desktop and phone.
 */
import fs from 'node:fs';
import { expect, platformUrl, test } from '../fixtures';
import { shopifyCsv } from '../../tests/helpers/shopify-csv';
import { startImageServer } from '../../tests/helpers/image-server';

test(
  'a seller imports a Shopify CSV of more than 200 products with a progress bar',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }, testInfo) => {
    test.setTimeout(240_000);
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    await signInSeller(context, seller);
    // Luma products name eight dataset photos by URL (eight downloads, each URL once); Vendure's have none.
    const images = await startImageServer();
    const photos = ['MH01', 'MH02', 'MH03', 'MH04', 'MH05', 'MH06', 'MH07', 'MH08'];
    let n = 0;
    const { csv, products } = shopifyCsv('e2e', {
      imageUrl: (_p, catalog) =>
        catalog === 'luma' ? `${images.origin}/luma/${photos[n++ % photos.length]}.webp` : null,
    });
    expect(products.length).toBeGreaterThanOrEqual(200);
    const file = testInfo.outputPath('products_export.csv');
    fs.writeFileSync(file, csv);

    await page.goto(platformUrl('/admin/catalogo'));
    await expect(page.getByRole('heading', { name: 'Catálogo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await page.getByLabel('Elegir archivo CSV para importar').setInputFiles(file);

    const bar = page.getByRole('progressbar', { name: 'Avance de la tarea' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 180_000 });
    await expect(
      page.getByText(`Importación terminada: ${products.length} productos nuevos y 0 actualizados.`),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('catalog-import.png'), fullPage: true });

    // The list shows the imported products (search by name, as a seller would).
    const sample = products[products.length - 1]!;
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(sample.name);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('link', { name: sample.name }).first()).toBeVisible();
    const first = products[0]!;
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(first.name);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('link', { name: first.name }).first()).toBeVisible();
    // Its photo was downloaded, stored as WebP sizes and is shown in the list.
    await expect(page.locator('img[src*="/uploads/"]').first()).toBeVisible();
    expect(await page.locator('img[src*="/uploads/"]').first().getAttribute('src')).toMatch(/-\d+\.webp$/);
    expect([...images.hits.keys()].sort()).toEqual(photos.map((c) => `/luma/${c}.webp`).sort());
    await images.close();
  },
);

test(
  'a file with bad lines lists each line with its column and reason, and imports nothing',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }, testInfo) => {
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    await signInSeller(context, seller);
    const file = testInfo.outputPath('malas.csv');
    fs.writeFileSync(
      file,
      [
        'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty',
        'gorra-lona,Gorra de lona,Color,Rojo,GORRA-R,199.00,4',
        'gorra-lona,,,Azul,GORRA-A,ciento diez,2',
        'mochila,Mochila urbana,Title,Default Title,MOCH-1,899.00,muchas',
        'taza,Taza de barro,Title,Default Title,TAZA-1,"1,349",3',
        'vaso,Vaso soplado,Title,Default Title,VASO-1,"99,50",-2',
      ].join('\n'),
    );
    await page.goto(platformUrl('/admin/catalogo'));
    await expect(page.getByRole('heading', { name: 'Aún no tienes productos' })).toBeVisible();
    await page.getByLabel('Elegir archivo CSV para importar').setInputFiles(file);
    await expect(
      page.getByText('No se importó nada: corrige estas líneas del archivo y vuelve a subirlo.'),
    ).toBeVisible({
      timeout: 60_000,
    });
    // The bar reads as failed, never as "0 %" of work that will not happen.
    const bar = page.getByRole('progressbar', { name: 'Avance de la tarea' });
    await expect(bar).toHaveAttribute('aria-valuetext', 'Error: no se importó nada');
    await expect(page.locator('.csv-job-bar')).toHaveText('Error: no se importó nada');
    const lines = page.getByRole('list', { name: '4 líneas con errores' }).getByRole('listitem');
    await expect(lines).toHaveCount(4);
    await expect(lines.nth(0)).toContainText('Línea 3');
    await expect(lines.nth(0)).toContainText('Variant Price');
    await expect(lines.nth(0)).toContainText('El precio debe ser un número mayor que 0');
    await expect(lines.nth(0)).toContainText('En el archivo: «ciento diez»');
    await expect(lines.nth(1)).toContainText('Línea 4');
    await expect(lines.nth(1)).toContainText('Variant Inventory Qty');
    // A price that reads as thousands or as decimals is refused, with its value; a negative stock too.
    await expect(lines.nth(2)).toContainText('Línea 5');
    await expect(lines.nth(2)).toContainText('No se sabe si el separador marca miles o decimales');
    await expect(lines.nth(2)).toContainText('En el archivo: «1,349»');
    await expect(lines.nth(3)).toContainText('Línea 6');
    await expect(lines.nth(3)).toContainText('La existencia no puede ser negativa');
    await expect(lines.nth(3)).toContainText('En el archivo: «-2»');
    await page.screenshot({ path: testInfo.outputPath('catalog-import-bad-lines.png'), fullPage: true });
    await expect(page.getByRole('heading', { name: 'Aún no tienes productos' })).toBeVisible();
  },
);
