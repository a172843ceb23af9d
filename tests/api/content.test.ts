/**
 * Store content (/aviso, /politicas_compras, /pagos_envios, /faq, /glosario and their admin editors):
 * defaults in the store's language (the LFPDPPP privacy notice), saving, sanitising (no script, event handler or
 * javascript: URL ever comes back), validation in Spanish and English, tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';

describe('store content', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let en: StoreFixture;
  let sellerA: { token: string };
  let sellerB: { token: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createStoreFixture(t.database.db, { name: 'Papelería Luna' });
    b = await createStoreFixture(t.database.db);
    en = await createStoreFixture(t.database.db, { lang: 'en', name: 'Moon Stationery' });
    sellerA = await createSellerFixture(t.app, a.id);
    sellerB = await createSellerFixture(t.app, b.id);
  });
  afterAll(async () => t.close());

  const shop = (store: StoreFixture, kind: string) =>
    t.app.inject({ url: `/api/reseller/content/${kind}`, headers: { 'x-store-domain': store.hostname } });
  const admin = (seller: { token: string } | null, method: 'GET' | 'PUT', url: string, payload?: object, lang = 'es') =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'accept-language': lang, ...(seller ? { authorization: `Bearer ${seller.token}` } : {}) },
    });

  it('the payments page and the store configuration name the methods the deployment takes (PayPal here)', async () => {
    // The default test app pays through the sandbox, which stands in for cards, OXXO and PayPal.
    const config = (
      await t.app.inject({ url: '/api/reseller/configwebsite', headers: { 'x-store-domain': a.hostname } })
    ).json();
    expect(config.paymentMethods).toEqual(['card', 'oxxo', 'paypal']);
    expect((await shop(a, 'pagos_envios')).json().html).toContain('<li><strong>PayPal</strong>: apruebas el pago');
    expect((await shop(en, 'pagos_envios')).json().html).toContain('<li><strong>PayPal</strong>: you approve');
  });

  it('a new store shows default texts in its language, the privacy notice following the LFPDPPP', async () => {
    const aviso = (await shop(a, 'aviso')).json();
    expect(aviso.customised).toBe(false);
    expect(aviso.html).toContain('Aviso de privacidad integral');
    expect(aviso.html).toContain('Papelería Luna');
    expect(aviso.html).toContain('LFPDPPP');
    expect(aviso.html).toContain('derechos ARCO');
    expect(aviso.html).toContain('Finalidades secundarias');
    const avisoEn = (await shop(en, 'aviso')).json();
    expect(avisoEn.html).toContain('Comprehensive privacy notice');
    expect(avisoEn.html).toContain('Moon Stationery');
    for (const kind of ['politicas_compras', 'pagos_envios']) {
      expect((await shop(a, kind)).json().html).toMatch(/<h2>/);
      expect((await shop(en, kind)).json().html).toMatch(/<h2>/);
    }
    const faq = (await shop(a, 'faq')).json();
    expect(faq.items.length).toBeGreaterThan(2);
    expect(faq.items[0].question).toMatch(/¿/);
    expect((await shop(en, 'glosario')).json().terms[0].word).toBeTruthy();
    expect((await shop(a, 'nada')).statusCode).toBe(400);
  });

  it('saves a page sanitised: no script, event handler or javascript: link comes back', async () => {
    const html =
      '<h2>Política</h2><p onclick="x()">Hola <strong>mundo</strong><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">mal</a> <a href="https://sol.mx">bien</a></p>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    const res = await admin(sellerA, 'PUT', '/api/proveedor/content/page/politicas_compras', { html });
    expect(res.statusCode).toBe(200);
    for (const got of [res.json().html, (await shop(a, 'politicas_compras')).json().html]) {
      expect(got).toContain('<h2>Política</h2>');
      expect(got).toContain('<strong>mundo</strong>');
      expect(got).toContain('href="https://sol.mx"');
      expect(got).not.toMatch(/script|onerror|onclick|javascript:|<img|<iframe|<style/i);
    }
    expect((await shop(a, 'politicas_compras')).json().customised).toBe(true);
  });

  it('saves the FAQ and glossary lists with their texts sanitised', async () => {
    const faq = await admin(sellerA, 'PUT', '/api/proveedor/content/faq', {
      items: [
        { question: '¿Envían a Monterrey?', answer: 'Sí, a todo México.' },
        {
          question: '<img src=x onerror=alert(1)>¿Hay factura?',
          answer: 'Sí &lt;script&gt;alert(1)&lt;/script&gt; claro',
        },
      ],
    });
    expect(faq.statusCode).toBe(200);
    const shown = (await shop(a, 'faq')).json();
    expect(shown.items).toHaveLength(2);
    expect(shown.items[0]).toEqual({ question: '¿Envían a Monterrey?', answer: 'Sí, a todo México.' });
    expect(JSON.stringify(shown.items)).not.toMatch(/script|onerror|<img/i);
    expect(shown.items[1].question).toBe('¿Hay factura?');

    const glossary = await admin(sellerA, 'PUT', '/api/proveedor/content/glosario', {
      items: [{ word: 'MOQ', definition: 'Cantidad mínima de compra <b onmouseover=x>x</b>' }],
    });
    expect(glossary.statusCode).toBe(200);
    const terms = (await shop(a, 'glosario')).json().terms;
    expect(terms).toEqual([{ word: 'MOQ', definition: 'Cantidad mínima de compra x' }]);
  });

  it('refuses empty items and oversized input with translated messages (es, en)', async () => {
    const bad = { items: [{ question: '', answer: 'x' }] };
    const es = await admin(sellerA, 'PUT', '/api/proveedor/content/faq', bad, 'es');
    const en2 = await admin(sellerA, 'PUT', '/api/proveedor/content/faq', bad, 'en');
    expect(es.statusCode).toBe(400);
    expect(es.json().fields[0]).toMatchObject({ path: 'items.0.question', message: 'Este campo es obligatorio.' });
    expect(en2.json().fields[0]).toMatchObject({ path: 'items.0.question', message: 'This field is required.' });
    const big = await admin(sellerA, 'PUT', '/api/proveedor/content/page/aviso', { html: 'x'.repeat(60_001) }, 'en');
    expect(big.statusCode).toBe(400);
    expect(big.json().fields[0].message).toBe('Must be at most 60000 characters.');
    expect((await admin(sellerA, 'PUT', '/api/proveedor/content/page/faq', { html: 'x' })).statusCode).toBe(400);
    expect((await admin(sellerA, 'PUT', '/api/proveedor/content/glosario', { items: 'x' })).statusCode).toBe(400);
    expect((await admin(sellerA, 'PUT', '/api/proveedor/content/page/aviso', { html: 'a\u0000b' })).statusCode).toBe(
      400,
    );
  });

  it('needs a seller; another store never reads or changes this store’s content', async () => {
    expect((await admin(null, 'PUT', '/api/proveedor/content/page/aviso', { html: '<p>x</p>' })).statusCode).toBe(401);
    await admin(sellerB, 'PUT', '/api/proveedor/content/page/aviso', { html: '<p>Aviso de B</p>' });
    await admin(sellerB, 'PUT', '/api/proveedor/content/faq', { items: [{ question: 'B?', answer: 'B.' }] });
    expect((await shop(a, 'aviso')).json().html).not.toContain('Aviso de B');
    expect((await admin(sellerA, 'GET', '/api/proveedor/content/aviso')).json().html).not.toContain('Aviso de B');
    expect((await shop(a, 'faq')).json().items[0].question).toBe('¿Envían a Monterrey?');
    expect((await shop(b, 'aviso')).json().html).toBe('<p>Aviso de B</p>');
    expect((await admin(sellerB, 'GET', '/api/proveedor/content/politicas_compras')).json().customised).toBe(false);
  });
});
