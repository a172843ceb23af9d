/**
 * The marketplace end to end in a real browser (decisions 134-136), as its three people meet it: a supplier turns on
 * "Vender como proveedor" and publishes a product at a wholesale price; a reseller finds it in the global catalogue
 * and lists it at its own price (refused below the floor first); a shopper buys it with one of the reseller's own
 * products in one order and pays by card; the supplier ships its package from "Pedidos de revendedores", the
 * reseller ships its own; the shopper's tracking page shows two packages delivered; once released, each party's
 * balance shows its share, and the shares with Vitrina's fees add up to what the shopper paid. On a desktop and, in
 * the phone project, on a phone.
 */
import { apiUrl, centsOf, expect, fillCardEs, MONTERREY, platformUrl, storeUrl, test } from '../fixtures';

test(
  'a supplier publishes, a reseller lists, a shopper buys a mix, both ship, each party is paid its share',
  { tag: '@phone' },
  async ({ factory, newContext, signInSeller }, testInfo) => {
    test.setTimeout(420_000);
    const phone = testInfo.project.name === 'phone';
    const shot = (name: string) => testInfo.outputPath(`${name}.png`);

    // The supplier: the switch, then a wholesale price for its first product from the product editor.
    const supplierStore = await factory.store({ products: 1 });
    const supplier = await factory.seller(supplierStore);
    await factory.companyProfile(supplier);
    const sctx = await newContext({ phone });
    await signInSeller(sctx, supplier);
    const s = await sctx.newPage();
    await s.goto(platformUrl('/admin/mis-datos'));
    await s.getByRole('switch', { name: 'Vender como proveedor' }).check();
    await expect(s.getByText('Activado')).toBeVisible();
    const product = supplierStore.products[0];
    await s.goto(platformUrl(`/admin/catalogo/producto/${product.codigo}`));
    const panel = s.getByRole('region', { name: 'Publicar en el catálogo global' });
    // The first variant only (the one the storefront shows first): a variant left empty is not offered. (Not
    // "network idle": the admin keeps its messages stream open.)
    const wholesale = panel.getByLabel(/^Precio de mayoreo de/).first();
    await expect(wholesale).toBeEditable();
    await wholesale.fill('150');
    await expect(wholesale).toHaveValue('150');
    await panel.getByLabel('Precio de venta sugerido (opcional)').fill('299');
    await panel.getByRole('button', { name: 'Publicar en el catálogo global' }).click();
    await expect(panel.getByText(/Publicado desde el .* mayoreo desde \$150\.00/)).toBeVisible();

    // The reseller: its own product (another catalogue, so codes never clash), then the global catalogue.
    const resellerStore = await factory.store({ products: 1, catalog: 'vendure', lang: 'es' });
    const reseller = await factory.seller(resellerStore);
    await factory.companyProfile(reseller);
    const rctx = await newContext({ phone });
    await signInSeller(rctx, reseller);
    const r = await rctx.newPage();
    await r.goto(platformUrl(`/admin/catalogoglobal?supplier=${supplierStore.id}`));
    const results = r.getByRole('list', { name: 'Resultados' });
    await expect(results.getByRole('listitem')).toHaveCount(1);
    await expect(results).toContainText('$150.00');
    await results.getByRole('link').first().click();
    await r.getByRole('link', { name: 'Vender en mi tienda' }).click();
    await expect(r.getByRole('heading', { name: /^Vender / })).toBeVisible();
    const prices = r.getByLabel(/^Precio de /);
    // Under the floor: refused, and the message says the least price.
    await prices.first().fill('150');
    await r.getByRole('button', { name: 'Vender en mi tienda' }).click();
    await expect(r.getByText(/Debe ser al menos \$1\d\d\.\d\d\./).first()).toBeVisible();
    await r.screenshot({ path: shot('listing-below-floor'), fullPage: true });
    for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('249.90');
    await r.getByRole('button', { name: 'Vender en mi tienda' }).click();
    await r.waitForURL(/\/admin\/dropshiping$/);
    const listingRow = r.getByText(product.name).first();
    await expect(listingRow).toBeVisible();
    await expect(r.locator('body')).toContainText('$249.90');
    await expect(r.locator('body')).toContainText('Activo');
    expect(await r.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await r.screenshot({ path: shot('dropshipping'), fullPage: true });
    // In the reseller's catalogue the listing is marked and leads back to Dropshipping, never to the product editor.
    await r.goto(platformUrl(`/admin/catalogo?q=${encodeURIComponent(product.name)}`));
    const row = r.locator('.catalog-row', { hasText: product.name });
    await expect(row.getByText('Dropshipping')).toBeVisible();
    await row.getByRole('link', { name: product.name }).click();
    await r.waitForURL(/\/admin\/dropshiping$/);

    // The shopper: the listing and the reseller's own product in one cart, shipped (not picked up), paid by card.
    const shopper = await (await newContext({ phone })).newPage();
    const add = async (codigo: string) => {
      await shopper.goto(storeUrl(resellerStore.slug, `/product?codigo=${encodeURIComponent(codigo)}`));
      await shopper.getByRole('heading', { level: 1 }).waitFor();
      await shopper.getByRole('button', { name: /Agregar al carrito/ }).click();
      await expect(shopper.getByRole('link', { name: /Ver carrito/ })).toBeVisible();
    };
    await add(product.codigo);
    await add(resellerStore.products[0].codigo);
    await shopper.goto(storeUrl(resellerStore.slug, '/micarrito'));
    await shopper.getByRole('button', { name: 'Continuar con la compra' }).click();
    await shopper.getByLabel('Correo electrónico').fill(`comprador-${Date.now()}@example.com`);
    await shopper.getByLabel('Nombre completo').fill('Rosa Garza');
    await shopper.getByLabel('Código postal').fill(MONTERREY.postalCode);
    await expect.poll(() => shopper.getByLabel('Estado').inputValue()).toBe(MONTERREY.state);
    await shopper.getByLabel('Colonia').selectOption({ index: 1 });
    await shopper.getByLabel('Calle').fill(MONTERREY.street);
    await shopper.getByLabel('Número exterior').fill(MONTERREY.number);
    await shopper.getByLabel('Teléfono').fill(MONTERREY.phone);
    await shopper.getByRole('button', { name: 'Continuar' }).click();
    await expect(shopper.getByRole('radio', { name: /Recoger en sucursal/ })).toHaveCount(0);
    await shopper.getByRole('radio', { name: /Envío económico/ }).check();
    await expect(shopper.getByText('Se envía en 2 paquetes')).toBeVisible();
    await shopper.screenshot({ path: shot('shipping-two-packages'), fullPage: true });
    await shopper.getByRole('button', { name: 'Continuar al pago' }).click();
    await fillCardEs(shopper, { number: '4242 4242 4242 4242', holder: 'Rosa Garza', expiry: '12/30', cvc: '123' });
    await shopper.getByRole('button', { name: /^Pagar/ }).click();
    await shopper.getByText('¡Gracias por tu compra!').waitFor();
    const folio = (await shopper.getByRole('heading', { name: /^Pedido \d+$/ }).textContent())!.replace(/\D/g, '');
    const amounts = (await shopper.locator('.print-area dl dd').allTextContents()).map(centsOf);
    const paidCents = amounts[amounts.length - 1];
    const trackUrl = new URL(
      (await shopper.getByRole('link', { name: 'Seguir mi pedido' }).getAttribute('href')) ?? '',
      storeUrl(resellerStore.slug),
    );
    const orderId = trackUrl.searchParams.get('id')!;

    // The supplier ships its package from its purchase order.
    await s.goto(platformUrl('/admin/ventas/revendedores'));
    const po = s.getByRole('row').filter({ hasText: `${folio}-2` });
    await po.getByRole('link', { name: `${folio}-2` }).click();
    await expect(s.getByRole('heading', { name: `Pedido de revendedor ${folio}-2` })).toBeVisible();
    await expect(s.getByText('Rosa Garza')).toBeVisible();
    await expect(s.locator('body')).not.toContainText('$249.90');
    await s.getByRole('button', { name: 'Listo para enviar' }).click();
    await expect(s.getByText('Paquete actualizado: Listo para enviar.')).toBeVisible();
    await s.getByRole('button', { name: 'En camino' }).click();
    await s.getByLabel('Número de guía').fill('PROV-5501');
    await s.getByRole('button', { name: 'En camino' }).click();
    await expect(s.getByText('Paquete actualizado: Paquete en camino.')).toBeVisible();
    await s.getByRole('button', { name: 'Entregado' }).click();
    await expect(s.getByText(/Paquete actualizado: Entregado/)).toBeVisible();
    await s.screenshot({ path: shot('supplier-delivered'), fullPage: true });

    // The reseller ships its own package from the order's page.
    await r.goto(platformUrl(`/admin/orderStatus?id=${orderId}`));
    const own = r.getByTestId('package-1');
    await own.getByRole('button', { name: 'Listo para enviar' }).click();
    await expect(own.getByRole('button', { name: 'En camino' })).toBeVisible();
    await own.getByRole('button', { name: 'En camino' }).click();
    await own.getByLabel('Número de guía').fill('PROPIO-77');
    await own.getByRole('button', { name: 'En camino' }).click();
    await expect(own.getByRole('button', { name: 'Entregado' })).toBeVisible();
    await own.getByRole('button', { name: 'Entregado' }).click();
    // Delivered is final: the package offers no more moves.
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(r.getByTestId('package-2')).toContainText('PROV-5501');
    await r.screenshot({ path: shot('reseller-order'), fullPage: true });

    // The shopper follows two packages, both delivered, never told who the supplier is.
    await shopper.goto(trackUrl.toString());
    const packages = shopper.getByTestId('order-packages');
    await expect(packages.getByRole('heading', { name: 'Tu pedido llega en 2 paquetes' })).toBeVisible();
    await expect(packages).toContainText('PROV-5501');
    await expect(packages).toContainText('PROPIO-77');
    await expect(shopper.locator('body')).not.toContainText(supplierStore.slug);
    await shopper.screenshot({ path: shot('tracking'), fullPage: true });

    // Released (the test clock of the release job): each party's balance shows its share.
    await factory.releaseBalance(resellerStore, orderId);
    const summary = async (token: string) =>
      (await fetch(apiUrl('/api/admin/balance/summary'), { headers: { authorization: `Bearer ${token}` } })).json();
    const rs = await summary(reseller.token);
    const ss = await summary(supplier.token);
    expect(ss.supplier.availableCents).toBeGreaterThan(0);
    expect(ss.supplier.pendingCents).toBe(0);
    expect(rs.availableCents).toBeGreaterThan(0);
    expect(rs.pendingCents).toBe(0);
    // Shares and Vitrina's fees on each are exactly what the shopper paid.
    expect(rs.availableCents + rs.feesCents + ss.supplier.availableCents + ss.supplier.feesCents).toBe(paidCents);

    await s.goto(platformUrl('/admin/balance/summary'));
    const supplierCard = s.getByTestId('balance-supplier');
    await expect(supplierCard).toContainText('Saldo como proveedor');
    const money = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;
    await expect(supplierCard).toContainText(money(ss.supplier.availableCents));
    await expect(s.getByTestId('balance-available')).toContainText(money(ss.supplier.availableCents));
    await s.screenshot({ path: shot('supplier-balance'), fullPage: true });
    await r.goto(platformUrl('/admin/balance/summary'));
    await expect(r.getByTestId('balance-available')).toContainText(money(rs.availableCents));
    await expect(r.getByTestId('balance-lines')).toContainText('Pagado a proveedores por sus paquetes');
    await r.screenshot({ path: shot('reseller-balance'), fullPage: true });
  },
);
