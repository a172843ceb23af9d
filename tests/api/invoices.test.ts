/**
 * CFDI 4.0 facturas of orders (decision 154), through the API and the sandbox PAC the Facturapi SDK is pointed at: the
 * seller connects its account (the key refused by the PAC, then accepted, never shown back); the buyer's fiscal data
 * is refused in the SAT's words in Spanish and English (RFC structure and check digit, generic RFCs, régimen and uso
 * against the type of person); a mixed order (two products, shipping, a coupon) is invoiced at a total and IVA
 * computed here by hand to the centavo, its PDF and XML stored and mailed; a partial refund gets its credit note
 * related by UUID; a store without an account says so; another store reads nothing. Plus the IVA breakdown's rule.
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
  seedPostalCodesFixture,
  TEST_ADDRESS,
  type StoreFixture,
} from '../helpers/factories.js';
import { payVoucher, placePaidOrder, submitOrder } from '../helpers/payments.js';
import { mailsTo } from '../helpers/outbox.js';
import { invoicingAccounts, invoices, orders } from '../../src/server/db/schema/index.js';
import { ivaBreakdown, sumBreakdown } from '../../src/shared/cfdi-tax.js';

const FISCAL = {
  rfc: 'EKU9003173C9',
  legalName: 'Escuela Kemper Urgate',
  taxRegime: '601',
  cfdiUse: 'G03',
  postalCode: '26015',
};
const API_KEY = 'sk_test_Vitrina0123456789abcd';

describe('IVA broken out of prices that include it', () => {
  it('splits each amount into round_half_up(total / 1.16) and the rest', () => {
    expect(ivaBreakdown(11_600)).toEqual({ baseCents: 10_000, taxCents: 1_600 });
    expect(ivaBreakdown(10_000)).toEqual({ baseCents: 8_621, taxCents: 1_379 }); // 86.2068… → 86.21
    expect(ivaBreakdown(1)).toEqual({ baseCents: 1, taxCents: 0 }); // 0.0086… → 0.01
    expect(ivaBreakdown(5)).toEqual({ baseCents: 4, taxCents: 1 }); // 0.0431… → 0.04
    expect(ivaBreakdown(0)).toEqual({ baseCents: 0, taxCents: 0 });
    expect(() => ivaBreakdown(1.5)).toThrow(RangeError);
    expect(() => ivaBreakdown(-1)).toThrow(RangeError);
  });

  it('always gives an IVA inside the SAT limits of its base (Anexo 20: (Base ± 0.005) × 0.16)', () => {
    for (let total = 0; total <= 200_000; total++) {
      const { baseCents, taxCents } = ivaBreakdown(total);
      expect(baseCents + taxCents).toBe(total);
      // In centavos: lower = trunc((base − 0.5) × 0.16), upper = ceil((base + 0.5) × 0.16).
      const lower = Math.floor(((baseCents - 0.5) * 16) / 100);
      const upper = Math.ceil(((baseCents + 0.5) * 16) / 100);
      if (taxCents < lower || taxCents > upper)
        throw new Error(`total ${total}: IVA ${taxCents} not in ${lower}..${upper}`);
    }
  });

  it('adds lines broken out one by one', () => {
    expect(sumBreakdown([{ totalCents: 10_000 }, { totalCents: 5 }])).toEqual({
      baseCents: 8_625,
      taxCents: 1_380,
      totalCents: 10_005,
    });
  });
});

describe(`CFDI invoices (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: string;
  let otherSeller: string;
  let buyer: { email: string; token: string };

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const asBuyer = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'es', s: StoreFixture = store) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${buyer.token}`, 'x-store-domain': s.hostname, 'accept-language': lang },
    });
  const runJobs = async (...names: string[]) => {
    for (const n of names) await t.app.jobs.enqueue(n, {});
    await t.app.jobs.drain();
  };
  const buy = (s: StoreFixture, token: string, body: Record<string, unknown>) =>
    placePaidOrder(
      t.app,
      { store: s, token },
      {
        idempotencyKey: randomUUID(),
        address: TEST_ADDRESS,
        shipping: { servicio: 'economico' },
        ...body,
      },
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    store = await createStoreFixture(t.database.db, { name: 'Mayoreo Fiscal' });
    other = await createStoreFixture(t.database.db);
    await createProductFixture(t.database.db, store.id, {
      codigo: 'TAZA',
      variants: [{ sku: 'TAZA-1', options: {}, priceCents: 34_900, stock: 100 }],
    });
    await createProductFixture(t.database.db, store.id, {
      codigo: 'SILLA',
      variants: [{ sku: 'SILLA-1', options: {}, priceCents: 125_050, stock: 100 }],
    });
    await createProductFixture(t.database.db, other.id, {
      codigo: 'OTRO',
      variants: [{ sku: 'OTRO-1', options: {}, priceCents: 10_000, stock: 100 }],
    });
    seller = (await createSellerFixture(t.app, store.id)).token;
    otherSeller = (await createSellerFixture(t.app, other.id)).token;
    buyer = await createCustomerFixture(t.app, store);
    const c = await as(seller, 'POST', '/api/admin/coupons', { code: 'FACTURA10', kind: 'percent', value: 10 });
    expect(c.statusCode, c.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('connects the store’s Facturapi account: a key the PAC refuses is refused, the key is never returned', async () => {
    expect((await as(seller, 'GET', '/api/admin/invoicing')).json()).toMatchObject({
      connected: false,
      keyLast4: null,
    });
    const live = await as(seller, 'PUT', '/api/admin/invoicing', { apiKey: 'sk_live_NotForTheSandbox123' });
    expect(live.statusCode, live.body).toBe(422);
    expect(live.json().code).toBe('INVOICING_KEY_INVALID');
    const noKey = await as(seller, 'PUT', '/api/admin/invoicing', {});
    expect(noKey.statusCode).toBe(422);

    const ok = await as(seller, 'PUT', '/api/admin/invoicing', { apiKey: API_KEY, productKey: '52121700' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      connected: true,
      provider: 'facturapi',
      keyLast4: 'abcd',
      livemode: false,
      productKey: '52121700',
      unitKey: 'H87',
      shippingProductKey: '78102203',
    });
    expect(ok.body).not.toContain(API_KEY);
    const read = await as(seller, 'GET', '/api/admin/invoicing');
    expect(read.body).not.toContain(API_KEY);
    // At rest: encrypted, not the key.
    const [row] = await t.database.db.select().from(invoicingAccounts).where(eq(invoicingAccounts.storeId, store.id));
    expect(row.apiKeyEncrypted).not.toContain('Vitrina0123456789');
    // Another store sees its own (none).
    expect((await as(otherSeller, 'GET', '/api/admin/invoicing')).json()).toMatchObject({ connected: false });
  });

  it('a store without an invoicing account says so instead of taking fiscal data', async () => {
    const otherBuyer = await createCustomerFixture(t.app, other);
    const { order } = await buy(other, otherBuyer.token, { items: [{ codigo: 'OTRO', sku: 'OTRO-1', quantity: 1 }] });
    const headers = { authorization: `Bearer ${otherBuyer.token}`, 'x-store-domain': other.hostname };
    const side = await t.app.inject({ method: 'GET', url: `/api/pedidos/${order.id}/factura`, headers });
    expect(side.json()).toMatchObject({ available: false, canRequest: false, invoices: [] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pedidos/${order.id}/factura`,
      headers,
      payload: FISCAL,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INVOICING_NOT_AVAILABLE',
      message: 'Factura no disponible en esta tienda.',
    });
    const avail = await t.app.inject({ method: 'GET', url: '/api/factura/disponible', headers });
    expect(avail.json()).toEqual({ available: false });
  });

  describe('the buyer’s fiscal data, refused in the SAT’s words', () => {
    let orderId: string;
    beforeAll(async () => {
      ({
        order: { id: orderId },
      } = await buy(store, buyer.token, { items: [{ codigo: 'TAZA', sku: 'TAZA-1', quantity: 1 }] }));
    });
    const cases: [string, Partial<typeof FISCAL>, string, string, string][] = [
      [
        'a wrong check digit',
        { rfc: 'EKU9003173C8' },
        'RFC_INVALID',
        'El RFC del receptor no es válido: revisa su estructura (12 caracteres para persona moral, 13 para persona física) y su dígito verificador.',
        "The receiver's RFC is not valid: check its structure (12 characters for a legal entity, 13 for an individual) and its check digit.",
      ],
      [
        'a malformed RFC',
        { rfc: 'ABC123' },
        'RFC_INVALID',
        'El RFC del receptor no es válido: revisa su estructura (12 caracteres para persona moral, 13 para persona física) y su dígito verificador.',
        "The receiver's RFC is not valid: check its structure (12 characters for a legal entity, 13 for an individual) and its check digit.",
      ],
      [
        'the generic RFC',
        { rfc: 'XAXX010101000', taxRegime: '616', cfdiUse: 'S01' },
        'RFC_GENERIC_NOT_ALLOWED',
        'Una factura nominativa no admite el RFC genérico XAXX010101000 ni el RFC de residente en el extranjero XEXX010101000.',
        'A nominative invoice does not accept the generic RFC XAXX010101000 nor the foreign-resident RFC XEXX010101000.',
      ],
      [
        'a régimen of persona física for a persona moral',
        { taxRegime: '612' },
        'TAX_REGIME_PERSON_MISMATCH',
        'La clave del campo RegimenFiscalR debe corresponder con el tipo de persona (física o moral).',
        'The RegimenFiscalR (tax regime) key must match the type of person (individual or legal entity).',
      ],
      [
        'a régimen not in c_RegimenFiscal',
        { taxRegime: '699' },
        'TAX_REGIME_INVALID',
        'La clave del campo RegimenFiscalR debe contener un valor del catálogo c_RegimenFiscal.',
        'The RegimenFiscalR (tax regime) key must be a value of the c_RegimenFiscal catalogue.',
      ],
      [
        'a personal deduction for a persona moral',
        { cfdiUse: 'D01' },
        'CFDI_USE_MISMATCH',
        'La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y con el régimen fiscal del receptor.',
        "The UsoCFDI (CFDI use) key must match the type of person (individual or legal entity) and the receiver's tax regime.",
      ],
      [
        'G03 for a salaried persona física (605)',
        { rfc: 'CACX7605101P8', taxRegime: '605', cfdiUse: 'G03' },
        'CFDI_USE_MISMATCH',
        'La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y con el régimen fiscal del receptor.',
        "The UsoCFDI (CFDI use) key must match the type of person (individual or legal entity) and the receiver's tax regime.",
      ],
      [
        'a use not in c_UsoCFDI',
        { cfdiUse: 'P01' },
        'CFDI_USE_INVALID',
        'La clave del campo UsoCFDI debe contener un valor del catálogo c_UsoCFDI.',
        'The UsoCFDI (CFDI use) key must be a value of the c_UsoCFDI catalogue.',
      ],
      [
        'a código postal of 4 digits',
        { postalCode: '2601' },
        'FISCAL_POSTAL_CODE_INVALID',
        'El campo DomicilioFiscalReceptor debe contener el código postal de 5 dígitos del domicilio fiscal.',
        'The DomicilioFiscalReceptor field must contain the 5-digit postal code of the tax address.',
      ],
    ];
    for (const [name, change, code, es, en] of cases)
      it(`refuses ${name} (${code}), in Spanish and English`, async () => {
        const a = await asBuyer('POST', `/api/pedidos/${orderId}/factura`, { ...FISCAL, ...change }, 'es');
        expect(a.statusCode, a.body).toBe(422);
        expect(a.json()).toMatchObject({ code, message: es });
        const b = await asBuyer('POST', `/api/pedidos/${orderId}/factura`, { ...FISCAL, ...change }, 'en');
        expect(b.statusCode).toBe(422);
        expect(b.json()).toMatchObject({ code, message: en });
      });

    it('nothing was written by the refusals', async () => {
      const side = await asBuyer('GET', `/api/pedidos/${orderId}/factura`);
      expect(side.json()).toMatchObject({ available: true, canRequest: true, profile: null, invoices: [] });
    });

    it('accepts a persona física with a personal deduction (D01 for 612) and a lower-case RFC with spaces', async () => {
      const res = await asBuyer('POST', `/api/pedidos/${orderId}/factura`, {
        rfc: 'cacx 760510 1p8',
        legalName: '  Xochitl  Casas Chavez ',
        taxRegime: '612',
        cfdiUse: 'D01',
        postalCode: '36257',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().receiver).toEqual({
        rfc: 'CACX7605101P8',
        legalName: 'XOCHITL CASAS CHAVEZ',
        taxRegime: '612',
        cfdiUse: 'D01',
        postalCode: '36257',
      });
      const again = await asBuyer('POST', `/api/pedidos/${orderId}/factura`, FISCAL);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVOICE_ALREADY_REQUESTED');
    });
  });

  describe('a mixed order: two products, shipping and a 10 % coupon', () => {
    let order: { id: string; totalCents: number; shippingCents: number; discountCents: number; folio: number };
    let invoice: {
      id: string;
      uuid: string;
      status: string;
      baseCents: number;
      taxCents: number;
      totalCents: number;
      pdfUrl: string;
      xmlUrl: string;
    };

    beforeAll(async () => {
      ({ order } = await buy(store, buyer.token, {
        items: [
          { codigo: 'TAZA', sku: 'TAZA-1', quantity: 2 },
          { codigo: 'SILLA', sku: 'SILLA-1', quantity: 1 },
        ],
        couponCode: 'FACTURA10',
      }));
      const res = await asBuyer('POST', `/api/pedidos/${order.id}/factura`, FISCAL);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'requested', paymentForm: '04' });
      await t.app.jobs.drain();
      const side = await asBuyer('GET', `/api/pedidos/${order.id}/factura`);
      expect(side.statusCode).toBe(200);
      expect(side.json()).toMatchObject({
        canRequest: false,
        profile: { rfc: FISCAL.rfc, legalName: 'ESCUELA KEMPER URGATE' },
      });
      invoice = side.json().invoices[0];
    });

    it('matches the total and the IVA worked out by hand, to the centavo', async () => {
      // Products 2 × $349.00 + $1,250.50 = $1,948.50; coupon 10 % = $194.85, shared by the lines' totals:
      // tazas $698.00 × 194.85 / 1,948.50 = $69.80 (exact) → $628.20; silla $194.85 − $69.80 = $125.05 → $1,125.45.
      expect(order.discountCents).toBe(19_485);
      // Per line, base = round(total / 1.16), IVA = total − base:
      //   tazas  628.20 / 1.16 = 541.5517… → 541.55, IVA  86.65
      //   silla 1125.45 / 1.16 = 970.2155… → 970.22, IVA 155.23
      //   envío S / 1.16 (below)
      const s = order.shippingCents;
      const shippingBase = Math.round((s * 100) / 116); // no half-centavo tie for this amount (checked below)
      expect((s * 100) % 116).not.toBe(58);
      const base = 54_155 + 97_022 + shippingBase;
      const tax = 8_665 + 15_523 + (s - shippingBase);
      expect(order.totalCents).toBe(62_820 + 112_545 + s);
      expect(invoice).toMatchObject({ status: 'issued', totalCents: order.totalCents, baseCents: base, taxCents: tax });
      expect(invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);
      // The PAC's XML says the same.
      const xml = await asBuyer('GET', invoice.xmlUrl);
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toContain('application/xml');
      const cfdi = xml.body;
      expect(cfdi).toContain(`Total="${(order.totalCents / 100).toFixed(2)}"`);
      expect(cfdi).toContain(`TotalImpuestosTrasladados="${(tax / 100).toFixed(2)}"`);
      expect(cfdi).toContain('TipoDeComprobante="I"');
      expect(cfdi).toContain('FormaPago="04"');
      expect(cfdi).toContain('MetodoPago="PUE"');
      expect(cfdi).toContain('Rfc="EKU9003173C9"');
      expect(cfdi).toContain('UsoCFDI="G03"');
      expect(cfdi).toContain('ClaveProdServ="52121700"');
      expect(cfdi).toContain('ClaveProdServ="78102203"');
      expect(cfdi).toContain('Base="541.55" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="86.65"');
      expect(cfdi).toContain('Base="970.22" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="155.23"');
      expect(cfdi).toContain(`UUID="${invoice.uuid}"`);
      const pdf = await asBuyer('GET', invoice.pdfUrl);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('mails the buyer the links to the PDF and XML, and the seller sees the invoice on the order', async () => {
      const mail = mailsTo(t.dataDir, buyer.email).find((m) => m.includes(invoice.uuid));
      expect(mail).toBeDefined();
      expect(mail).toContain(`/api/pedidos/${order.id}/factura/${invoice.id}/pdf`);
      const list = await as(seller, 'GET', `/api/admin/orders/${order.id}/invoices`);
      expect(list.statusCode).toBe(200);
      expect(list.json().invoices[0]).toMatchObject({
        uuid: invoice.uuid,
        pdfUrl: `/api/admin/invoices/${invoice.id}/pdf`,
      });
      const xml = await as(seller, 'GET', `/api/admin/invoices/${invoice.id}/xml`);
      expect(xml.statusCode).toBe(200);
      expect(xml.body).toContain(invoice.uuid);
    });

    it('another store reads neither the order’s invoices nor their files', async () => {
      const list = await as(otherSeller, 'GET', `/api/admin/orders/${order.id}/invoices`);
      expect(list.statusCode).toBe(404);
      const file = await as(otherSeller, 'GET', `/api/admin/invoices/${invoice.id}/pdf`);
      expect(file.statusCode).toBe(404);
      expect(file.json().code).toBe('INVOICE_NOT_FOUND');
      const stranger = await createCustomerFixture(t.app, store);
      const res = await t.app.inject({
        method: 'GET',
        url: invoice.xmlUrl,
        headers: { authorization: `Bearer ${stranger.token}`, 'x-store-domain': store.hostname },
      });
      expect(res.statusCode).toBe(404);
      const viaOther = await asBuyer('GET', invoice.xmlUrl, undefined, 'es', other);
      expect(viaOther.statusCode).toBe(404);
    });

    it('a partial refund after the factura gets its credit note, related by UUID (relation 01)', async () => {
      const detail = await as(seller, 'GET', `/api/admin/orders/${order.id}/refunds`);
      const taza = (detail.json() as { lines: { id: string; sku: string }[] }).lines.find((l) => l.sku === 'TAZA-1')!;
      const refund = await as(seller, 'POST', `/api/admin/orders/${order.id}/refunds`, {
        orderItemId: taza.id,
        quantity: 1,
      });
      expect(refund.statusCode, refund.body).toBe(201);
      const refunded = refund.json().amountCents as number;
      // One taza of the line's $628.20 after the coupon.
      expect(refunded).toBe(31_410);
      await runJobs('refund-reconcile', 'invoice-refund-sweep');
      const side = (await asBuyer('GET', `/api/pedidos/${order.id}/factura`)).json();
      expect(side.invoices).toHaveLength(2);
      const note = side.invoices[1];
      // 314.10 / 1.16 = 270.7758… → 270.78, IVA 43.32
      expect(note).toMatchObject({
        kind: 'credit_note',
        status: 'issued',
        totalCents: 31_410,
        baseCents: 27_078,
        taxCents: 4_332,
      });
      expect(side.invoices[0]).toMatchObject({ kind: 'income', status: 'issued' });
      const xml = (await asBuyer('GET', note.xmlUrl)).body;
      expect(xml).toContain('TipoDeComprobante="E"');
      expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`);
      expect(xml).toContain('UsoCFDI="G02"');
      expect(xml).toContain('ClaveProdServ="84111506"');
      // Running the sweep again issues nothing more.
      await runJobs('invoice-refund-sweep');
      expect((await asBuyer('GET', `/api/pedidos/${order.id}/factura`)).json().invoices).toHaveLength(2);
    });
  });
  it('an order cancelled after its factura has the factura cancelled with motive 02, no credit note', async () => {
    const { order } = await buy(store, buyer.token, { items: [{ codigo: 'SILLA', sku: 'SILLA-1', quantity: 1 }] });
    expect((await asBuyer('POST', `/api/pedidos/${order.id}/factura`, FISCAL)).statusCode).toBe(201);
    await t.app.jobs.drain();
    const cancel = await as(seller, 'POST', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs('refund-reconcile', 'invoice-refund-sweep');
    const side = (await asBuyer('GET', `/api/pedidos/${order.id}/factura`)).json();
    expect(side.invoices).toHaveLength(1);
    expect(side.invoices[0]).toMatchObject({ kind: 'income', status: 'cancelled' });
    expect(side.invoices[0].cancelledAt).not.toBeNull();
    expect(side.canRequest).toBe(false);
  });

  describe('asked at checkout', () => {
    const oxxoBody = (factura: object) => ({
      idempotencyKey: randomUUID(),
      items: [{ codigo: 'TAZA', sku: 'TAZA-1', quantity: 3 }],
      address: TEST_ADDRESS,
      shipping: { servicio: 'economico' },
      paymentMethod: 'oxxo',
      factura,
    });

    it('refuses bad fiscal data before any order is made, in the SAT’s words', async () => {
      const before = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, store.id));
      const res = await submitOrder(
        t.app,
        { store, token: buyer.token, lang: 'en' },
        oxxoBody({ ...FISCAL, cfdiUse: 'D01' }),
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('CFDI_USE_MISMATCH');
      const after = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, store.id));
      expect(after).toHaveLength(before.length);
      const none = await submitOrder(
        t.app,
        { store: other, lang: 'es' },
        {
          ...oxxoBody(FISCAL),
          items: [{ codigo: 'OTRO', sku: 'OTRO-1', quantity: 1 }],
          email: 'alguien@example.com',
        },
      );
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe('Factura no disponible en esta tienda.');
    });

    it('an OXXO order’s factura waits for the cash, then is issued with payment form 01 and the OXXO fee', async () => {
      const res = await submitOrder(t.app, { store, token: buyer.token }, oxxoBody(FISCAL));
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json();
      await runJobs('invoice-sweep');
      const [waiting] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order.id));
      expect(waiting).toMatchObject({ status: 'requested', paymentForm: '01' });
      const paid = await payVoucher(t.app, placed.order.payment.reference);
      expect(paid.statusCode, paid.body).toBe(200);
      await runJobs('invoice-sweep');
      const side = (await asBuyer('GET', `/api/pedidos/${placed.order.id}/factura`)).json();
      const inv = side.invoices[0];
      expect(inv).toMatchObject({ status: 'issued', totalCents: placed.order.totalCents });
      const xml = (await asBuyer('GET', inv.xmlUrl)).body;
      expect(xml).toContain('FormaPago="01"');
      if (placed.order.feeCents > 0) expect(xml).toContain('Comisión por pago en efectivo en OXXO');
      expect(inv.baseCents + inv.taxCents).toBe(inv.totalCents);
    });
    it('an order cancelled before it was paid leaves the sweep: its factura is marked failed, never issued', async () => {
      const res = await submitOrder(t.app, { store, token: buyer.token }, oxxoBody(FISCAL));
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json().order.id as string;
      const cancel = await as(seller, 'POST', `/api/admin/orders/${orderId}/status`, { status: 'cancelled' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await runJobs('invoice-sweep');
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(row).toMatchObject({ status: 'failed', uuid: null });
      const list = await as(seller, 'GET', `/api/admin/orders/${orderId}/invoices`);
      expect(list.json().invoices[0]).toMatchObject({
        status: 'failed',
        error: 'The order was cancelled before it was paid',
      });
    });
  });
});
