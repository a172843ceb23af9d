/**
 * HTTP routes of messages: the signed-in buyer's side on the storefront (`/api/messages...`, customerContext) and the
 * store's side in the admin (`/api/admin/messages...`, an owner or a collaborator with the orders permission, who
 * sells for the store). Attachments are multipart uploads with the files module's size limit; the streams are
 * Server-Sent Events (message-stream.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagesOps as ops } from '../../../shared/routes/messages.ops.js';
import { MAX_FILE_BYTES } from '../../../shared/contracts/files.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { readUploadedFile } from '../../lib/multipart-file.js';
import { customerContext, requestOrigin, sellerContext } from '../../plugins/request-context.js';
import {
  downloadAttachment,
  getConversation,
  listConversations,
  markConversationViewed,
  sendMessage,
  setBlocked,
  startConversation,
  unreadMessages,
  uploadAttachment,
  type MessagesContext,
} from './messages.service.js';
import { messageHub, serveMessageStream } from './message-stream.js';

const buyer = (request: FastifyRequest): MessagesContext => customerContext(request);
const store = (request: FastifyRequest): MessagesContext => sellerContext(request, 'orders');

async function upload(ctx: MessagesContext, request: FastifyRequest, reply: FastifyReply) {
  const { data, fileName } = await readUploadedFile(
    request,
    () => new AppError('FILE_TOO_LARGE', { maxMb: MAX_FILE_BYTES / 1024 / 1024 }),
  );
  return reply.code(201).send(await uploadAttachment(ctx, data, fileName));
}

async function download(
  ctx: MessagesContext,
  params: { id: string; messageId: string },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const file = await downloadAttachment(ctx, params.id, params.messageId);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One file per request; a byte more than the limit is refused with FILE_TOO_LARGE before anything is stored.
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => messageHub(app.changeFeed).closeAll());

  route(app, ops.listMyConversations, async (request) => listConversations(buyer(request)));
  route(app, ops.startConversation, async (request, reply) =>
    reply.code(201).send(await startConversation(buyer(request), request.body, requestOrigin(request))),
  );
  route(app, ops.myUnreadMessages, async (request) => ({ unread: await unreadMessages(buyer(request)) }));
  route(app, ops.streamMyMessages, async (request, reply) =>
    serveMessageStream(buyer(request), request, reply, request.query),
  );
  route(app, ops.uploadMyAttachment, async (request, reply) => upload(buyer(request), request, reply));
  route(app, ops.getMyConversation, async (request) => getConversation(buyer(request), request.params.id));
  route(app, ops.sendMyMessage, async (request, reply) =>
    reply.code(201).send(await sendMessage(buyer(request), request.params.id, request.body)),
  );
  route(app, ops.readMyConversation, async (request) => markConversationViewed(buyer(request), request.params.id));
  route(app, ops.blockStore, async (request) => setBlocked(buyer(request), request.params.id, request.body.blocked));
  route(app, ops.downloadMyAttachment, async (request, reply) => download(buyer(request), request.params, reply));

  route(app, ops.listStoreConversations, async (request) => listConversations(store(request)));
  route(app, ops.storeUnreadMessages, async (request) => ({ unread: await unreadMessages(store(request)) }));
  route(app, ops.streamStoreMessages, async (request, reply) =>
    serveMessageStream(store(request), request, reply, request.query),
  );
  route(app, ops.uploadStoreAttachment, async (request, reply) => upload(store(request), request, reply));
  route(app, ops.getStoreConversation, async (request) => getConversation(store(request), request.params.id));
  route(app, ops.sendStoreMessage, async (request, reply) =>
    reply.code(201).send(await sendMessage(store(request), request.params.id, request.body)),
  );
  route(app, ops.readStoreConversation, async (request) => markConversationViewed(store(request), request.params.id));
  route(app, ops.blockBuyer, async (request) => setBlocked(store(request), request.params.id, request.body.blocked));
  route(app, ops.downloadStoreAttachment, async (request, reply) => download(store(request), request.params, reply));
};

export default routes;
