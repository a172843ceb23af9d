/**
 * In a real browser (decision 134): a supplier turns on "Vender como proveedor" on its company page and publishes a
 * product from the product editor at a wholesale price; another store finds it in /admin/catalogoglobal, filters, and
 * opens its page with the supplier's card. On a desktop and, in the phone project, on a phone.
 */
import { expect, apiUrl, platformUrl, test } from '../fixtures';

test(
  'a supplier publishes a product; a reseller finds it in the global catalogue',
  { tag: '@phone' },
  async ({ factory, newContext, signInSeller }, testInfo) => {
    test.setTimeout(300_000);
    const phone = testInfo.project.name === 'phone';
    const supplierStore = await factory.store({ products: 2 });
    const supplier = await factory.seller(supplierStore);
    await factory.companyProfile(supplier);
    const ctx = await newContext({ phone });
    await signInSeller(ctx, supplier);
    const page = await ctx.newPage();

    // The switch, in the section for suppliers and exporters, with the sentence that says what it means.
    await page.goto(platformUrl('/admin/mis-datos'));
    const toggle = page.getByRole('switch', { name: 'Vender como proveedor' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(/Publica tus productos en el catálogo global/)).toBeVisible();
    await toggle.check();
    await expect(page.getByText('Activado')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('company-switch.png'), fullPage: false });

    // The product editor's panel: a wholesale price per variant, the suggested price, publish.
    const [first, second] = supplierStore.products;
    await page.goto(platformUrl(`/admin/catalogo/producto/${first.codigo}`));
    const panel = page.getByRole('region', { name: 'Publicar en el catálogo global' });
    await expect(panel).toBeVisible();
    await panel
      .getByLabel(/^Precio de mayoreo de/)
      .first()
      .fill('150');
    await panel.getByLabel('Precio de venta sugerido (opcional)').fill('299');
    await panel.getByRole('button', { name: 'Publicar en el catálogo global' }).click();
    await expect(panel.getByText(/Publicado desde el .* mayoreo desde \$150\.00/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retirar del catálogo global' })).toBeVisible();
    await panel.screenshot({ path: testInfo.outputPath('offer-panel.png') });

    // A second product through the API, at a higher price.
    const offer = (await (
      await fetch(apiUrl(`/api/admin/marketplace/offers/${second.codigo}`), {
        headers: { authorization: `Bearer ${supplier.token}` },
      })
    ).json()) as { product: { variants: { id: string }[] } };
    const put = await fetch(apiUrl(`/api/admin/marketplace/offers/${second.codigo}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${supplier.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ variants: [{ variantId: offer.product.variants[0].id, wholesaleCents: 45000 }] }),
    });
    expect(put.status).toBe(200);

    // Another store's seller searches the global catalogue.
    const resellerStore = await factory.store({ products: 0 });
    const reseller = await factory.seller(resellerStore);
    const rctx = await newContext({ phone });
    await signInSeller(rctx, reseller);
    const r = await rctx.newPage();
    await r.goto(platformUrl('/admin/catalogoglobal'));
    await expect(r.getByRole('heading', { name: 'Catálogo global', level: 1 })).toBeVisible();
    // Other tests' suppliers publish too: this supplier's products only (the supplier filter, as a link would set it).
    await r.goto(platformUrl(`/admin/catalogoglobal?supplier=${supplierStore.id}`));
    const results = r.getByRole('list', { name: 'Resultados' });
    await expect(results.getByRole('listitem')).toHaveCount(2);
    await r.screenshot({ path: testInfo.outputPath('global-catalog.png'), fullPage: true });

    await r.getByLabel('Ordenar por').selectOption({ label: 'Menor precio' });
    await expect(results.getByRole('listitem').first()).toContainText('$150.00');
    if (phone) {
      await r.getByRole('button', { name: 'Filtros' }).click();
      await expect(r.getByRole('group', { name: 'Proveedor' })).toBeVisible();
      await r.screenshot({ path: testInfo.outputPath('global-catalog-filters.png'), fullPage: true });
    }

    await r.getByRole('searchbox').fill('zzzzqqqq');
    await r.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(r.getByRole('heading', { name: 'Sin productos' })).toBeVisible();
    await r.screenshot({ path: testInfo.outputPath('global-catalog-empty.png') });
    await r.getByRole('button', { name: 'Quitar búsqueda y filtros' }).click();
    await expect(r).toHaveURL(/\/admin\/catalogoglobal$/);
    await r.goto(platformUrl(`/admin/catalogoglobal?supplier=${supplierStore.id}`));

    await results.getByRole('link', { name: first.name }).click();
    await expect(r.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
    await expect(r.getByRole('region', { name: 'Proveedor' })).toContainText('Comercializadora Prueba');
    await r.screenshot({ path: testInfo.outputPath('global-offer.png'), fullPage: true });
  },
);
