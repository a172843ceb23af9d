/**
 * The messages module as the app registers it: buyer-seller conversations, their live streams (woken by the change
 * feed's `messages` events on every instance), the email notices of unseen messages and the store's message when it
 * answers a quote.
 */
import { defineModule } from '../definition.js';
import messagesRoutes from './messages.routes.js';
import { messageNoticesJob, quoteMessageJob } from './message-jobs.js';
import { messageHub } from './message-stream.js';

export const messagesModule = defineModule({
  name: 'messages',
  routes: [messagesRoutes],
  jobs: [messageNoticesJob, quoteMessageJob],
  onChange: (event, app) => messageHub(app.changeFeed).onChange(event),
});
