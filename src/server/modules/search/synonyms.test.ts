import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.js';
import {
  createCustomerFixture,
  createProductFixture,
  createSellerFixture,
  createStoreFixture,
  type StoreFixture,
} from '../../../../tests/helpers/factories.js';
import { SYNONYM_GROUPS_MAX } from '../../../shared/limits.js';

describe('seller search synonyms (/api/admin/search/synonyms)', () => {
  let t: TestApp;
  let store: StoreFixture;
  let other: StoreFixture;
  let seller: string;
  let otherSeller: string;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
      ...(payload ? { payload } : {}),
    });
  const searchCodes = async (s: StoreFixture, q: string) =>
    (await t.app.inject({ url: `/api/reseller/producto/search?q=${q}`, headers: { 'x-store-domain': s.hostname } }))
      .json()
      .items.map((i: { codigo: string }) => i.codigo);

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreFixture(t.database.db);
    other = await createStoreFixture(t.database.db);
    seller = (await createSellerFixture(t.app, store.id)).token;
    otherSeller = (await createSellerFixture(t.app, other.id)).token;
    await createProductFixture(t.database.db, store.id, { codigo: 'CHUMPA-1', name: 'Chamarra impermeable' });
    await createProductFixture(t.database.db, other.id, { codigo: 'CHUMPA-2', name: 'Chamarra ligera' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a group makes the search find a product by a word it does not contain, in that store only', async () => {
    expect(await searchCodes(store, 'chumpa')).toEqual([]);
    const res = await api('POST', '/api/admin/search/synonyms', seller, { terms: ['chumpa', 'Chamarra'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ terms: ['chumpa', 'Chamarra'] });
    expect(await searchCodes(store, 'chumpa')).toEqual(['CHUMPA-1']);
    expect(await searchCodes(other, 'chumpa')).toEqual([]);

    const list = await api('GET', '/api/admin/search/synonyms', seller);
    expect(list.json().groups.map((g: { terms: string[] }) => g.terms)).toEqual([['chumpa', 'Chamarra']]);
    expect((await api('GET', '/api/admin/search/synonyms', otherSeller)).json().groups).toEqual([]);
  });

  it('editing and deleting a group changes the search at once', async () => {
    const [group] = (await api('GET', '/api/admin/search/synonyms', seller)).json().groups;
    const edited = await api('PUT', `/api/admin/search/synonyms/${group.id}`, seller, {
      terms: ['chompa', 'chamarra'],
    });
    expect(edited.statusCode).toBe(200);
    expect(await searchCodes(store, 'chumpa')).toEqual([]);
    expect(await searchCodes(store, 'chompa')).toEqual(['CHUMPA-1']);
    expect((await api('DELETE', `/api/admin/search/synonyms/${group.id}`, seller)).json()).toEqual({ ok: true });
    expect((await api('GET', '/api/admin/search/synonyms', seller)).json().groups).toEqual([]);
  });

  it('rejects bad words with translated field errors, and changes nothing', async () => {
    for (const terms of [
      ['solo'],
      ['dos palabras', 'otra'],
      ['Chamarra', 'chamarra'],
      ['a', 'bb'],
      ['x'.repeat(31), 'ok'],
    ]) {
      const res = await api('POST', '/api/admin/search/synonyms', seller, { terms });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields[0].message).not.toBe('');
    }
    const dup = await api('POST', '/api/admin/search/synonyms', seller, { terms: ['Chamarra', 'chamarrá'] });
    expect(dup.json().fields[0]).toMatchObject({
      code: 'synonym_duplicate',
      message: 'Cada palabra del grupo debe ser distinta.',
    });
    const word = await api('POST', '/api/admin/search/synonyms', seller, { terms: ['t-shirt', 'playera'] });
    expect(word.json().fields[0]).toMatchObject({ path: 'terms.0', code: 'synonym_word' });
    expect((await api('GET', '/api/admin/search/synonyms', seller)).json().groups).toEqual([]);
  });

  it('only the store’s seller may see or change its groups', async () => {
    const created = (await api('POST', '/api/admin/search/synonyms', seller, { terms: ['bolsa', 'morral'] })).json();
    const customer = await createCustomerFixture(t.app, store);
    expect((await api('GET', '/api/admin/search/synonyms', customer.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/search/synonyms' })).statusCode).toBe(401);
    const foreign = await api('PUT', `/api/admin/search/synonyms/${created.id}`, otherSeller, { terms: ['a1', 'b2'] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('SYNONYM_GROUP_NOT_FOUND');
    expect((await api('DELETE', `/api/admin/search/synonyms/${created.id}`, otherSeller)).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/search/synonyms', seller)).json().groups).toHaveLength(1);
  });

  it(`refuses a group past ${SYNONYM_GROUPS_MAX} per store, even when requests race`, async () => {
    const have = (await api('GET', '/api/admin/search/synonyms', seller)).json().groups.length;
    const { searchSynonyms } = await import('../../db/schema/search.js');
    await t.database.db.insert(searchSynonyms).values(
      Array.from({ length: SYNONYM_GROUPS_MAX - have - 1 }, (_, i) => ({
        storeId: store.id,
        terms: [`w${i}a`, `w${i}b`],
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api('POST', '/api/admin/search/synonyms', seller, { terms: [`r${i}a`, `r${i}b`] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const refused = results.find((r) => r.statusCode === 422)!.json();
    expect(refused).toMatchObject({ code: 'SYNONYM_LIMIT_REACHED', params: { max: SYNONYM_GROUPS_MAX } });
    expect((await api('GET', '/api/admin/search/synonyms', seller)).json().groups).toHaveLength(SYNONYM_GROUPS_MAX);
  });
});
