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
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
