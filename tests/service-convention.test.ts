/**
 * Keeps the service convention of src/server/lib/context.ts true: an exported function of
 * src/server/modules/ that needs the database takes `ctx` first (ctx.db is a database or a transaction), never a
 * `db`/`tx` handle, a `providers` bag or a bare `storeId` beside it, and has no `...With` twin for transactions.
 * Signatures are read from the syntax tree of @babel/parser (TypeScript 7 has no JavaScript parser API).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
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

type Statement = ReturnType<typeof parse>['program']['body'][number];
type Param = Extract<Statement, { type: 'FunctionDeclaration' }>['params'][number];

/** A parameter's name (the pattern's text when destructured) and its type annotation's text ('' without one). */
function param(text: (start: number, end: number) => string, p: Param): { name: string; type: string } {
  const inner = p.type === 'AssignmentPattern' ? p.left : p.type === 'RestElement' ? p.argument : p;
  const annotation =
    'typeAnnotation' in inner && inner.typeAnnotation?.type === 'TSTypeAnnotation' ? inner.typeAnnotation : null;
  const name = inner.type === 'Identifier' ? inner.name : text(inner.start!, annotation?.start ?? inner.end!);
  return { name, type: annotation ? text(annotation.typeAnnotation.start!, annotation.typeAnnotation.end!) : '' };
}

/**
 * Exported function declarations (overload signatures included) and exported `const f = (…) =>` or `= function`
 * of a file, read by @babel/parser with its TypeScript plugin.
 */
function exportedFunctions(file: string, src = fs.readFileSync(file, 'utf8')): ExportedFunction[] {
  const { program, comments } = parse(src, { sourceType: 'module', plugins: ['typescript'] });
  // Source text without its comments: a word in a comment inside a type is not part of the type.
  const text = (start: number, end: number) =>
    (comments ?? [])
      .filter((c) => c.start! >= start && c.end! <= end)
      .reduceRight((t, c) => t.slice(0, c.start! - start) + t.slice(c.end! - start), src.slice(start, end))
      .trim();
  const out: ExportedFunction[] = [];
  const add = (name: string, line: number, params: Param[]) =>
    out.push({ where: `${path.relative(root, file)}:${line}`, name, params: params.map((p) => param(text, p)) });
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration' || !node.declaration) continue;
    const d = node.declaration;
    if ((d.type === 'FunctionDeclaration' || d.type === 'TSDeclareFunction') && d.id)
      add(d.id.name, d.loc!.start.line, d.params as Param[]);
    else if (d.type === 'VariableDeclaration')
      for (const v of d.declarations) {
        const init =
          v.init?.type === 'TSAsExpression' || v.init?.type === 'TSSatisfiesExpression' ? v.init.expression : v.init;
        if (
          v.id.type === 'Identifier' &&
          (init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression')
        )
          add(v.id.name, v.loc!.start.line, init.params as Param[]);
      }
  }
  return out;
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
      export async function fine(ctx: StoreDbContext, id: string, opts: { /** not a Database */ n?: number } = {}) {}
      export function overloaded(ctx: StoreContext): void;
      export const viaArrow = async ({ db }: { db: Database }) => {};
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
      ['overloaded', 0],
      ['viaArrow', 1],
    ]);
  });
});
