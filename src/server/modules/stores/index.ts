/** Public interface of the stores module (tenancy, website configuration, domains, folios). */
export {
  createStore,
  updateStore,
  getStoreById,
  getStoreBySlug,
  countStores,
  getWebsiteConfig,
  listDomains,
  nextFolio,
  getOxxoFeeCents,
  getStoreLanguage,
  getStoreLanguages,
  forgetStoreLanguage,
  textSearchConfig,
  isActiveDomainOf,
  getStoreSummaries,
  type NewStore,
} from './stores.service.js';
export type { StoreSettings } from '../../db/schema/stores.js';
export { findStoreByHost, type StoreByHost } from './store-by-host.js';
export { storeTimeZone, DEFAULT_STORE_TIME_ZONE } from './time-zone.js';
export { lockStoreRow } from './store-lock.js';
export { assertWebsiteActive } from './website.service.js';
export { getContent } from './content.service.js';
export { setStoreSuspended, listStoreCreations, StoreStatuses } from './store-status.js';
export {
  assertNewStoreNameAllowed,
  claimSlugSkeleton,
  findLookAlikeSlug,
  forbiddenWordInStoreName,
  publishStores,
} from './store-names.js';
export { storeDisplayNames } from './store-display-names.js';
export { listStoreDirectory, getStoreDirectoryRow, type StoreDirectoryRow } from './store-directory.js';
