/**
 * People and stores many-to-many: seller sign-in with one or several stores, the store picker and switch,
 * collaborator permissions checked on every request (a revoked membership loses access at once), and the owner's
 * invitations by email (token stored hashed, expires, used once), changes and revocations. Messages in es and en.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createSellerFixture,
  createStoreFixture,
  TEST_PASSWORD,
  type StoreFixture,
} from '../helpers/factories.js';
import { mailsTo } from '../helpers/outbox.js';
import { storeInvitations } from '../../src/server/db/schema/accounts.js';
import { hashToken } from '../../src/server/lib/tokens.js';

describe('store memberships and collaborators', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let ownerA: { email: string; token: string };
  let ownerB: { email: string; token: string };

  const auth = (token: string, lang = 'es') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
  const get = (url: string, token: string, lang = 'es') => t.app.inject({ url, headers: auth(token, lang) });
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
    lang = 'es',
  ) => t.app.inject({ method, url, headers: token ? auth(token, lang) : { 'accept-language': lang }, payload });
  const inviteToken = (email: string) => {
    const m = mailsTo(t.dataDir, email);
    return /\/admin\/invitacion\/([A-Za-z0-9_-]+)/.exec(m[m.length - 1])![1];
  };
  const invite = async (owner: string, email: string, permissions: string[]) => {
    const r = await send('POST', '/api/admin/collaborators/invitations', owner, { email, permissions });
    expect(r.statusCode, r.body).toBe(201);
    // The link is mailed by a job.
    await t.app.jobs.drain();
    return { id: r.json().id as string, token: inviteToken(email) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db, { name: 'Tienda Alfa' });
    b = await createStoreFixture(t.database.db, { name: 'Tienda Beta' });
    ownerA = await createSellerFixture(t.app, a.id);
    ownerB = await createSellerFixture(t.app, b.id);
  });
  afterAll(async () => t.close());

  it('signs a person with one store straight in; the owner has every permission', async () => {
    const me = (await get('/api/admin/me', ownerA.token)).json();
    expect(me.store).toMatchObject({ id: a.id, role: 'owner' });
    expect(me.store.permissions.sort()).toEqual(['catalog', 'money', 'orders', 'settings']);
    expect((await get('/api/admin/orders', ownerA.token)).statusCode).toBe(200);
    expect((await get('/api/admin/search/synonyms', ownerA.token)).statusCode).toBe(200);
  });

  it('checks a collaborator permission on the server: 403 FORBIDDEN translated, allowed with the permission', async () => {
    const c = await createCollaboratorFixture(t.app, a.id, ['catalog']);
    expect((await get('/api/admin/search/synonyms', c.token)).statusCode).toBe(200);
    const es = await get('/api/admin/orders', c.token);
    expect(es.statusCode).toBe(403);
    expect(es.json()).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' });
    const en = await get('/api/admin/orders', c.token, 'en');
    expect(en.json().message).toBe('You are not allowed to do this.');
    // Collaborators cannot manage collaborators, whatever their permissions.
    const all = await createCollaboratorFixture(t.app, a.id, ['catalog', 'orders', 'money', 'settings']);
    expect((await get('/api/admin/collaborators', all.token)).statusCode).toBe(403);
    expect((await get('/api/admin/orders', all.token)).statusCode).toBe(200);
  });

  it('counts an added permission on the next request; a removed one or a removal signs the person out at once', async () => {
    const c = await createCollaboratorFixture(t.app, a.id, ['orders']);
    expect((await get('/api/admin/orders', c.token)).statusCode).toBe(200);
    expect((await get('/api/admin/search/synonyms', c.token)).statusCode).toBe(403);
    // Raised: the same session gets the new permission, nobody is signed out.
    const raised = await send('PATCH', `/api/admin/collaborators/${c.userId}`, ownerA.token, {
      permissions: ['orders', 'catalog'],
    });
    expect(raised.statusCode).toBe(200);
    expect((await get('/api/admin/search/synonyms', c.token)).statusCode).toBe(200);
    // Lowered (orders taken away): the session is revoked; signing in again gives what is left.
    const lowered = await send('PATCH', `/api/admin/collaborators/${c.userId}`, ownerA.token, {
      permissions: ['catalog'],
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().permissions).toEqual(['catalog']);
    expect((await get('/api/admin/orders', c.token)).statusCode).toBe(401);
    expect((await get('/api/admin/search/synonyms', c.token)).statusCode).toBe(401);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: c.email, password: TEST_PASSWORD },
      });
    const again = (await signIn()).json().token as string;
    expect((await get('/api/admin/orders', again)).statusCode).toBe(403);
    expect((await get('/api/admin/search/synonyms', again)).statusCode).toBe(200);
    // Removed: that session is revoked too; a new sign-in has no store.
    const removed = await send('DELETE', `/api/admin/collaborators/${c.userId}`, ownerA.token);
    expect(removed.statusCode).toBe(200);
    expect((await get('/api/admin/search/synonyms', again)).statusCode).toBe(401);
    const after = (await signIn()).json().token as string;
    const none = await get('/api/admin/search/synonyms', after);
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('STORE_NOT_SELECTED');
    expect((await get('/api/admin/me', after)).json()).toMatchObject({ store: null, stores: [] });
  });

  it('answers 20 simultaneous permission changes and removals of one collaborator without a 500', async () => {
    const c = await createCollaboratorFixture(t.app, a.id, ['orders', 'catalog']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 4 === 3
          ? send('DELETE', `/api/admin/collaborators/${c.userId}`, ownerA.token)
          : send('PATCH', `/api/admin/collaborators/${c.userId}`, ownerA.token, {
              permissions: i % 2 ? ['orders'] : ['orders', 'catalog'],
            }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((code) => code === 200 || code === 404),
      codes.join(),
    ).toBe(true);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThan(0);
    expect((await get('/api/admin/orders', c.token)).statusCode).toBe(401);
  });

  it('never lets one store owner change or remove another store’s members, nor the owner', async () => {
    const c = await createCollaboratorFixture(t.app, a.id, ['orders']);
    const other = await send('PATCH', `/api/admin/collaborators/${c.userId}`, ownerB.token, { permissions: ['money'] });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('MEMBER_NOT_FOUND');
    expect((await send('DELETE', `/api/admin/collaborators/${c.userId}`, ownerB.token)).statusCode).toBe(404);
    expect((await get('/api/admin/orders', c.token)).statusCode).toBe(200);
    const list = (await get('/api/admin/collaborators', ownerB.token)).json();
    expect(JSON.stringify(list)).not.toContain(c.email);
    const ownerId = (await get('/api/admin/me', ownerA.token)).json().user.id;
    const self = await send('PATCH', `/api/admin/collaborators/${ownerId}`, ownerA.token, { permissions: [] }, 'en');
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe("The store owner's permissions cannot be changed.");
    const bad = await send('PATCH', `/api/admin/collaborators/${c.userId}`, ownerA.token, { permissions: ['root'] });
    expect(bad.statusCode).toBe(400);
  });

  it('invites by email; the invitee creates the account from the link and lands on the store with those rights', async () => {
    const email = `nueva-${Date.now()}@example.com`;
    const { token } = await invite(ownerA.token, email, ['catalog', 'money']);
    const mail = mailsTo(t.dataDir, email)[0];
    expect(mail).toContain('Tienda Alfa');
    // Stored hashed, never in clear.
    const [row] = await t.database.db
      .select()
      .from(storeInvitations)
      .where(eq(storeInvitations.tokenHash, hashToken(token)));
    expect(row.email).toBe(email);
    expect(JSON.stringify(row)).not.toContain(token);
    const info = await t.app.inject({ url: `/api/platform/invitations/${token}` });
    expect(info.json()).toMatchObject({ storeName: 'Tienda Alfa', email, hasAccount: false });
    const weak = await send('POST', `/api/platform/invitations/${token}/accept`, null, {
      fullName: 'Nueva',
      password: 'password1',
    });
    expect(weak.statusCode).toBe(422);
    const ok = await send('POST', `/api/platform/invitations/${token}/accept`, null, {
      fullName: 'Nueva Persona',
      password: TEST_PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().store).toMatchObject({ id: a.id, role: 'collaborator', permissions: ['catalog', 'money'] });
    const s = ok.json().token;
    expect((await get('/api/admin/search/synonyms', s)).statusCode).toBe(200);
    expect((await get('/api/admin/orders', s)).statusCode).toBe(403);
    // Used once.
    const again = await send(
      'POST',
      `/api/platform/invitations/${token}/accept`,
      null,
      { fullName: 'Xavier', password: TEST_PASSWORD },
      'en',
    );
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toContain('no longer valid');
    const es = await t.app.inject({ url: `/api/platform/invitations/${token}` });
    expect(es.json().message).toContain('ya no es válida');
  });

  it('lets a person of several stores pick one after signing in, and switch; never a store that is not theirs', async () => {
    // ownerB is invited to A: now in two stores.
    const { token } = await invite(ownerA.token, ownerB.email, ['orders']);
    expect((await t.app.inject({ url: `/api/platform/invitations/${token}` })).json().hasAccount).toBe(true);
    const wrong = await send('POST', `/api/platform/invitations/${token}/accept`, null, { password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(401);
    const accepted = await send('POST', `/api/platform/invitations/${token}/accept`, null, { password: TEST_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ownerB.email, password: TEST_PASSWORD },
    });
    const s = login.json();
    expect(s.store).toBeNull();
    expect(s.stores.map((x: { name: string }) => x.name)).toEqual(['Tienda Alfa', 'Tienda Beta']);
    const none = await get('/api/admin/orders', s.token, 'en');
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Choose a store to continue.');
    const pickA = await send('POST', '/api/admin/session/store', s.token, { storeId: a.id });
    expect(pickA.json().store).toMatchObject({ id: a.id, role: 'collaborator' });
    expect((await get('/api/admin/orders', s.token)).statusCode).toBe(200);
    expect((await get('/api/admin/collaborators', s.token)).statusCode).toBe(403);
    const pickB = await send('POST', '/api/admin/session/store', s.token, { storeId: b.id });
    expect(pickB.json().store).toMatchObject({ id: b.id, role: 'owner' });
    expect((await get('/api/admin/collaborators', s.token)).statusCode).toBe(200);
    const stranger = await createStoreFixture(t.database.db);
    const refused = await send('POST', '/api/admin/session/store', s.token, { storeId: stranger.id });
    expect(refused.statusCode).toBe(403);
    expect((await get('/api/admin/me', s.token)).json().store.id).toBe(b.id);
  });

  it('mails an invitation once, through the queue after it is committed, and not at all once revoked', async () => {
    const email = `una-vez-${Date.now()}@example.com`;
    const r = await send('POST', '/api/admin/collaborators/invitations', ownerA.token, { email, permissions: [] });
    expect(r.statusCode, r.body).toBe(201);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, email)).toHaveLength(1);
    const revokedEmail = `revocada-${Date.now()}@example.com`;
    const revoked = await send('POST', '/api/admin/collaborators/invitations', ownerA.token, {
      email: revokedEmail,
      permissions: [],
    });
    expect(revoked.statusCode, revoked.body).toBe(201);
    const del = await send('DELETE', `/api/admin/collaborators/invitations/${revoked.json().id}`, ownerA.token);
    expect(del.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(mailsTo(t.dataDir, revokedEmail)).toHaveLength(0);
  });

  it('refuses an invitation to another email for a signed-in seller, expired and revoked links, and duplicates', async () => {
    const email = `otra-${Date.now()}@example.com`;
    const { token, id } = await invite(ownerA.token, email, []);
    const mismatch = await send('POST', `/api/platform/invitations/${token}/accept`, ownerB.token, {});
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().code).toBe('INVITATION_EMAIL_MISMATCH');
    // Revoked (by another store's owner: not found; by the owner: gone).
    expect((await send('DELETE', `/api/admin/collaborators/invitations/${id}`, ownerB.token)).statusCode).toBe(410);
    expect((await send('DELETE', `/api/admin/collaborators/invitations/${id}`, ownerA.token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/platform/invitations/${token}` })).statusCode).toBe(410);
    // Expired.
    const late = await invite(ownerA.token, `tarde-${Date.now()}@example.com`, []);
    await t.database.db.execute(
      sql`update store_invitations set expires_at = now() - interval '1 minute' where id = ${late.id}`,
    );
    const expired = await send('POST', `/api/platform/invitations/${late.token}/accept`, null, {
      fullName: 'Tarde',
      password: TEST_PASSWORD,
    });
    expect(expired.statusCode).toBe(410);
    // Already a member.
    const dup = await send(
      'POST',
      '/api/admin/collaborators/invitations',
      ownerA.token,
      { email: ownerA.email, permissions: [] },
      'en',
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('That person already works on this store.');
    const badEmail = await send('POST', '/api/admin/collaborators/invitations', ownerA.token, {
      email: 'no-es-correo',
      permissions: [],
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it('accepts one of 20 simultaneous uses of an invitation link, never a 500', async () => {
    const email = `carrera-${Date.now()}@example.com`;
    const { token } = await invite(ownerA.token, email, ['catalog']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', `/api/platform/invitations/${token}/accept`, null, {
          fullName: 'Carrera',
          password: TEST_PASSWORD,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 410 || c === 409)).toBe(true);
  });

  it('lists members and pending invitations to the owner only, without other stores’ people', async () => {
    const view = (await get('/api/admin/collaborators', ownerA.token)).json();
    expect(view.members[0]).toMatchObject({ email: ownerA.email, role: 'owner' });
    expect(view.members.length).toBeGreaterThan(1);
    expect(JSON.stringify(view)).not.toContain('Tienda Beta');
    expect((await t.app.inject({ url: '/api/admin/collaborators' })).statusCode).toBe(401);
  });
});
