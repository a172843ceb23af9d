/**
 * Reviews as the storefront and the admin use them (decisions 157, 158), with the product's name and code from the
 * catalogue. Every change of which reviews are visible (an edit, a deletion, the seller's hide or show, the
 * publishing job) runs under the product's rating lock (ratings.ts). Every query is scoped by ctx.storeId.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { products } from '../../db/schema/catalog.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, DbContext, StoreContext, StoreDbContext } from '../../lib/context.js';
import type {
  MyProductReview,
  MyReview,
  ProductReport,
  ReportBody,
  ReviewBody,
  StoreReviewList,
} from '../../../shared/contracts/reviews.js';
import type { UploadedFile } from '../../../shared/contracts/files.js';
import { assertStoreFiles, uploadFile } from '../files/index.js';
import {
  answerReview,
  createReview,
  deleteOwnReview,
  dueReviews,
  editableUntil,
  findUserReview,
  listStoreReviews,
  listUserReviews,
  pendingReports,
  publishDueReview,
  reportContent,
  resolveProductReport,
  reviewProductId,
  setReviewVisibility,
  updateOwnReview,
  type ReviewInput,
  type ReviewRow,
} from '../reviews/index.js';
import { findProductId } from './catalog.service.js';
import { withRatingLock } from './ratings.js';

type BuyerContext = StoreContext & { actor: Actor };

interface ProductRef {
  codigo: string;
  name: string;
  image: string | null;
}

/** Code, name and cover of the store's products `ids` (archived ones too: a review outlives the listing). */
async function productRefs(ctx: StoreDbContext, ids: string[]): Promise<Map<string, ProductRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ctx.db
    .select({ id: products.id, codigo: products.codigo, name: products.name, image: products.imageUrl })
    .from(products)
    .where(and(eq(products.storeId, ctx.storeId), inArray(products.id, unique)));
  return new Map(rows.map((r) => [r.id, { codigo: r.codigo, name: r.name, image: r.image }]));
}

function toMyReview(r: ReviewRow, ref: ProductRef | undefined): MyReview {
  return {
    id: r.id,
    productCode: ref?.codigo ?? '',
    productName: ref?.name ?? '',
    productImage: ref?.image ?? null,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    photos: r.photos,
    status: r.status,
    held: r.status === 'hidden' && r.flags.length > 0,
    answer: r.answer,
    createdAt: r.createdAt.toISOString(),
    editableUntil: editableUntil(r.createdAt).toISOString(),
  };
}

/** "Ana G.": the buyer's first name and the initial of the next, never their whole name on a public page. */
function publicName(fullName: string): string {
  const [first = '', second] = fullName.trim().split(/\s+/);
  return second ? `${first} ${second[0]!.toUpperCase()}.` : first;
}

/** The photos of a review body, checked as this store's review photos (FILE_REFERENCE_INVALID otherwise). */
async function reviewInput(ctx: StoreDbContext, body: ReviewBody): Promise<ReviewInput> {
  const files = await assertStoreFiles(ctx, body.photoIds, ['review_photo']);
  const photos = [...new Set(body.photoIds)].map((id) => ({ id, url: files.get(id)!.url }));
  return { rating: body.rating, title: body.title, comment: body.comment, photos };
}

async function productIdOf(ctx: StoreContext, codigo: string): Promise<string> {
  const id = await findProductId(ctx, codigo);
  if (!id) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
  return id;
}

async function myReview(ctx: BuyerContext, reviewId: string): Promise<MyReview> {
  const mine = (await listUserReviews(ctx, ctx.actor.userId)).find((r) => r.id === reviewId);
  if (!mine) throw new AppError('REVIEW_NOT_FOUND');
  return toMyReview(mine, (await productRefs(ctx, [mine.productId])).get(mine.productId));
}

/**
 * The buyer's review of product `codigo` and whether they may write one (`received`: a delivered order line of it,
 * computed by orders). Throws PRODUCT_NOT_FOUND.
 */
export async function getMyProductReview(
  ctx: BuyerContext,
  codigo: string,
  received: (productId: string) => Promise<boolean>,
): Promise<MyProductReview> {
  const productId = await productIdOf(ctx, codigo);
  const review = await findUserReview(ctx, ctx.actor.userId, productId);
  if (review)
    return { canReview: false, review: toMyReview(review, (await productRefs(ctx, [productId])).get(productId)) };
  return { canReview: await received(productId), review: null };
}

/**
 * Writes the buyer's review of product `codigo`, pending (decision 157). `received` tells whether they received it
 * (orders). Throws PRODUCT_NOT_FOUND, REVIEW_NOT_ALLOWED, REVIEW_ALREADY_EXISTS, FILE_REFERENCE_INVALID.
 */
export async function writeProductReview(
  ctx: BuyerContext,
  codigo: string,
  body: ReviewBody,
  received: (productId: string) => Promise<boolean>,
): Promise<MyReview> {
  const productId = await productIdOf(ctx, codigo);
  const verifiedPurchase = await received(productId);
  const input = await reviewInput(ctx, body);
  const id = await createReview(
    ctx,
    { userId: ctx.actor.userId, name: publicName(ctx.actor.fullName), verifiedPurchase },
    productId,
    input,
  );
  return myReview(ctx, id);
}

/** Stores a photo for a review through the files module's checks (formats, size, pixels). */
export async function uploadReviewPhoto(
  ctx: BuyerContext,
  data: Buffer,
  fileName: string,
): Promise<Pick<UploadedFile, 'id' | 'url'>> {
  const f = await uploadFile(ctx, { purpose: 'review_photo', data, originalName: fileName });
  return { id: f.id, url: f.url };
}

