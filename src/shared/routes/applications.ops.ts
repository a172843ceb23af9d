/** The job applications operations (decisions 168, 169). */
import { z } from 'zod';
import { okResponse, uuid } from '../contracts/common.js';
import {
  jobApplication,
  jobApplicationList,
  jobApplicationQuery,
  jobApplicationReceipt,
  jobApplicationReviewedBody,
} from '../contracts/applications.js';
import { defineOps } from './op.js';
import * as routes from './applications.js';

const byId = z.object({ id: uuid });

export const applicationsOps = defineOps(routes, {
  applyForJob: {
    tags: ['storefront'],
    summary:
      'Send a job application to the store (multipart: fullName, email, phone, position, letter, consent=true, and the CV as the PDF `file`)',
    consumes: ['multipart/form-data'],
    response: { 201: jobApplicationReceipt },
  },
  listJobApplications: {
    tags: ['admin'],
    summary: 'The store’s job applications, newest first (unread or reviewed), by pages',
    querystring: jobApplicationQuery,
    response: { 200: jobApplicationList },
  },
  getJobApplication: {
    tags: ['admin'],
    summary: 'One job application of the store',
    params: byId,
    response: { 200: jobApplication },
  },
  downloadJobApplicationCv: {
    tags: ['admin'],
    summary: 'Download the CV (PDF) of one job application',
    params: byId,
  },
  setJobApplicationReviewed: {
    tags: ['admin'],
    summary: 'Mark a job application reviewed, or unread again',
    params: byId,
    body: jobApplicationReviewedBody,
    response: { 200: okResponse },
  },
  deleteJobApplication: {
    tags: ['admin'],
    summary: 'Delete a job application and its CV',
    params: byId,
    response: { 200: okResponse },
  },
});
