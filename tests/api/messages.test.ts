/**
 * Buyer-seller messages (`/messages`, `/admin/mensajes`; bubbles sent, received, viewed): a buyer writes about a product, the
 * store answers (an owner, or a collaborator with the orders permission); states go sent -> received -> viewed as
 * each side loads its inbox and opens the conversation; unread counts follow. The hostile inputs: another store's or
 * another buyer's conversation (404), a 10 MB attachment (413, nothing written), 200 messages in a minute (429 after
 * the limit, nothing more written), blocks. The 10-minute email notice job. The live stream over real HTTP: a message
 * arrives as an SSE event, and a reconnect with Last-Event-ID gets exactly what it missed. With TEST_DATABASE_URL, two
 * app instances on one PostgreSQL: a message sent through one reaches a stream open on the other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createTwoInstances, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import { multipartBody, TEST_PDF } from '../helpers/uploads.js';
import { mailsTo } from '../helpers/outbox.js';
import { conversations, files, messages } from '../../src/server/db/schema/index.js';
import { sendMessageNotices } from '../../src/server/modules/messages/index.js';
import { MESSAGES_PER_MINUTE } from '../../src/shared/limits.js';
import { messageHub } from '../../src/server/modules/messages/message-stream.js';

type Inject = Awaited<ReturnType<FastifyInstance['inject']>>;

/** An SSE client over real HTTP: collects `message` events; `until` waits for a condition on them. */
function openStream(base: string, path: string, headers: Record<string, string>) {
  const events: { id: number; event: string; data: { id: string; state: string; body: string } }[] = [];
  let ready = false;
  let raw = '';
  const waiters: (() => void)[] = [];
  let req: http.ClientRequest;
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    req = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        let at;
        while ((at = raw.indexOf('\n\n')) >= 0) {
          const block = raw.slice(0, at);
          raw = raw.slice(at + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event === 'ready') ready = true;
          if (fields.event === 'message')
            events.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data) });
          waiters.splice(0).forEach((w) => w());
        }
      });
      resolve(res);
    });
    req.on('error', reject);
  });
  return {
    events,
    opened,
    async until(check: () => boolean, ms = 5000) {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error(`stream: timed out; events ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
    ready: () => ready,
    close: () => req.destroy(),
  };
}

describe('messages', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: string;
  let sellerB: string;
  let buyer: { email: string; token: string; userId: string };
  let otherBuyer: { token: string };
  let codigo: string;

  const asBuyer = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'x-store-domain': a.hostname, 'accept-language': lang },
    });
  const asSeller = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const count = async (table: typeof messages | typeof files, storeId: string) =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(eq(table.storeId, storeId))
      )[0]!.n,
    );
  const start = async (body = 'Hola, ¿tienen 500 piezas?', token = buyer.token): Promise<Inject> =>
    asBuyer(token, 'POST', '/api/messages', { subject: { kind: 'product', codigo }, body });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    codigo = (await createProductFixture(t.database.db, a.id, { name: 'Tornillo hexagonal' })).codigo;
    sellerA = (await createSellerFixture(t.app, a.id)).token;
    sellerB = (await createSellerFixture(t.app, b.id)).token;
    buyer = await createCustomerFixture(t.app, a);
    otherBuyer = await createCustomerFixture(t.app, a);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a buyer writes about a product; states go sent, received, viewed; unread counts follow', async () => {
    const started = await start();
    expect(started.statusCode).toBe(201);
    const thread = started.json();
    const id = thread.conversation.id as string;
    expect(thread.conversation.subject).toMatchObject({ kind: 'product', codigo, title: 'Tornillo hexagonal' });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ from: 'buyer', state: 'sent', body: 'Hola, ¿tienen 500 piezas?' });

    // The same subject reuses the conversation.
    const again = await start('¿Y en color negro?');
    expect(again.json().conversation.id).toBe(id);

    expect((await asSeller(sellerA, 'GET', '/api/admin/messages/unread')).json()).toEqual({ unread: 2 });
    // The seller's inbox: the buyer's messages have reached the store.
    const inbox = (await asSeller(sellerA, 'GET', '/api/admin/messages')).json();
    expect(inbox.unread).toBe(2);
    expect(inbox.conversations[0]).toMatchObject({ id, buyerName: 'Comprador Prueba', unread: 2 });
    let mine = (await asBuyer(buyer.token, 'GET', `/api/messages/${id}`)).json();
    expect(mine.messages.map((m: { state: string }) => m.state)).toEqual(['received', 'received']);

    // The seller opens it: viewed; then answers.
    const opened = (await asSeller(sellerA, 'GET', `/api/admin/messages/${id}`)).json();
    expect(opened.conversation.unread).toBe(0);
    expect((await asSeller(sellerA, 'GET', '/api/admin/messages/unread')).json()).toEqual({ unread: 0 });
    const answer = await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'Sí, entrega en 5 días.' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ from: 'store', state: 'sent' });

    expect((await asBuyer(buyer.token, 'GET', '/api/messages/unread')).json()).toEqual({ unread: 1 });
    mine = (await asBuyer(buyer.token, 'GET', `/api/messages/${id}`)).json();
    expect(mine.messages.map((m: { state: string }) => m.state)).toEqual(['viewed', 'viewed', 'viewed']);
    expect((await asBuyer(buyer.token, 'GET', '/api/messages/unread')).json()).toEqual({ unread: 0 });
    const seen = (await asSeller(sellerA, 'GET', `/api/admin/messages/${id}`)).json();
    expect(seen.messages.at(-1)).toMatchObject({ from: 'store', state: 'viewed' });
  });

  it('text is plain and bounded, and a message needs text or a file', async () => {
    const html = await start('<b>hola</b><script>alert(1)</script>');
    expect(html.json().messages.at(-1).body).toBe('<b>hola</b><script>alert(1)</script>');
    const long = await start('x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    const empty = await start('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
  });

  it('nobody reaches another store’s or another buyer’s conversation', async () => {
    const id = (await start()).json().conversation.id as string;
    // The other store's seller: not found, not even a hint that it exists.
    for (const [method, url, body] of [
      ['GET', `/api/admin/messages/${id}`, undefined],
      ['POST', `/api/admin/messages/${id}`, { body: 'Hola' }],
      ['POST', `/api/admin/messages/${id}/read`, undefined],
      ['PUT', `/api/admin/messages/${id}/block`, { blocked: true }],
    ] as const) {
      const res = await asSeller(sellerB, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CONVERSATION_NOT_FOUND');
    }
    expect((await asSeller(sellerB, 'GET', '/api/admin/messages')).json().conversations).toEqual([]);
    // Another buyer of the same store.
    const other = await asBuyer(otherBuyer.token, 'POST', `/api/messages/${id}`, { body: 'Hola' }, 'en');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This conversation does not exist or is not yours.');
    expect((await asBuyer(otherBuyer.token, 'GET', '/api/messages')).json().conversations).toEqual([]);
    // The buyer's token on another store's domain is not a customer there.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { authorization: `Bearer ${buyer.token}`, 'x-store-domain': b.hostname },
    });
    expect(elsewhere.statusCode).toBe(401);
    // Nobody signed in.
    expect((await t.app.inject({ url: '/api/admin/messages' })).statusCode).toBe(401);
  });

  it('a conversation about an order or a quote is only about the buyer’s own', async () => {
    await seedPostalCodesFixture(t.database.db);
    const product = await createProductFixture(t.database.db, a.id, { name: 'Tuerca' });
    const order = await buyOneItemPaid(
      t.app,
      { store: a, token: buyer.token },
      { codigo: product.codigo, sku: product.skus[0]! },
      { email: buyer.email },
    );
    const quote = await asBuyer(buyer.token, 'POST', '/api/cotizaciones', {
      codigo: product.codigo,
      destinationCountry: 'mx',
      destinationCity: 'Monterrey',
      quantity: 1,
      services: { freight: false, insurance: false, customs: false, delivery: false, consulting: false },
      note: '',
    });
    expect(quote.statusCode).toBe(201);
    const quoteId = quote.json().id as string;
    // The owner writes about them.
    const mineOrder = await asBuyer(buyer.token, 'POST', '/api/messages', {
      subject: { kind: 'order', id: order.id },
      body: '¿Cuándo llega?',
    });
    expect(mineOrder.statusCode).toBe(201);
    expect(mineOrder.json().conversation.subject).toMatchObject({ kind: 'order', id: order.id });
    const mineQuote = await asBuyer(buyer.token, 'POST', '/api/messages', {
      subject: { kind: 'quote', id: quoteId },
      body: '¿Y con envío?',
    });
    expect(mineQuote.statusCode).toBe(201);
    // Another buyer of the same store: not found, and nothing written.
    const before = await count(messages, a.id);
    const theirOrder = await asBuyer(otherBuyer.token, 'POST', '/api/messages', {
      subject: { kind: 'order', id: order.id },
      body: 'Hola',
    });
    expect(theirOrder.statusCode).toBe(404);
    expect(theirOrder.json().code).toBe('ORDER_NOT_FOUND');
    const theirQuote = await asBuyer(otherBuyer.token, 'POST', '/api/messages', {
      subject: { kind: 'quote', id: quoteId },
      body: 'Hola',
    });
    expect(theirQuote.statusCode).toBe(404);
    expect(theirQuote.json().code).toBe('QUOTE_NOT_FOUND');
    expect(await count(messages, a.id)).toBe(before);
  });

  it('a collaborator with the orders permission answers for the store; one without it cannot', async () => {
    const id = (await start()).json().conversation.id as string;
    const sales = await createCollaboratorFixture(t.app, a.id, ['orders']);
    const catalog = await createCollaboratorFixture(t.app, a.id, ['catalog']);
    const res = await asSeller(sales.token, 'POST', `/api/admin/messages/${id}`, { body: 'Le atiendo yo.' });
    expect(res.statusCode).toBe(201);
    expect((await asSeller(catalog.token, 'GET', '/api/admin/messages')).statusCode).toBe(403);
  });

  it('attachments: a PDF goes through the files checks; 10 MB is refused with nothing written', async () => {
    const id = (await start()).json().conversation.id as string;
    const pdf = await multipartBody(TEST_PDF, 'cotizacion.pdf', 'application/pdf');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/messages/attachments',
      headers: { ...pdf.headers, authorization: `Bearer ${buyer.token}`, 'x-store-domain': a.hostname },
      payload: pdf.payload,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ kind: 'pdf', name: 'cotizacion.pdf' });
    const sent = await asBuyer(buyer.token, 'POST', `/api/messages/${id}`, { attachmentId: up.json().id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().attachment).toMatchObject({ kind: 'pdf', name: 'cotizacion.pdf' });
    const file = await asSeller(sellerA, 'GET', `/api/admin/messages/${id}/files/${sent.json().id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(TEST_PDF)).toBe(true);
    // The other store cannot download it.
    expect((await asSeller(sellerB, 'GET', `/api/admin/messages/${id}/files/${sent.json().id}`)).statusCode).toBe(404);

    const filesBefore = await count(files, a.id);
    const messagesBefore = await count(messages, a.id);
    const big = await multipartBody(Buffer.alloc(10 * 1024 * 1024, 1), 'enorme.pdf', 'application/pdf');
    for (const lang of ['es', 'en']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/messages/attachments',
        headers: {
          ...big.headers,
          authorization: `Bearer ${buyer.token}`,
          'x-store-domain': a.hostname,
          'accept-language': lang,
        },
        payload: big.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('FILE_TOO_LARGE');
      expect(res.json().message).toBe(
        lang === 'es' ? 'El archivo debe pesar menos de 5 MB.' : 'The file must be smaller than 5 MB.',
      );
    }
    expect(await count(files, a.id)).toBe(filesBefore);
    expect(await count(messages, a.id)).toBe(messagesBefore);
    // An id that is not a message upload of this store is refused, and nothing is written.
    const stray = await asBuyer(buyer.token, 'POST', `/api/messages/${id}`, {
      attachmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(stray.statusCode).toBe(422);
    expect(await count(messages, a.id)).toBe(messagesBefore);
    // An upload already attached cannot be attached again: the seller who saw it cannot carry it into another
    // buyer's conversation, nor the buyer into a second one.
    const otherId = (await start('¿Y en negro?', otherBuyer.token)).json().conversation.id as string;
    const reused = await asSeller(sellerA, 'POST', `/api/admin/messages/${otherId}`, {
      body: 'Mire este archivo',
      attachmentId: up.json().id,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('FILE_REFERENCE_INVALID');
    expect((await asBuyer(buyer.token, 'POST', `/api/messages/${id}`, { attachmentId: up.json().id })).statusCode).toBe(
      422,
    );
  });

  it(`200 messages in a minute: ${MESSAGES_PER_MINUTE} pass, the rest get a clear 429 and write nothing`, async () => {
    const spammer = await createCustomerFixture(t.app, a);
    const first = await start('1', spammer.token);
    const id = first.json().conversation.id as string;
    const statuses: number[] = [first.statusCode];
    let refusal: Inject | null = null;
    for (let i = 2; i <= 200; i++) {
      const res = await asBuyer(spammer.token, 'POST', `/api/messages/${id}`, { body: String(i) });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refusal ??= res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.slice(MESSAGES_PER_MINUTE).every((s) => s === 429)).toBe(true);
    expect(refusal!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refusal!.json().message).toMatch(/Demasiadas solicitudes/);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)` })
      .from(messages)
      .where(eq(messages.conversationId, id));
    expect(Number(row!.n)).toBe(MESSAGES_PER_MINUTE);
    // Another sender is not held back by this one.
    expect((await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'Calma' })).statusCode).toBe(201);
  });

  it('a store blocks a buyer and a buyer blocks a store: nothing is sent either way until unblocked', async () => {
    const blocker = await createCustomerFixture(t.app, a);
    const id = (await start('Hola', blocker.token)).json().conversation.id as string;
    const blocked = await asSeller(sellerA, 'PUT', `/api/admin/messages/${id}/block`, { blocked: true });
    expect(blocked.json()).toMatchObject({ blockedByMe: true, blockedByOther: false });
    const refused = await asBuyer(blocker.token, 'POST', `/api/messages/${id}`, { body: 'Hola?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MESSAGING_BLOCKED');
    // A new conversation about another subject is refused too.
    const general = await asBuyer(blocker.token, 'POST', '/api/messages', { subject: { kind: 'store' }, body: 'Hola' });
    expect(general.statusCode).toBe(403);
    expect((await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'x' })).statusCode).toBe(403);
    await asSeller(sellerA, 'PUT', `/api/admin/messages/${id}/block`, { blocked: false });
    expect((await asBuyer(blocker.token, 'POST', `/api/messages/${id}`, { body: 'Gracias' })).statusCode).toBe(201);

    const mine = await asBuyer(blocker.token, 'PUT', `/api/messages/${id}/block`, { blocked: true });
    expect(mine.json()).toMatchObject({ blockedByMe: true });
    expect((await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'x' })).statusCode).toBe(403);
    const list = (await asSeller(sellerA, 'GET', '/api/admin/messages')).json();
    expect(list.conversations.find((c: { id: string }) => c.id === id)).toMatchObject({ blockedByOther: true });
  });

  it('a party who has not seen a message in 10 minutes gets one email notice, then none within the hour', async () => {
    const quiet = await createCustomerFixture(t.app, a);
    const id = (await start('¿Hacen envíos a Monterrey?', quiet.token)).json().conversation.id as string;
    await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'Sí, por paquetería.' });
    const ctx = { db: t.app.db, providers: t.app.providers, config: t.app.config };
    const before = mailsTo(t.dataDir, quiet.email).length;
    // Fresh messages: nobody is mailed yet.
    await sendMessageNotices(ctx);
    expect(mailsTo(t.dataDir, quiet.email)).toHaveLength(before);
    const age = async (minutes: number) =>
      t.database.db
        .update(messages)
        .set({ createdAt: sql`${messages.createdAt} - make_interval(mins => ${minutes})` })
        .where(eq(messages.conversationId, id));
    await age(11);
    await sendMessageNotices(ctx);
    const mails = mailsTo(t.dataDir, quiet.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatch(/te escribió/);
    expect(mails.at(-1)).toMatch(/\/messages/);
    // Another message from the store, unseen for 10 minutes: still no second notice within the hour.
    await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: '¿Algo más?' });
    await age(11);
    await sendMessageNotices(ctx);
    expect(mailsTo(t.dataDir, quiet.email)).toHaveLength(before + 1);
    // An hour later it may be mailed again; a viewed conversation never.
    await t.database.db
      .update(conversations)
      .set({ buyerNoticedAt: sql`now() - interval '61 minutes'` })
      .where(eq(conversations.id, id));
    await asBuyer(quiet.token, 'GET', `/api/messages/${id}`);
    await sendMessageNotices(ctx);
    expect(mailsTo(t.dataDir, quiet.email)).toHaveLength(before + 1);
  });

  describe('the live stream over HTTP', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    it('a new message arrives as an event; a reconnect with Last-Event-ID gets what it missed, once', async () => {
      const live = await createCustomerFixture(t.app, a);
      const id = (await start('Primero', live.token)).json().conversation.id as string;
      const seller = { authorization: `Bearer ${sellerA}` };
      const stream = openStream(base, '/api/admin/messages/stream', seller);
      const res = await stream.opened;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      await stream.until(stream.ready);

      await asBuyer(live.token, 'POST', `/api/messages/${id}`, { body: 'En vivo' });
      await stream.until(() => stream.events.some((e) => e.data.body === 'En vivo'));
      const seen = stream.events.at(-1)!;
      stream.close();

      // While disconnected: two messages, and the seller's own answer.
      await asBuyer(live.token, 'POST', `/api/messages/${id}`, { body: 'Perdido 1' });
      await asBuyer(live.token, 'POST', `/api/messages/${id}`, { body: 'Perdido 2' });
      const resumed = openStream(base, '/api/admin/messages/stream', { ...seller, 'last-event-id': String(seen.id) });
      await resumed.opened;
      await resumed.until(resumed.ready);
      const bodies = resumed.events.map((e) => e.data.body);
      expect(bodies).toEqual(['Perdido 1', 'Perdido 2']);
      expect(resumed.events.every((e) => e.id > seen.id)).toBe(true);
      const ids = resumed.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);

      // The buyer's side hears the receipts: its messages became received when the seller's stream got them, and
      // viewed when the seller opened the conversation.
      const buyerStream = openStream(base, '/api/messages/stream?after=0', {
        authorization: `Bearer ${live.token}`,
        'x-store-domain': a.hostname,
      });
      await buyerStream.opened;
      await buyerStream.until(buyerStream.ready);
      const latest = (body: string) => buyerStream.events.filter((e) => e.data.body === body).at(-1)?.data.state;
      expect(latest('Perdido 2')).toBe('received');
      await asSeller(sellerA, 'GET', `/api/admin/messages/${id}`);
      await buyerStream.until(() => latest('Perdido 2') === 'viewed');
      buyerStream.close();
      resumed.close();
    });

    it('polled (poll=1), a stream sends what is new after the given seq and ends', async () => {
      const id = (await start('Para el sondeo')).json().conversation.id as string;
      const res = await asSeller(sellerA, 'GET', '/api/admin/messages/stream?after=0&poll=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.body).toContain('Para el sondeo');
      const last = Number(/event: ready\ndata: \{"seq":(\d+)\}/.exec(res.body)![1]);
      // Nothing new after the seq it ended at; the other store's seller polls nothing of this store.
      const again = await asSeller(sellerA, 'GET', `/api/admin/messages/stream?after=${last}&poll=1`);
      expect(again.body).not.toContain('event: message');
      const other = await asSeller(sellerB, 'GET', '/api/admin/messages/stream?after=0&poll=1');
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('Para el sondeo');
      expect(id).toBeTruthy();
    });

    it('the other store’s seller hears nothing of this store', async () => {
      const other = openStream(base, '/api/admin/messages/stream', { authorization: `Bearer ${sellerB}` });
      await other.opened;
      await other.until(other.ready);
      const id = (await start('Solo para A')).json().conversation.id as string;
      await asSeller(sellerA, 'POST', `/api/admin/messages/${id}`, { body: 'Respuesta de A' });
      await t.app.changeFeed.sync();
      await new Promise((r) => setTimeout(r, 200));
      expect(other.events).toEqual([]);
      other.close();
      // Every stream of these tests is closed by its client: the instance lets go of each one.
      const hub = messageHub(t.app.changeFeed);
      for (let i = 0; hub.size > 0 && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
      expect(hub.size).toBe(0);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('messages across two instances on one PostgreSQL', () => {
  it('a message sent through one instance reaches a stream open on the other', async () => {
    const two = await createTwoInstances();
    try {
      const store = await createStoreFixture(two.database.db);
      const { codigo } = await createProductFixture(two.database.db, store.id);
      const seller = (await createSellerFixture(two.a, store.id)).token;
      const buyer = await createCustomerFixture(two.a, store);
      await two.b.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(two.b.server.address() as AddressInfo).port}`;
      const stream = openStream(base, '/api/admin/messages/stream', { authorization: `Bearer ${seller}` });
      await stream.opened;
      await stream.until(stream.ready);
      const started = await two.a.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${buyer.token}`, 'x-store-domain': store.hostname },
        payload: { subject: { kind: 'product', codigo }, body: 'Desde la instancia A' },
      });
      expect(started.statusCode).toBe(201);
      await stream.until(() => stream.events.some((e) => e.data.body === 'Desde la instancia A'));
      stream.close();
    } finally {
      await two.close();
    }
  });
});
