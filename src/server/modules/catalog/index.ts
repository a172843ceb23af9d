/** Public interface of the catalog module. */
export {
  getDepartmentTree,
  getHome,
  getCardsByCodes,
  findProductId,
  getProductDetail,
  loadProductDetail,
  countProducts,
} from './catalog.service.js';
export {
  createProduct,
  upsertDepartment,
  upsertCategory,
  refreshSearchDocuments,
  bulkInsertProducts,
  type NewProduct,
  type NewVariant,
} from './product-loads.js';
export { addReview, refreshRating, withRatingLock } from './ratings.js';
export { getMyProductReview, writeProductReview } from './review-moderation.js';
export {
  insertProductCopy,
  markProductCopy,
  syncCopiesContent,
  mirrorCopiesVariants,
  setCopiesVisible,
  setVariantPrices,
  setProductTaxonomy,
  removeProductCopy,
  type CopyRef,
  type VariantPair,
} from './product-copies.js';
export {
  readSourceProduct,
  readCopies,
  readVariantPrices,
  readVariantStocks,
  readProductTexts,
  readArchivedProductIds,
  type SourceProduct,
} from './product-copies-read.js';
export {
  getVariantsForCheckout,
  reserveStock,
  releaseStock,
  recordSale,
  reverseSale,
  reserveStockAcross,
  releaseStockAcross,
  stockOfVariants,
  variantSkus,
  type CheckoutVariant,
  type StoreVariantUnits,
} from './stock.js';
export { cardColumns, toCard, type CardRow } from './product-card.js';
export { getSitemapEntries, type SitemapEntries } from './sitemap-entries.js';
export { productPageStatus } from './product-status.js';
export { getQuotableProduct, type QuotableProduct } from './quote-source.js';
export { loadProducts, loadTaxonomy, type CategoryRow, type DepartmentRow, type ProductRow } from './search-source.js';
export {
  searchListedProducts,
  countListedProductsByTaxonomy,
  type TextMatch,
  type TaxonomyCount,
} from './text-search.js';
export { catalogImportJob, catalogExportJob } from './catalog-csv.jobs.js';
export {
  loadOfferSources,
  loadOfferContent,
  findOfferSourceByCode,
  type OfferSourceProduct,
  type OfferSourceVariant,
  type OfferSourceContent,
} from './offer-source.js';
