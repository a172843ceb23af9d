/**
 * The platform operator (decisions 163-166): its own session (store, collaborator and buyer tokens never open its
 * routes; its token never opens a store's), suspension with the storefront's 402 and reactivation, the append-only
 * audit log, the verified badge granted, reminded and lapsed by the daily sweep with a moved clock, and diamond.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createCustomerFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { TEST_PDF, uploadAs } from '../helpers/uploads.js';
import { createOperatorAccount } from '../../src/server/modules/accounts/index.js';
import { meetsDiamondRule, runBadgeSweep } from '../../src/server/modules/operator/index.js';
import { addDaysTo, badgeDay, grantBadge } from '../../src/server/modules/company/index.js';
import { setStoreSuspended } from '../../src/server/modules/stores/index.js';
import { runTransaction } from '../../src/server/db/transaction.js';

/** What the database answers a change to the audit log (drizzle wraps it as the cause). */
const APPEND_ONLY = { cause: { message: expect.stringMatching(/operator_audit_log is append-only/) } };

const OPERATOR = { email: 'operadora@example.com', password: 'Opera-Segura-2026-xyz' };

describe('platform operator', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let seller: { token: string };
  let collaborator: { token: string };
  let buyer: { token: string };
  let op: string;

  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = op) =>
    t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db, { name: 'Calzado Operado' });
    b = await createStoreFixture(t.database.db);
    seller = await createSellerFixture(t.app, a.id);
    collaborator = await createCollaboratorFixture(t.app, a.id, ['catalog', 'orders', 'money', 'settings']);
    buyer = await createCustomerFixture(t.app, a);
    await createOperatorAccount({ db: t.database.db }, OPERATOR);
    const login = await asOperator('POST', '/api/operador/login', OPERATOR, '');
    expect(login.statusCode).toBe(200);
    op = login.json().token;
  });
  afterAll(async () => t?.close());

  it('a store owner’s, collaborator’s or buyer’s token never opens an operator route; the operator’s opens no store’s', async () => {
    expect(
      (await asOperator('POST', '/api/operador/login', { ...OPERATOR, password: 'wrong-one' }, '')).statusCode,
    ).toBe(401);
    // A seller's password is not an operator's: the seller's account does not sign in there.
    for (const token of ['', seller.token, collaborator.token, buyer.token, 'x'.repeat(43)]) {
      for (const url of [
        '/api/operador/me',
        '/api/operador/stores',
        `/api/operador/stores/${a.id}`,
        '/api/operador/audit',
      ]) {
        const res = await asOperator('GET', url, undefined, token);
        expect(res.statusCode, `${url} ${token.slice(0, 6)}`).toBe(401);
      }
      const suspend = await asOperator('POST', `/api/operador/stores/${a.id}/suspend`, { reason: 'prueba' }, token);
      expect(suspend.statusCode).toBe(401);
    }
    expect((await asOperator('GET', '/api/operador/me')).json()).toMatchObject({ email: OPERATOR.email });
    for (const url of [
      '/api/admin/me',
      '/api/proveedor/company_profile',
      '/api/proveedor/badges',
      '/api/admin/stores',
    ]) {
      expect((await asOperator('GET', url)).statusCode, url).toBe(401);
    }
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${op}`, 'x-store-domain': a.hostname },
    });
    expect(me.json()?.user ?? null).toBeNull();
    // Nothing was audited by refused requests.
    expect((await asOperator('GET', '/api/operador/audit')).json().total).toBe(0);
  });

  it('lists stores with search and paging', async () => {
    const found = (await asOperator('GET', `/api/operador/stores?q=${a.slug}`)).json();
    expect(found.total).toBe(1);
    expect(found.stores[0]).toMatchObject({ id: a.id, status: 'active', orders30d: 0, sales30dCents: 0, badges: [] });
    const all = (await asOperator('GET', '/api/operador/stores?page=1')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await asOperator('GET', '/api/operador/stores?page=0')).statusCode).toBe(400);
    expect((await asOperator('GET', `/api/operador/stores/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('suspends a store (storefront and admin 402, paying does not lift it) and reactivates it; both audited', async () => {
    const about = () => t.app.inject({ url: '/api/reseller/aboutus', headers: { 'x-store-domain': a.hostname } });
    expect((await about()).statusCode).toBe(200);
    const res = await asOperator('POST', `/api/operador/stores/${a.id}/suspend`, { reason: 'Documentos falsos' });
    expect(res.statusCode).toBe(200);
    expect(res.json().store).toMatchObject({ status: 'suspended', suspendedBy: 'operator' });
    expect((await about()).statusCode).toBe(402);
    const admin = await t.app.inject({
      url: '/api/proveedor/company_profile',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(admin.statusCode).toBe(402);
    // A paid subscription lifts only its own suspension.
    expect(await runTransaction(t.database.db, (tx) => setStoreSuspended({ db: tx, storeId: a.id }, false))).toBe(
      false,
    );
    expect((await about()).statusCode).toBe(402);
    const back = await asOperator('POST', `/api/operador/stores/${a.id}/reactivate`, { reason: 'Aclarado' });
    expect(back.json().store).toMatchObject({ status: 'active', suspendedBy: null });
    expect((await about()).statusCode).toBe(200);
    const audit = (await asOperator('GET', '/api/operador/audit')).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['store.reactivate', 'store.suspend']);
    expect(audit.entries[1]).toMatchObject({
      operatorEmail: OPERATOR.email,
      storeId: a.id,
      before: { status: 'active' },
      after: { status: 'suspended', suspendedBy: 'operator', reason: 'Documentos falsos' },
    });
  });

  it('the audit log cannot be changed: no route, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect((await asOperator('DELETE', '/api/operador/audit')).statusCode).toBe(404);
    expect((await asOperator('PUT', '/api/operador/audit', {})).statusCode).toBe(404);
    const db = t.database.db;
    await expect(db.execute(sql`update operator_audit_log set action = 'nada'`)).rejects.toMatchObject(APPEND_ONLY);
    await expect(db.execute(sql`delete from operator_audit_log`)).rejects.toMatchObject(APPEND_ONLY);
    await expect(db.execute(sql`truncate operator_audit_log`)).rejects.toMatchObject(APPEND_ONLY);
    expect((await asOperator('GET', '/api/operador/audit')).json().total).toBe(2);
  });

  it('verified badge: requested with the documents, accepted by the operator, reminded once, lapsed by the sweep', async () => {
    const doc = async () =>
      (await uploadAs(t.app, seller.token, 'document', TEST_PDF, 'doc.pdf', 'application/pdf')).json();
    const [lic, tax, addr] = [await doc(), await doc(), await doc()];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/proveedor/company_profile/export',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: {
        deliveryTerms: ['FOB'],
        businessLicenceNumber: 'LIC-1',
        taxRegistrationNumber: 'RFC-1',
        businessLicenceFile: { id: lic.id, url: lic.url },
        taxRegistrationFile: { id: tax.id, url: tax.url },
        proofOfAddressFile: { id: addr.id, url: addr.url },
      },
    });
    expect(put.statusCode).toBe(200);
    const today = badgeDay();
    const expiries = {
      business_licence: addDaysTo(today, 400),
      tax_registration: addDaysTo(today, 200),
      proof_of_address: addDaysTo(today, 20),
    };
    const ask = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/proveedor/badges/verified',
        headers: { authorization: `Bearer ${seller.token}` },
        payload: body,
      });
    expect((await ask({ expiries: { ...expiries, proof_of_address: today } })).json().code).toBe(
      'BADGE_DOCUMENT_EXPIRED',
    );
    const asked = await ask({ expiries });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending', validUntil: expiries.proof_of_address });
    expect((await ask({ expiries })).statusCode).toBe(409);

    const queue = (await asOperator('GET', '/api/operador/badge-requests')).json().requests;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ storeId: a.id, storeName: 'Calzado Operado', badge: 'verified' });
    const pdf = await asOperator('GET', `/api/operador/badge-requests/${queue[0].id}/documents/0`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A seller never reads it through the operator's route.
    expect(
      (await asOperator('GET', `/api/operador/badge-requests/${queue[0].id}/documents/0`, undefined, seller.token))
        .statusCode,
    ).toBe(401);

    const accepted = await asOperator('POST', `/api/operador/badge-requests/${queue[0].id}/decision`, {
      decision: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(
      (await asOperator('POST', `/api/operador/badge-requests/${queue[0].id}/decision`, { decision: 'accept' }))
        .statusCode,
    ).toBe(409);
    const badges = () => t.app.inject({ url: '/api/reseller/badges', headers: { 'x-store-domain': a.hostname } });
    expect((await badges()).json().badges).toEqual([{ badge: 'verified', validUntil: expiries.proof_of_address }]);
    expect((await asOperator('GET', `/api/operador/stores?q=${a.slug}`)).json().stores[0].badges).toEqual(['verified']);

    // Today: 20 days left, so the 30-day reminder goes out, once.
    const ctx = { db: t.database.db };
    expect(await runBadgeSweep(ctx)).toMatchObject({ lapsed: 0, reminded: 1 });
    expect(await runBadgeSweep(ctx)).toMatchObject({ lapsed: 0, reminded: 0 });
    // 15 days on: the 7-day one, once.
    const in15 = new Date(Date.now() + 15 * 86_400_000);
    expect(await runBadgeSweep(ctx, in15)).toMatchObject({ lapsed: 0, reminded: 1 });
    expect(await runBadgeSweep(ctx, in15)).toMatchObject({ reminded: 0 });
    // The day after the proof of address expires: lapsed, the history keeps both.
    const after = new Date(`${addDaysTo(expiries.proof_of_address, 1)}T18:00:00Z`);
    // Run for another store only, it leaves this one's badge alone.
    expect(await runBadgeSweep({ ...ctx, storeId: b.id }, after)).toMatchObject({ lapsed: 0 });
    expect((await badges()).json().badges).toHaveLength(1);
    expect(await runBadgeSweep({ ...ctx, storeId: a.id }, after)).toMatchObject({ lapsed: 1 });
    expect(await runBadgeSweep(ctx, after)).toMatchObject({ lapsed: 0 });
    expect((await badges()).json().badges).toEqual([]);
    const state = await t.app.inject({
      url: '/api/proveedor/badges',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(state.json().history.map((h: { event: string; reason: string }) => `${h.event}:${h.reason}`)).toEqual([
      'lapsed:expired',
      'granted:accepted',
    ]);
    const actions = (await asOperator('GET', '/api/operador/audit'))
      .json()
      .entries.map((e: { action: string }) => e.action);
    expect(actions[0]).toBe('badge.verified.accept');
  });

  it('diamond: verified, a paid plan for 12 months without a gap and at most 2 % of paid orders refunded', async () => {
    const store = { db: t.database.db, storeId: b.id };
    const now = new Date();
    const day = 86_400_000;
    const invoice = (start: number, end: number, i: number) =>
      sql`insert into subscription_invoices (store_id, plan_id, amount_cents, status, idempotency_key, period_start, period_end, paid_at)
        values (${b.id}, 'monthly', 29900, 'paid', ${`k-${b.id}-${i}`}, ${new Date(now.getTime() - start * day)},
        ${new Date(now.getTime() - end * day)}, ${new Date(now.getTime() - start * day)})`;
    // Thirteen months paid back to back, but one month missing in the middle first.
    for (let i = 0; i < 13; i++) if (i !== 6) await t.database.db.execute(invoice((13 - i) * 30, (12 - i) * 30, i));
    const order = (i: number, status: string) =>
      sql`insert into orders (store_id, folio, email, status, payment_method, items_cents, shipping_cents, total_cents,
        shipping_type, shipping, platform_fee_bps, paid_at)
        values (${b.id}, ${i}, 'c@example.com', ${status}, 'card', 10000, 0, 10000, 'shipping', '{}'::jsonb, 350,
        ${new Date(now.getTime() - 10 * day)})`;
    for (let i = 1; i <= 60; i++) await t.database.db.execute(order(i, 'delivered'));
    expect(await meetsDiamondRule(store, false)).toBe(false);
    expect(await meetsDiamondRule(store, true)).toBe(false); // the gap
    await t.database.db.execute(invoice(7 * 30, 6 * 30, 6));
    expect(await meetsDiamondRule(store, true)).toBe(true);
    await t.database.db.execute(order(61, 'cancelled'));
    expect(await meetsDiamondRule(store, true)).toBe(true); // 1 of 61
    await t.database.db.execute(order(62, 'cancelled'));
    expect(await meetsDiamondRule(store, true)).toBe(false); // 2 of 62 > 2 %
    await t.database.db.execute(sql`delete from orders where store_id = ${b.id} and status = 'cancelled'`);

    // The sweep grants it to a verified store and takes it away when the rule is no longer met; never by hand.
    await grantBadge(store, 'verified', addDaysTo(badgeDay(), 300), 'accepted');
    expect(await runBadgeSweep({ db: t.database.db })).toMatchObject({ diamondGranted: 1 });
    const shown = await t.app.inject({ url: '/api/reseller/badges', headers: { 'x-store-domain': b.hostname } });
    expect(shown.json().badges.map((x: { badge: string }) => x.badge)).toEqual(['diamond', 'verified']);
    const later = new Date(now.getTime() + 40 * day);
    expect(await runBadgeSweep({ db: t.database.db }, later)).toMatchObject({ diamondLost: 1 });
  });
  it('sets a plan’s fee rate (basis points, validated) and audits it; lists escalated reports', async () => {
    expect((await asOperator('PUT', '/api/operador/fee-rates', { planId: 'monthly', bps: 5000 })).statusCode).toBe(400);
    expect((await asOperator('PUT', '/api/operador/fee-rates', { planId: 'nope', bps: 300 })).statusCode).toBe(404);
    const set = await asOperator('PUT', '/api/operador/fee-rates', { planId: 'monthly', bps: 420 });
    expect(set.statusCode).toBe(200);
    expect(set.json().rates).toContainEqual({ planId: 'monthly', bps: 420 });
    const entry = (await asOperator('GET', '/api/operador/audit')).json().entries[0];
    expect(entry).toMatchObject({ action: 'fees.update', target: 'monthly', after: { bps: 420 } });
    const reports = await asOperator('GET', '/api/operador/reports');
    expect(reports.json()).toMatchObject({ reports: [], olderThanDays: 3 });
  });
});
