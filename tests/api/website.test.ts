/**
 * Store settings and look (/api/proveedor/webconfigs), the set-up wizard (/api/proveedor/wizard) and the website
 * switch: every rule in Spanish and English, tenant isolation,
 * deactivation refusing carts and orders (WEBSITE_DEACTIVATED) while the admin keeps working, and freshness on two
 * instances of the app on one database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, createTwoInstances, type TestApp, type TwoInstances } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-db.js';
import {
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../helpers/factories.js';
import { COLOR_KEYS, DEFAULT_COLORS } from '../../src/shared/contracts/website.js';

const INFO = {
  name: 'Ferretería Sol',
  lang: 'es',
  supportPhone: '+52 55 1234 5678',
  supportEmail: 'ayuda@sol.mx',
  menuName: 'Productos',
  aboutUs: 'Somos una ferretería familiar.',
  websiteActive: true,
};
const img = (n: string) => ({ url: `/uploads/look/${n}.webp` });
const LOOK = {
  logo: img('logo'),
  icon: img('icon'),
  cartIcon: null,
  verificationIcon: null,
  colors: { ...DEFAULT_COLORS, navbar: '#aa0011' },
  bannerButton: { title: 'Ver ofertas', url: '/search?q=ofertas', textColor: '#ffffff' },
  carousel: [img('c1')],
  banners: [img('b1')],
  social: { facebook: 'https://www.facebook.com/ferresol', instagram: '', youtube: '' },
};

describe('store settings, look and wizard', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    sellerA = await createSellerFixture(t.app, a.id);
    sellerB = await createSellerFixture(t.app, b.id);
  });
  afterAll(async () => t.close());

  const as = (
    seller: { token: string } | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    lang = 'es',
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'accept-language': lang, ...(seller ? { authorization: `Bearer ${seller.token}` } : {}) },
    });
  const fields = (res: { json(): { fields?: { path: string; message: string }[] } }) =>
    Object.fromEntries((res.json().fields ?? []).map((f) => [f.path, f.message]));

  it('needs a signed-in seller', async () => {
    expect((await as(null, 'GET', '/api/proveedor/webconfigs')).statusCode).toBe(401);
    expect((await as(null, 'PUT', '/api/proveedor/webconfigs/look', LOOK)).statusCode).toBe(401);
    expect((await as(null, 'GET', '/api/proveedor/wizard')).statusCode).toBe(401);
  });

  it('saves the store info and look, and the storefront configuration shows them', async () => {
    const before = (await as(sellerA, 'GET', '/api/proveedor/webconfigs')).json();
    expect(before.look.colors).toEqual(DEFAULT_COLORS);
    expect(before.look.carousel).toEqual([]);
    expect(before.storeUrl).toContain(a.hostname);

    expect((await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', INFO)).statusCode).toBe(200);
    expect((await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', LOOK)).statusCode).toBe(200);
    const after = (await as(sellerA, 'GET', '/api/proveedor/webconfigs')).json();
    expect(after.info).toEqual(INFO);
    expect(after.look).toMatchObject({ ...LOOK, cartIcon: null });

    const config = (
      await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': a.hostname } })
    ).json();
    expect(config).toMatchObject({
      nombretienda: 'Ferretería Sol',
      icon: '/uploads/look/icon.webp',
      logo: '/uploads/look/logo.webp',
      supportPhone: '+52 55 1234 5678',
      menuName: 'Productos',
      social: { facebook: 'https://www.facebook.com/ferresol' },
    });
    expect(config.colors.navbar).toBe('#aa0011');
    expect(config.banners[0]).toMatchObject({ url: '/uploads/look/b1.webp', buttonTitle: 'Ver ofertas' });

    // Clearing an optional field removes it (the storefront footer then shows no phone).
    await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', { ...INFO, supportPhone: '' });
    expect((await as(sellerA, 'GET', '/api/proveedor/webconfigs')).json().info.supportPhone).toBe('');
    const cleared = await t.app.inject({
      url: '/api/reseller/configwebsite',
      headers: { 'x-store-domain': a.hostname },
    });
    expect(cleared.json().supportPhone).toBeNull();
    expect(cleared.json().supportEmail).toBe('ayuda@sol.mx');
    await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', INFO);
  });

  it('each colour is required with its own message, in Spanish and English', async () => {
    const es: Record<string, string> = {};
    const en: Record<string, string> = {};
    for (const lang of ['es', 'en']) {
      const res = await as(
        sellerA,
        'PUT',
        '/api/proveedor/webconfigs/look',
        { ...LOOK, colors: Object.fromEntries(COLOR_KEYS.map((k) => [k, k === 'navbar' ? undefined : 'rojo'])) },
        lang,
      );
      expect(res.statusCode).toBe(400);
      Object.assign(lang === 'es' ? es : en, fields(res));
    }
    for (const k of COLOR_KEYS) {
      expect(es[`colors.${k}`]).toBeTruthy();
      expect(en[`colors.${k}`]).toBeTruthy();
    }
    expect(new Set(COLOR_KEYS.map((k) => es[`colors.${k}`])).size).toBe(8);
    expect(es['colors.navbar']).toBe('Elige el color de la barra de navegación.');
    expect(en['colors.navbar']).toBe('Choose the navigation bar colour.');
    expect(en['colors.footerText']).toBe('Choose the footer text colour.');
  });

  it('social URLs must start with their network’s host, in Spanish and English', async () => {
    const bad = {
      facebook: 'https://facebook.evil.com/x',
      instagram: 'http://www.instagram.com/x',
      youtube: 'youtube',
    };
    const es = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', { ...LOOK, social: bad }, 'es'));
    const en = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', { ...LOOK, social: bad }, 'en'));
    expect(es['social.facebook']).toBe('La URL de Facebook debe empezar con https://www.facebook.com/');
    expect(es['social.instagram']).toBe('La URL de Instagram debe empezar con https://www.instagram.com/');
    expect(es['social.youtube']).toBe('La URL de YouTube debe empezar con https://www.youtube.com/');
    expect(en['social.facebook']).toBe('The Facebook URL must start with https://www.facebook.com/');
    expect(en['social.youtube']).toBe('The YouTube URL must start with https://www.youtube.com/');
    const ok = await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', {
      ...LOOK,
      social: { facebook: '', instagram: 'https://www.instagram.com/sol', youtube: 'https://www.youtube.com/@sol' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('facebook.com, www.facebook.com and m.facebook.com are the same site: each is saved as the www form (decision 106)', async () => {
    const spellings = [
      ['https://facebook.com/ferresol', 'https://www.facebook.com/ferresol'],
      ['https://www.facebook.com/ferresol', 'https://www.facebook.com/ferresol'],
      ['https://m.facebook.com/ferresol', 'https://www.facebook.com/ferresol'],
      ['https://Facebook.com/ferresol?ref=bio', 'https://www.facebook.com/ferresol?ref=bio'],
    ];
    for (const [given, stored] of spellings) {
      const put = await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', {
        ...LOOK,
        social: { facebook: given, instagram: 'https://instagram.com/sol', youtube: 'https://m.youtube.com/@sol' },
      });
      expect(put.statusCode, `${given}: ${put.body}`).toBe(200);
      const read = await as(sellerA, 'GET', '/api/proveedor/webconfigs');
      expect(read.statusCode).toBe(200);
      expect(read.json().look.social).toEqual({
        facebook: stored,
        instagram: 'https://www.instagram.com/sol',
        youtube: 'https://www.youtube.com/@sol',
      });
    }
    // The wizard's social step takes the same spellings.
    const draft = await as(sellerA, 'PUT', '/api/proveedor/wizard', {
      step: 4,
      social: { facebook: 'https://facebook.com/sol', instagram: '', youtube: '' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().draft.social.facebook).toBe('https://www.facebook.com/sol');
    // Look-alike hosts are still refused.
    for (const bad of ['https://facebook.com.evil.mx/x', 'https://evilfacebook.com/x', 'https://facebook.com@evil.mx/'])
      expect(
        fields(
          await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', {
            ...LOOK,
            social: { ...LOOK.social, facebook: bad },
          }),
        )['social.facebook'],
        bad,
      ).toBeTruthy();
    await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', LOOK);
  });

  it('the data migration rewrites stored spellings of the same site to the www form and leaves the rest', async () => {
    const dir = path.resolve(__dirname, '../../drizzle');
    const migration = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((text) => text.includes('(decision 106)'))!;
    const c = await createStoreFixture(t.database.db);
    const d = await createStoreFixture(t.database.db);
    const set = (id: string, social: object) =>
      t.database.db.execute(
        sql`update stores set settings = coalesce(settings, '{}'::jsonb) || ${JSON.stringify({ social })}::jsonb where id = ${id}`,
      );
    await set(c.id, {
      facebook: 'https://facebook.com/vitrina',
      instagram: 'https://M.Instagram.com/vitrina?x=1',
      youtube: 'https://www.youtube.com',
    });
    await set(d.id, { facebook: 'https://facebook.com.evil.mx/x', instagram: 'http://instagram.com/y' });
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    const social = async (id: string) =>
      (
        (await t.database.db.execute(sql`select settings->'social' as s from stores where id = ${id}`)) as unknown as {
          rows: { s: unknown }[];
        }
      ).rows[0].s;
    expect(await social(c.id)).toEqual({
      facebook: 'https://www.facebook.com/vitrina',
      instagram: 'https://www.instagram.com/vitrina?x=1',
      youtube: 'https://www.youtube.com/',
    });
    expect(await social(d.id)).toEqual({
      facebook: 'https://facebook.com.evil.mx/x',
      instagram: 'http://instagram.com/y',
    });
  });

  it('values stored under an older or stricter rule never turn a read into a 500', async () => {
    const c = await createStoreFixture(t.database.db);
    const seller = await createSellerFixture(t.app, c.id);
    // What an older version (or a hand edit) may have left in the row: none of it passes today's input rules.
    await t.database.db.execute(sql`
      update stores set name = 'X', settings = ${JSON.stringify({
        social: {
          facebook: 'https://facebook.com/viejo',
          instagram: 'http://instagram.com/viejo',
          youtube: 'javascript:alert(1)',
        },
        supportPhone: '123',
        supportEmail: 'no es correo',
        menuName: 'm'.repeat(60),
        bannerButton: { title: 't'.repeat(60), url: 'ftp://x', textColor: 'rojo' },
        bannerImages: [{ url: 'http://example.com/a.jpg' }],
        logoUrl: 'data:image/png;base64,AAAA',
      })}::jsonb, wizard_config = ${JSON.stringify({ draft: { step: 9, social: { facebook: 'x' }, lang: 'fr' } })}::jsonb
      where id = ${c.id}`);
    const read = await as(seller, 'GET', '/api/proveedor/webconfigs');
    expect(read.statusCode, read.body).toBe(200);
    // The seller sees what is stored (and fixes it on the next save); a legacy spelling comes back normalised.
    expect(read.json().info).toMatchObject({ name: 'X', supportPhone: '123', supportEmail: 'no es correo' });
    expect(read.json().look.social).toEqual({
      facebook: 'https://www.facebook.com/viejo',
      instagram: 'http://instagram.com/viejo',
      youtube: 'javascript:alert(1)',
    });
    expect((await as(seller, 'GET', '/api/proveedor/wizard')).statusCode).toBe(200);
    // The storefront never links a URL that today's rule refuses.
    const cfg = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': c.hostname } });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().social).toEqual({ facebook: 'https://www.facebook.com/viejo' });
  });

  it('the carousel needs an image and a banner ("upload an image before continuing")', async () => {
    const es = fields(
      await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', { ...LOOK, carousel: [], banners: [] }, 'es'),
    );
    const en = fields(
      await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', { ...LOOK, carousel: [], banners: [] }, 'en'),
    );
    expect(es.carousel).toContain('sube una imagen antes de continuar');
    expect(es.banners).toContain('sube una imagen antes de continuar');
    expect(en.carousel).toBe('At least one carousel image is required: upload an image before continuing.');
    expect(en.banners).toBe('At least one banner is required: upload an image before continuing.');
  });

  it('images, links, phone and email are checked, in Spanish and English', async () => {
    const look = {
      ...LOOK,
      logo: { url: 'javascript:alert(1)' },
      bannerButton: { title: 'x', url: 'javascript:alert(1)', textColor: '' },
    };
    const es = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', look, 'es'));
    const en = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', look, 'en'));
    expect(es['logo.url']).toBe('La imagen debe ser un archivo subido o una dirección https.');
    expect(en['logo.url']).toBe('The image must be an uploaded file or an https address.');
    expect(en['bannerButton.url']).toBe('The address must start with / or https://.');
    expect(en['bannerButton.textColor']).toBe('Choose the banner button text colour.');

    const info = { ...INFO, supportPhone: '123', supportEmail: 'no-es-correo', name: '' };
    const ies = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', info, 'es'));
    const ien = fields(await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', info, 'en'));
    expect(ies.supportPhone).toBe('Número de teléfono incorrecto.');
    expect(ien.supportPhone).toBe('Incorrect phone number.');
    expect(ies.supportEmail).toBeTruthy();
    expect(ien.supportEmail).toBeTruthy();
    expect(ien.name).toBeTruthy();
    // Hostile input is a 4xx, never a 500.
    for (const payload of [
      {},
      { ...INFO, lang: 'fr' },
      { ...INFO, aboutUs: 'x'.repeat(5000) },
      { ...INFO, name: 'a\u0000b' },
    ])
      expect((await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', payload)).statusCode).toBe(400);
  });

  it('an image file id that is not an upload of this store is refused (422)', async () => {
    const res = await as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', {
      ...LOOK,
      logo: { url: '/uploads/x/y', fileId: randomUUID() },
    });
    expect(res.statusCode).toBe(422);
  });

  it('another store’s seller never reads or changes this store’s settings', async () => {
    await as(sellerB, 'PUT', '/api/proveedor/webconfigs/look', {
      ...LOOK,
      colors: { ...DEFAULT_COLORS, navbar: '#00ff00' },
    });
    await as(sellerB, 'PUT', '/api/proveedor/wizard', { step: 3, lang: 'en' });
    const mine = (await as(sellerA, 'GET', '/api/proveedor/webconfigs')).json();
    expect(mine.info.name).toBe('Ferretería Sol');
    expect(mine.look.colors.navbar).toBe('#aa0011');
    const theirs = (await as(sellerB, 'GET', '/api/proveedor/webconfigs')).json();
    expect(theirs.info.name).not.toBe('Ferretería Sol');
    expect(theirs.look.colors.navbar).toBe('#00ff00');
    expect((await as(sellerA, 'GET', '/api/proveedor/wizard')).json().draft.step).not.toBe(3);
  });

  it('the wizard saves each step as a draft, resumes it, and goes live only on Finish', async () => {
    const c = await createStoreFixture(t.database.db);
    const seller = await createSellerFixture(t.app, c.id);
    const config = async () =>
      (await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': c.hostname } })).json();
    const fresh = (await as(seller, 'GET', '/api/proveedor/wizard')).json();
    expect(fresh).toEqual({ draft: { step: 0 }, finishedAt: null, inProgress: false, suggested: true });

    await as(seller, 'PUT', '/api/proveedor/wizard', { step: 1, lang: 'en' });
    await as(seller, 'PUT', '/api/proveedor/wizard', { step: 2, lang: 'en', logo: img('l') });
    const colors = { ...DEFAULT_COLORS, primary: '#123456' };
    await as(seller, 'PUT', '/api/proveedor/wizard', {
      step: 4,
      lang: 'en',
      logo: img('l'),
      banners: [img('b')],
      colors,
    });
    // Another device: the same draft and step, nothing live yet.
    const resumed = (await as(seller, 'GET', '/api/proveedor/wizard')).json();
    expect(resumed).toMatchObject({ draft: { step: 4, lang: 'en', colors }, finishedAt: null, inProgress: true });
    expect((await config()).lang).toBe('es');
    expect((await config()).colors.primary).toBeUndefined();

    // A bad step is refused with its message and does not overwrite the draft.
    const bad = await as(seller, 'PUT', '/api/proveedor/wizard', { step: 4, banners: [] }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(fields(bad).banners).toBe('At least one banner is required: upload an image before continuing.');
    const badSocial = await as(
      seller,
      'POST',
      '/api/proveedor/wizard/finish',
      {
        lang: 'en',
        logo: img('l'),
        banners: [img('b')],
        colors,
        social: { facebook: 'https://x.com/a', instagram: '', youtube: '' },
      },
      'es',
    );
    expect(fields(badSocial)['social.facebook']).toBe('La URL de Facebook debe empezar con https://www.facebook.com/');

    const done = await as(seller, 'POST', '/api/proveedor/wizard/finish', {
      lang: 'en',
      logo: img('l'),
      banners: [img('b')],
      colors,
      social: { facebook: 'https://www.facebook.com/c', instagram: '', youtube: '' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ inProgress: false, suggested: false });
    expect(done.json().finishedAt).toBeTruthy();
    const live = await config();
    expect(live).toMatchObject({
      lang: 'en',
      logo: '/uploads/look/l.webp',
      social: { facebook: 'https://www.facebook.com/c' },
    });
    expect(live.colors.primary).toBe('#123456');
    expect(live.banners[0].url).toBe('/uploads/look/b.webp');
  });

  it('a deactivated website refuses carts and orders with a translated 403, the admin keeps working', async () => {
    const p = await createProductFixture(t.database.db, a.id);
    const quote = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        headers: { 'x-store-domain': a.hostname, 'accept-language': lang },
        payload: { items: [{ codigo: p.codigo, sku: p.skus[0], quantity: 1 }] },
      });
    expect((await quote('es')).statusCode).toBe(200);
    await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', { ...INFO, websiteActive: false });
    const es = await quote('es');
    expect(es.statusCode).toBe(403);
    expect(es.json()).toMatchObject({ code: 'WEBSITE_DEACTIVATED', message: 'Este sitio está en construcción.' });
    expect((await quote('en')).json().message).toBe('This site is under construction.');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { 'x-store-domain': a.hostname },
      payload: {
        idempotencyKey: randomUUID(),
        items: [{ codigo: p.codigo, sku: p.skus[0], quantity: 1 }],
        addressId: randomUUID(),
        shipping: { servicio: 'economico' },
        paymentMethod: 'oxxo',
      },
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().code).toBe('WEBSITE_DEACTIVATED');
    // The storefront configuration says so (the under-construction page), the admin still answers.
    const cfg = await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': a.hostname } });
    expect(cfg.json().websiteActive).toBe(false);
    expect((await as(sellerA, 'GET', '/api/proveedor/webconfigs')).statusCode).toBe(200);
    expect((await as(sellerA, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    // Another store is not affected; reactivating restores the cart.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cart/quote',
          headers: { 'x-store-domain': b.hostname },
          payload: { items: [] },
        })
      ).statusCode,
    ).not.toBe(403);
    await as(sellerA, 'PUT', '/api/proveedor/webconfigs/info', INFO);
    expect((await quote('es')).statusCode).toBe(200);
  });

  it('20 parallel saves of the look end in one consistent value, never a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(sellerA, 'PUT', '/api/proveedor/webconfigs/look', {
          ...LOOK,
          colors: { ...DEFAULT_COLORS, navbar: `#0000${(i + 10).toString(16).padStart(2, '0')}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = (await as(sellerA, 'GET', '/api/proveedor/webconfigs')).json();
    expect(after.look.colors.navbar).toMatch(/^#0000[0-9a-f]{2}$/);
    expect(after.look.carousel).toEqual(LOOK.carousel);
  });
});

describe('two instances: a change made on one shows on the other at once', () => {
  let two: TwoInstances;
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let store: StoreFixture;
  let seller: { token: string };

  beforeAll(async () => {
    const html =
      '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div></body></html>';
    two = await createTwoInstances({}, { indexHtml: html });
    ({ a, b, database } = two);
    store = await createStoreFixture(database.db);
    seller = await createSellerFixture(a, store.id);
  });
  afterAll(async () => {
    await two?.close();
  });

  const onB = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    b.inject({ method, url, payload, headers: { 'x-store-domain': store.hostname } });

  it('colours, name, language and the website switch saved on A reach B’s API and page head', async () => {
    // B has answered (and cached the domain look-up) before the change.
    expect((await onB('/api/reseller/configwebsite')).json().lang).toBe('es');
    expect((await onB('/api/cart/quote', 'POST', { items: [] })).statusCode).not.toBe(403);

    const auth = { authorization: `Bearer ${seller.token}` };
    expect(
      (await a.inject({ method: 'PUT', url: '/api/proveedor/webconfigs/look', headers: auth, payload: LOOK }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await a.inject({
          method: 'PUT',
          url: '/api/proveedor/webconfigs/info',
          headers: auth,
          payload: { ...INFO, name: 'Nueva Sol', lang: 'en', websiteActive: false },
        })
      ).statusCode,
    ).toBe(200);
    await b.changeFeed.sync();

    const cfg = (await onB('/api/reseller/configwebsite')).json();
    expect(cfg).toMatchObject({ nombretienda: 'Nueva Sol', lang: 'en', websiteActive: false });
    expect(cfg.colors.navbar).toBe('#aa0011');
    const page = await b.inject({ url: '/', headers: { host: store.hostname } });
    expect(page.body).toContain('--color-navbar:#aa0011');
    expect(page.body).toContain('--color-banner-text:#ffffff');
    expect(page.body).toContain('<title>Nueva Sol</title>');
    const refused = await onB('/api/cart/quote', 'POST', { items: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('WEBSITE_DEACTIVATED');

    await a.inject({ method: 'PUT', url: '/api/proveedor/webconfigs/info', headers: auth, payload: INFO });
    await b.changeFeed.sync();
    expect((await onB('/api/reseller/configwebsite')).json()).toMatchObject({ lang: 'es', websiteActive: true });
  });
});
