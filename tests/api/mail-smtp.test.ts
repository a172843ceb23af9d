/**
 * Mail through a real SMTP server (SMTP_URL; decision 143): an smtp-server on 127.0.0.1 receives what the app sends,
 * parsed with mailparser. The password reset, the collaborator invitation, the order confirmation and the OXXO voucher
 * arrive from MAIL_FROM to the right person with their subject, a text and an HTML part and their link; every message
 * is DKIM-signed for the configured domain. A server that refuses a message fails the job, and the retry delivers one
 * copy with the same Message-ID; a message a failed attempt already delivered is not sent again by the retry.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { buyOneItemPaid } from '../helpers/payments.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { loadConfig } from '../../src/server/config.js';
import type { JobRun } from '../../src/server/jobs/index.js';
import type { PlaceOrderResponse } from '../../src/shared/contracts/checkout.js';

const USER = 'vitrina';
const PASSWORD = 'cl@ve:segura/2026';
const FROM = 'avisos@correo.vitrina.test';

/** What the test server received: each accepted message (raw and parsed) and every DATA it answered. */
interface Received {
  to: string;
  raw: string;
  mail: ParsedMail;
}

describe('mail through SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  let store: StoreFixture;
  const received: Received[] = [];
  /** Recipient and Message-ID of each message the server answered 451 to. */
  const refused: { to: string; messageId: string }[] = [];
  /** Decides, for each message the server gets, whether to answer 451 (none: every message is accepted). */
  let refuse: ((to: string, raw: string) => boolean) | null = null;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const mailsTo = (email: string) => received.filter((r) => r.to === email);
  const only = (email: string) => {
    const list = mailsTo(email);
    expect(list, `mails to ${email}`).toHaveLength(1);
    return list[0]!.mail;
  };
  /** The From, To, Subject and both parts of `mail`, and the one link of the text matching `path` (also in the HTML). */
  const checkMail = (mail: ParsedMail, to: string, subject: string | RegExp, path: RegExp) => {
    expect(mail.from?.value[0]?.address).toBe(FROM);
    expect(mail.from?.value[0]?.name).toBe('Vitrina Avisos');
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address).toBe(to);
    if (typeof subject === 'string') expect(mail.subject).toBe(subject);
    else expect(mail.subject).toMatch(subject);
    expect(mail.text).toBeTruthy();
    expect(mail.html).toBeTruthy();
    const link = new URL(/https?:\/\/\S+/.exec((mail.text ?? '').split('\n').find((l) => path.test(l)) ?? '')![0]!);
    expect(mail.html as string).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    return link;
  };

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === USER && auth.password === PASSWORD) cb(null, { user: USER });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo[0]!.address;
          if (refuse?.(to, raw)) {
            refused.push({ to, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '' });
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            cb(err);
            return;
          }
          simpleParser(raw).then(
            (mail) => {
              received.push({ to, raw, mail });
              cb();
            },
            (err: Error) => cb(err),
          );
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`,
      MAIL_FROM: `Vitrina Avisos <${FROM}>`,
      DKIM_DOMAIN: 'correo.vitrina.test',
      DKIM_SELECTOR: 'vitrina2026',
      // As an environment variable is often written: on one line, with \n for the newlines.
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      // A refused message's retry runs within the test's drain.
      JOB_RETRY_DELAY_SECONDS: '0',
    });
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db, { name: 'Tienda Correo' });
    await createProductFixture(t.database.db, store.id, {
      codigo: 'SMTP',
      variants: [{ sku: 'SMTP-1', options: {}, priceCents: 25000, stock: 50 }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the password-reset email with the store link and its token, signed with DKIM', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      headers: { 'x-store-domain': store.hostname },
      payload: { email: buyer.email },
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    const mail = only(buyer.email);
    const link = checkMail(mail, buyer.email, 'Restablece tu contraseña', /\/recuperar\/token\?token=/);
    expect(link.hostname).toBe(store.hostname);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The link works: the token in the email is the one the store knows.
    const check = await t.app.inject({
      url: `/api/auth/reset/${link.searchParams.get('token')}`,
      headers: { 'x-store-domain': store.hostname },
    });
    expect(check.statusCode).toBe(200);
    const dkim = mail.headers.get('dkim-signature') as { params: Record<string, string> };
    expect(dkim.params).toMatchObject({ a: 'rsa-sha256', d: 'correo.vitrina.test', s: 'vitrina2026' });
    expect(dkim.params.h).toMatch(/from:subject/);
    // A Message-ID of the job's, on the sender's domain.
    expect(mail.messageId).toMatch(/^<job-[0-9a-f-]+-[0-9a-f]{16}@correo\.vitrina\.test>$/);
  });

  it('delivers the collaborator invitation with the platform link and its token', async () => {
    const owner = await createSellerFixture(t.app, store.id);
    const email = `colaboradora-${randomUUID()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collaborators/invitations',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { email, permissions: ['catalog'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    // A job mails it, once the invitation is committed.
    await t.app.jobs.drain();
    const link = checkMail(only(email), email, 'Te invitaron a colaborar en Tienda Correo', /\/admin\/invitacion\//);
    expect(link.hostname).toBe('localhost');
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    const info = await t.app.inject({ url: `/api/platform/invitations/${token}` });
    expect(info.json()).toMatchObject({ storeName: 'Tienda Correo', email });
  });

  it('delivers the order confirmation of a paid order with the link to follow it', async () => {
    const email = `pagado-${randomUUID()}@example.com`;
    const order = await buyOneItemPaid(t.app, { store }, { codigo: 'SMTP', sku: 'SMTP-1' }, { email });
    await t.app.jobs.drain();
    const link = checkMail(
      only(email),
      email,
      `Tu pedido ${order.folio} en Tienda Correo está confirmado`,
      /\/pedidos\/pedido\?/,
    );
    expect(link.hostname).toBe(store.hostname);
    expect(link.searchParams.get('id')).toBe(order.id);
    expect(link.searchParams.get('t')).toBeTruthy();
  });

  it('delivers the OXXO voucher email with the reference and the order link', async () => {
    const email = `oxxo-${randomUUID()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': store.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        email,
        items: [{ codigo: 'SMTP', sku: 'SMTP-1', quantity: 1 }],
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json() as PlaceOrderResponse;
    await t.app.jobs.drain();
    const mail = only(email);
    const link = checkMail(
      mail,
      email,
      `Tu pedido ${placed.order.folio} en Tienda Correo: paga en OXXO para confirmarlo`,
      /\/pedidos\/pedido\?/,
    );
    expect(link.hostname).toBe(store.hostname);
    expect(link.searchParams.get('id')).toBe(placed.order.id);
    expect(mail.text).toContain(placed.order.payment!.reference!);
    expect(mail.html).toContain(placed.order.payment!.reference!);
  });

  it('fails the job when the server refuses the message; the retry delivers one copy with the same Message-ID', async () => {
    const buyer = await createCustomerFixture(t.app, store);
    let seen = 0;
    refuse = (to) => to === buyer.email && seen++ === 0;
    const failed: JobRun[] = [];
    const onFailed = (run: JobRun) => failed.push(run);
    t.app.jobs.events.on('failed', onFailed);
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        headers: { 'x-store-domain': store.hostname },
        payload: { email: buyer.email },
      });
      await t.app.jobs.drain();
    } finally {
      t.app.jobs.events.off('failed', onFailed);
      refuse = null;
    }
    expect(failed.map((f) => f.name)).toEqual(['password-reset-email']);
    expect(String((failed[0]!.error as Error).message)).toMatch(/451/);
    const mail = only(buyer.email);
    expect(refused.at(-1)).toEqual({ to: buyer.email, messageId: mail.messageId });
    const job = await t.app.jobs.getJob('password-reset-email', failed[0]!.id);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('retries a refused invitation email through the queue: one copy, the same Message-ID, a link that works', async () => {
    const owner = await createSellerFixture(t.app, store.id);
    const email = `rechazada-${randomUUID()}@example.com`;
    let seen = 0;
    refuse = (to) => to === email && seen++ === 0;
    const failed: JobRun[] = [];
    const onFailed = (run: JobRun) => failed.push(run);
    t.app.jobs.events.on('failed', onFailed);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/collaborators/invitations',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { email, permissions: ['orders'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.jobs.drain();
    } finally {
      t.app.jobs.events.off('failed', onFailed);
      refuse = null;
    }
    expect(failed.map((f) => f.name)).toEqual(['invitation-email']);
    const mail = only(email);
    expect(refused.at(-1)).toEqual({ to: email, messageId: mail.messageId });
    expect((await t.app.jobs.getJob('invitation-email', failed[0]!.id))?.state).toBe('completed');
    // The retry wrote the same link as the refused attempt, and it is the invitation's.
    const link = checkMail(mail, email, 'Te invitaron a colaborar en Tienda Correo', /\/admin\/invitacion\//);
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    const info = await t.app.inject({ url: `/api/platform/invitations/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, permissions: ['orders'] });
  });

  it('does not send again, on the retry, what a failed attempt already delivered to another owner', async () => {
    const other = await createStoreFixture(t.database.db, { name: 'Tienda Dos Dueñas' });
    const emails = [
      (await createSellerFixture(t.app, other.id)).email,
      (await createSellerFixture(t.app, other.id)).email,
    ];
    // The job's second message (to whichever owner it mails second) is refused once, after the first was delivered.
    let bankMails = 0;
    refuse = (to) => emails.includes(to) && ++bankMails === 2;
    const failed: JobRun[] = [];
    const onFailed = (run: JobRun) => failed.push(run);
    t.app.jobs.events.on('failed', onFailed);
    try {
      await t.app.jobs.enqueue('bank-account-email', {
        storeId: other.id,
        changedBy: randomUUID(),
        first: true,
        bankCode: '012',
        clabeLast4: '4321',
        holderName: 'Tienda Correo SA de CV',
        changedAt: new Date().toISOString(),
        heldUntil: null,
      });
      await t.app.jobs.drain();
      expect(failed.map((f) => f.name)).toEqual(['bank-account-email']);
      expect(emails.map((e) => mailsTo(e).length).sort()).toEqual([0, 1]);
      // The queue backs off (at least a second for this job); the later attempt finds what the first one delivered.
      const job = await t.app.jobs.getJob('bank-account-email', failed[0]!.id);
      expect(job?.state).toBe('retry');
      await new Promise((r) => setTimeout(r, Math.max(0, job!.startAfter.getTime() - Date.now()) + 100));
      await t.app.jobs.drain();
    } finally {
      t.app.jobs.events.off('failed', onFailed);
      refuse = null;
    }
    expect(failed).toHaveLength(1);
    // Three messages reached the server (one refused); each owner has exactly one copy.
    expect(bankMails).toBe(3);
    for (const email of emails)
      checkMail(only(email), email, 'Se agregó una cuenta bancaria a Tienda Dos Dueñas', /\/admin\/my-account-bank/);
    const last = refused.at(-1)!;
    expect(emails).toContain(last.to);
    expect(only(last.to).messageId).toBe(last.messageId);
  });

  it('refuses a bad SMTP_URL, MAIL_FROM or DKIM setting at start, naming the variable', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(load({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be a URL/);
    expect(load({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must start with smtp:\/\//);
    expect(load({ SMTP_URL: 'smtp://mail.example.com?pool=true' })).toThrow(/SMTP_URL: takes no query options/);
    expect(load({ MAIL_FROM: 'Vitrina' })).toThrow(/MAIL_FROM/);
    expect(load({ SMTP_URL: 'smtp://h:25', DKIM_DOMAIN: 'vitrina.mx' })).toThrow(
      /DKIM: signing needs DKIM_SELECTOR, DKIM_PRIVATE_KEY/,
    );
    expect(
      load({ SMTP_URL: 'smtp://h:25', DKIM_DOMAIN: 'vitrina.mx', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: 'nope' }),
    ).toThrow(/DKIM_PRIVATE_KEY: must be the PEM text of an RSA private key/);
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(load({ DKIM_DOMAIN: 'vitrina.mx', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: pem })).toThrow(
      /DKIM: signing needs SMTP_URL/,
    );
    expect(load({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'no-reply@vitrina.mx' })).not.toThrow();
  });
});
