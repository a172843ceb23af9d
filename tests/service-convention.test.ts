/**
 * Keeps the service convention of src/server/lib/context.ts true: an exported function of
 * src/server/modules/ that needs the database takes `ctx` first (ctx.db is a database or a transaction), never a
 * `db`/`tx` handle, a `providers` bag or a bare `storeId` beside it, and has no `...With` twin for transactions.
 * Signatures are read with a small bracket-aware scanner (TypeScript 7 has no JavaScript parser API).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const modulesDir = path.join(root, 'src/server/modules');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

interface ExportedFunction {
  where: string;
  name: string;
  params: { name: string; type: string }[];
}

/**
 * The parameter list that starts at `src[open]` ('('), split at its top-level commas; brackets, strings and template
 * literals are skipped over, so types such as `{ a: string; b: number }` or `Pick<C, 'db' | 'x'>` stay whole.
 */
function paramList(src: string, open: number): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && src[i - 1] !== '=')) {
      if (depth === 0) {
        out.push(src.slice(start, i));
        break;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push(src.slice(start, i));
      start = i + 1;
    }
  }
  return out.map((p) => p.trim()).filter(Boolean);
}

/** Exported `function` declarations and exported `const f = (…) =>` functions of a file (comments ignored). */
function exportedFunctions(file: string, source = fs.readFileSync(file, 'utf8')): ExportedFunction[] {
  const src = source.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
  const decl =
    /^[ \t]*export\s+(?:async\s+)?function\s*\*?\s*(\w+)\s*(?:<[^(]*>)?\s*\(|^[ \t]*export\s+const\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\s*)?(?:<[^(]*>)?\s*\(/gm;
  return [...src.matchAll(decl)].map((m) => ({
    where: `${path.relative(root, file)}:${src.slice(0, m.index).split('\n').length}`,
    name: m[1] ?? m[2],
    params: paramList(src, m.index + m[0].length - 1).map((p) => {
      const colon = p.indexOf(':');
      const name = (colon < 0 ? p.split('=')[0] : p.slice(0, colon)).replace(/[?\s]|^\.\.\./g, '');
      return {
        name,
        type:
          colon < 0
            ? ''
            : p
                .slice(colon + 1)
                .split('=')[0]
                .trim(),
      };
    }),
  }));
}

/** The convention's breaches in one exported function (empty when it keeps the rules). */
function breaches(f: ExportedFunction): string[] {
  const out: string[] = [];
  const handle = (p: { name: string; type: string }) =>
    /^(db|tx)$/.test(p.name) || /(^|[^\w])(Db|Tx|DbOrTx|Database)([^\w]|$)/.test(p.type);
  if (f.params.some(handle)) out.push(`${f.where} ${f.name}: takes a database handle; take ctx (ctx.db) first`);
  if (f.params.some((p) => p.name === 'providers' || /^Providers$/.test(p.type)))
    out.push(`${f.where} ${f.name}: takes providers; take ctx (ctx.providers) first`);
  const ctxAt = f.params.findIndex((p) => p.name === 'ctx');
  if (ctxAt > 0) out.push(`${f.where} ${f.name}: ctx must be the first parameter`);
  if (ctxAt >= 0 && f.params.some((p) => p.name === 'storeId'))
    out.push(`${f.where} ${f.name}: storeId beside ctx; use ctx.storeId`);
  if (/^\w+With$/.test(f.name)) out.push(`${f.where} ${f.name}: a ...With twin; call the service with withTx(ctx, tx)`);
  return out;
}

describe('service convention (src/server/lib/context.ts)', () => {
  it('every exported function of src/server/modules takes ctx first and no database handle', () => {
    const all = files(modulesDir).flatMap((f) => exportedFunctions(f));
    expect(all.length).toBeGreaterThan(100);
    expect(all.flatMap(breaches)).toEqual([]);
  });

  it('catches each kind of breach', () => {
    const src = `
      export async function loadThing(db: Db, storeId: string, id: string) {}
      export const quoteWith = async (tx: Tx | Db, id: string) => {};
      export function charge(providers: Providers, ref: string) {}
      export async function late(id: string, ctx: StoreContext) {}
      export async function scoped(ctx: DbContext, storeId: string) {}
      export async function fine(ctx: StoreDbContext, id: string) {}
      function notExported(db: Db) {}
    `;
    const found = exportedFunctions(path.join(modulesDir, 'x/x.service.ts'), src).map((f) => [f.name, breaches(f)]);
    expect(found.map(([n, b]) => [n, b.length])).toEqual([
      ['loadThing', 1],
      ['quoteWith', 2],
      ['charge', 1],
      ['late', 1],
      ['scoped', 1],
      ['fine', 0],
    ]);
  });
});
