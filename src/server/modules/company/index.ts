/** Public face of the company module (issue 7 "Company profile"): what other modules may call. */
export {
  assertCompanyProfileComplete,
  getCompanyProfileGaps,
  getCompanyProfileStatus,
  saveCompanySection,
} from './company.service.js';
