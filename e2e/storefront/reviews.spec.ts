/**
 * Reviews in a real browser (decisions 157, 158): a buyer whose order was delivered writes a review with a photo from
 * the product page; it shows as pending, then the publishing job publishes it; another shopper reports it; the seller
 * sees the pending report first in /admin/comments and hides it; it leaves the product page and its JSON-LD, and the
 * average is that of the review left. The whole flow runs in Spanish (the store's language) and again in English (the
 * shopper's and the seller's choice, kept in the browser), on desktop and phone. Screenshots of each screen go to
 * test-results/e2e/reviews/.
 */
import type { BrowserContext, Page } from '@playwright/test';
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

/** What each screen says, in each language the flow runs in. */
const TEXT = {
  es: {
    tab: (n: number) => `Reseñas (${n})`,
    writeTitle: 'Escribe tu reseña',
    stars3: '3 estrellas',
    title: 'Título',
    comment: 'Comentario',
    photos: 'Fotos (opcional)',
    photo1: 'Foto 1 de la reseña',
    publish: 'Publicar reseña',
    pending: 'Pendiente de publicar',
    pendingNotice: 'Tu reseña está pendiente',
    myReviews: 'Mis reseñas',
    edit: 'Editar',
    photoOfAuthor: /Foto 1 de la reseña de Compradora P\./,
    published: 'Publicada',
    reportOf: 'Reportar la reseña de Compradora P.',
    reason: 'Motivo',
    details: 'Detalles (opcional)',
    detailsText: 'Lenguaje fuera de lugar.',
    sendReport: 'Enviar reporte',
    reportSent: 'Gracias: la tienda revisará tu reporte.',
    comments: 'Comentarios',
    oneReport: '1 reporte pendiente',
    reportLine: 'Ofensivo o inapropiado: Lenguaje fuera de lugar.',
    hide: 'Ocultar',
    hidden: 'Oculta por la tienda',
    productComments: (name: string) => `Comentarios de ${name}`,
  },
  en: {
    tab: (n: number) => `Reviews (${n})`,
    writeTitle: 'Write your review',
    stars3: '3 stars',
    title: 'Title',
    comment: 'Comment',
    photos: 'Photos (optional)',
    photo1: 'Review photo 1',
    publish: 'Publish review',
    pending: 'Pending publication',
    pendingNotice: 'Your review is pending',
    myReviews: 'My reviews',
    edit: 'Edit',
    photoOfAuthor: /Photo 1 of Compradora P\.’?'?s review/,
    published: /^Published$/,
    reportOf: "Report Compradora P.'s review",
    reason: 'Reason',
    details: 'Details (optional)',
    detailsText: 'Inappropriate language.',
    sendReport: 'Send report',
    reportSent: 'Thank you: the store will review your report.',
    comments: 'Comments',
    oneReport: '1 pending report',
    reportLine: 'Offensive or inappropriate: Inappropriate language.',
    hide: 'Hide',
    hidden: 'Hidden by the store',
    productComments: (name: string) => `Comments on ${name}`,
  },
} as const;

/** The language every page of `context` starts in: the shopper's or seller's choice, kept in the browser. */
async function chooseLanguage(context: BrowserContext, lang: 'es' | 'en'): Promise<void> {
  // A new page starts at about:blank, whose storage the browser refuses: only the site's pages are told.
  if (lang === 'en')
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('lang', 'en');
    });
}

