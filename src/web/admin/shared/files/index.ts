/** Uploads in admin forms: the field, its upload hook and the browser's early check. */
export { FileField } from './file-field';
export { useUploadFile, uploadFile, getUploadedFile } from './api/upload-file';
export { checkFile, acceptFor, type FileProblem } from './check-file';
