/** The files module's public face: uploads of a store and the checks other modules use on file references. */
export { assertStoreFiles, getStoreFile, readPrivateFile, uploadFile } from './files.service.js';
export { IMAGE_WIDTHS, MAX_INPUT_PIXELS, WIDE_IMAGE_WIDTH, storeImageSizes } from './image-sizes.js';
export { configureImageJobs, imageJobLoad, runImageJob } from './image-jobs.js';
export {
  STAGED_FILES_MAX_AGE_HOURS,
  discardStagedFiles,
  keepStagedFiles,
  referencedFileIds,
  sweepStagedFiles,
} from './staged-files.js';
export { stagedFilesSweepJob } from './files.jobs.js';
