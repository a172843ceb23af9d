/**
 * Routes of buyer-seller messages (`/messages`, `/admin/mensajes`): the signed-in buyer's side on the
 * storefront (`/api/messages/...`) and the store's side in the admin (`/api/admin/messages/...`, orders permission).
 * Schemas in messages.ops.ts. The two streams are Server-Sent Events (no response schema).
 */
export const listMyConversations = { name: 'listMyConversations', method: 'GET', path: '/api/messages' } as const;
export const startConversation = { name: 'startConversation', method: 'POST', path: '/api/messages' } as const;
export const myUnreadMessages = { name: 'myUnreadMessages', method: 'GET', path: '/api/messages/unread' } as const;
export const streamMyMessages = { name: 'streamMyMessages', method: 'GET', path: '/api/messages/stream' } as const;
export const uploadMyAttachment = {
  name: 'uploadMyAttachment',
  method: 'POST',
  path: '/api/messages/attachments',
} as const;
export const getMyConversation = { name: 'getMyConversation', method: 'GET', path: '/api/messages/:id' } as const;
export const sendMyMessage = { name: 'sendMyMessage', method: 'POST', path: '/api/messages/:id' } as const;
/** Marks viewed: counted by the client throttle like a read (it follows each message shown live). */
export const readMyConversation = {
  name: 'readMyConversation',
  method: 'POST',
  path: '/api/messages/:id/read',
  readLike: true,
} as const;
export const blockStore = { name: 'blockStore', method: 'PUT', path: '/api/messages/:id/block' } as const;
export const downloadMyAttachment = {
  name: 'downloadMyAttachment',
  method: 'GET',
  path: '/api/messages/:id/files/:messageId',
} as const;

export const listStoreConversations = {
  name: 'listStoreConversations',
  method: 'GET',
  path: '/api/admin/messages',
} as const;
export const storeUnreadMessages = {
  name: 'storeUnreadMessages',
  method: 'GET',
  path: '/api/admin/messages/unread',
} as const;
export const streamStoreMessages = {
  name: 'streamStoreMessages',
  method: 'GET',
  path: '/api/admin/messages/stream',
} as const;
export const uploadStoreAttachment = {
  name: 'uploadStoreAttachment',
  method: 'POST',
  path: '/api/admin/messages/attachments',
} as const;
export const getStoreConversation = {
  name: 'getStoreConversation',
  method: 'GET',
  path: '/api/admin/messages/:id',
} as const;
export const sendStoreMessage = { name: 'sendStoreMessage', method: 'POST', path: '/api/admin/messages/:id' } as const;
export const readStoreConversation = {
  name: 'readStoreConversation',
  method: 'POST',
  path: '/api/admin/messages/:id/read',
  readLike: true,
} as const;
export const blockBuyer = { name: 'blockBuyer', method: 'PUT', path: '/api/admin/messages/:id/block' } as const;
export const downloadStoreAttachment = {
  name: 'downloadStoreAttachment',
  method: 'GET',
  path: '/api/admin/messages/:id/files/:messageId',
} as const;
