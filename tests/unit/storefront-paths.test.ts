/**
 * The server's list of storefront pages (src/shared/storefront-paths.ts, decision 107) is the router's: a page added to
 * src/web/storefront/routes.tsx without the list would answer 404 from the server, one in the list that the router
 * lost would answer 200 for a page that shows "not found".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStorefrontPath, STOREFRONT_PATHS } from '../../src/shared/storefront-paths.js';

const ROUTES = fs.readFileSync(path.resolve(__dirname, '../../src/web/storefront/routes.tsx'), 'utf8');

/** The paths routes.tsx declares: `path="…"` of each <Route> (nested under its parent) and the mapped lists. */
function routerPaths(): string[] {
  const lists: Record<string, string[]> = {};
  for (const m of ROUTES.matchAll(/const (\w+) = \[([^\]]*)\] as const;/g))
    lists[m[1]!] = [...m[2]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!);
  const out: string[] = ['/'];
  const parents: string[] = [];
  for (const line of ROUTES.split('\n')) {
    const literal = /<Route (?:key=\{\w+\} )?path="([^"]+)"/.exec(line);
    const mapped = /\{(\w+)\.map\(/.exec(line);
    if (literal) {
      const p = literal[1]!;
      if (p === '*' || p === '404') continue;
      const full = p.startsWith('/') ? p : `/${[...parents, p].join('/')}`;
      out.push(full);
      if (!line.includes('/>') && line.trim().endsWith('>')) parents.push(p);
    } else if (mapped && lists[mapped[1]!]) out.push(...lists[mapped[1]!]!.map((p) => `/${p}`));
    else if (parents.length && /^\s*<\/Route>/.test(line)) parents.pop();
  }
  return out;
}

describe('storefront paths', () => {
  it('lists exactly the pages of the storefront’s router', () => {
    const fromRouter = routerPaths();
    expect(fromRouter).toContain('/miperfil/datos');
    expect(fromRouter).toContain('/glosario');
    expect([...fromRouter].sort()).toEqual([...STOREFRONT_PATHS].sort());
  });

  it('matches as the router does: any letter case, a trailing slash', () => {
    expect(isStorefrontPath('/')).toBe(true);
    expect(isStorefrontPath('/Search/Keyword/')).toBe(true);
    expect(isStorefrontPath('/search/keyword/x')).toBe(false);
    expect(isStorefrontPath('/404')).toBe(false);
    expect(isStorefrontPath('/admin')).toBe(false);
  });
});
