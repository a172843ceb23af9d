import { describe, expect, it } from 'vitest';
import { isAdminBundlePage } from './web.routes.js';

describe('which browser bundle a page gets (decision 077)', () => {
  it('gives the admin bundle to /admin on any domain and to every page of the platform domain', () => {
    expect(isAdminBundlePage('/admin', false)).toBe(true);
    expect(isAdminBundlePage('/admin/wizard', false)).toBe(true);
    expect(isAdminBundlePage('/', true)).toBe(true);
    expect(isAdminBundlePage('/registro', true)).toBe(true);
  });

  it('gives the storefront bundle to store pages, including paths that merely start with "admin"', () => {
    expect(isAdminBundlePage('/', false)).toBe(false);
    expect(isAdminBundlePage('/product', false)).toBe(false);
    expect(isAdminBundlePage('/administracion', false)).toBe(false);
    expect(isAdminBundlePage('/search/admin', false)).toBe(false);
  });
});
