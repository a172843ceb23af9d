/**
 * The messages module as the app registers it: buyer-seller conversations, their live streams (woken by the change
 * feed's `messages` events on every instance) and the email notices of unseen messages.
 */
import { defineModule } from '../definition.js';
import messagesRoutes from './messages.routes.js';
import { messageNoticesJob } from './message-jobs.js';
import { messageHub } from './message-stream.js';

export const messagesModule = defineModule({
  name: 'messages',
  routes: [messagesRoutes],
  jobs: [messageNoticesJob],
  onChange: (event, app) => messageHub(app.changeFeed).onChange(event),
});
