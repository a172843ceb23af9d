import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.js';

describe('app foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and a translated 404 for unknown API paths', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ ok: true, redis: 'off' });
    const catalogue = (lng: 'es' | 'en') =>
      JSON.parse(fs.readFileSync(new URL(`../../../locales/${lng}/errors.json`, import.meta.url), 'utf8')) as Record<
        string,
        string
      >;
    const es = catalogue('es').NOT_FOUND;
    const en = catalogue('en').NOT_FOUND;
    expect(es).not.toBe(en);
    // Spanish is the default; English when the browser asks for it.
    const spanish = await t.app.inject({ url: '/api/nope' });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toMatchObject({ code: 'NOT_FOUND', message: es });
    const english = await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toMatchObject({ code: 'NOT_FOUND', message: en });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