/** The buyer's reviews in this store, newest first. */
export async function listMyReviews(ctx: BuyerContext): Promise<MyReview[]> {
  const rows = await listUserReviews(ctx, ctx.actor.userId);
  const refs = await productRefs(
    ctx,
    rows.map((r) => r.productId),
  );
  return rows.map((r) => toMyReview(r, refs.get(r.productId)));
}

/** Edits the buyer's review (pending again). Throws REVIEW_NOT_FOUND, REVIEW_EDIT_EXPIRED, FILE_REFERENCE_INVALID. */
export async function editMyReview(ctx: BuyerContext, reviewId: string, body: ReviewBody): Promise<MyReview> {
  const productId = await reviewProductId(ctx, reviewId);
  if (!productId) throw new AppError('REVIEW_NOT_FOUND');
  const input = await reviewInput(ctx, body);
  await withRatingLock(ctx, productId, (c) => updateOwnReview(c, ctx.actor.userId, reviewId, input));
  return myReview(ctx, reviewId);
}

/** Deletes the buyer's review; the product's rating counts it no more. Throws REVIEW_NOT_FOUND. */
export async function deleteMyReview(ctx: BuyerContext, reviewId: string): Promise<void> {
  const productId = await reviewProductId(ctx, reviewId);
  if (!productId) throw new AppError('REVIEW_NOT_FOUND');
  await withRatingLock(ctx, productId, (c) => deleteOwnReview(c, ctx.actor.userId, reviewId));
}

/** A shopper (signed in or not) reports a visible review. Throws REVIEW_NOT_FOUND. */
export async function reportReview(ctx: StoreContext, reviewId: string, body: ReportBody): Promise<void> {
  const productId = await reviewProductId(ctx, reviewId);
  if (!productId) throw new AppError('REVIEW_NOT_FOUND');
  await reportContent(ctx, ctx.actor?.userId ?? null, { productId, reviewId }, body);
}

/** A shopper reports product `codigo`. Throws PRODUCT_NOT_FOUND. */
export async function reportProduct(ctx: StoreContext, codigo: string, body: ReportBody): Promise<void> {
  const productId = await productIdOf(ctx, codigo);
  await reportContent(ctx, ctx.actor?.userId ?? null, { productId, reviewId: null }, body);
}

/**
 * The store's reviews, or those of product `codigo` (any state of the product), pending reports first, and the
 * pending product reports. Throws PRODUCT_NOT_FOUND for a code the store does not have.
 */
export async function listStoreReviewsFor(ctx: StoreDbContext, codigo?: string): Promise<StoreReviewList> {
  let productId: string | undefined;
  if (codigo) {
    const [p] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, ctx.storeId), eq(products.codigo, codigo)));
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', { codigo });
    productId = p.id;
  }
  const rows = await listStoreReviews(ctx, productId);
  const reports = (await pendingReports(ctx, null)).filter((r) => !productId || r.productId === productId);
  const refs = await productRefs(ctx, [...rows.map((r) => r.productId), ...reports.map((r) => r.productId)]);
  const productReports: ProductReport[] = reports.map((r) => ({
    id: r.id,
    reason: r.reason,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
    productCode: refs.get(r.productId)?.codigo ?? '',
    productName: refs.get(r.productId)?.name ?? '',
  }));
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      productCode: refs.get(r.productId)?.codigo ?? '',
      productName: refs.get(r.productId)?.name ?? '',
      authorName: r.authorName,
      rating: r.rating,
      title: r.title,
      comment: r.comment,
      photos: r.photos,
      status: r.status,
      flags: r.flags,
      answer: r.answer,
      createdAt: r.createdAt.toISOString(),
      reports: r.reports.map((x) => ({
        id: x.id,
        reason: x.reason,
        details: x.details,
        createdAt: x.createdAt.toISOString(),
      })),
    })),
    productReports,
  };
}

/** The seller shows or hides a review; the product's rating follows at once. Throws REVIEW_NOT_FOUND. */
export async function changeReviewVisibility(ctx: StoreDbContext, reviewId: string, visible: boolean): Promise<void> {
  const productId = await reviewProductId(ctx, reviewId);
  if (!productId) throw new AppError('REVIEW_NOT_FOUND');
  await withRatingLock(ctx, productId, (c) => setReviewVisibility(c, reviewId, visible));
}

/** The seller's public answer, once. Throws REVIEW_NOT_FOUND, REVIEW_ALREADY_ANSWERED. */
export async function answerStoreReview(ctx: StoreDbContext, reviewId: string, answer: string): Promise<void> {
  await answerReview(ctx, reviewId, answer);
}

/** The seller sets a product report aside. Throws REPORT_NOT_FOUND. */
export async function dismissProductReport(ctx: StoreDbContext, reportId: string): Promise<void> {
  await resolveProductReport(ctx, reportId);
}

/**
 * The publishing job's work (decision 157): every pending review whose delay is over is checked and published or
 * held, each under its product's rating lock. Returns how many were published and held.
 */
export async function publishDueReviews(ctx: DbContext): Promise<{ published: number; held: number }> {
  let published = 0;
  let held = 0;
  for (const r of await dueReviews(ctx)) {
    const c = { db: ctx.db, storeId: r.storeId };
    const status = await withRatingLock(c, r.productId, (tx) => publishDueReview(tx, r.id));
    if (status === 'visible') published++;
    if (status === 'hidden') held++;
  }
  return { published, held };
}
