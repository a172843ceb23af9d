/**
 * Background job of the files module (decision 087): hourly, the uploads a background task staged more than
 * STAGED_FILES_MAX_AGE_HOURS ago and never committed (a catalogue import that crashed on its last attempt) are
 * deleted, store by store; files anything refers to are kept.
 */
import { defineJob } from '../../jobs/index.js';
import { sweepStagedFiles } from './staged-files.js';

export const stagedFilesSweepJob = defineJob(
  'staged-files-sweep',
  async (_p, ctx) => {
    const deleted = await sweepStagedFiles({ db: ctx.db, providers: ctx.providers });
    if (deleted) ctx.log.info({ deleted }, 'staged files swept');
  },
  { cron: '41 * * * *', retryLimit: 1 },
);
