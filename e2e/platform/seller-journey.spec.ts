/**
 * Told end to end in the browser:
 *
 * 1. A new seller signs up at /crear-tienda, goes through the set-up wizard (language, logo, banner, colours, social
 *    networks, Finish), tries to create a product and is refused with the message whose links lead to the missing
 *    company-profile part, completes the profile at /admin/mis-datos, creates a product with two colours and three
 *    sizes (each variant with SKU, price and stock, a photo per colour), and a shopper on the new store's own domain
 *    finds it and, picking red, sees the red photo on the product page and in the cart.
 * 2. An owner invites a collaborator with the catalogue permission only; the collaborator accepts from the emailed
 *    link, lands on the catalogue (the dashboard needs orders), edits a product, and the sales page shows the
 *    "no permission" state the server's 403 calls for, not a crash or an empty list.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { mailsTo } from '../../tests/helpers/outbox';
import { DATA_DIR, expect, platformUrl, storeUrl, test } from '../fixtures';

/** For the steps the server works hardest on (password hashing, image processing): seconds on a busy machine. */
const slow = expect.configure({ timeout: 120_000 });
const IMAGES = path.resolve(process.cwd(), 'seed-data/images/luma');
const ADVANTAGES = 'Dulces artesanales hechos a mano en Puebla, sin conservadores y con envío a todo México.';
const INTRODUCTION =
  'Somos un taller familiar de dulces típicos poblanos fundado en 1985, con recetas de la abuela y más de veinte dulceras.';

/** Sets a file input and waits for the files module's 201; returns the stored file. */
async function upload(page: Page, input: ReturnType<Page['getByLabel']>, file: string) {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/proveedor/files') && r.request().method() === 'POST',
  );
  await input.setInputFiles(path.join(IMAGES, file));
  const res = await answer;
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

/**
 * Fills /admin/altaproducto with a bag in two colours (Rojo, Azul) and three sizes, a cover photo and a photo per
 * colour, and clicks "Crear producto". Returns the colour photos.
 */
async function fillProduct(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Alta de producto' })).toBeVisible();
  await page.getByLabel('Industria').selectOption({ label: 'Ropa y textiles' });
  await page.getByLabel('Departamento').fill('Bolsas');
  await page.getByLabel('Categoría').fill('Bolsas de mano');
  await page.getByLabel('Nombre del producto').fill(name);
  await page.getByLabel('Descripción corta').fill('Bolsa de lona resistente con asas reforzadas.');
  await page.getByLabel('Uso', { exact: true }).fill('Compras y viajes');
  await page.getByLabel('Palabras clave').fill('bolsa, lona, dulce');
  await upload(page, page.getByLabel('Galería de fotos'), '24-MB01.webp');
  await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await page.getByLabel('Colores').fill('Rojo, Azul');
  await page.getByLabel('Tallas').fill('CH, M, G');
  await expect(page.getByRole('table').getByRole('caption')).toHaveText('6 variantes');
  const red = await upload(page, page.getByLabel('Foto del color Rojo'), '24-MB02.webp');
  const blue = await upload(page, page.getByLabel('Foto del color Azul'), '24-MB04.webp');
  for (const colour of ['Rojo', 'Azul'])
    for (const size of ['CH', 'M', 'G']) {
      await expect(page.getByLabel(`SKU ${colour} / ${size}`)).not.toHaveValue('');
      await page.getByLabel(`Precio (MXN) ${colour} / ${size}`).fill('349.00');
      await page.getByLabel(`Existencias ${colour} / ${size}`).fill('12');
    }
  await page.getByLabel('Unidad de venta').fill('pieza');
  await page.getByRole('button', { name: 'Crear producto' }).click();
  return { red, blue };
}

