/**
 * The docs cannot drift from the code: every file path a doc names exists, every relative link resolves, and every
 * table of the schema has an owner in docs/architecture.md's ownership table (and the table names none that is gone).
 * The repository stands on its own: no code, comment or doc points to a planning document kept outside it or to an
 * issue number; a comment may cite a decision (`decision NNN`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(): string[] {
  const out = ['README.md', 'e2e/README.md'];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  return out.filter((f) => fs.existsSync(path.join(root, f)));
}

/** Where a doc's short path may start: docs write `modules/orders/x.ts` for `src/server/modules/orders/x.ts`. */
const BASES = ['', 'src/server', 'src/web', 'src', 'src/server/modules'];
const PATH_LIKE =
  /^(?:\.{0,2}\/)?[A-Za-z0-9_.@-]+(?:\/[A-Za-z0-9_.@[\]-]+)+\/?$|^[A-Za-z0-9_.-]+\.(?:ts|tsx|md|json|cjs|mjs|sh|css|sql|yml|yaml)$/;
/** Placeholders and patterns, not paths: `<module>`, `NNN`, `*`, `…`, `{id}`, `:id`. */
const PLACEHOLDER = /[<>*…{}]|NNN|:[a-z]|\.\.\.$/i;

/** Every file name in the repository, for docs that name a file by its name alone (`place-order.ts`). */
const basenames = new Set<string>();
(function collect(dir: string) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', '.git', 'test-results', 'coverage'].includes(e.name)) continue;
    if (e.isDirectory()) collect(path.join(dir, e.name));
    else basenames.add(e.name);
  }
})('');

function exists(docFile: string, p: string): boolean {
  const clean = p.replace(/[#?].*$/, '').replace(/\/$/, '');
  if (!clean) return true;
  if (!clean.includes('/')) return basenames.has(clean);
  const candidates = [path.join(path.dirname(docFile), clean), ...BASES.map((b) => path.join(b, clean))];
  return candidates.some((c) => fs.existsSync(path.join(root, c)));
}

/** Backticked tokens that name a repository file (by its folder or its extension), and relative Markdown links. */
function namedPaths(text: string): string[] {
  const out = new Set<string>();
  const withoutFences = text.replace(/```[\s\S]*?```/g, '');
  for (const m of withoutFences.matchAll(/`([^`\n]+)`/g)) {
    const token = m[1]!.trim();
    if (token.includes(' ') || PLACEHOLDER.test(token)) continue;
    if (/^(?:https?:|\/api\/|\/admin|\/[a-z_]+$|[a-z]+:\/\/)/.test(token)) continue; // URLs and routes, not files
    if (token.startsWith('/') && !token.startsWith('/usr/')) continue; // a route of the app
    if (token.startsWith('/usr/') || /^(\.\/)?(data|dist)\//.test(token)) continue; // system / runtime
    if (/^[a-z0-9-]+\/[a-z0-9-]+$/.test(token) && !/\.(ts|tsx|md)$/.test(token)) {
      // `owner/name`-like words (npm scopes, "es/en") are only paths when the folder exists at a base.
      if (!BASES.some((b) => fs.existsSync(path.join(root, b, token.split('/')[0]!)))) continue;
    }
    if (
      PATH_LIKE.test(token) &&
      /\.[a-z]+$|\/$|^(src|tests|e2e|docs|bench|scripts|drizzle|seed-data|deploy)\//.test(token)
    )
      out.add(token);
  }
  for (const m of withoutFences.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = m[1]!;
    if (/^(?:[a-z]+:|#)/.test(link)) continue;
    out.add(link);
  }
  return [...out];
}

describe('docs name only what exists', () => {
  for (const file of markdownFiles()) {
    it(`${file}: every named path exists`, () => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const missing = namedPaths(text).filter((p) => !exists(file, p));
      expect(missing.join(', '), `paths named in ${file} that do not exist`).toBe('');
    });
  }
});

describe('every table has an owner in docs/architecture.md', () => {
  const schemaDir = path.join(root, 'src/server/db/schema');
  const tables = new Map<string, string>();
  for (const f of fs.readdirSync(schemaDir).filter((x) => x.endsWith('.ts'))) {
    const src = fs.readFileSync(path.join(schemaDir, f), 'utf8');
    for (const m of src.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) tables.set(m[1]!, f);
  }
  const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.split('## Who owns which table')[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((l) => /^\|\s*[a-z]/.test(l) && l.includes('db/schema/'));
  const owned = new Map<string, string>();
  for (const row of rows) {
    const [, , file, list] = row.split('|').map((c) => c.trim());
    const schemaFile = /db\/schema\/([a-z-]+\.ts)/.exec(file ?? '')?.[1];
    for (const t of (list ?? '')
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((x) => x.trim().replace(/`/g, '')))
      if (t) owned.set(t, schemaFile ?? '');
  }

  it('finds the schema and the ownership table', () => {
    expect(tables.size).toBeGreaterThan(20);
    expect(owned.size).toBeGreaterThan(20);
  });

  it('lists every table, in the schema file that defines it', () => {
    const wrong = [...tables].filter(([t, f]) => owned.get(t) !== f).map(([t, f]) => `${t} (${f})`);
    expect(wrong.join(', '), 'tables missing from the ownership table or listed under another schema file').toBe('');
  });

  it('gives the module order of the import linter', () => {
    const order = JSON.parse(fs.readFileSync(path.join(root, 'src/server/modules/order.json'), 'utf8')) as string[];
    const cruiser = fs.readFileSync(path.join(root, '.dependency-cruiser.cjs'), 'utf8');
    expect(cruiser).toContain("require('./src/server/modules/order.json')");
    const docOrder = /^((?:[a-z-]+, )+[a-z-]+)\.$/m.exec(doc.replace(/,\n/g, ', '))?.[1]?.split(', ');
    expect(order.length).toBeGreaterThan(10);
    expect(docOrder).toEqual(order);
  });

  it('lists no table that does not exist', () => {
    expect([...owned.keys()].filter((t) => !tables.has(t))).toEqual([]);
  });
});

