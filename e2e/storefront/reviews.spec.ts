/**
 * Reviews in a real browser (decisions 157, 158): a buyer whose order was delivered writes a review with a photo from
 * the product page; it shows as pending, then the publishing job publishes it; another shopper reports it; the seller
 * sees the pending report first in /admin/comments and hides it; it leaves the product page and its JSON-LD, and the
 * average is that of the review left. Screenshots of each screen, on desktop and phone, go to
 * test-results/e2e/reviews/.
 */
import type { Page } from '@playwright/test';
import { testImage } from '../../tests/helpers/uploads';
import { apiUrl, expect, platformUrl, test } from '../fixtures';

// Another run of the suite empties test-results/e2e: E2E_SHOTS_DIR keeps the screenshots elsewhere.
const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/e2e/reviews';

/** The API as a signed-in user (`host`: a store's domain for a buyer; none for the seller's admin). */
async function api(path: string, token: string, body: unknown, host?: string): Promise<unknown> {
  const res = await fetch(apiUrl(path), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(host ? { 'x-store-domain': host } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The product page's JSON-LD Product. */
async function productLd(page: Page): Promise<{ aggregateRating?: { ratingValue: number; reviewCount: number } }> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
}

test.describe('reviews', () => {
  test(
    'a buyer reviews a received product with a photo; published by the job, reported, hidden by the seller',
    { tag: '@phone' },
    async ({ page, context, factory, newContext, signInBuyer, signInSeller, throttle }, testInfo) => {
      const phone = testInfo.project.name === 'phone';
      const shot = (p: Page, name: string) =>
        p.screenshot({ path: `${shots}/${testInfo.project.name}-${name}.png`, fullPage: true });
      const store = await factory.store({ products: 1, stock: 50 });
      const product = store.products[0]!;
      const seller = await factory.seller(store);
      const buyer = await factory.buyer(store.slug);
      const other = await factory.buyer(store.slug);

      // Both buyers receive the product (the seller moves each paid order to delivered).
      for (const b of [buyer, other]) {
        const { order } = await factory.order(store, { buyer: b });
        for (const [status, extra] of [
          ['ready_to_ship', {}],
          ['on_the_way', { trackingNumber: 'GUIA-123' }],
          ['delivered', {}],
        ] as const)
          await api(`/api/admin/orders/${order.id}/status`, seller.token, { status, ...extra });
      }
      // The other buyer's 5-star review, through the API, published at once by the job below.
      await api(
        `/api/productos/${product.codigo}/resenas`,
        other.token,
        { rating: 5, title: 'Excelente', comment: 'Tal como en la foto, llegó rápido.' },
        store.hostname,
      );
      await factory.publishReviews(store);

      // The buyer writes a 3-star review with a photo.
      await signInBuyer(context, buyer, store.slug);
      await page.clock.install();
      await page.goto(store.url(`/product?codigo=${product.codigo}`));
      await page.getByRole('tab', { name: 'Reseñas (1)' }).click();
      await expect(page.getByRole('heading', { name: 'Escribe tu reseña' })).toBeVisible();
      await page.getByLabel('3 estrellas').check();
      await page.getByLabel('Título').fill('Buena, pero talla chica');
      await page.getByLabel('Comentario').fill('La tela es buena; pide una talla más grande de la que usas.');
      await page.getByLabel('Fotos (opcional)').setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: await testImage(600, 600, '#2c7be5'),
      });
      await expect(page.getByRole('img', { name: 'Foto 1 de la reseña' })).toBeVisible();
      await shot(page, '1-write');
      await throttle(page);
      await page.getByRole('button', { name: 'Publicar reseña' }).click();
      await expect(page.getByText('Pendiente de publicar')).toBeVisible();
      await expect(page.getByText('Tu reseña está pendiente')).toBeVisible();
      await shot(page, '2-pending');
      // Pending: not on the product page yet; /reviews shows it so.
      await page.goto(store.url('/reviews'));
      await expect(page.getByRole('heading', { name: 'Mis reseñas' })).toBeVisible();
      await expect(page.getByText('Pendiente de publicar')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
      await shot(page, '3-my-reviews');

      // The job publishes it: on the product page with its photo; the average is (5 + 3) / 2.
      await factory.publishReviews(store);
      await page.goto(store.url(`/product?codigo=${product.codigo}`));
      expect((await productLd(page)).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 2 });
      await page.getByRole('tab', { name: 'Reseñas (2)' }).click();
      await expect(page.getByRole('heading', { name: 'Buena, pero talla chica' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Foto 1 de la reseña de Compradora P\./ })).toBeVisible();
      await expect(page.getByText('Publicada')).toBeVisible();

      // Another shopper (not signed in) reports it.
      const shopperContext = await newContext({ phone });
      const shopper = await shopperContext.newPage();
      await shopper.clock.install();
      await shopper.goto(store.url(`/product?codigo=${product.codigo}`));
      await shopper.getByRole('tab', { name: 'Reseñas (2)' }).click();
      await shopper.getByRole('button', { name: 'Reportar la reseña de Compradora P.' }).first().click();
      await shopper.getByLabel('Motivo').selectOption('offensive');
      await shopper.getByLabel('Detalles (opcional)').fill('Lenguaje fuera de lugar.');
      await shot(shopper, '4-report');
      await throttle(shopper);
      await shopper.getByRole('button', { name: 'Enviar reporte' }).click();
      await expect(shopper.getByText('Gracias: la tienda revisará tu reporte.')).toBeVisible();

      // The seller sees the pending report first and hides the review.
      const adminContext = await newContext({ phone });
      await signInSeller(adminContext, seller);
      const admin = await adminContext.newPage();
      await admin.clock.install();
      await admin.goto(platformUrl('/admin/comments'));
      await expect(admin.getByRole('heading', { name: 'Comentarios', level: 1 })).toBeVisible();
      const first = admin.locator('article').first();
      await expect(first.getByRole('heading', { name: 'Buena, pero talla chica' })).toBeVisible();
      await expect(first.getByText('1 reporte pendiente')).toBeVisible();
      await expect(first.getByText('Ofensivo o inapropiado: Lenguaje fuera de lugar.')).toBeVisible();
      await shot(admin, '5-admin-reported');
      await throttle(admin);
      await first.getByRole('button', { name: 'Ocultar' }).click();
      await expect(first.getByText('Oculta por la tienda')).toBeVisible();
      await expect(first.getByText('1 reporte pendiente')).toBeHidden();
      await shot(admin, '6-admin-hidden');
      // One product's comments.
      await first.getByRole('link', { name: product.name }).click();
      await expect(admin.getByRole('heading', { name: `Comentarios de ${product.name}` })).toBeVisible();
      await expect(admin.locator('article')).toHaveCount(2);

      // Gone from the product page and its JSON-LD at once; the average is the 5-star review's.
      await shopper.goto(store.url(`/product?codigo=${product.codigo}`));
      const ld = await productLd(shopper);
      expect(ld.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
      expect(JSON.stringify(ld)).not.toContain('talla chica');
      await shopper.getByRole('tab', { name: 'Reseñas (1)' }).click();
      await expect(shopper.getByRole('heading', { name: 'Excelente' })).toBeVisible();
      await expect(shopper.getByText('Buena, pero talla chica')).toBeHidden();
      await shot(shopper, '7-after-hide');
      // Its author sees it hidden by the store.
      await page.goto(store.url('/reviews'));
      await expect(page.getByText('Oculta por la tienda')).toBeVisible();
    },
  );
});
