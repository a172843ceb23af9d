/**
 * Reviews (decisions 157 and 158): a buyer who received a product writes one review of it (stars,
 * title, plain-text comment, photos), pending until the publishing job checks it; shoppers report a review or a
 * product; the seller hides or shows a review and answers it once (/admin/comments, /admin/catalogo/comentarios/{codigo});
 * the buyer reads, edits (for REVIEW_EDIT_DAYS) and deletes their own (/reviews).
 */
import { z } from 'zod';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REVIEW_ANSWER_MAX_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX_LENGTH,
} from '../limits.js';
import { text, uuid } from './common.js';

/** pending (waiting for the publishing job), visible, hidden (by the seller, or held by the automatic checks). */
export const reviewStatus = z.enum(['pending', 'visible', 'hidden']);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** What the automatic checks may find in a review (decision 157). */
export const reviewFlag = z.enum(['link', 'contact', 'profanity']);
export type ReviewFlag = z.infer<typeof reviewFlag>;

/** Why a shopper reports a review or a product. */
export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'prohibited', 'other'] as const;
export const reportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReason>;

export const reviewPhoto = z.object({ id: z.string(), url: z.string() });

/** POST /api/productos/:codigo/resenas and PUT /api/resenas/:id: what the buyer writes. */
export const reviewBody = z.object({
  rating: z.number().int().min(1).max(5),
  title: text({ min: 1, max: REVIEW_TITLE_MAX_LENGTH }),
  comment: text({ min: REVIEW_COMMENT_MIN_LENGTH, max: REVIEW_COMMENT_MAX_LENGTH, multiline: true }),
  /** Ids of photos uploaded through POST /api/resenas/fotos. */
  photoIds: z.array(uuid).max(REVIEW_PHOTOS_MAX).default([]),
});
export type ReviewBody = z.infer<typeof reviewBody>;

/** A review as its author sees it (/reviews, the product page's "your review"). */
export const myReview = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productImage: z.string().nullable(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  photos: z.array(reviewPhoto),
  status: reviewStatus,
  /** True while the automatic checks hold it hidden (the buyer may edit it). */
  held: z.boolean(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  /** Until when it may be edited (ISO). */
  editableUntil: z.string(),
});
export type MyReview = z.infer<typeof myReview>;
export const myReviewList = z.object({ reviews: z.array(myReview) });

/** GET /api/productos/:codigo/mi-resena: whether the signed-in buyer may review the product, and their review. */
export const myProductReview = z.object({ canReview: z.boolean(), review: myReview.nullable() });
export type MyProductReview = z.infer<typeof myProductReview>;

/** POST /api/resenas/fotos: an uploaded photo for a review. */
export const reviewPhotoUpload = reviewPhoto;

/** POST /api/resenas/:id/reportes and /api/productos/:codigo/reportes. */
export const reportBody = z.object({
  reason: reportReason,
  details: text({ max: REPORT_DETAILS_MAX_LENGTH, multiline: true }).default(''),
});
export type ReportBody = z.infer<typeof reportBody>;
export const reportReceipt = z.object({ ok: z.literal(true) });

export const storeReviewReport = z.object({
  id: z.string(),
  reason: reportReason,
  details: z.string(),
  createdAt: z.string(),
});

/** A review as the seller sees it (/admin/comments): pending reports first. */
export const storeReview = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  photos: z.array(reviewPhoto),
  status: reviewStatus,
  flags: z.array(reviewFlag),
  answer: z.string().nullable(),
  createdAt: z.string(),
  /** The reports not yet resolved, newest first. */
  reports: z.array(storeReviewReport),
});
export type StoreReview = z.infer<typeof storeReview>;

/** A shopper's pending report of a product. */
export const productReport = storeReviewReport.extend({ productCode: z.string(), productName: z.string() });
export type ProductReport = z.infer<typeof productReport>;

export const storeReviewList = z.object({ reviews: z.array(storeReview), productReports: z.array(productReport) });
export type StoreReviewList = z.infer<typeof storeReviewList>;
export const storeReviewQuery = z.object({ codigo: text({ min: 1, max: 64 }).optional() });

export const reviewVisibilityBody = z.object({ visible: z.boolean() });
export const reviewAnswerBody = z.object({ answer: text({ min: 1, max: REVIEW_ANSWER_MAX_LENGTH, multiline: true }) });
