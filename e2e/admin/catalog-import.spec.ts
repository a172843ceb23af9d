/**
 * Issue 7 "Catalogue" in a real browser: the seller of a new store uploads a Shopify product CSV of more than 200 real
 * products (the committed Luma and Vendure catalogues, written as Shopify exports them), watches the progress bar reach
 * its end, reads how many products were created, and finds them in the catalogue list. Runs on desktop and phone.
 */
import fs from 'node:fs';
import { expect, platformUrl, test } from '../fixtures';
import { shopifyCsv } from '../../tests/helpers/shopify-csv';

test(
  'a seller imports a Shopify CSV of more than 200 products with a progress bar',
  { tag: '@phone' },
  async ({ page, context, factory, signInSeller }, testInfo) => {
    test.setTimeout(240_000);
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    await signInSeller(context, seller);
    const { csv, products } = shopifyCsv('e2e');
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
  },
);
