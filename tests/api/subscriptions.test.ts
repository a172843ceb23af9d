/**
 * The seller's subscription (decisions 060-062): every state change and its message. A new
 * store is on a trial; the seller saves a card at the provider (only its token, brand, last 4 and expiry reach the
 * app), changes plan; the renewal job charges a due period once (even run twice at once), a declined renewal makes
 * it past due and, after the grace period, suspends the store: its storefront API and its admin (but the
 * subscription) answer 402; paying reactivates it at once. The ledger records each paid period as platform revenue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCollaboratorFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { expectLedgerReconciles } from '../helpers/ledger.js';
import { mailsTo } from '../helpers/outbox.js';
import {
  ledgerEntries,
  ledgerLines,
  sandboxRecurringCharges,
  storeSubscriptions,
  subscriptionInvoices,
} from '../../src/server/db/schema/index.js';
import { runRenewals, subscriptionRenewalsJob } from '../../src/server/modules/subscriptions/index.js';

const CARDS = { ok: '4242424242424242', declined: '4000000000000002' };
const DAY = 86_400_000;

let t: TestApp;
let app: FastifyInstance;

interface Shop {
  store: StoreFixture;
  seller: string;
  email: string;
}

async function shop(): Promise<Shop> {
  const store = await createStoreFixture(t.database.db);
  const { token: seller, email } = await createSellerFixture(app, store.id);
  return { store, seller, email };
}

/** The subscription emails the store's owner has got so far (decision 083), after the queued jobs ran. */
async function ownerMails(s: Shop): Promise<string[]> {
  await app.jobs.drain();
  return mailsTo(t.dataDir, s.email).filter((m) => m.includes('/admin/suscripcion'));
}

