/** Public interface of the messages module (later modules may count a side's unread messages). */
export { unreadMessages, type MessagesContext } from './messages.service.js';
export { sendMessageNotices } from './message-notices.js';
