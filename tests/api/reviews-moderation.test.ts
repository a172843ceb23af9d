/**
 * Reviews written by buyers (decisions 157, 158): only a buyer with a delivered order line of the product writes one,
 * one per product, within the limits; it is pending until the publishing job checks it (links, contact data,
 * profanity hold it hidden); the product's average and count stay exact with 50 reviews at once; shoppers report;
 * the seller hides, shows and answers once; a hidden review leaves the product detail and its JSON-LD; the buyer
 * edits within 30 days and deletes; another store sees and changes nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { multipartBody, testImage } from '../helpers/uploads.js';
import { orderItems, orders, reviews } from '../../src/server/db/schema/index.js';
import { reviewFlags } from '../../src/server/modules/reviews/index.js';

type Buyer = { email: string; token: string; userId: string };

/** A page template: the product page's head (with its JSON-LD) is rendered into it as in production. */
const SHELL =
  '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div></body></html>';

describe('reviews: writing, publishing and moderation', { timeout: 240_000 }, () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };
  let folio = 1000;

  beforeAll(async () => {
    t = await createTestApp({}, { indexHtml: SHELL });
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    sellerA = await createSellerFixture(t.app, a.id);
    sellerB = await createSellerFixture(t.app, b.id);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  /** An order of `productId` for the buyer, in `status` (the checkout is tested elsewhere). */
  async function orderOf(store: StoreFixture, buyer: Buyer, productId: string, status = 'delivered') {
    const [o] = await t.database.db
      .insert(orders)
      .values({
        storeId: store.id,
        folio: folio++,
        customerId: buyer.userId,
        email: buyer.email,
        status,
        paymentMethod: 'card',
        itemsCents: 49900,
        shippingCents: 0,
        totalCents: 49900,
        shippingType: 'pickup',
        shipping: {} as never,
        platformFeeBps: 350,
      })
      .returning({ id: orders.id });
    await t.database.db.insert(orderItems).values({
      storeId: store.id,
      orderId: o!.id,
      productId,
      codigo: 'X',
      sku: 'X-1',
      name: 'X',
      options: {},
      unitPriceCents: 49900,
      quantity: 1,
      lineTotalCents: 49900,
    });
  }

  const asBuyer = (store: StoreFixture, buyer: Buyer | null, ip = '127.0.0.1') => ({
    'x-store-domain': store.hostname,
    ...(buyer ? { authorization: `Bearer ${buyer.token}` } : {}),
    _ip: ip,
  });
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, h: Record<string, string>, payload?: object) => {
    const { _ip, ...headers } = h;
    return t.app.inject({ method, url, headers, payload, remoteAddress: _ip });
  };
  const asSeller = (seller: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${seller.token}` }, payload });
  const detail = async (store: StoreFixture, codigo: string) =>
    (await req('GET', `/api/productos/${codigo}`, asBuyer(store, null))).json();
  const review = { rating: 5, title: 'Muy buena', comment: 'Llegó completa y funciona muy bien.' };

  /** The delay is over for every pending review; then the publishing job runs. */
  async function runPublishJob() {
    await t.database.db.execute(
      sql`update reviews set publish_at = now() - interval '1 second' where status = 'pending'`,
    );
    await t.app.jobs.enqueue('reviews-publish', {});
    await t.app.jobs.drain();
  }

  it('only a buyer who received the product writes, once, within the limits; pending until the job publishes it', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const buyer = await createCustomerFixture(t.app, a);
    const url = `/api/productos/${p.codigo}/resenas`;

    // Not signed in; signed in without an order; with an order not yet delivered.
    expect((await req('POST', url, asBuyer(a, null), review)).statusCode).toBe(401);
    let res = await req('POST', url, asBuyer(a, buyer), review);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REVIEW_NOT_ALLOWED');
    await orderOf(a, buyer, p.id, 'on_the_way');
    expect((await req('POST', url, asBuyer(a, buyer), review)).statusCode).toBe(403);
    let mine = (await req('GET', `/api/productos/${p.codigo}/mi-resena`, asBuyer(a, buyer))).json();
    expect(mine).toEqual({ canReview: false, review: null });

    await orderOf(a, buyer, p.id);
    mine = (await req('GET', `/api/productos/${p.codigo}/mi-resena`, asBuyer(a, buyer))).json();
    expect(mine.canReview).toBe(true);

    // Limits: stars 1-5, a title, a comment of at least 10 characters, at most 4 photos.
    for (const bad of [
      { ...review, rating: 0 },
      { ...review, rating: 6 },
      { ...review, title: '' },
      { ...review, comment: 'corto' },
      { ...review, comment: 'x'.repeat(2001) },
      { ...review, photoIds: Array.from({ length: 5 }, () => crypto.randomUUID()) },
    ])
      expect((await req('POST', url, asBuyer(a, buyer), bad)).statusCode).toBe(400);

    // A photo through the files module's checks; a text file is refused.
    const png = await multipartBody(await testImage(400, 300), 'foto.png', 'image/png');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/resenas/fotos',
      headers: { 'x-store-domain': a.hostname, authorization: `Bearer ${buyer.token}`, ...png.headers },
      payload: png.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    const txt = await multipartBody(Buffer.from('hola'), 'nota.txt', 'text/plain');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/resenas/fotos',
      headers: { 'x-store-domain': a.hostname, authorization: `Bearer ${buyer.token}`, ...txt.headers },
      payload: txt.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('FILE_NOT_IMAGE');

    res = await req('POST', url, asBuyer(a, buyer), { ...review, photoIds: [photo.id] });
    expect(res.statusCode, res.body).toBe(201);
    const written = res.json();
    expect(written).toMatchObject({ status: 'pending', rating: 5, productCode: p.codigo, held: false });
    expect(written.photos).toEqual([{ id: photo.id, url: photo.url }]);
    // One per product.
    res = await req('POST', url, asBuyer(a, buyer), review);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REVIEW_ALREADY_EXISTS');

    // Pending: the buyer sees it, the product page does not; the job before the delay changes nothing.
    expect((await req('GET', '/api/resenas', asBuyer(a, buyer))).json().reviews[0].status).toBe('pending');
    expect((await detail(a, p.codigo)).reviews).toEqual([]);
    await t.app.jobs.enqueue('reviews-publish', {});
    await t.app.jobs.drain();
    expect((await detail(a, p.codigo)).ratingCount).toBe(0);

    await runPublishJob();
    const d = await detail(a, p.codigo);
    expect(d.ratingCount).toBe(1);
    expect(d.ratingAvg).toBe(5);
    expect(d.reviews[0]).toMatchObject({ title: 'Muy buena', authorName: 'Comprador P.' });
    expect(d.reviews[0].photos).toEqual([{ id: photo.id, url: photo.url }]);
    expect((await req('GET', '/api/resenas', asBuyer(a, buyer))).json().reviews[0].status).toBe('visible');
  });

  it('the checks hold links, contact data and profanity hidden for the seller', async () => {
    expect(reviewFlags('Bien', 'Todo en orden, lo recomiendo mucho.')).toEqual([]);
    expect(reviewFlags('Bien', 'Más barato en https://otra.example')).toEqual(['link']);
    expect(reviewFlags('Bien', 'Véndeme más: www.otra-tienda.com')).toEqual(['link']);
    expect(reviewFlags('Bien', 'Escríbeme a ana.perez@gmail.com')).toEqual(['link', 'contact']);
    expect(reviewFlags('Bien', 'Llámame al 55 1234 5678 y te vendo')).toEqual(['contact']);
    expect(reviewFlags('Bien', 'Es una mierda, no sirve')).toEqual(['profanity']);
    expect(reviewFlags('Trash', 'This is total bullshit')).toEqual(['profanity']);
    expect(reviewFlags('Bien', 'Pesa 1.5 kg y mide 30 cm, llegó el 12/10.')).toEqual([]);

    const p = await createProductFixture(t.database.db, a.id);
    const buyer = await createCustomerFixture(t.app, a);
    await orderOf(a, buyer, p.id);
    const res = await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, buyer), {
      ...review,
      comment: 'Pídelo por WhatsApp 55 1234 5678, sale más barato',
    });
    expect(res.statusCode).toBe(201);
    await runPublishJob();
    expect((await detail(a, p.codigo)).ratingCount).toBe(0);
    const mine = (await req('GET', '/api/resenas', asBuyer(a, buyer))).json().reviews[0];
    expect(mine).toMatchObject({ status: 'hidden', held: true });
    const admin = (await asSeller(sellerA, 'GET', `/api/admin/reviews?codigo=${p.codigo}`)).json();
    expect(admin.reviews[0]).toMatchObject({ status: 'hidden', flags: ['contact'] });
  });

  it('keeps the average and count exact with 50 buyers reviewing at once', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createCustomerFixture(t.app, a)));
    for (const buyer of buyers) await orderOf(a, buyer, p.id);
    const ratings = buyers.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, buyer, `198.51.100.${i + 1}`), {
          ...review,
          rating: ratings[i],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(buyers.map(() => 201));
    await runPublishJob();
    let d = await detail(a, p.codigo);
    expect(d.ratingCount).toBe(50);
    expect(d.ratingAvg).toBe(3);

    // Hides and deletions at once: the figures are those of the reviews left visible.
    const ids = results.map((r) => r.json().id as string);
    await Promise.all([
      ...ids
        .slice(0, 10)
        .map((id) => asSeller(sellerA, 'POST', `/api/admin/reviews/${id}/visibility`, { visible: false })),
      ...ids.slice(10, 20).map((id, i) => req('DELETE', `/api/resenas/${id}`, asBuyer(a, buyers[10 + i]!))),
    ]);
    const left = ratings.slice(20);
    d = await detail(a, p.codigo);
    expect(d.ratingCount).toBe(30);
    expect(d.ratingAvg).toBeCloseTo(Math.round((left.reduce((s, r) => s + r, 0) / left.length) * 100) / 100, 2);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.productId, p.id), eq(reviews.status, 'visible')));
    expect(row!.n).toBe(30);
  });

  it('shoppers report; the seller sees pending reports first, hides, shows and answers once; hidden leaves the page and its JSON-LD', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const writer = await createCustomerFixture(t.app, a);
    const other = await createCustomerFixture(t.app, a);
    await orderOf(a, writer, p.id);
    await orderOf(a, other, p.id);
    const w = (await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, writer), review)).json();
    const o = (
      await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, other), {
        ...review,
        rating: 3,
        title: 'Regular',
      })
    ).json();
    await runPublishJob();
    expect((await detail(a, p.codigo)).ratingAvg).toBe(4);

    // A shopper (signed in or not) reports a review and the product; a pending review cannot be reported.
    expect(
      (await req('POST', `/api/resenas/${o.id}/reportes`, asBuyer(a, null), { reason: 'offensive' })).statusCode,
    ).toBe(201);
    expect(
      (
        await req('POST', `/api/resenas/${o.id}/reportes`, asBuyer(a, writer), {
          reason: 'misleading',
          details: 'No es verdad',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await req('POST', `/api/productos/${p.codigo}/reportes`, asBuyer(a, null), { reason: 'prohibited' })).statusCode,
    ).toBe(201);
    expect(
      (await req('POST', `/api/resenas/${o.id}/reportes`, asBuyer(a, null), { reason: 'nonsense' })).statusCode,
    ).toBe(400);

    let admin = (await asSeller(sellerA, 'GET', '/api/admin/reviews')).json();
    expect(admin.reviews[0].id).toBe(o.id);
    expect(admin.reviews[0].reports.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'misleading',
      'offensive',
    ]);
    expect(admin.productReports.map((r: { productCode: string }) => r.productCode)).toContain(p.codigo);

    // Hidden: gone from the product detail, the count and the JSON-LD at once (the cached answer is dropped).
    expect(
      (await asSeller(sellerA, 'POST', `/api/admin/reviews/${o.id}/visibility`, { visible: false })).statusCode,
    ).toBe(200);
    let d = await detail(a, p.codigo);
    expect(d.reviews.map((r: { id: string }) => r.id)).toEqual([w.id]);
    expect(d.ratingCount).toBe(1);
    expect(d.ratingAvg).toBe(5);
    admin = (await asSeller(sellerA, 'GET', `/api/admin/reviews?codigo=${p.codigo}`)).json();
    expect(admin.reviews.find((r: { id: string }) => r.id === o.id).reports).toEqual([]);

    // Shown again; answered once.
    await asSeller(sellerA, 'POST', `/api/admin/reviews/${o.id}/visibility`, { visible: true });
    expect((await detail(a, p.codigo)).ratingCount).toBe(2);
    expect(
      (await asSeller(sellerA, 'POST', `/api/admin/reviews/${o.id}/answer`, { answer: 'Gracias, lo revisamos.' }))
        .statusCode,
    ).toBe(200);
    const again = await asSeller(sellerA, 'POST', `/api/admin/reviews/${o.id}/answer`, { answer: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_ALREADY_ANSWERED');
    d = await detail(a, p.codigo);
    expect(d.reviews.find((r: { id: string }) => r.id === o.id).answer).toBe('Gracias, lo revisamos.');

    // Product report dismissed.
    const reportId = admin.productReports.find((r: { productCode: string }) => r.productCode === p.codigo).id;
    expect((await asSeller(sellerA, 'POST', `/api/admin/product-reports/${reportId}/dismiss`, {})).statusCode).toBe(
      200,
    );
  });

  it('the product page’s JSON-LD counts only visible reviews', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const buyer = await createCustomerFixture(t.app, a);
    await orderOf(a, buyer, p.id);
    const w = (await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, buyer), review)).json();
    await runPublishJob();
    const page = async () =>
      (await t.app.inject({ url: `/product?codigo=${p.codigo}`, headers: { host: a.hostname } })).body;
    let html = await page();
    expect(html).toContain('"AggregateRating"');
    expect(html).toContain('Muy buena');
    await asSeller(sellerA, 'POST', `/api/admin/reviews/${w.id}/visibility`, { visible: false });
    html = await page();
    expect(html).not.toContain('"AggregateRating"');
    expect(html).not.toContain('Muy buena');
  });

  it('the buyer edits within 30 days (pending again) and deletes; others cannot', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const buyer = await createCustomerFixture(t.app, a);
    const stranger = await createCustomerFixture(t.app, a);
    await orderOf(a, buyer, p.id);
    const w = (await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, buyer), review)).json();
    await runPublishJob();

    expect((await req('PUT', `/api/resenas/${w.id}`, asBuyer(a, stranger), review)).statusCode).toBe(404);
    let res = await req('PUT', `/api/resenas/${w.id}`, asBuyer(a, buyer), { ...review, rating: 2, title: 'Se rompió' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', rating: 2, title: 'Se rompió' });
    expect((await detail(a, p.codigo)).ratingCount).toBe(0);
    await runPublishJob();
    expect((await detail(a, p.codigo)).ratingAvg).toBe(2);

    await t.database.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(reviews.id, w.id));
    res = await req('PUT', `/api/resenas/${w.id}`, asBuyer(a, buyer), review);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REVIEW_EDIT_EXPIRED', params: { days: 30 } });

    expect((await req('DELETE', `/api/resenas/${w.id}`, asBuyer(a, stranger))).statusCode).toBe(404);
    expect((await req('DELETE', `/api/resenas/${w.id}`, asBuyer(a, buyer))).statusCode).toBe(200);
    const d = await detail(a, p.codigo);
    expect(d.ratingCount).toBe(0);
    expect(d.reviews).toEqual([]);
    expect((await req('GET', '/api/resenas', asBuyer(a, buyer))).json().reviews).toEqual([]);
  });

  it('another store sees and changes nothing of a store’s reviews and reports', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const buyer = await createCustomerFixture(t.app, a);
    const buyerB = await createCustomerFixture(t.app, b);
    await orderOf(a, buyer, p.id);
    const w = (await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(a, buyer), review)).json();
    await runPublishJob();
    await req('POST', `/api/resenas/${w.id}/reportes`, asBuyer(a, null), { reason: 'spam' });

    const listB = (await asSeller(sellerB, 'GET', '/api/admin/reviews')).json();
    expect(JSON.stringify(listB)).not.toContain(w.id);
    expect((await asSeller(sellerB, 'GET', `/api/admin/reviews?codigo=${p.codigo}`)).statusCode).toBe(404);
    for (const [url, payload] of [
      [`/api/admin/reviews/${w.id}/visibility`, { visible: false }],
      [`/api/admin/reviews/${w.id}/answer`, { answer: 'Hola' }],
    ] as const)
      expect((await asSeller(sellerB, 'POST', url, payload)).statusCode).toBe(404);
    // B's buyer, and A's buyer on B's domain, reach nothing of A's.
    expect((await req('DELETE', `/api/resenas/${w.id}`, asBuyer(b, buyerB))).statusCode).toBe(404);
    expect((await req('PUT', `/api/resenas/${w.id}`, asBuyer(b, buyerB), review)).statusCode).toBe(404);
    expect((await req('POST', `/api/resenas/${w.id}/reportes`, asBuyer(b, null), { reason: 'spam' })).statusCode).toBe(
      404,
    );
    expect((await req('GET', '/api/resenas', asBuyer(b, buyer))).statusCode).toBe(401);
    expect((await req('POST', `/api/productos/${p.codigo}/resenas`, asBuyer(b, buyerB), review)).statusCode).toBe(404);
    // A's review still visible and unanswered.
    const d = await detail(a, p.codigo);
    expect(d.reviews[0]).toMatchObject({ id: w.id, answer: null });
  });
});