/**
 * Words that point outside the repository: the planning documents' names and section signs, and issue numbers. Built
 * from parts so that this file does not match itself.
 */
const OUTSIDE_REFERENCE = new RegExp(
  [
    'SPEC' + ' §',
    '\\b' + 'SPEC' + '\\b',
    ...['SPEC', 'DESIGN', 'EXAMPLES', 'ROADMAP', 'GLOSSARY'].map((name) => '\\b' + name + '\\.md\\b'),
    '\\bEXAMPLES' + '\\b',
  ].join('|'),
);
const ISSUE_NUMBER = new RegExp('\\bissues? #?\\d+', 'i');

/** Text files under `dir` (or `dir` itself), relative to the root. */
function textFiles(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.statSync(abs).isDirectory()) return [dir];
  const out: string[] = [];
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...textFiles(rel));
    else if (
      /\.(ts|tsx|js|mjs|cjs|css|json|md|sh|html|sql)$/.test(e.name) &&
      !/^results.*\.json$|-results\.json$/.test(e.name)
    )
      out.push(rel);
  }
  return out;
}

/** `file:line: text` of every line of `files` that points outside the repository. */
export function outsideReferences(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (OUTSIDE_REFERENCE.test(line) || ISSUE_NUMBER.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('the repository stands on its own', () => {
  for (const dir of ['src', 'docs', 'README.md', 'e2e', 'tests', 'bench', 'scripts']) {
    it(`${dir}: no issue numbers and no planning documents kept outside the repository`, () => {
      const files = textFiles(dir).filter((f) => f !== path.join('tests', 'docs.test.ts'));
      expect(files.length).toBeGreaterThan(0);
      expect(outsideReferences(files).join('\n'), `lines in ${dir} that point outside the repository`).toBe('');
    });
  }
});
