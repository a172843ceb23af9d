/**
 * Visits (decisions 161, 162): a day of storefront page views sent through
 * the real beacon (repeated visitors, bots, DNT and GPC, another store) gives the figures counted by hand; what is
 * stored identifies nobody; another store's seller reads only their own; the salts' sweep deletes past days. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { orders, pageViews, searchTerms, visitSalts } from '../../src/server/db/schema/index.js';
import { visitsReport } from '../../src/shared/contracts/visits.js';
import { sweepVisitSalts } from '../../src/server/modules/analytics/visits.service.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe(`visits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let token: string;
  let otherToken: string;
  let productCode: string;

  const view = (s: StoreFixture, ip: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/visitas', remoteAddress: ip, headers: { host: s.hostname, ...headers } });
  const report = async (tok: string, days = 7, lang = 'es') => {
    const res = await t.app.inject({
      url: `/api/admin/visitas?days=${days}`,
      headers: { authorization: `Bearer ${tok}`, 'accept-language': lang },
    });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    token = (await createSellerFixture(t.app, store.id)).token;
    otherToken = (await createSellerFixture(t.app, other.id)).token;
    productCode = (await createProductFixture(t.database.db, store.id, { name: 'Playera azul' })).codigo;
  });
  afterAll(() => t.close());

  it('counts a seeded day as counted by hand: repeated visitors once, bots never, DNT and GPC without a key', async () => {
    const sent: Promise<{ statusCode: number }>[] = [];
    // Visitor A: same IP and browser, three pages.
    for (let i = 0; i < 3; i++) sent.push(view(store, '203.0.113.1', { 'user-agent': CHROME }));
    // Visitor B: another IP, two pages.
    for (let i = 0; i < 2; i++) sent.push(view(store, '203.0.113.2', { 'user-agent': CHROME }));
    // Visitor C: A's IP (a shared network) with another browser: another visitor.
    sent.push(view(store, '203.0.113.1', { 'user-agent': FIREFOX }));
    // Visitor D on a phone, two pages.
    for (let i = 0; i < 2; i++) sent.push(view(store, '198.51.100.7', { 'user-agent': PHONE }));
    // Bots and a client without a user agent: not counted at all.
    for (let i = 0; i < 4; i++) sent.push(view(store, '66.249.66.1', { 'user-agent': GOOGLEBOT }));
    sent.push(view(store, '203.0.113.9', {}));
    // Asked not to be tracked: page views without a key (two DNT, one GPC), whatever their IP.
    sent.push(view(store, '203.0.113.1', { 'user-agent': CHROME, dnt: '1' }));
    sent.push(view(store, '192.0.2.4', { 'user-agent': FIREFOX, dnt: '1' }));
    sent.push(view(store, '192.0.2.5', { 'user-agent': PHONE, 'sec-gpc': '1' }));
    // Another store's visit by visitor A: not this store's.
    sent.push(view(other, '203.0.113.1', { 'user-agent': CHROME }));
    const answers = await Promise.all(sent);
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);

    // One order today (a cancelled one does not count) and product views and searches by shoppers and by a bot.
    const customer = await createCustomerFixture(t.app, store);
    const orderRow = (status: 'pending' | 'cancelled') => ({
      storeId: store.id,
      folio: status === 'pending' ? 1 : 2,
      customerId: customer.userId,
      email: 'buyer@example.com',
      paymentMethod: 'oxxo',
      status,
      lang: 'es',
      itemsCents: 10000,
      shippingCents: 0,
      totalCents: 10000,
      platformFeeBps: 350,
      shippingType: 'pickup',
      shipping: { proveedor: 'tienda', servicio: 'pickup', precio: 0 },
      idempotencyKey: randomUUID(),
      viewToken: randomUUID(),
      reservationExpiresAt: new Date(),
    });
    await t.database.db.insert(orders).values([orderRow('pending'), orderRow('cancelled')]);
    for (const ua of [CHROME, PHONE, GOOGLEBOT]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/visto',
        headers: { host: store.hostname, 'user-agent': ua },
        payload: { codigo: productCode },
      });
      expect(res.statusCode).toBe(204);
    }
    const search = (q: string, ua: string, page = 1) =>
      t.app.inject({
        url: `/api/reseller/producto/search?q=${encodeURIComponent(q)}&page=${page}`,
        headers: { host: store.hostname, 'user-agent': ua },
      });
    // Kept: two shoppers' "playera" (found) and two "sombrero de palma" (not found). Not kept: the bot's, an email
    // address and a phone number typed into the box, and a second page of results.
    for (const [q, ua, page] of [
      ['Playera', CHROME, 1],
      ['playera', PHONE, 1],
      ['Sombrero de palma', CHROME, 1],
      ['sombrero  de palma', FIREFOX, 1],
      ['Sombrero de palma', GOOGLEBOT, 1],
      ['ana@example.com', CHROME, 1],
      ['55 1234 5678', CHROME, 1],
      ['playera', CHROME, 2],
    ] as const) {
      expect((await search(q, ua, page)).statusCode).toBe(200);
    }

    const res = await report(token);
    expect(res.statusCode).toBe(200);
    const r = visitsReport.parse(res.json());
    expect(r.timeZone).toBe('America/Mexico_City');
    expect(r.days).toHaveLength(7);
    const today = r.days[6];
    // Hand count: visitors A, B, C, D; 3 + 2 + 1 + 2 tracked views and 3 untracked.
    expect(today).toMatchObject({ visitors: 4, pageViews: 11, untrackedViews: 3, orders: 1 });
    expect(r.days.slice(0, 6).every((d) => d.visitors === 0 && d.pageViews === 0)).toBe(true);
    expect(r.totals).toEqual({ visitors: 4, pageViews: 11, untrackedViews: 3, orders: 1, conversionPercent: 25 });
    expect(r.topProducts).toEqual([expect.objectContaining({ name: 'Playera azul', views: 2 })]);
    expect(r.searchesWithResults).toEqual([{ term: 'playera', searches: 2, results: 1 }]);
    expect(r.searchesWithoutResults).toEqual([{ term: 'sombrero de palma', searches: 2, results: 0 }]);
  });

  it('stores no IP, no user agent and no search author: 128-bit keys, null under DNT/GPC, one salt per day', async () => {
    const rows = await t.database.db.select().from(pageViews).where(eq(pageViews.storeId, store.id));
    expect(rows).toHaveLength(11);
    const keys = rows.map((r) => r.visitorKey);
    expect(keys.filter((k) => k === null)).toHaveLength(3);
    expect(keys.filter((k) => k !== null).every((k) => /^[0-9a-f]{32}$/.test(k!))).toBe(true);
    expect(new Set(keys.filter((k) => k !== null)).size).toBe(4);
    const otherRows = await t.database.db.select().from(pageViews).where(eq(pageViews.storeId, other.id));
    // The same visitor in another store has another key (the store is in the hash).
    expect(keys).not.toContain(otherRows[0].visitorKey);
    const text = JSON.stringify([...rows, ...otherRows]);
    expect(text).not.toContain('203.0.113');
    expect(text).not.toContain('Chrome');
    const terms = await t.database.db.select().from(searchTerms).where(eq(searchTerms.storeId, store.id));
    expect(terms.map((r) => r.term).sort()).toEqual(['playera', 'playera', 'sombrero de palma', 'sombrero de palma']);
    expect(Object.keys(terms[0]).sort()).toEqual(['id', 'results', 'searchedAt', 'storeId', 'term']);
    expect((await t.database.db.select().from(visitSalts)).length).toBeGreaterThanOrEqual(1);
  });

  it("gives each seller their own store's figures only", async () => {
    const mine = visitsReport.parse((await report(otherToken, 30)).json());
    expect(mine.days).toHaveLength(30);
    expect(mine.totals).toMatchObject({ visitors: 1, pageViews: 1, orders: 0, conversionPercent: 0 });
    expect(mine.topProducts).toEqual([]);
    expect(mine.searchesWithResults).toEqual([]);
    const anonymous = await t.app.inject({ url: '/api/admin/visitas?days=7' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await createCustomerFixture(t.app, store);
    const asBuyer = await report(customer.token);
    expect([401, 403]).toContain(asBuyer.statusCode);
  });

  it('refuses a period it does not offer with a translated 400', async () => {
    const es = await report(token, 12);
    expect(es.statusCode).toBe(400);
    expect(JSON.stringify(es.json())).toContain('Elige 7, 14, 30 o 90 días.');
    const en = await report(token, 12, 'en');
    expect(JSON.stringify(en.json())).toContain('Choose 7, 14, 30 or 90 days.');
  });

  it('deletes the salts of days that are over in every time zone', async () => {
    await t.database.db.insert(visitSalts).values([
      { day: '2026-01-01', salt: 'aa'.repeat(32) },
      { day: '2026-01-02', salt: 'bb'.repeat(32) },
    ]);
    // On 2026-01-03 at 00:30 UTC, 2026-01-02 is still going on west of UTC: only 2026-01-01 goes.
    expect(await sweepVisitSalts({ db: t.database.db }, new Date('2026-01-03T00:30:00Z'))).toBeGreaterThanOrEqual(1);
    const days = (await t.database.db.select({ day: visitSalts.day }).from(visitSalts)).map((r) => r.day);
    expect(days).toContain('2026-01-02');
    expect(days).not.toContain('2026-01-01');
  });
});
