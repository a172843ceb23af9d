/** The messages module's operations: a buyer's and a store's conversations (routes in messages.ts). */
import { z } from 'zod';
import { uuid } from '../contracts/common.js';
import {
  blockBody,
  conversationList,
  conversationSummary,
  conversationThread,
  message,
  messageAttachmentUpload,
  sendMessageBody,
  startConversationBody,
  streamQuery,
  unreadCount,
} from '../contracts/messages.js';
import { defineOps } from './op.js';
import * as routes from './messages.js';

const byId = z.object({ id: uuid });
const byMessage = z.object({ id: uuid, messageId: uuid });
const stream =
  'Server-Sent Events: `message` events (id = seq; send `Last-Event-ID` or `?after=` to resume), heartbeat comments';

export const messagesOps = defineOps(routes, {
  listMyConversations: {
    tags: ['messages'],
    summary: 'The signed-in buyer’s conversations with this store (marks new messages received)',
    response: { 200: conversationList },
  },
  startConversation: {
    tags: ['messages'],
    summary: 'Write to the store about a product, an order, a quote or in general (reuses the subject’s conversation)',
    body: startConversationBody,
    response: { 201: conversationThread },
  },
  myUnreadMessages: {
    tags: ['messages'],
    summary: 'Messages of the store not viewed yet',
    response: { 200: unreadCount },
  },
  streamMyMessages: { tags: ['messages'], summary: stream, querystring: streamQuery },
  uploadMyAttachment: {
    tags: ['messages'],
    summary: 'Upload an image or a PDF (multipart field `file`) to attach to a message',
    consumes: ['multipart/form-data'],
    response: { 201: messageAttachmentUpload },
  },
  getMyConversation: {
    tags: ['messages'],
    summary: 'One conversation and its latest messages (marks the store’s messages viewed)',
    params: byId,
    response: { 200: conversationThread },
  },
  sendMyMessage: {
    tags: ['messages'],
    summary: 'Send a message to the store',
    params: byId,
    body: sendMessageBody,
    response: { 201: message },
  },
  readMyConversation: {
    tags: ['messages'],
    summary: 'Mark the store’s messages of a conversation viewed',
    params: byId,
    response: { 200: unreadCount },
  },
  blockStore: {
    tags: ['messages'],
    summary: 'Block or unblock the store (no messages either way while blocked)',
    params: byId,
    body: blockBody,
    response: { 200: conversationSummary },
  },
  downloadMyAttachment: { tags: ['messages'], summary: 'A message’s attachment', params: byMessage },

  listStoreConversations: {
    tags: ['admin', 'messages'],
    summary: 'The store’s conversations with buyers (marks new messages received)',
    response: { 200: conversationList },
  },
  storeUnreadMessages: {
    tags: ['admin', 'messages'],
    summary: 'Buyers’ messages the store has not viewed yet',
    response: { 200: unreadCount },
  },
  streamStoreMessages: { tags: ['admin', 'messages'], summary: stream, querystring: streamQuery },
  uploadStoreAttachment: {
    tags: ['admin', 'messages'],
    summary: 'Upload an image or a PDF (multipart field `file`) to attach to a message',
    consumes: ['multipart/form-data'],
    response: { 201: messageAttachmentUpload },
  },
  getStoreConversation: {
    tags: ['admin', 'messages'],
    summary: 'One conversation and its latest messages (marks the buyer’s messages viewed)',
    params: byId,
    response: { 200: conversationThread },
  },
  sendStoreMessage: {
    tags: ['admin', 'messages'],
    summary: 'Answer the buyer',
    params: byId,
    body: sendMessageBody,
    response: { 201: message },
  },
  readStoreConversation: {
    tags: ['admin', 'messages'],
    summary: 'Mark the buyer’s messages of a conversation viewed',
    params: byId,
    response: { 200: unreadCount },
  },
  blockBuyer: {
    tags: ['admin', 'messages'],
    summary: 'Block or unblock the buyer (no messages either way while blocked)',
    params: byId,
    body: blockBody,
    response: { 200: conversationSummary },
  },
  downloadStoreAttachment: { tags: ['admin', 'messages'], summary: 'A message’s attachment', params: byMessage },
});