const admin = (s: Shop, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'es') =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${s.seller}`, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const storefront = (s: Shop, lang = 'es') =>
  app.inject({
    url: '/api/reseller/configwebsite',
    headers: { 'x-store-domain': s.store.hostname, 'accept-language': lang },
  });

/** Saves `number` at the sandbox's card form, then its token on the subscription. */
async function saveCard(s: Shop, number: string) {
  const saved = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/payment-methods',
    payload: { number, expMonth: 12, expYear: 2031, cvc: '123' },
  });
  expect(saved.statusCode).toBe(201);
  const res = await admin(s, 'PUT', '/api/admin/subscription/payment-method', { token: saved.json().token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function subRow(s: Shop) {
  const [row] = await t.database.db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, s.store.id));
  return row;
}

/** Moves the subscription's clock: the paid period ended `agoMs` ago and its charge is due now. */
async function periodEndedAgo(s: Shop, agoMs: number) {
  expect((await admin(s, 'GET', '/api/admin/subscription')).statusCode).toBe(200);
  const end = new Date(Date.now() - agoMs);
  await t.database.db
    .update(storeSubscriptions)
    .set({ currentPeriodEnd: end, nextPaymentAt: new Date(Date.now() - 1000) })
    .where(eq(storeSubscriptions.storeId, s.store.id));
  return end;
}

async function runJob() {
  await app.jobs.enqueue('subscription-renewals', {});
  await app.jobs.drain();
}

const invoices = (s: Shop) =>
  t.database.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.storeId, s.store.id));

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => t?.close());

describe('subscription', { timeout: 240_000 }, () => {
  it('a new store is on a 30-day monthly trial; only the owner sees it', async () => {
    const s = await shop();
    const res = await admin(s, 'GET', '/api/admin/subscription');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subscription).toMatchObject({
      planId: 'monthly',
      status: 'active',
      trial: true,
      nextPaymentCents: 29_900,
      amountDueCents: 0,
      paymentMethod: null,
      suspendsAt: null,
    });
    const days = (Date.parse(body.subscription.nextPaymentAt) - Date.parse(body.subscription.currentPeriodStart)) / DAY;
    expect(days).toBe(30);
    expect(body.plans.map((p: { id: string; priceCents: number }) => [p.id, p.priceCents])).toEqual([
      ['monthly', 29_900],
      ['yearly', 299_000],
      ['premium', 69_900],
    ]);
    expect(body.invoices).toEqual([]);

    const collaborator = await createCollaboratorFixture(app, s.store.id, ['money', 'settings', 'orders', 'catalog']);
    const asCollaborator = await app.inject({
      url: '/api/admin/subscription',
      headers: { authorization: `Bearer ${collaborator.token}` },
    });
    expect(asCollaborator.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/subscription' })).statusCode).toBe(401);
  });

  it('the renewal sweep gives a store that has none its trial', async () => {
    const s = await shop();
    await runJob();
    const row = await subRow(s);
    expect(row).toMatchObject({ planId: 'monthly', status: 'active', trial: true });
  });

  it('saves a card as a provider token with brand, last 4 and expiry, never the number', async () => {
    const s = await shop();
    const view = await saveCard(s, CARDS.ok);
    expect(view.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 });
    const row = await subRow(s);
    expect(row.paymentToken).toMatch(/^sbx_pm_/);
    expect(JSON.stringify(row)).not.toContain(CARDS.ok);

    const unknown = await admin(s, 'PUT', '/api/admin/subscription/payment-method', { token: 'sbx_pm_nothing_here' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'PAYMENT_METHOD_INVALID',
      message: 'No pudimos usar esa tarjeta. Revisa los datos o intenta con otra.',
    });
    const en = await admin(s, 'PUT', '/api/admin/subscription/payment-method', { token: 'sbx_pm_nothing_here' }, 'en');
    expect(en.json().message).toBe('We could not use that card. Check the details or try another one.');
    const expired = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: { number: CARDS.ok, expMonth: 1, expYear: 2020, cvc: '123' },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('PAYMENT_METHOD_INVALID');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: { number: '12', expMonth: 1, expYear: 2031, cvc: '123' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('changes plan (from the next payment); a bad plan is a 400; nothing is due while active', async () => {
    const s = await shop();
    const res = await admin(s, 'PUT', '/api/admin/subscription/plan', { planId: 'yearly' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ planId: 'yearly', nextPaymentCents: 299_000, status: 'active', trial: true });
    const premium = await admin(s, 'PUT', '/api/admin/subscription/plan', { planId: 'premium' });
    expect(premium.json()).toMatchObject({ planId: 'premium', nextPaymentCents: 69_900 });
    expect((await admin(s, 'PUT', '/api/admin/subscription/plan', { planId: 'gold' })).statusCode).toBe(400);
    const pay = await admin(s, 'POST', '/api/admin/subscription/pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({
      code: 'SUBSCRIPTION_NOTHING_DUE',
      message: 'Tu suscripción está al corriente: no hay nada que pagar ahora.',
    });
  });

  it('renews a due period once, even when the job is triggered twice and run at once', async () => {
    const s = await shop();
    await saveCard(s, CARDS.ok);
    await admin(s, 'PUT', '/api/admin/subscription/plan', { planId: 'yearly' });
    const end = await periodEndedAgo(s, 60_000);
    const ctx = {
      db: app.db,
      providers: app.providers,
      log: app.log,
      config: app.config,
      jobId: 'test',
      retryCount: 0,
    };
    await Promise.all([app.jobs.enqueue('subscription-renewals', {}), app.jobs.enqueue('subscription-renewals', {})]);
    await Promise.all([
      app.jobs.drain(),
      subscriptionRenewalsJob.handler({}, ctx),
      subscriptionRenewalsJob.handler({}, ctx),
      runRenewals(ctx),
    ]);
    await app.jobs.drain();
    const paid = await invoices(s);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', planId: 'yearly', amountCents: 299_000, attempts: 1 });
    expect(paid[0].periodStart.toISOString()).toBe(end.toISOString());
    const charges = await t.database.db
      .select()
      .from(sandboxRecurringCharges)
      .where(sql`${sandboxRecurringCharges.metadata}->>'storeId' = ${s.store.id}`);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amountCents: 299_000 });

    const view = (await admin(s, 'GET', '/api/admin/subscription')).json();
    expect(view.subscription).toMatchObject({ status: 'active', trial: false, planId: 'yearly', amountDueCents: 0 });
    const next = new Date(end);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect(view.subscription.nextPaymentAt).toBe(next.toISOString());
    expect(view.invoices).toHaveLength(1);
    expect(view.invoices[0]).toMatchObject({ status: 'paid', amountCents: 299_000 });

    // The ledger: the period is the platform's revenue, nothing of the store's balance.
    const lines = await t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amountCents })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(eq(ledgerLines.storeId, s.store.id), eq(ledgerEntries.kind, 'subscription')));
    expect(lines.sort((a, b) => a.amount - b.amount)).toEqual([
      { account: 'subscription_revenue', amount: -299_000 },
      { account: 'subscription_payment', amount: 299_000 },
    ]);
    await expectLedgerReconciles(t.database.db, s.store.id);
    // Nothing more is due: another run charges nothing.
    await runJob();
    expect(await invoices(s)).toHaveLength(1);
  });

  it('a declined renewal is past due, retried, then suspends the store: storefront and admin answer 402; paying reactivates', async () => {
    const s = await shop();
    const other = await shop();
    await saveCard(s, CARDS.declined);
    await periodEndedAgo(s, 60_000);
    await runJob();
    let row = await subRow(s);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(row.nextPaymentAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    let [invoice] = await invoices(s);
    expect(invoice).toMatchObject({ status: 'failed', failureCode: 'card_declined', attempts: 1 });
    let view = (await admin(s, 'GET', '/api/admin/subscription')).json();
    expect(view.subscription).toMatchObject({ status: 'past_due', amountDueCents: 29_900 });
    expect(Date.parse(view.subscription.suspendsAt) - Date.parse(view.subscription.currentPeriodEnd)).toBe(7 * DAY);
    // Past due, the store still works.
    expect((await storefront(s)).statusCode).toBe(200);
    expect((await admin(s, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    // The owner is told, with the amount, the card and the day the store would be suspended.
    let mails = await ownerMails(s);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: No pudimos cobrar tu plan de Vitrina');
    expect(mails[0]).toContain('$299.00');
    expect(mails[0]).toMatch(/tarjeta \S* ?•••• 0002/);
    const graceEnds = new Date(Date.parse(view.subscription.suspendsAt)).toLocaleDateString('es-MX', {
      dateStyle: 'long',
      timeZone: 'America/Mexico_City',
    });
    expect(mails[0]).toContain(`antes del ${graceEnds}`);
    // Not yet time for the retry: nothing happens, and no second email.
    await runJob();
    expect((await invoices(s))[0].attempts).toBe(1);
    expect(await ownerMails(s)).toHaveLength(1);

    // Eight days later (the job's clock): the grace period is over and the retry fails again: suspended.
    const later = await runRenewals({ db: app.db, providers: app.providers }, new Date(Date.now() + 8 * DAY));
    expect(later).toMatchObject({ failed: 1, paid: 0 });
    row = await subRow(s);
    expect(row).toMatchObject({ status: 'suspended', failedAttempts: 2, nextPaymentAt: null });
    [invoice] = await invoices(s);
    expect(invoice).toMatchObject({ status: 'failed', attempts: 2 });
    mails = await ownerMails(s);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('se suspendió porque su suscripción no está pagada');
    await app.changeFeed.sync();

    const closed = await storefront(s);
    expect(closed.statusCode).toBe(402);
    expect(closed.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'La cuenta de esta tienda está suspendida.',
    });
    expect((await storefront(s, 'en')).json().message).toBe("This store's account is suspended.");
    const search = await app.inject({
      url: '/api/reseller/producto/search?q=taza',
      headers: { 'x-store-domain': s.store.hostname },
    });
    expect(search.statusCode).toBe(402);
    for (const url of ['/api/admin/coupons', '/api/admin/balance/summary', '/api/proveedor/webconfigs']) {
      const res = await admin(s, 'GET', url);
      expect(res.statusCode, url).toBe(402);
      expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    }
    expect((await admin(s, 'POST', '/api/admin/coupons', { code: 'X1X', kind: 'fixed', value: 100 })).statusCode).toBe(
      402,
    );
    expect((await admin(s, 'GET', '/api/admin/me')).statusCode).toBe(200);
    view = (await admin(s, 'GET', '/api/admin/subscription')).json();
    expect(view.subscription).toMatchObject({ status: 'suspended', amountDueCents: 29_900, nextPaymentAt: null });
    // Another store is untouched (tenant isolation).
    expect((await storefront(other)).statusCode).toBe(200);
    expect((await admin(other, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    const otherView = (await admin(other, 'GET', '/api/admin/subscription')).json();
    expect(otherView.subscription.status).toBe('active');
    expect(otherView.invoices).toEqual([]);
    // Suspended: the job no longer charges by itself.
    await runJob();
    expect((await invoices(s))[0].attempts).toBe(2);

    // Paying with the declined card fails with its message; the store stays suspended.
    const declined = await admin(s, 'POST', '/api/admin/subscription/pay');
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({
      code: 'SUBSCRIPTION_PAYMENT_DECLINED',
      message: 'El banco rechazó el cobro de tu suscripción. Intenta con otra tarjeta.',
    });
    expect((await admin(s, 'POST', '/api/admin/subscription/pay', undefined, 'en')).json().message).toBe(
      'The bank declined your subscription payment. Try another card.',
    );
    expect((await storefront(s)).statusCode).toBe(402);
    expect(await ownerMails(s)).toHaveLength(2); // the seller saw that answer on the page

    // A good card: paid, active at once, a fresh period from now.
    await saveCard(s, CARDS.ok);
    const before = Date.now();
    const paid = await admin(s, 'POST', '/api/admin/subscription/pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', amountDueCents: 0, trial: false });
    expect(Date.parse(paid.json().currentPeriodStart)).toBeGreaterThanOrEqual(before - 1000);
    await app.changeFeed.sync();
    expect((await storefront(s)).statusCode).toBe(200);
    expect((await admin(s, 'GET', '/api/admin/coupons')).statusCode).toBe(200);
    const all = await invoices(s);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'paid', attempts: 5 });
    mails = await ownerMails(s);
    expect(mails).toHaveLength(3);
    expect(mails[2]).toContain('Recibimos el pago de $299.00 de tu plan Mensual');
    expect(mails[2]).toContain('$299.00');
    // The other store's owner got nothing.
    expect(await ownerMails(other)).toEqual([]);
    // Paying again: nothing due.
    expect((await admin(s, 'POST', '/api/admin/subscription/pay')).json().code).toBe('SUBSCRIPTION_NOTHING_DUE');
    await expectLedgerReconciles(t.database.db, s.store.id);
  });

  it('pay now without a card asks for one', async () => {
    const s = await shop();
    await periodEndedAgo(s, 60_000);
    const res = await admin(s, 'POST', '/api/admin/subscription/pay');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'SUBSCRIPTION_PAYMENT_METHOD_REQUIRED',
      message: 'Agrega una tarjeta para pagar tu suscripción.',
    });
    // The trial ends without a card: the renewal fails (past due), with no provider call.
    await runJob();
    const [invoice] = await invoices(s);
    expect(invoice).toMatchObject({ status: 'failed', failureCode: 'no_payment_method' });
    expect((await subRow(s)).status).toBe('past_due');
  });

  it('a past-due store is suspended by the sweep once the grace period is over, without a retry due', async () => {
    const s = await shop();
    await saveCard(s, CARDS.declined);
    await periodEndedAgo(s, 60_000);
    await runJob();
    expect((await subRow(s)).status).toBe('past_due');
    await t.database.db
      .update(storeSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 8 * DAY), nextPaymentAt: new Date(Date.now() + DAY) })
      .where(eq(storeSubscriptions.storeId, s.store.id));
    await runJob();
    expect((await subRow(s)).status).toBe('suspended');
    const mails = await ownerMails(s);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('Subject: No pudimos cobrar');
    expect(mails[1]).toContain('se suspendió porque su suscripción no está pagada');
    await app.changeFeed.sync();
    expect((await storefront(s)).statusCode).toBe(402);
  });

  it('cancels at the period end; choosing a plan before it resumes; after it the store is suspended', async () => {
    const s = await shop();
    const cancelled = await admin(s, 'POST', '/api/admin/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextPaymentAt: null });
    expect((await admin(s, 'POST', '/api/admin/subscription/cancel')).json().code).toBe('INVALID_TRANSITION');
    const resumed = await admin(s, 'PUT', '/api/admin/subscription/plan', { planId: 'monthly' });
    expect(resumed.json()).toMatchObject({ status: 'active' });
    expect(resumed.json().nextPaymentAt).toBe(resumed.json().currentPeriodEnd);
    await admin(s, 'POST', '/api/admin/subscription/cancel');
    await t.database.db
      .update(storeSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(storeSubscriptions.storeId, s.store.id));
    await runJob();
    expect((await subRow(s)).status).toBe('suspended');
    expect(await invoices(s)).toEqual([]);
    await app.changeFeed.sync();
    expect((await storefront(s)).statusCode).toBe(402);
    await saveCard(s, CARDS.ok);
    expect((await admin(s, 'POST', '/api/admin/subscription/pay')).json().status).toBe('active');
    await app.changeFeed.sync();
    expect((await storefront(s)).statusCode).toBe(200);
  });

  it('a seller reaches only their own store’s subscription', async () => {
    const a = await shop();
    const b = await shop();
    await saveCard(a, CARDS.ok);
    await admin(a, 'PUT', '/api/admin/subscription/plan', { planId: 'premium' });
    const bView = (await admin(b, 'GET', '/api/admin/subscription')).json();
    expect(bView.subscription).toMatchObject({ planId: 'monthly', paymentMethod: null });
    // B cannot use A's card token: it is A's… and saving it only affects B's own row.
    const aRow = await subRow(a);
    await admin(b, 'PUT', '/api/admin/subscription/payment-method', { token: aRow.paymentToken! });
    expect((await subRow(a)).planId).toBe('premium');
    expect((await subRow(b)).planId).toBe('monthly');
  });
});
