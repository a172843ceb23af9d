/** Public interface of the reviews module. */
export {
  insertReview,
  listVisibleReviews,
  ratingTotals,
  type NewReview,
  type VisibleReview,
} from './reviews.service.js';
