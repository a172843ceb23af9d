/**
 * A seller's Shopify CSV import as the admin runs it (POST /api/admin/products/import, then the job), for the
 * catalogue import tests: `run(csv)` waits for the job and returns its id, progress and result; `product(q)` and
 * `count()` read the catalogue back.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import { multipartBody } from './uploads.js';

export async function importer(t: TestApp, token: string) {
  const auth = { authorization: `Bearer ${token}`, 'accept-language': 'es' };
  return {
    auth,
    async run(csv: string) {
      const body = await multipartBody(Buffer.from(csv), 'products_export.csv', 'text/csv');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        headers: { ...body.headers, ...auth },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(202);
      const { jobId } = res.json();
      await t.app.jobs.drain();
      const progress = (await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}`, headers: auth })).json();
      const result = (
        await t.app.inject({ method: 'GET', url: `/api/admin/jobs/${jobId}/csv-result`, headers: auth })
      ).json();
      return { jobId: jobId as string, progress, result };
    },
    async product(q: string) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/admin/products?q=${encodeURIComponent(q)}`,
        headers: auth,
      });
      const codigo = list.json().items[0]?.codigo;
      expect(codigo, q).toBeTruthy();
      return (await t.app.inject({ method: 'GET', url: `/api/admin/products/${codigo}`, headers: auth })).json();
    },
    async count() {
      return (await t.app.inject({ method: 'GET', url: '/api/admin/products?pageSize=1', headers: auth })).json()
        .total as number;
    },
  };
}
