/**
 * Buyer-seller messages (`/messages`, `/admin/mensajes`; bubbles sent, received, viewed): request and
 * answer shapes shared by the server and both web apps. Text is plain (shown as text, never as HTML), at most
 * MESSAGE_MAX_LENGTH characters. Times are ISO strings.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../limits.js';
import { codigo, text, uuid } from './common.js';

/** Which side of a conversation wrote a message, or is asking. */
export const messageSide = z.enum(['buyer', 'store']);
export type MessageSide = z.infer<typeof messageSide>;

/**
 * A bubble's delivery state (decision 152): `sent` stored; `received` reached the other side (their app was open on
 * the stream or they loaded their inbox); `viewed` the other side opened the conversation.
 */
export const deliveryState = z.enum(['sent', 'received', 'viewed']);
export type DeliveryState = z.infer<typeof deliveryState>;

/** What a conversation is about: a product (by code), an order or a quote (by id), or the store in general. */
export const subjectInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), codigo }),
  z.object({ kind: z.literal('order'), id: uuid }),
  z.object({ kind: z.literal('quote'), id: uuid }),
  z.object({ kind: z.literal('store') }),
]);
export type SubjectInput = z.infer<typeof subjectInput>;

/** The subject card: a product's name, code, image base and price; an order's or a quote's id; nothing for the store. */
export const subjectCard = z.object({
  kind: z.enum(['product', 'order', 'quote', 'store']),
  id: z.string().nullable(),
  title: z.string().nullable(),
  codigo: z.string().nullable(),
  image: z.string().nullable(),
  priceCents: z.number().int().nullable(),
});
export type SubjectCard = z.infer<typeof subjectCard>;

export const messageAttachment = z.object({
  kind: z.enum(['image', 'pdf']),
  name: z.string(),
  bytes: z.number().int(),
});

export const message = z.object({
  id: uuid,
  /** The stream's event id: rises with every change of any message (new, received, viewed); decision 153. */
  seq: z.number().int(),
  conversationId: uuid,
  from: messageSide,
  body: z.string(),
  attachment: messageAttachment.nullable(),
  state: deliveryState,
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const conversationSummary = z.object({
  id: uuid,
  subject: subjectCard,
  buyerName: z.string(),
  storeName: z.string(),
  lastMessage: z.object({ body: z.string(), from: messageSide, at: z.string(), state: deliveryState }).nullable(),
  /** Messages of the other side this side has not viewed. */
  unread: z.number().int(),
  /** This side blocked the other (nothing more can be sent either way). */
  blockedByMe: z.boolean(),
  blockedByOther: z.boolean(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ conversations: z.array(conversationSummary), unread: z.number().int() });
export type ConversationList = z.infer<typeof conversationList>;

export const conversationThread = z.object({ conversation: conversationSummary, messages: z.array(message) });
export type ConversationThread = z.infer<typeof conversationThread>;

const messageText = text({ max: MESSAGE_MAX_LENGTH, multiline: true });

/** A new message: text, an attachment uploaded first (its id), or both. */
export const sendMessageBody = z
  .object({ body: messageText.default(''), attachmentId: uuid.optional() })
  .refine((b) => b.body.length > 0 || b.attachmentId, { message: 'i18n:message_empty', path: ['body'] });
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** A buyer's first message about a subject (the conversation is reused when one exists). */
export const startConversationBody = z
  .object({ subject: subjectInput, body: messageText.default(''), attachmentId: uuid.optional() })
  .refine((b) => b.body.length > 0 || b.attachmentId, { message: 'i18n:message_empty', path: ['body'] });
export type StartConversationBody = z.infer<typeof startConversationBody>;

export const blockBody = z.object({ blocked: z.boolean() });

export const unreadCount = z.object({ unread: z.number().int() });

export const messageAttachmentUpload = z.object({ id: uuid, kind: z.enum(['image', 'pdf']), name: z.string() });
export type MessageAttachmentUpload = z.infer<typeof messageAttachmentUpload>;

/** Server-Sent Events of `streamMessages`: `message` (id = seq, data = a Message), `ready`, comments as heartbeats. */
export const streamQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  /** `1`: send what is new and close (a client behind a proxy that holds event streams back polls instead). */
  poll: z.enum(['1']).optional(),
});
