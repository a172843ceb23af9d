/**
 * Routes of reviews (decisions 157, 158); schemas in reviews.ops.ts. Writing needs the delivered-purchase check, so
 * orders registers those two; catalog registers the rest, since each change of a review's visibility recomputes the
 * product's rating under its row lock.
 */
export const getMyProductReview = {
  name: 'getMyProductReview',
  method: 'GET',
  path: '/api/productos/:codigo/mi-resena',
} as const;
export const writeReview = { name: 'writeReview', method: 'POST', path: '/api/productos/:codigo/resenas' } as const;
export const uploadReviewPhoto = { name: 'uploadReviewPhoto', method: 'POST', path: '/api/resenas/fotos' } as const;
export const listMyReviews = { name: 'listMyReviews', method: 'GET', path: '/api/resenas' } as const;
export const editMyReview = { name: 'editMyReview', method: 'PUT', path: '/api/resenas/:id' } as const;
export const deleteMyReview = { name: 'deleteMyReview', method: 'DELETE', path: '/api/resenas/:id' } as const;
export const reportReview = { name: 'reportReview', method: 'POST', path: '/api/resenas/:id/reportes' } as const;
export const reportProduct = {
  name: 'reportProduct',
  method: 'POST',
  path: '/api/productos/:codigo/reportes',
} as const;
export const listStoreReviews = { name: 'listStoreReviews', method: 'GET', path: '/api/admin/reviews' } as const;
export const setReviewVisibility = {
  name: 'setReviewVisibility',
  method: 'POST',
  path: '/api/admin/reviews/:id/visibility',
} as const;
export const answerReview = { name: 'answerReview', method: 'POST', path: '/api/admin/reviews/:id/answer' } as const;
export const dismissProductReport = {
  name: 'dismissProductReport',
  method: 'POST',
  path: '/api/admin/product-reports/:id/dismiss',
} as const;
