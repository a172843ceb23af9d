/** The publishing job of reviews (decision 157): may run again after a failure, each change is conditional. */
import { defineJob } from '../../jobs/index.js';
import { publishDueReviews } from './review-moderation.js';

/** Every minute, one run across instances: a review is published within a minute of its delay. */
export const reviewsPublishJob = defineJob(
  'reviews-publish',
  async (_p, ctx) => {
    const done = await publishDueReviews(ctx);
    if (done.published || done.held) ctx.log.info(done, 'reviews checked');
    return done;
  },
  { cron: '* * * * *', retryLimit: 0, expireInSeconds: 300 },
);
