/** Public face of the company module: what other modules may call. */
export {
  assertCompanyProfileComplete,
  getCompanyProfileGaps,
  getCompanyProfileStatus,
  saveCompanySection,
} from './company.service.js';
export { isSupplierEnabled, getSupplierCards, type SupplierCardProfile } from './supplier-switch.js';
