/** Public face of the job applications module (decisions 168, 169): what other modules and tests may call. */
export { expireJobApplications, listJobApplications, submitJobApplication } from './applications.service.js';
