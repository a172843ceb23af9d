/** Public face of the company module: what other modules may call. */
export {
  assertCompanyProfileComplete,
  getCompanyProfileGaps,
  getCompanyProfileStatus,
  saveCompanySection,
} from './company.service.js';
export { enableSupplier } from './supplier-flag.js';
