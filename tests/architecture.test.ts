/**
 * Keeps the dependency directions of DESIGN.md / EXAMPLES "Which way imports go" true without anyone remembering them:
 * shared imports only zod-level libraries; server and web never import each other; storefront and admin never import
 * each other; server plugins/ and lib/ never import modules/; a module reaches another module only through its index.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
  }
  return out;
}

function imports(file: string): { spec: string; resolved: string | null }[] {
  const src = fs.readFileSync(file, 'utf8');
  const specs = [
    ...src.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]);
  return specs.map((spec) => ({
    spec,
    resolved: spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)) : null,
  }));
}

const rel = (f: string) => path.relative(root, f);

describe('architecture: import directions', () => {
  it('src/shared imports only zod, libphonenumber-js and other shared files', () => {
    const bad = files(path.join(root, 'src/shared')).flatMap((f) =>
      imports(f)
        .filter((i) =>
          i.resolved ? !i.resolved.startsWith('src/shared') : !/^(zod|libphonenumber-js)(\/|$)/.test(i.spec),
        )
        .map((i) => `${rel(f)} -> ${i.spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('server and web never import each other', () => {
    const bad = [
      ...files(path.join(root, 'src/server')).flatMap((f) =>
        imports(f)
          .filter((i) => i.resolved?.startsWith('src/web'))
          .map((i) => `${rel(f)} -> ${i.spec}`),
      ),
      ...files(path.join(root, 'src/web')).flatMap((f) =>
        imports(f)
          .filter((i) => i.resolved?.startsWith('src/server'))
          .map((i) => `${rel(f)} -> ${i.spec}`),
      ),
    ];
    expect(bad).toEqual([]);
  });

  it('storefront and admin never import each other', () => {
    const bad = [
      ...files(path.join(root, 'src/web/storefront')).flatMap((f) =>
        imports(f)
          .filter((i) => i.resolved?.startsWith('src/web/admin'))
          .map((i) => `${rel(f)} -> ${i.spec}`),
      ),
      ...files(path.join(root, 'src/web/admin')).flatMap((f) =>
        imports(f)
          .filter((i) => i.resolved?.startsWith('src/web/storefront'))
          .map((i) => `${rel(f)} -> ${i.spec}`),
      ),
    ];
    expect(bad).toEqual([]);
  });

  it('server plugins/ and lib/ never import modules/', () => {
    const dirs = ['src/server/plugins', 'src/server/lib'].map((d) => path.join(root, d));
    const bad = dirs
      .flatMap((d) => files(d))
      .flatMap((f) =>
        imports(f)
          .filter((i) => i.resolved?.startsWith('src/server/modules'))
          .map((i) => `${rel(f)} -> ${i.spec}`),
      );
    expect(bad).toEqual([]);
  });

  it('a server module reaches another module only through its index.ts', () => {
    const modulesDir = path.join(root, 'src/server/modules');
    const bad: string[] = [];
    for (const f of files(modulesDir)) {
      const own = rel(f).split(path.sep)[3];
      if (!own || own.endsWith('.ts')) continue;
      for (const i of imports(f)) {
        if (!i.resolved?.startsWith('src/server/modules/')) continue;
        const [, , , other, ...restParts] = i.resolved.split(path.sep);
        const rest = restParts.join('/');
        if (other && other !== own && !/^index(\.js)?$/.test(rest)) bad.push(`${rel(f)} -> ${i.spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