test.describe('reviews', () => {
  for (const lang of ['es', 'en'] as const)
    test(
      `a buyer reviews a received product with a photo; published by the job, reported, hidden by the seller (${lang})`,
      { tag: '@phone' },
      async ({ page, context, factory, newContext, signInBuyer, signInSeller, throttle }, testInfo) => {
        const phone = testInfo.project.name === 'phone';
        const tx = TEXT[lang];
        const shot = (p: Page, name: string) =>
          p.screenshot({ path: `${shots}/${testInfo.project.name}-${lang}-${name}.png`, fullPage: true });
        await chooseLanguage(context, lang);
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
        await page.getByRole('tab', { name: tx.tab(1) }).click();
        await expect(page.getByRole('heading', { name: tx.writeTitle })).toBeVisible();
        await page.getByLabel(tx.stars3).check();
        await page.getByLabel(tx.title).fill('Buena, pero talla chica');
        await page.getByLabel(tx.comment).fill('La tela es buena; pide una talla más grande de la que usas.');
        await page.getByLabel(tx.photos).setInputFiles({
          name: 'foto.png',
          mimeType: 'image/png',
          buffer: await testImage(600, 600, '#2c7be5'),
        });
        await expect(page.getByRole('img', { name: tx.photo1 })).toBeVisible();
        await shot(page, '1-write');
        await throttle(page);
        await page.getByRole('button', { name: tx.publish }).click();
        await expect(page.getByText(tx.pending)).toBeVisible();
        await expect(page.getByText(tx.pendingNotice)).toBeVisible();
        await shot(page, '2-pending');
        // Pending: not on the product page yet; /reviews shows it so.
        await page.goto(store.url('/reviews'));
        await expect(page.getByRole('heading', { name: tx.myReviews })).toBeVisible();
        await expect(page.getByText(tx.pending)).toBeVisible();
        await expect(page.getByRole('button', { name: tx.edit })).toBeVisible();
        await shot(page, '3-my-reviews');

        // The job publishes it: on the product page with its photo; the average is (5 + 3) / 2.
        await factory.publishReviews(store);
        await page.goto(store.url(`/product?codigo=${product.codigo}`));
        expect((await productLd(page)).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 2 });
        await page.getByRole('tab', { name: tx.tab(2) }).click();
        await expect(page.getByRole('heading', { name: 'Buena, pero talla chica' })).toBeVisible();
        await expect(page.getByRole('img', { name: tx.photoOfAuthor })).toBeVisible();
        await expect(page.getByText(tx.published)).toBeVisible();

        // Another shopper (not signed in) reports it.
        const shopperContext = await newContext({ phone });
        await chooseLanguage(shopperContext, lang);
        const shopper = await shopperContext.newPage();
        await shopper.clock.install();
        await shopper.goto(store.url(`/product?codigo=${product.codigo}`));
        await shopper.getByRole('tab', { name: tx.tab(2) }).click();
        await shopper.getByRole('button', { name: tx.reportOf }).first().click();
        await shopper.getByLabel(tx.reason).selectOption('offensive');
        await shopper.getByLabel(tx.details).fill(tx.detailsText);
        await shot(shopper, '4-report');
        await throttle(shopper);
        await shopper.getByRole('button', { name: tx.sendReport }).click();
        await expect(shopper.getByText(tx.reportSent)).toBeVisible();

        // The seller sees the pending report first and hides the review.
        const adminContext = await newContext({ phone });
        await chooseLanguage(adminContext, lang);
        await signInSeller(adminContext, seller);
        const admin = await adminContext.newPage();
        await admin.clock.install();
        await admin.goto(platformUrl('/admin/comments'));
        await expect(admin.getByRole('heading', { name: tx.comments, level: 1 })).toBeVisible();
        const first = admin.locator('article').first();
        await expect(first.getByRole('heading', { name: 'Buena, pero talla chica' })).toBeVisible();
        await expect(first.getByText(tx.oneReport)).toBeVisible();
        await expect(first.getByText(tx.reportLine)).toBeVisible();
        await shot(admin, '5-admin-reported');
        await throttle(admin);
        await first.getByRole('button', { name: tx.hide }).click();
        await expect(first.getByText(tx.hidden)).toBeVisible();
        await expect(first.getByText(tx.oneReport)).toBeHidden();
        await shot(admin, '6-admin-hidden');
        // One product's comments.
        await first.getByRole('link', { name: product.name }).click();
        await expect(admin.getByRole('heading', { name: tx.productComments(product.name) })).toBeVisible();
        await expect(admin.locator('article')).toHaveCount(2);

        // Gone from the product page and its JSON-LD at once; the average is the 5-star review's.
        await shopper.goto(store.url(`/product?codigo=${product.codigo}`));
        const ld = await productLd(shopper);
        expect(ld.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
        expect(JSON.stringify(ld)).not.toContain('talla chica');
        await shopper.getByRole('tab', { name: tx.tab(1) }).click();
        await expect(shopper.getByRole('heading', { name: 'Excelente' })).toBeVisible();
        await expect(shopper.getByText('Buena, pero talla chica')).toBeHidden();
        await shot(shopper, '7-after-hide');
        // Its author sees it hidden by the store.
        await page.goto(store.url('/reviews'));
        await expect(page.getByText(tx.hidden)).toBeVisible();
      },
    );
});
