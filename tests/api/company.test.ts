/**
 * Company profile: every form's rules in Spanish and English, the opening-hours
 * messages, tenant isolation, hostile input, completeness (decisions 040, 115) and the public about-us part (decision
 * 042).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createSellerFixture, createStoreFixture, type StoreFixture } from '../helpers/factories.js';
import { assertCompanyProfileComplete, getCompanyProfileGaps } from '../../src/server/modules/company/index.js';
import { AppError } from '../../src/server/lib/app-error.js';
import { TEST_PDF, testImage, uploadAs } from '../helpers/uploads.js';

const ADVANTAGES = 'Fabricamos en México con materiales certificados y entregamos en 48 horas a todo el país.';
const INTRODUCTION =
  'Somos una fábrica de calzado fundada en León, Guanajuato, con más de veinte años de experiencia en piel y diseño propio.';

describe('company profile', () => {
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
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, section: string, payload: unknown, lang = 'es') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/proveedor/company_profile/${section}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: payload as object,
    });
  const get = (token: string, url = '/api/proveedor/company_profile', lang = 'es') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const field = (res: { json(): { fields?: { path: string; message: string; code: string }[] } }, path: string) =>
    res.json().fields?.find((f) => f.path === path);

  const basic = { name: 'Calzado León', businessType: 'manufacturer' };

  it('needs a signed-in seller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/proveedor/company_profile' });
    expect(res.statusCode).toBe(401);
    const put401 = await t.app.inject({ method: 'PUT', url: '/api/proveedor/company_profile/basic', payload: basic });
    expect(put401.statusCode).toBe(401);
  });

  it('starts empty and incomplete, with every gap', async () => {
    const res = await get(sellerA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().basic.name).toBeNull();
    expect(res.json().status).toEqual({
      complete: false,
      percent: 0,
      gaps: [
        { section: 'basic', field: 'name' },
        { section: 'basic', field: 'businessType' },
        { section: 'products', field: 'mainIndustry' },
        { section: 'contacts', field: 'contacts' },
      ],
    });
  });

  it('a small shop completes its profile with name, type, what it sells and one phone (decision 115)', async () => {
    const shop = await createStoreFixture(t.database.db);
    const seller = await createSellerFixture(t.app, shop.id);
    const ctx = { db: t.database.db, storeId: shop.id, locale: 'es' as const };
    expect((await put(seller.token, 'basic', { name: 'Abarrotes Lupita', businessType: 'retailer' })).statusCode).toBe(
      200,
    );
    expect((await put(seller.token, 'products', { mainIndustry: 'Abarrotes y botanas' })).statusCode).toBe(200);
    // The position of a contact is optional.
    const contacts = await put(seller.token, 'contacts', {
      contacts: [{ name: 'Lupita Sánchez', phone: '55 1234 5678', position: '' }],
    });
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json().contacts.contacts).toEqual([
      { name: 'Lupita Sánchez', phone: '55 1234 5678', position: '' },
    ]);
    expect(contacts.json().status).toEqual({ complete: true, percent: 100, gaps: [] });
    await expect(assertCompanyProfileComplete(ctx)).resolves.toBeUndefined();
    // No introduction, advantages, Incoterms, licences, RFC or plant area was asked for.
    const profile = (await get(seller.token)).json();
    expect(profile.details).toMatchObject({ advantages: null, introduction: null });
    expect(profile.export).toMatchObject({ deliveryTerms: [], taxRegistrationNumber: null, plantAreaM2: null });
    // The storefront's about-us lists the contact without an empty position.
    const about = await t.app.inject({ url: '/api/reseller/aboutus', headers: { 'x-store-domain': shop.hostname } });
    expect(about.json().profile.contacts).toEqual([{ name: 'Lupita Sánchez', position: '', phone: '55 1234 5678' }]);
  });

  it('a contact needs a name and a phone (es, en)', async () => {
    const noPhone = await put(sellerA.token, 'contacts', { contacts: [{ name: 'Ana', phone: '' }] });
    expect(field(noPhone, 'contacts.0.phone')?.message).toBe('Este campo es obligatorio.');
    const noName = await put(sellerA.token, 'contacts', { contacts: [{ name: ' ', phone: '4771234567' }] }, 'en');
    expect(field(noName, 'contacts.0.name')?.message).toBe('This field is required.');
  });

  it('refuses an unknown business type and too long fields (es, en)', async () => {
    const es = await put(sellerA.token, 'basic', { name: 'x'.repeat(121), businessType: 'pirate' });
    expect(es.statusCode).toBe(400);
    expect(field(es, 'name')?.message).toBe('Debe tener como máximo 120 caracteres.');
    expect(field(es, 'businessType')?.code).toBe('invalid_value');
    expect(field(es, 'businessType')?.message).toBe('Opción no válida.');
    const en = await put(sellerA.token, 'basic', { name: 'x'.repeat(121), businessType: 'pirate' }, 'en');
    expect(en.statusCode).toBe(400);
    expect(field(en, 'name')?.message).toBe('Must be at most 120 characters.');
    expect(field(en, 'businessType')?.message).toBe('Invalid option.');
    // Name and business type are required (es, en).
    const empty = await put(sellerA.token, 'basic', { name: '  ' });
    expect(field(empty, 'name')?.message).toBe('Este campo es obligatorio.');
    // A missing choice: the errors plugin answers zod's invalid_value for an absent enum as "invalid option".
    expect(field(empty, 'businessType')?.message).toBe('Opción no válida.');
    const emptyEn = await put(sellerA.token, 'basic', { name: '' }, 'en');
    expect(field(emptyEn, 'name')?.message).toBe('This field is required.');
    expect(field(emptyEn, 'businessType')?.message).toBe('Invalid option.');
  });

  it('opening hours: select a day of the week, incomplete data, schedule out of range (es, en)', async () => {
    const noDay = { ...basic, openingHours: { startTime: '09:00', endTime: '18:00' } };
    expect(field(await put(sellerA.token, 'basic', noDay), 'openingHours.startDay')?.message).toBe(
      'Selecciona un día de la semana.',
    );
    expect(field(await put(sellerA.token, 'basic', noDay, 'en'), 'openingHours.startDay')?.message).toBe(
      'Select a day of the week.',
    );
    const partial = { ...basic, openingHours: { startDay: 1, endDay: 5, startTime: '09:00' } };
    expect(field(await put(sellerA.token, 'basic', partial), 'openingHours')?.message).toBe('Datos incompletos.');
    expect(field(await put(sellerA.token, 'basic', partial, 'en'), 'openingHours')?.message).toBe('Incomplete data.');
    const backwards = { ...basic, openingHours: { startDay: 1, endDay: 5, startTime: '18:00', endTime: '09:00' } };
    expect(field(await put(sellerA.token, 'basic', backwards), 'openingHours.endTime')?.message).toBe(
      'Horario fuera de rango.',
    );
    expect(field(await put(sellerA.token, 'basic', backwards, 'en'), 'openingHours.endTime')?.message).toBe(
      'Schedule out of range.',
    );
    const badTime = { ...basic, openingHours: { startDay: 1, endDay: 5, startTime: '09:00', endTime: '25:00' } };
    expect(field(await put(sellerA.token, 'basic', badTime, 'en'), 'openingHours.endTime')?.message).toBe(
      'Schedule out of range.',
    );
    const badDay = { ...basic, openingHours: { startDay: 0, endDay: 8, startTime: '09:00', endTime: '18:00' } };
    expect((await put(sellerA.token, 'basic', badDay)).statusCode).toBe(400);
  });

  it('refuses a web address that is not http(s) (es, en)', async () => {
    const res = await put(sellerA.token, 'basic', { ...basic, websiteUrl: 'javascript:alert(1)' });
    expect(field(res, 'websiteUrl')?.message).toBe('Escribe una dirección web que empiece con http:// o https://.');
    const en = await put(sellerA.token, 'basic', { ...basic, websiteUrl: 'ftp://x' }, 'en');
    expect(field(en, 'websiteUrl')?.message).toBe('Enter a web address starting with http:// or https://.');
  });

  it('saves basic information and answers the whole profile', async () => {
    const res = await put(sellerA.token, 'basic', {
      ...basic,
      registrationYear: 2004,
      employeeRange: '51_200',
      websiteUrl: 'https://calzadoleon.mx',
      legalOwner: 'Dueña Secreta',
      openingHours: { startDay: 1, endDay: 5, startTime: '09:00', endTime: '18:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().basic).toMatchObject({
      name: 'Calzado León',
      businessType: 'manufacturer',
      registrationYear: 2004,
      openingHours: { startDay: 1, endDay: 5, startTime: '09:00', endTime: '18:00' },
    });
    expect(res.json().basic.websiteUrl).toBe('https://calzadoleon.mx');
    const blanks = await put(sellerA.token, 'export', { exporterName: '   ', nearestPort: '' });
    expect(blanks.json().export).toMatchObject({ exporterName: null, nearestPort: null });
    expect(res.json().status.gaps.map((g: { field: string }) => g.field)).toEqual(['mainIndustry', 'contacts']);
    expect(res.json().status.percent).toBe(50);
  });

  it('advantages and introduction are optional, with a minimum once written and a maximum (decisions 041, 115)', async () => {
    const none = await put(sellerA.token, 'details', { advantages: '', introduction: '   ' });
    expect(none.statusCode).toBe(200);
    expect(none.json().details).toMatchObject({ advantages: null, introduction: null });
    const short = { advantages: 'Buenos', introduction: 'Hola' };
    const es = await put(sellerA.token, 'details', short);
    expect(field(es, 'advantages')?.message).toBe('Debe tener al menos 20 caracteres.');
    expect(field(es, 'introduction')?.message).toBe('Debe tener al menos 40 caracteres.');
    const enShort = await put(sellerA.token, 'details', short, 'en');
    expect(field(enShort, 'advantages')?.message).toBe('Must be at least 20 characters.');
    const en = await put(
      sellerA.token,
      'details',
      { advantages: 'x'.repeat(1001), introduction: 'y'.repeat(3001) },
      'en',
    );
    expect(field(en, 'advantages')?.message).toBe('Must be at most 1000 characters.');
    expect(field(en, 'introduction')?.message).toBe('Must be at most 3000 characters.');
    // Spaces do not count towards the minimum.
    const padded = await put(sellerA.token, 'details', {
      advantages: `${' '.repeat(60)}xy`,
      introduction: INTRODUCTION,
    });
    expect(field(padded, 'advantages')?.code).toBe('too_small_string');
  });

  it('contacts: phone checked with libphonenumber-js (es, en), position optional', async () => {
    const bad = { contacts: [{ name: 'Ana', phone: '12345', position: 'Ventas' }] };
    expect(field(await put(sellerA.token, 'contacts', bad), 'contacts.0.phone')?.message).toBe(
      'Número de teléfono incorrecto.',
    );
    expect(field(await put(sellerA.token, 'contacts', bad, 'en'), 'contacts.0.phone')?.message).toBe(
      'Incorrect phone number.',
    );
    const longPosition = { contacts: [{ name: 'Ana', phone: '4771234567', position: 'p'.repeat(81) }] };
    expect(field(await put(sellerA.token, 'contacts', longPosition), 'contacts.0.position')?.message).toBe(
      'Debe tener como máximo 80 caracteres.',
    );
    const longName = { contacts: [{ name: 'n'.repeat(121), phone: '4771234567', position: 'Ventas' }] };
    expect(field(await put(sellerA.token, 'contacts', longName), 'contacts.0.name')?.message).toBe(
      'Debe tener como máximo 120 caracteres.',
    );
    const tooMany = { contacts: Array.from({ length: 11 }, () => ({ name: 'A', phone: '4771234567', position: 'V' })) };
    expect((await put(sellerA.token, 'contacts', tooMany)).statusCode).toBe(400);
  });

  it('export: percentage 0-100 and markets among the regions', async () => {
    expect(
      field(await put(sellerA.token, 'export', { exportPercentage: 101 }, 'en'), 'exportPercentage')?.message,
    ).toBe('Must be at most 100.');
    expect(field(await put(sellerA.token, 'export', { exportPercentage: -1 }), 'exportPercentage')?.message).toBe(
      'Debe tener al menos 0.',
    );
    expect((await put(sellerA.token, 'export', { mainMarkets: ['mars'] })).statusCode).toBe(400);
    const ok = await put(sellerA.token, 'export', {
      exporterName: 'Calzado León Export',
      exportPercentage: 30,
      mainMarkets: ['north_america', 'central_america', 'north_america'],
      nearestPort: 'Manzanillo',
      licenceNumber: 'EXP-123',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().export.mainMarkets).toEqual(['north_america', 'central_america']);
  });

  it('certificates need a name and a photo', async () => {
    const res = await put(sellerA.token, 'certificates', { certificates: [{ name: 'ISO 9001' }] }, 'en');
    expect(res.statusCode).toBe(400);
    expect(field(res, 'certificates.0.photo')?.message).toBe('This field is required.');
    const es = await put(sellerA.token, 'certificates', { certificates: [{ name: 'ISO 9001' }] });
    expect(field(es, 'certificates.0.photo')?.message).toBe('Este campo es obligatorio.');
    const noName = await put(sellerA.token, 'certificates', {
      certificates: [{ name: '', photo: { id: '00000000-0000-4000-8000-000000000000', url: '/x' } }],
    });
    expect(field(noName, 'certificates.0.name')?.message).toBe('Este campo es obligatorio.');
  });

  it('hostile input gets 4xx, never 500', async () => {
    const cases: [string, unknown][] = [
      ['basic', { ...basic, name: 'a\u0000b' }],
      ['basic', { ...basic, extra: 1 }],
      ['basic', { ...basic, registrationYear: 1e308 }],
      ['basic', { ...basic, openingHours: { startDay: '1; DROP TABLE stores' } }],
      ['basic', { ...basic, logo: { id: 'not-a-uuid', url: 'x' } }],
      ['details', { advantages: ADVANTAGES, introduction: INTRODUCTION, plantAreaM2: 1.5 }],
      ['details', { advantages: ADVANTAGES, introduction: INTRODUCTION, photos: 'x' }],
      ['contacts', { contacts: 'all' }],
      ['contacts', [1, 2]],
      ['products', { mainIndustry: 'x'.repeat(100_000) }],
      ['products', { mainIndustry: 'Calzado', deliveryTerms: ['FOB'] }],
      ['export', { deliveryTerms: ['BRIBE'] }],
      ['export', { plantAreaM2: 1.5 }],
      ['certificates', null],
    ];
    for (const [section, payload] of cases) {
      const res = await put(sellerA.token, section, payload);
      expect(res.statusCode, `${section} ${JSON.stringify(payload).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await put(sellerA.token, 'secrets', basic)).statusCode).toBe(404);
  });

  it('getCompanyProfileGaps and assertCompanyProfileComplete follow the saves (decision 115)', async () => {
    const ctx = { db: t.database.db, storeId: a.id, locale: 'es' as const };
    await expect(assertCompanyProfileComplete(ctx)).rejects.toMatchObject({
      code: 'COMPANY_PROFILE_INCOMPLETE',
      statusCode: 422,
    });
    try {
      await assertCompanyProfileComplete({ ...ctx, locale: 'en' });
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).params.missing).toBe(
        'what you sell (main line), at least one contact with a phone number',
      );
    }
    expect((await put(sellerA.token, 'products', { mainIndustry: 'Calzado' })).statusCode).toBe(200);
    expect(
      (await put(sellerA.token, 'details', { advantages: ADVANTAGES, introduction: INTRODUCTION })).statusCode,
    ).toBe(200);
    expect(
      (
        await put(sellerA.token, 'export', {
          deliveryTerms: ['FOB'],
          factoryAddress: 'Blvd. López Mateos 100, León, Gto.',
          businessLicenceNumber: 'LIC-SECRETA-1',
          taxRegistrationNumber: 'RFC-SECRETO',
          exporterName: 'Calzado León Export',
          exportPercentage: 30,
          licenceNumber: 'EXP-123',
        })
      ).statusCode,
    ).toBe(200);
    expect(await getCompanyProfileGaps(ctx)).toEqual([{ section: 'contacts', field: 'contacts' }]);
    const status = await get(sellerA.token, '/api/proveedor/company_profile/status');
    expect(status.json()).toEqual({ complete: false, percent: 75, gaps: [{ section: 'contacts', field: 'contacts' }] });
    const contacts = await put(sellerA.token, 'contacts', {
      contacts: [{ name: 'Ana López', phone: '+52 477 123 4567', position: 'Ventas' }],
    });
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json().status).toEqual({ complete: true, percent: 100, gaps: [] });
    await expect(assertCompanyProfileComplete(ctx)).resolves.toBeUndefined();
    // Store B is untouched by A's profile.
    await expect(assertCompanyProfileComplete({ ...ctx, storeId: b.id })).rejects.toMatchObject({
      code: 'COMPANY_PROFILE_INCOMPLETE',
    });
  });

  it('the 422 names what is missing in Spanish and English, with the gaps in params', async () => {
    const ctx = { db: t.database.db, storeId: b.id };
    const es = await assertCompanyProfileComplete({ ...ctx, locale: 'es' }).catch((e: AppError) => e);
    expect((es as AppError).params.missing).toBe(
      'nombre del negocio, tipo de negocio, qué vendes (giro principal), al menos un contacto con teléfono',
    );
    expect((es as AppError).params.gaps).toHaveLength(4);
    // Through the error handler, the message is translated with the missing list.
    const { translator } = await import('../../src/server/lib/i18n.js');
    expect(translator('en')('errors:COMPANY_PROFILE_INCOMPLETE', { missing: 'advantages' })).toBe(
      'Complete your company information before uploading products. Missing: advantages.',
    );
    expect(translator('es')('errors:COMPANY_PROFILE_INCOMPLETE', { missing: 'ventajas' })).toBe(
      'Completa la información de tu empresa antes de subir productos. Falta: ventajas.',
    );
  });

  it('file fields take the store’s own uploads of a fitting purpose; the stored URL is the upload’s', async () => {
    const logo = (await uploadAs(t.app, sellerA.token, 'logo', await testImage(200, 200))).json();
    const doc = (await uploadAs(t.app, sellerA.token, 'document', TEST_PDF, 'licencia.pdf', 'application/pdf')).json();
    const cert = (await uploadAs(t.app, sellerA.token, 'certificate', await testImage(400, 300))).json();
    const photo = (await uploadAs(t.app, sellerA.token, 'company_photo', await testImage(400, 300))).json();
    const otherStoreLogo = (await uploadAs(t.app, sellerB.token, 'logo', await testImage(200, 200))).json();
    expect([logo.id, doc.id, cert.id, photo.id, otherStoreLogo.id].every(Boolean)).toBe(true);

    // B's upload, a document used as a logo, a made-up id: 422 with the files module's message (es, en).
    const foreign = await put(sellerA.token, 'basic', { ...basic, logo: { id: otherStoreLogo.id, url: 'x' } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('FILE_REFERENCE_INVALID');
    const wrongPurpose = await put(sellerA.token, 'basic', { ...basic, logo: { id: doc.id, url: doc.url } }, 'en');
    expect(wrongPurpose.statusCode).toBe(422);
    expect(wrongPurpose.json().message).toBe('One of the files is not valid: upload it again.');
    const certAsDoc = await put(sellerA.token, 'export', { businessLicenceFile: { id: cert.id, url: cert.url } });
    expect(certAsDoc.statusCode).toBe(422);

    const ok = await put(sellerA.token, 'basic', { ...basic, logo: { id: logo.id, url: 'https://evil.example/x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().basic.logo).toEqual({ id: logo.id, url: logo.url });
    const certs = await put(sellerA.token, 'certificates', {
      certificates: [{ name: 'ISO 9001', photo: { id: cert.id, url: cert.url } }],
    });
    expect(certs.statusCode).toBe(200);
    const details = await put(sellerA.token, 'details', {
      advantages: ADVANTAGES,
      introduction: INTRODUCTION,
      photos: [{ id: photo.id, url: photo.url }],
    });
    expect(details.statusCode).toBe(200);
    const documents = await put(sellerA.token, 'export', {
      deliveryTerms: ['FOB'],
      businessLicenceNumber: 'LIC-SECRETA-1',
      taxRegistrationNumber: 'RFC-SECRETO',
      factoryAddress: 'Blvd. López Mateos 100, León, Gto.',
      businessLicenceFile: { id: doc.id, url: doc.url },
      exporterName: 'Calzado León Export',
      exportPercentage: 30,
      licenceNumber: 'EXP-123',
    });
    expect(documents.statusCode).toBe(200);
    const about = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/aboutus',
      headers: { 'x-store-domain': a.hostname },
    });
    expect(about.json().profile).toMatchObject({
      logoUrl: logo.url,
      photoUrls: [photo.url],
      certificates: [{ name: 'ISO 9001', photoUrl: cert.url }],
    });
    expect(about.body).not.toContain(doc.id);
  });

  it('tenant isolation: store B cannot read or change A’s profile', async () => {
    const readB = await get(sellerB.token);
    expect(readB.json().basic.name).toBeNull();
    const writeB = await put(sellerB.token, 'basic', { name: 'Intruso', businessType: 'agent' });
    expect(writeB.statusCode).toBe(200);
    const readA = await get(sellerA.token);
    expect(readA.json().basic.name).toBe('Calzado León');
    expect(readA.json().basic.businessType).toBe('manufacturer');
    // B's storefront shows B's profile, A's shows A's.
    const aboutB = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/aboutus',
      headers: { 'x-store-domain': b.hostname },
    });
    expect(aboutB.json().profile.name).toBe('Intruso');
    // A seller token does not pick the store of the storefront: it is resolved by domain only.
    const aboutAWithB = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/aboutus',
      headers: { 'x-store-domain': a.hostname, authorization: `Bearer ${sellerB.token}` },
    });
    expect(aboutAWithB.json().profile.name).toBe('Calzado León');
  });

  it('the storefront about-us shows the public part only (decision 042)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/aboutus',
      headers: { 'x-store-domain': a.hostname },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().profile;
    expect(p).toMatchObject({
      name: 'Calzado León',
      mainIndustry: 'Calzado',
      advantages: ADVANTAGES,
      exportPercentage: 30,
      deliveryTerms: ['FOB'],
      factoryAddress: 'Blvd. López Mateos 100, León, Gto.',
      contacts: [{ name: 'Ana López', position: 'Ventas', phone: '+52 477 123 4567' }],
    });
    expect(res.body).not.toContain('LIC-SECRETA-1');
    expect(res.body).not.toContain('RFC-SECRETO');
    expect(res.body).not.toContain('EXP-123');
    expect(res.body).not.toContain('Dueña Secreta');
    expect(p).not.toHaveProperty('legalOwner');
    expect(p).not.toHaveProperty('businessLicenceNumber');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/aboutus',
      headers: { 'x-store-domain': 'nadie.localhost' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('20 parallel first saves of a new store give one profile and no 500', async () => {
    const c = await createStoreFixture(t.database.db);
    const sellerC = await createSellerFixture(t.app, c.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(sellerC.token, 'basic', { name: `Empresa ${i}`, businessType: 'agent' }),
      ),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    const read = await get(sellerC.token);
    expect(read.json().basic.name).toMatch(/^Empresa \d+$/);
  });
});
