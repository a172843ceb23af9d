/**
 * Pickup configuration ("schedule out of range", "select a day of
 * the week", "incomplete data"): saved per store with its messages in Spanish and English, shown to buyers as the
 * pickup branch, never readable or writable by another store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createSellerFixture,
  createStoreFixture,
  seedPostalCodesFixture,
  type StoreFixture,
} from '../helpers/factories.js';

const GOOD = {
  pickupType: 'regular',
  days: ['mon', 'wed', 'fri'],
  hour: '11:30',
  location: {
    contact: { personName: 'Rosa Méndez', companyName: 'Deportes Rosa', phoneNumber: '33 3123 4567' },
    address: { streetLines: ['Calle Morelos 120', 'Centro'], city: 'Guadalajara', postalCode: '44100' },
  },
};

describe('pickups', () => {
  let t: TestApp;
  let a: StoreFixture;
  let b: StoreFixture;
  let sellerA: string;
  let sellerB: string;
  const put = (token: string, payload: object, lang = 'es') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/pickups',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload,
    });
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/pickups', headers: { authorization: `Bearer ${token}` } });
  const messages = (res: { json(): { fields: { path: string; message: string }[] } }) =>
    Object.fromEntries(res.json().fields.map((f) => [f.path, f.message]));

  beforeAll(async () => {
    t = await createTestApp();
    await seedPostalCodesFixture(t.database.db);
    a = await createStoreFixture(t.database.db);
    b = await createStoreFixture(t.database.db);
    sellerA = (await createSellerFixture(t.app, a.id)).token;
    sellerB = (await createSellerFixture(t.app, b.id)).token;
  });
  afterAll(() => t.close());

  it('starts empty, saves, and shows the branch to buyers with its days and hour', async () => {
    expect((await get(sellerA)).json()).toEqual({ settings: null });
    const branchBefore = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/pickup-branch',
      headers: { 'x-store-domain': a.hostname },
    });
    expect(branchBefore.json()).toEqual({ branch: null });
    const saved = await put(sellerA, GOOD);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ pickupType: 'regular', days: ['mon', 'wed', 'fri'], hour: '11:30' });
    expect(saved.json().location.address.countryCode).toBe('MX');
    expect((await get(sellerA)).json().settings.location.contact.companyName).toBe('Deportes Rosa');
    const branch = await t.app.inject({
      method: 'GET',
      url: '/api/reseller/pickup-branch',
      headers: { 'x-store-domain': a.hostname },
    });
    expect(branch.json()).toEqual({
      branch: {
        companyName: 'Deportes Rosa',
        streetLines: ['Calle Morelos 120', 'Centro'],
        city: 'Guadalajara',
        postalCode: '44100',
        state: 'Jalisco',
        days: ['mon', 'wed', 'fri'],
        hour: '11:30',
        phoneNumber: '33 3123 4567',
      },
    });
    // An on-call pickup keeps no days.
    const onCall = await put(sellerA, { ...GOOD, pickupType: 'on_call' });
    expect(onCall.json().days).toEqual([]);
  });

  it('refuses a schedule out of range, no weekday, incomplete data and a bad phone, in Spanish and English', async () => {
    const es = await put(sellerA, {
      ...GOOD,
      days: [],
      hour: '20:00',
      location: { ...GOOD.location, contact: { personName: '', companyName: 'X', phoneNumber: '123' } },
    });
    expect(es.statusCode).toBe(400);
    expect(messages(es)).toMatchObject({
      days: 'Selecciona un día de la semana.',
      hour: 'Horario fuera de rango: elige una hora entre 09:00 y 18:00.',
      'location.contact.personName': 'Datos incompletos.',
      'location.contact.phoneNumber': 'Número de teléfono incorrecto.',
    });
    const en = await put(sellerA, { ...GOOD, days: ['sun'], hour: '8:00' }, 'en');
    expect(en.statusCode).toBe(400);
    expect(messages(en).hour).toBe('Schedule out of range: choose a time between 09:00 and 18:00.');
    expect(messages(en)['days.0']).toBeDefined();
    const noCity = await put(
      sellerA,
      { ...GOOD, location: { ...GOOD.location, address: { ...GOOD.location.address, city: ' ' } } },
      'en',
    );
    expect(messages(noCity)['location.address.city']).toBe('Incomplete data.');
    const unknownCp = await put(sellerA, {
      ...GOOD,
      location: { ...GOOD.location, address: { ...GOOD.location.address, postalCode: '00001' } },
    });
    expect(unknownCp.statusCode).toBe(400);
    expect(messages(unknownCp)['location.address.postalCode']).toBe('No encontramos el código postal 00001.');
    // Nothing saved by the refused requests.
    expect((await get(sellerA)).json().settings.hour).toBe('11:30');
  });

  it('keeps each store’s configuration to itself', async () => {
    expect((await get(sellerB)).json()).toEqual({ settings: null });
    await put(sellerB, { ...GOOD, hour: '16:00' });
    expect((await get(sellerA)).json().settings.hour).toBe('11:30');
    expect((await get(sellerB)).json().settings.hour).toBe('16:00');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pickups' })).statusCode).toBe(401);
  });
});
