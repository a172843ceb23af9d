/** Public interface of the reviews module. */
export {
  answerReview,
  createReview,
  deleteOwnReview,
  dueReviews,
  editableUntil,
  findUserReview,
  insertReview,
  listStoreReviews,
  listUserReviews,
  listVisibleReviews,
  pendingReports,
  publishDueReview,
  ratingTotals,
  reportContent,
  resolveProductReport,
  reviewProductId,
  setReviewVisibility,
  updateOwnReview,
  type NewReview,
  type ReportRow,
  type ReviewInput,
  type ReviewRow,
  type VisibleReview,
} from './reviews.service.js';
export { reviewFlags } from './review-checks.js';
export {
  escalatedReports,
  escalatedReportCounts,
  ESCALATE_AFTER_DAYS,
  type EscalatedReport,
} from './escalated-reports.js';
