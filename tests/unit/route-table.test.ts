/**
 * The route table and the server agree (decision 126): every operation of `src/shared/routes` is registered with its
 * method and path, and every JSON route under /api/ the OpenAPI document shows is an operation of the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from '../../src/shared/routes/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Routes under /api/ that are HTML pages and forms, not the JSON API (the sandbox wallet's approval page). */
const NOT_JSON = new Set([
  'GET /api/payments/sandbox/wallet/{ref}',
  'POST /api/payments/sandbox/wallet/{ref}/approve',
  'POST /api/payments/sandbox/wallet/{ref}/cancel',
]);

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives every operation a unique name, method and path', () => {
    const all = Object.entries(ops);
    expect(all.every(([key, op]) => op.name === key)).toBe(true);
    const routes = all.map(([, op]) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('is what the server registers', () => {
    for (const op of Object.values(ops))
      expect(t.app.hasRoute({ method: op.method, url: op.path }), op.name).toBe(true);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, name: op.operationId })),
    );
    const inTable = new Map(Object.values(ops).map((op) => [`${op.method} ${openApiPath(op.path)}`, op.name]));
    const outside = documented.filter((d) => d.id.includes(' /api/') && !inTable.has(d.id) && !NOT_JSON.has(d.id));
    expect(outside.map((d) => d.id)).toEqual([]);
    for (const d of documented) if (inTable.has(d.id)) expect(d.name, d.id).toBe(inTable.get(d.id));
  });
});
