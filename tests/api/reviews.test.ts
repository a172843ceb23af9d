/**
 * Reviews (modules/reviews) on the product page: a review added through catalog's addReview shows in the product's
 * detail and moves its rating average and count; a hidden review is neither shown nor counted; another store's
 * product page never shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createProductFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { reviews } from '../../src/server/db/schema/index.js';
import { addReview, refreshRating } from '../../src/server/modules/catalog/index.js';

describe('reviews on the product page', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (store: StoreFixture, codigo: string) =>
    t.app.inject({ url: `/api/productos/${codigo}`, headers: { 'x-store-domain': store.hostname } });

  it('shows visible reviews newest first and keeps the rating in step; hidden ones are left out', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const ctx = { db: t.database.db, storeId: a.id };
    const review = { authorName: 'Ana', title: 'Bien', comment: 'Llegó a tiempo' };
    await addReview(ctx, p.id, { ...review, rating: 5, createdAt: new Date('2026-01-01T00:00:00Z') });
    await addReview(ctx, p.id, {
      ...review,
      authorName: 'Luis',
      rating: 4,
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    await addReview(ctx, p.id, {
      ...review,
      authorName: 'Eva',
      rating: 2,
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    let res = await detail(a, p.codigo);
    expect(res.statusCode, res.body).toBe(200);
    let body = res.json();
    expect(body.reviews.map((r: { authorName: string }) => r.authorName)).toEqual(['Eva', 'Luis', 'Ana']);
    expect(body.reviews[0]).toMatchObject({ rating: 2, title: 'Bien', comment: 'Llegó a tiempo' });
    expect(body.reviews[0].createdAt).toBe('2026-03-01T00:00:00.000Z');
    expect(body.ratingCount).toBe(3);
    expect(body.ratingAvg).toBeCloseTo(3.67, 2);

    // Hide Eva's review: the next rating refresh counts only the visible ones.
    await t.database.db.update(reviews).set({ status: 'hidden' }).where(eq(reviews.authorName, 'Eva'));
    await refreshRating(ctx);
    res = await detail(a, p.codigo);
    body = res.json();
    expect(body.reviews.map((r: { authorName: string }) => r.authorName)).toEqual(['Luis', 'Ana']);
    expect(body.ratingCount).toBe(2);
    expect(body.ratingAvg).toBeCloseTo(4.5, 2);

    // Another store has no such product, and its page shows nothing of this store's reviews.
    expect((await detail(b, p.codigo)).statusCode).toBe(404);
  });
});