test.describe('the store builder, end to end', { tag: '@phone' }, () => {
  test('a new seller signs up, builds the store, completes the profile and sells a product in colours', async ({
    page,
    newContext,
  }, testInfo) => {
    // Screenshots of the screens a seller uses, per project (desktop, phone), looked at when the layout changes.
    // On a phone nothing may push the page wider than the screen (a wide table scrolls in its own box).
    const shot = async (p: Page, name: string) => {
      expect(await p.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(
        p.viewportSize()!.width,
      );
      await p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    };
    test.setTimeout(480_000); // the whole story: minutes on a busy machine
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const slug = `bolsas-${tag}`;
    const productName = `Bolsa dulce ${tag}`;

    // Sign-up on the platform.
    await page.goto(platformUrl('/crear-tienda'));
    await expect(page.getByRole('heading', { level: 1, name: 'Crea tu tienda' })).toBeVisible();
    await page.getByLabel('Nombre completo').fill('Rocío Sánchez');
    await page.getByLabel('Correo electrónico').fill(`rocio.${tag}@example.com`);
    await page.getByLabel('Contraseña').fill('Camote-Poblano-Dulce-85');
    await page.getByLabel('Nombre de la tienda').fill(`Bolsas Rocío ${tag}`);
    await page.getByLabel('Dirección de la tienda').fill(slug);
    await expect(page.getByText(`Disponible: ${slug}.localhost`)).toBeVisible();
    await page.getByLabel('Idioma de la tienda').selectOption('es');
    await shot(page, 'sign-up');
    await page.getByRole('button', { name: 'Crear mi tienda' }).click();
    // "Check your email"; the seller signs in at once and builds the store while it is unpublished (decision 100).
    await slow(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
    await shot(page, 'sign-up-check-email');
    await page.getByRole('link', { name: 'Entrar a mi panel' }).click();
    await page.getByLabel('Correo electrónico').fill(`rocio.${tag}@example.com`);
    await page.getByLabel('Contraseña').fill('Camote-Poblano-Dulce-85');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Verifica tu correo para publicar tu tienda.')).toBeVisible();
    await shot(page, 'verify-banner');
    await page.goto(platformUrl('/admin/wizard'));

    // The wizard: language, logo, banner, colours, social networks, Finish.
    await expect(page.getByText('Paso 1 de 5')).toBeVisible();
    await page.getByRole('radio', { name: 'Español' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Paso 2 de 5')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(path.join(IMAGES, 'MT05.webp'));
    await expect(page.getByRole('button', { name: 'Cambiar' })).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Paso 3 de 5')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(path.join(IMAGES, 'WB02.webp'));
    await expect(page.getByRole('img', { name: 'Banners 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Paso 4 de 5')).toBeVisible();
    await page.getByLabel('Barra de navegación (hex)', { exact: true }).fill('#7a1f3d');
    await expect(page.getByTestId('preview-navbar')).toHaveCSS('background-color', 'rgb(122, 31, 61)');
    await shot(page, 'wizard-colours');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Paso 5 de 5')).toBeVisible();
    await page.getByLabel('Instagram', { exact: true }).fill('https://www.instagram.com/bolsasrocio');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await slow(page.getByText('¡Listo! Tu tienda ya muestra tu configuración.')).toBeVisible();

    // A product before the company profile: refused, and the message leads to the missing part.
    await page.goto(platformUrl('/admin/altaproducto'));
    await fillProduct(page, productName);
    const refusal = page.getByRole('alert').filter({ hasText: 'Completa la información de tu empresa' });
    await slow(refusal).toBeVisible();
    await expect(refusal).toContainText('nombre del negocio');
    await refusal.getByRole('link', { name: 'Completar nombre del negocio' }).click();
    await expect(page).toHaveURL(/\/admin\/mis-datos\?seccion=basic/);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Nombre del negocio')).toBeFocused();

    // The company profile: the four required fields that make it complete (decision 115), plus the optional texts.
    await panel.getByLabel('Nombre del negocio').fill(`Bolsas Rocío ${tag} S.A. de C.V.`);
    await panel.getByLabel('Tipo de negocio').selectOption({ label: 'Fabricante' });
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await page.getByRole('button', { name: 'Completar qué vendes (giro principal)' }).click();
    await expect(panel.getByLabel('Qué vendes (giro principal)')).toBeFocused();
    await panel.getByLabel('Qué vendes (giro principal)').fill('Bolsas y accesorios');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await page.getByRole('tab', { name: /Presentación/ }).click();
    await panel.getByLabel('Por qué elegirte (opcional)').fill(ADVANTAGES);
    await panel.getByLabel('Presentación del negocio (opcional)').fill(INTRODUCTION);
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(panel.getByText('Guardado.')).toBeVisible();
    await page.getByRole('button', { name: 'Completar un contacto con teléfono' }).click();
    await panel.getByRole('button', { name: 'Agregar contacto' }).click();
    await panel.getByLabel(/^Nombre/).fill('Rocío Sánchez');
    await panel.getByLabel('Teléfono').fill('222 123 4567');
    await panel.getByLabel('Puesto (opcional)').fill('Dueña');
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('tabpanel').getByText('Guardado.')).toBeVisible();
    await expect(page.getByText('Tu perfil está completo: ya puedes subir productos.')).toBeVisible();
    await shot(page, 'company-profile');

    // Now the product is created, with its six variants.
    await page.goto(platformUrl('/admin/altaproducto'));
    const { red, blue } = await fillProduct(page, productName);
    await slow(page.getByText('Producto guardado. Los cambios ya se ven en tu tienda.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/catalogo\/producto\/[0-9A-Z]{10}$/);
    await expect(page.getByTestId('product-model')).toHaveText(/^MOD-/);
    await shot(page, 'product-form');

    // The look page: a carousel image and the verification icon, which the storefront shows beside the names.
    await page.goto(platformUrl('/admin/website'));
    await upload(page, page.getByLabel('Agregar imagen al carrusel'), 'WB01.webp');
    await expect(page.getByRole('img', { name: 'Imágenes del carrusel 1' })).toBeVisible();
    await upload(page, page.getByLabel('Icono de verificación'), 'MT05.webp');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();

    // A shopper on the new store's domain, in the store's colours, finds it and picks red.
    const shopper = await (await newContext()).newPage();
    // The owner follows the emailed link: the store goes public.
    await expect.poll(() => mailsTo(DATA_DIR, `rocio.${tag}@example.com`).length, { timeout: 60_000 }).toBe(1);
    const verifyToken = /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(
      mailsTo(DATA_DIR, `rocio.${tag}@example.com`)[0]!,
    )?.[1];
    await page.goto(platformUrl(`/verificar-correo?token=${verifyToken}`));
    await slow(page).toHaveURL(/\/admin\/wizard$/);
    await shopper.goto(storeUrl(slug, '/'));
    await expect(shopper.locator('.site-header')).toHaveCSS('background-color', 'rgb(122, 31, 61)');
    await shopper.getByRole('link', { name: productName }).first().click();
    await expect(shopper.getByRole('heading', { name: productName })).toBeVisible();
    // The seller's name, with the verification icon (its alt text says what it means), leads to the company page.
    await expect(shopper.getByRole('img', { name: 'Vendedor verificado' })).toBeVisible();
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
    await expect(media).toHaveAttribute('alt', `${productName} · Rojo`);
    await shopper.locator('label').filter({ hasText: /^G$/ }).click();
    await shopper.getByRole('button', { name: /Agregar al carrito/ }).click();
    await shopper.getByRole('link', { name: /Ver carrito/ }).click();
    await expect(shopper.locator('.cart-line img')).toHaveAttribute('src', `${red.url}-480.webp`);
    await expect(shopper.locator('.cart-line')).toContainText('Rojo');
    await shot(shopper, 'cart');

    // The company page (/proveedor, like /somos and /aboutus) shows the company's name with the verification icon.
    await shopper.goto(storeUrl(slug, '/proveedor'));
    const companyName = shopper.getByRole('heading', { level: 1, name: `Bolsas Rocío ${tag} S.A. de C.V.` });
    await expect(companyName).toBeVisible();
    await expect(companyName.getByRole('img', { name: 'Empresa verificada' })).toBeVisible();
  });

  test('a collaborator with the catalogue permission edits a product and is refused the sales page', async ({
    page,
    context,
    factory,
    signInSeller,
    newContext,
  }) => {
    test.setTimeout(300_000); // password hashing and uploads take long on a busy machine
    const store = await factory.store({ products: 1 });
    const owner = await factory.seller(store);
    const product = store.products[0];
    const email = `colab.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}@example.com`;

    // The owner invites by email with the catalogue permission only.
    await signInSeller(context, owner);
    await page.goto(platformUrl('/admin/colaboradores'));
    await page.getByLabel('Correo de la persona').fill(email);
    await page.getByRole('checkbox', { name: /Catálogo/ }).check();
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await slow(page.getByText(`Enviamos la invitación a ${email}.`)).toBeVisible();

    // The invitation mail (a background job) carries the link.
    await expect.poll(() => mailsTo(DATA_DIR, email).length, { timeout: 60_000 }).toBe(1);
    const token = /\/admin\/invitacion\/([^\s/]+)/.exec(mailsTo(DATA_DIR, email)[0])?.[1];
    expect(token).toBeTruthy();

    // The collaborator creates an account from the link and lands on the first page the permission allows.
    const colab = await (await newContext()).newPage();
    await colab.goto(platformUrl(`/admin/invitacion/${token}`));
    await expect(colab.getByText('Podrás usar: Catálogo.')).toBeVisible();
    await colab.getByLabel('Nombre completo').fill('Tomás Colaborador');
    await colab.getByLabel('Crea una contraseña').fill('Nopal-Verde-Cantera-41');
    await colab.getByRole('button', { name: 'Crear mi cuenta y aceptar' }).click();
    await slow(colab).toHaveURL(/\/admin\/catalogo$/);
    const nav = colab.getByRole('navigation', { name: 'Secciones' });
    await expect(nav.getByRole('link', { name: 'Catálogo' }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Ventas' })).toHaveCount(0);

    // Edits a product of the store.
    await colab.getByRole('link', { name: product.name }).click();
    await expect(colab.getByRole('heading', { name: `Editar: ${product.name}` })).toBeVisible();
    // The dataset product has no industry yet (a required field of the editor): the collaborator sets it and renames.
    const newName = `${product.name} edición colaborador`;
    await colab.getByLabel('Industria').selectOption({ label: 'Ropa y textiles' });
    await colab.getByLabel('Nombre del producto').fill(newName);
    await colab.getByRole('button', { name: 'Guardar cambios' }).click();
    await slow(colab.getByText('Producto guardado. Los cambios ya se ven en tu tienda.')).toBeVisible();
    await expect(colab.getByRole('heading', { name: `Editar: ${newName}` })).toBeVisible();

    // The sales page: the server answers 403 and the page says so.
    const orders = colab.waitForResponse((r) => r.url().includes('/api/admin/orders'));
    await colab.goto(platformUrl('/admin/ventas'));
    expect((await orders).status()).toBe(403);
    await expect(colab.getByRole('heading', { name: 'No tienes permiso para ver esta sección' })).toBeVisible();
    await colab.getByRole('link', { name: 'Ir a lo que sí puedo usar' }).click();
    await expect(colab).toHaveURL(/\/admin\/catalogo$/);
  });

  test('content pages arrive rendered with their data, and hydrate without fetching it again', async ({
    browser,
    page,
    factory,
  }) => {
    const store = await factory.store({ products: 0 });
    // Without JavaScript: the server's markup alone carries each page's text (decision 066).
    const bare = await browser.newContext({ javaScriptEnabled: false, locale: 'es-MX' });
    const plain = await bare.newPage();
    const pages: [string, string][] = [
      ['/aviso', 'Aviso de privacidad'],
      ['/politicas_compras', 'Políticas de compra'],
      ['/pagos_envios', 'Pagos y envíos'],
      ['/faq', 'Preguntas frecuentes'],
      ['/glosario', 'Glosario'],
    ];
    for (const [path, title] of pages) {
      await plain.goto(store.url(path));
      await expect(plain.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await plain.locator('#vitrina-state').count()).toBe(1);
    }
    await plain.goto(store.url('/aviso'));
    await expect(plain.locator('.content-html')).toContainText('LFPDPPP');
    await plain.goto(store.url('/faq'));
    expect(await plain.locator('.faq-item').count()).toBeGreaterThan(0);
    await bare.close();

    // With JavaScript: the page hydrates from the embedded data (no request for it) and works.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/reseller/content/')) asked.push(r.url());
    });
    await page.goto(store.url('/faq'));
    await expect(page.locator('.faq-item').first()).toHaveAttribute('open', '');
    // The app has taken over the server's markup of the page's own content (its lazily loaded part included): the
    // very node the server sent is in the component tree. The storefront runs on Preact (decision 077), whose tree
    // hangs from the root element (`__k`: children, `__e`: DOM node); React marks the node itself (`__reactFiber…`).
    const hydrated = () =>
      page.evaluate(() => {
        const node = document.querySelector('.faq-item')!;
        if (Object.keys(node).some((k) => k.startsWith('__react'))) return true;
        type VNode = { __k?: (VNode | null)[] | null; __e?: unknown };
        const seen = new Set<VNode>();
        const holds = (v: VNode | null | undefined): boolean => {
          if (!v || typeof v !== 'object' || seen.has(v)) return false;
          seen.add(v);
          return v.__e === node || (v.__k ?? []).some(holds);
        };
        return holds((document.getElementById('root') as unknown as { __k?: VNode }).__k);
      });
    await expect.poll(hydrated).toBe(true);
    // Then a link navigates inside the app (no reload) and that page fetches its own data.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pagos y envíos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos y envíos' })).toBeVisible();
    await expect(page.locator('.content-html')).not.toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(asked.map((u) => new URL(u).pathname)).toEqual(['/api/reseller/content/pagos_envios']);
  });
});
