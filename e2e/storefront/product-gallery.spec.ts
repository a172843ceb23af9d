/**
 * The product page's gallery in a real browser (decision 045): a factory store's product with three gallery photos and
 * a photo per colour (uploaded through the files API, saved through the catalogue API, as the product form does)
 * shows every photo as a thumbnail; tapping, clicking or pressing Enter on one shows it large, and choosing a colour
 * shows that colour's photo. The server-rendered page keeps the large photo as the one
 * asked for first and the thumbnails lazy (decisions 084, 088). The cart line then names its options in the page's
 * language ("Talla: M · Color: Azul"). On a desktop and, in the phone project, on a phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiUrl, expect, test } from '../fixtures';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data/images/luma');

test.use({ hasTouch: true });

/** Uploads a dataset photo for `purpose` as the seller; returns the file reference the product form sends. */
async function upload(token: string, purpose: string, file: string): Promise<{ fileId: string; url: string }> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(path.join(PHOTOS, file))], { type: 'image/webp' }), file);
  const res = await fetch(apiUrl(`/api/proveedor/files?purpose=${purpose}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const f = (await res.json()) as { id: string; url: string };
  return { fileId: f.id, url: f.url };
}

test(
  'every photo is a thumbnail; a tap, a click, Enter and a colour change the large photo',
  { tag: '@phone' },
  async ({ page, factory }, testInfo) => {
    test.setTimeout(180_000);
    const phone = testInfo.project.name === 'phone';
    const store = await factory.store({ products: 0 });
    const seller = await factory.seller(store);
    await factory.companyProfile(seller);
    const gallery = [
      await upload(seller.token, 'product_photo', '24-MB01.webp'),
      await upload(seller.token, 'product_photo', '24-MB03.webp'),
      await upload(seller.token, 'product_photo', '24-MB05.webp'),
    ];
    const red = await upload(seller.token, 'colour_photo', '24-MB02.webp');
    const blue = await upload(seller.token, 'colour_photo', '24-MB04.webp');
    const tag = `G${Date.now().toString(36)}`.toUpperCase();
    const res = await fetch(apiUrl('/api/admin/products'), {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        industry: 'apparel',
        department: 'Bolsas',
        category: 'Bolsas de lona',
        name: 'Bolsa colibrí de lona',
        shortDescription: 'Bolsa de lona resistente con asas reforzadas.',
        usage: 'Compras y viajes',
        keywords: ['bolsa', 'lona'],
        brand: 'Colibrí',
        hsCode: '',
        origin: 'MX',
        visible: true,
        attributes: { color: ['Rojo', 'Azul'], size: ['CH', 'M'] },
        variants: ['Rojo', 'Azul'].flatMap((c, i) =>
          ['CH', 'M'].map((s, j) => ({
            options: { color: c, size: s },
            sku: `${tag}-${i}${j}`,
            barcode: '',
            priceCents: 34950,
            stock: 5,
          })),
        ),
        dimensions: { lengthCm: 40, widthCm: 30, heightCm: 2, weightGrams: 300 },
        specifications: [],
        packaging: {
          type: 'cardboard_box',
          piecesPerPackage: 1,
          internalPackaging: '',
          lengthCm: 40,
          widthCm: 30,
          heightCm: 5,
          grossWeightGrams: 400,
          netWeightGrams: 300,
        },
        purchase: { unitOfSale: 'pieza', minOrderQty: 1 },
        pickup: { available: false, countryCode: 'MX', postalCode: '', address: '', notes: '' },
        photos: gallery,
        coverFileId: gallery[0]!.fileId,
        colourPhotos: { Rojo: red, Azul: blue },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { codigo } = (await res.json()) as { codigo: string };
    const all = [...gallery, red, blue].map((f) => f.url);

    // The server's first paint: the cover is the large photo, asked for first; the thumbnails wait (lazy, small).
    // (Fetched by the browser, which resolves the store's *.localhost name.)
    await page.goto(store.url('/'));
    const html = await page.evaluate(async (u) => (await fetch(u)).text(), `/product?codigo=${codigo}`);
    const main = /<div class="product-media"[^>]*><img ([^>]*)>/.exec(html)?.[1] ?? '';
    expect(main).toContain(`src="${gallery[0]!.url}-480.webp"`);
    expect(main).toMatch(/fetchpriority="high"/i);
    expect(main).toContain('loading="eager"');
    const thumbs = [...html.matchAll(/<ul [^>]*class="gallery-thumbs"[\s\S]*?<\/ul>/g)][0]?.[0] ?? '';
    expect(thumbs.match(/<img /g)).toHaveLength(all.length);
    expect(thumbs.match(/loading="lazy"/g)).toHaveLength(all.length);
    expect(thumbs).not.toContain('-960.webp');

    await page.goto(store.url(`/product?codigo=${codigo}`));
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const large = page.locator('.product-media img');
    const list = page.getByRole('list', { name: 'Fotos del producto' });
    const buttons = list.getByRole('button');
    await expect(buttons).toHaveCount(all.length);
    // The cover, until the shopper picks a photo or a colour (the one the server's head preloads).
    await expect(list.getByRole('button', { name: 'Ver foto 1 de 5' })).toHaveAttribute('aria-current', 'true');
    await expect(large).toHaveAttribute('src', `${gallery[0]!.url}-480.webp`);
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${gallery[0]!.url}-480.webp"`);

    // Pick the third photo (a tap on a phone, a click on a desktop).
    const third = list.getByRole('button', { name: 'Ver foto 3 de 5' });
    if (phone) await third.tap();
    else await third.click();
    await expect(large).toHaveAttribute('src', `${gallery[2]!.url}-480.webp`);
    await expect(third).toHaveAttribute('aria-current', 'true');

    // The keyboard: Tab reaches the thumbnails, Enter shows one.
    await list.getByRole('button', { name: 'Ver foto 2 de 5' }).focus();
    await page.keyboard.press('Enter');
    await expect(large).toHaveAttribute('src', `${gallery[1]!.url}-480.webp`);

    // Choosing a colour shows that colour's photo.
    await page
      .locator('label')
      .filter({ hasText: /^Azul$/ })
      .click();
    await expect(large).toHaveAttribute('src', `${blue.url}-480.webp`);
    await expect(list.getByRole('button', { name: 'Ver foto 5 de 5' })).toHaveAttribute('aria-current', 'true');
    await page.locator('label').filter({ hasText: /^M$/ }).click();
    await page.screenshot({ path: testInfo.outputPath('product-gallery.png'), fullPage: true });
    await page.locator('.product-gallery').screenshot({ path: testInfo.outputPath('product-gallery-photos.png') });

    // No horizontal scroll on a phone, once the layout has settled (the large photo and the header's fonts).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The cart line keeps the colour's photo and names the options in the page's language.
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('link', { name: 'Ver carrito' }).click();
    const line = page.locator('.cart-line').filter({ hasText: 'Bolsa colibrí de lona' });
    await expect(line).toContainText('Talla: M · Color: Azul');
    await expect(line.locator('img')).toHaveAttribute('src', `${blue.url}-480.webp`);
    await page.goto(store.url('/micarrito?lang=en'));
    await expect(page.locator('.cart-line').filter({ hasText: 'Bolsa colibrí de lona' })).toContainText(
      'Size: M · Colour: Azul',
    );
  },
);
