/** The reviews operations (decisions 157, 158). The wire's `:codigo` reaches the handlers as `productCode`. */
import { z } from 'zod';
import { codigo, okResponse, uuid } from '../contracts/common.js';
import {
  myProductReview,
  myReview,
  myReviewList,
  reportBody,
  reportReceipt,
  reviewAnswerBody,
  reviewBody,
  reviewPhotoUpload,
  reviewVisibilityBody,
  storeReviewList,
  storeReviewQuery,
} from '../contracts/reviews.js';
import { defineOps } from './op.js';
import * as routes from './reviews.js';

const byId = z.object({ id: uuid });
const byCode = z.object({ codigo }).transform((p) => ({ productCode: p.codigo }));

export const reviewsOps = defineOps(routes, {
  getMyProductReview: {
    tags: ['storefront'],
    summary: 'Whether the signed-in buyer may review the product (received it), and their review',
    params: byCode,
    response: { 200: myProductReview },
  },
  writeReview: {
    tags: ['storefront'],
    summary: 'Write a review of a received product (pending until the publishing job checks it)',
    params: byCode,
    body: reviewBody,
    response: { 201: myReview },
  },
  uploadReviewPhoto: {
    tags: ['storefront'],
    summary: 'Upload a photo (multipart field `file`) for a review',
    consumes: ['multipart/form-data'],
    response: { 201: reviewPhotoUpload },
  },
  listMyReviews: {
    tags: ['storefront'],
    summary: 'The buyer’s reviews, newest first',
    response: { 200: myReviewList },
  },
  editMyReview: {
    tags: ['storefront'],
    summary: 'Edit one of the buyer’s reviews (within 30 days; pending again)',
    params: byId,
    body: reviewBody,
    response: { 200: myReview },
  },
  deleteMyReview: {
    tags: ['storefront'],
    summary: 'Delete one of the buyer’s reviews',
    params: byId,
    response: { 200: okResponse },
  },
  reportReview: {
    tags: ['storefront'],
    summary: 'Report a visible review to the store',
    params: byId,
    body: reportBody,
    response: { 201: reportReceipt },
  },
  reportProduct: {
    tags: ['storefront'],
    summary: 'Report a product to the store',
    params: byCode,
    body: reportBody,
    response: { 201: reportReceipt },
  },
  listStoreReviews: {
    tags: ['admin'],
    summary: 'The store’s reviews (of one product with `codigo`), pending reports first, and product reports',
    querystring: storeReviewQuery,
    response: { 200: storeReviewList },
  },
  setReviewVisibility: {
    tags: ['admin'],
    summary: 'Show or hide a review (resolves its reports)',
    params: byId,
    body: reviewVisibilityBody,
    response: { 200: okResponse },
  },
  answerReview: {
    tags: ['admin'],
    summary: 'Answer a review publicly (once)',
    params: byId,
    body: reviewAnswerBody,
    response: { 200: okResponse },
  },
  dismissProductReport: {
    tags: ['admin'],
    summary: 'Set a product report aside',
    params: byId,
    body: z.object({}).optional(),
    response: { 200: okResponse },
  },
});
