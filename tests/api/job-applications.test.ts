/**
 * Job applications (decisions 168, 169): a shopper sends the public form of a store with a CV that must be a PDF by
 * its content (a PNG renamed `.pdf` is refused with a translated 415), within the field limits; the store's owner
 * lists, downloads, marks reviewed and deletes (the file too); another store's owner, a collaborator and a shopper
 * see nothing of it; the daily job deletes applications older than 12 months with their files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createCustomerFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { TEST_PDF, testImage } from '../helpers/uploads.js';
import { mailsTo } from '../helpers/outbox.js';
import { jobApplications } from '../../src/server/db/schema/index.js';
import { expireJobApplications } from '../../src/server/modules/applications/index.js';

const FIELDS = {
  fullName: 'Ana López',
  email: 'ana@example.com',
  phone: '55 1234 5678',
  position: 'Vendedora de mostrador',
  letter: 'Tengo tres años de experiencia atendiendo clientes en tiendas de ropa.',
  consent: 'true',
};

/** The public form as a browser sends it: the text fields, then the CV as `file`. */
async function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: f });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

describe('job applications', { timeout: 120_000 }, () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let ownerA: { token: string; email: string };
  let ownerB: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    ownerA = await createSellerFixture(t.app, a.id);
    ownerB = await createSellerFixture(t.app, b.id);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  let ip = 10;
  async function apply(
    store: StoreFixture,
    fields: Record<string, string>,
    file?: { data: Buffer; name: string; type: string },
    locale = 'es',
  ) {
    const body = await form(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/bolsa_trabajo',
      headers: { 'content-type': body.contentType, 'x-store-domain': store.hostname, 'accept-language': locale },
      payload: body.payload,
      // Each call from its own address: the per-address limit has its own test.
      remoteAddress: `10.0.0.${ip++}`,
    });
  }
  const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const pdf = { data: TEST_PDF, name: 'cv-ana.pdf', type: 'application/pdf' };

  it('refuses a PNG renamed .pdf, a missing CV, bad fields and no consent, in the shopper’s language', async () => {
    const png = await testImage(400, 400);
    let res = await apply(a, FIELDS, { data: png, name: 'cv.pdf', type: 'application/pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'JOB_CV_NOT_PDF', message: expect.stringContaining('PDF') });
    res = await apply(a, FIELDS, { data: png, name: 'cv.pdf', type: 'application/pdf' }, 'en');
    expect(res.json().message).toBe('The CV must be a PDF file (we check its content, not its name).');

    res = await apply(a, FIELDS);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FILE_REQUIRED');

    res = await apply(a, { ...FIELDS, phone: '123', email: 'no-es-correo', consent: 'false', letter: 'corta' }, pdf);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; code: string; message: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(['consent', 'email', 'letter', 'phone']);
    expect(fields.find((f) => f.path === 'consent')!.message).toBe(
      'Acepta el aviso de privacidad para enviar tu solicitud.',
    );
    res = await apply(a, { ...FIELDS, letter: 'x'.repeat(2001) }, pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ path: 'letter', code: 'too_big_string' });

    // Not multipart at all.
    res = await t.app.inject({
      method: 'POST',
      url: '/api/bolsa_trabajo',
      headers: { 'x-store-domain': a.hostname },
      payload: FIELDS,
    });
    expect(res.statusCode).toBe(415);
    expect(await t.database.db.select().from(jobApplications)).toHaveLength(0);
  });

  it('accepts a valid PDF; the owner lists, reads, downloads, marks reviewed; the owner is mailed', async () => {
    const res = await apply(a, FIELDS, pdf);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row).toMatchObject({
      storeId: a.id,
      phone: '+525512345678',
      email: 'ana@example.com',
      cvName: 'cv-ana.pdf',
    });
    // Private storage only: no public URL is ever made for it.
    expect(row!.cvKey).toBe(`${a.id}/applications/${id}.pdf`);
    expect(await t.app.providers.storage.get(row!.cvKey)).toBeNull();

    let list = (await as(ownerA.token, 'GET', '/api/admin/job-applications')).json();
    expect(list).toMatchObject({ total: 1, unread: 1, page: 1 });
    expect(list.applications[0]).toMatchObject({
      id,
      fullName: 'Ana López',
      reviewed: false,
      cvBytes: TEST_PDF.length,
    });

    const cv = await as(ownerA.token, 'GET', `/api/admin/job-applications/${id}/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toBe('attachment; filename="cv-ana.pdf"');
    expect(cv.rawPayload.equals(TEST_PDF)).toBe(true);

    expect(
      (await as(ownerA.token, 'POST', `/api/admin/job-applications/${id}/reviewed`, { reviewed: true })).statusCode,
    ).toBe(200);
    list = (await as(ownerA.token, 'GET', '/api/admin/job-applications?status=unread')).json();
    expect(list).toMatchObject({ total: 0, unread: 0 });
    list = (await as(ownerA.token, 'GET', '/api/admin/job-applications?status=reviewed')).json();
    expect(list.applications.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await as(ownerA.token, 'GET', `/api/admin/job-applications/${id}`)).json().reviewed).toBe(true);

    await t.app.jobs.drain();
    const mail = mailsTo(t.dataDir, ownerA.email);
    expect(mail.join('\n')).toContain('Ana López');
    expect(mail.join('\n')).toContain('/admin/mis-datos/solicitudes');
    // The letter and the CV stay behind the sign-in.
    expect(mail.join('\n')).not.toContain('tres años de experiencia');
  });

  it('another store’s owner, a collaborator and a shopper cannot list, read, download, mark or delete it', async () => {
    const { id } = (await apply(a, { ...FIELDS, fullName: 'Luis Pérez' }, pdf)).json();
    const collaborator = await createCollaboratorFixture(t.app, a.id, ['settings', 'orders', 'catalog', 'money']);
    const shopper = await createCustomerFixture(t.app, a);
    expect((await as(ownerB.token, 'GET', '/api/admin/job-applications')).json()).toMatchObject({ total: 0 });
    for (const token of [ownerB.token, collaborator.token, shopper.token]) {
      for (const [method, url, body] of [
        ['GET', `/api/admin/job-applications/${id}`],
        ['GET', `/api/admin/job-applications/${id}/cv`],
        ['POST', `/api/admin/job-applications/${id}/reviewed`, { reviewed: true }],
        ['DELETE', `/api/admin/job-applications/${id}`],
      ] as const) {
        const res = await as(token, method, url, body);
        expect([401, 403, 404], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect((await as(collaborator.token, 'GET', '/api/admin/job-applications')).statusCode).toBe(403);
    // Not signed in.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/job-applications/${id}/cv` })).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row!.reviewedAt).toBeNull();

    // The owner deletes it: the row and the file.
    expect((await as(ownerA.token, 'DELETE', `/api/admin/job-applications/${id}`)).statusCode).toBe(200);
    expect(await t.app.providers.storage.getPrivate(row!.cvKey)).toBeNull();
    expect((await as(ownerA.token, 'GET', `/api/admin/job-applications/${id}`)).statusCode).toBe(404);
  });

  it('the daily job deletes applications older than 12 months with their files, and keeps the newer ones', async () => {
    const old = (await apply(b, { ...FIELDS, fullName: 'Vieja Solicitud' }, pdf)).json().id as string;
    const recent = (await apply(b, { ...FIELDS, fullName: 'Nueva Solicitud' }, pdf)).json().id as string;
    const keyOf = async (id: string) =>
      (await t.database.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]?.cvKey;
    const oldKey = (await keyOf(old))!;
    const recentKey = (await keyOf(recent))!;

    // The clock moved: 11 months later nothing goes; 12 months and a day later both go.
    const sent = new Date();
    const months = (n: number, days = 0) =>
      new Date(sent.getTime() + days * 86_400_000).setUTCMonth(sent.getUTCMonth() + n);
    expect(await expireJobApplications({ db: t.database.db, providers: t.app.providers }, new Date(months(11)))).toBe(
      0,
    );
    // One sent 13 months ago, through the scheduled job as it runs every day.
    await t.database.db.execute(
      sql`update job_applications set created_at = now() - interval '13 months' where id = ${old}`,
    );
    await t.app.jobs.enqueue('job-applications-expire', {});
    await t.app.jobs.drain();
    expect(await keyOf(old)).toBeUndefined();
    expect(await t.app.providers.storage.getPrivate(oldKey)).toBeNull();
    expect(await keyOf(recent)).toBe(recentKey);
    expect(await t.app.providers.storage.getPrivate(recentKey)).not.toBeNull();

    const n = await expireJobApplications({ db: t.database.db, providers: t.app.providers }, new Date(months(12, 1)));
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await keyOf(recent)).toBeUndefined();
    expect(await t.app.providers.storage.getPrivate(recentKey)).toBeNull();
  });

  it('limits the applications one address sends per hour', async () => {
    const body = await form(FIELDS, pdf);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bolsa_trabajo',
        headers: { 'content-type': body.contentType, 'x-store-domain': a.hostname },
        payload: body.payload,
        remoteAddress: '10.9.9.9',
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
