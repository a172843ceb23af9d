/** The files module's operations (routes in files.ts). */
import { z } from 'zod';
import { filePurpose, uploadedFile } from '../contracts/files.js';
import { uuid } from '../contracts/common.js';
import { defineOps } from './op.js';
import * as routes from './files.js';

export const filesOps = defineOps(routes, {
  uploadFile: {
    tags: ['files'],
    summary: 'Upload one file (multipart field `file`) of the seller’s store for `purpose`',
    consumes: ['multipart/form-data'],
    querystring: z.object({ purpose: filePurpose }),
    response: { 201: uploadedFile },
  },
  getFile: {
    tags: ['files'],
    summary: 'One upload of the seller’s store',
    params: z.object({ id: uuid }),
    response: { 200: uploadedFile },
  },
  downloadPrivateFile: {
    tags: ['files'],
    summary: 'Download a private document of the seller’s store (licences, tax and address proofs)',
    params: z.object({ id: uuid }),
  },
});
