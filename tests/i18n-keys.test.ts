/**
 * Every translation key written literally in the code exists in the Spanish catalogue (the default and fallback), so no
 * screen or email shows a raw key such as "shipping.days". A key's namespace is its `ns:` prefix,
 * else the file's first `useTranslation('ns')`, else `common` (web) or `errors` (server). Plural keys count when
 * their `_one`/`_other` forms exist. Keys built at run time (template literals) are not checked here; the es/en
 * parity test and the browser tests cover those paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function catalogue(lang: string): Map<string, Record<string, unknown>> {
  const dir = path.join(root, 'src/locales', lang);
  return new Map(
    fs.readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]),
  );
}

/** 'plain' when the key holds a string, 'plural' when only its _one/_other forms exist, else null. */
function lookup(ns: Record<string, unknown> | undefined, key: string): 'plain' | 'plural' | null {
  const find = (k: string) =>
    k
      .split('.')
      .reduce<unknown>(
        (o, part) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[part] : undefined),
        ns,
      );
  if (typeof find(key) === 'string') return 'plain';
  return ['_one', '_other'].every((suffix) => typeof find(`${key}${suffix}`) === 'string') ? 'plural' : null;
}

describe('translation keys used in the code', () => {
  const es = catalogue('es');
  for (const area of ['src/web', 'src/server']) {
    it(`all literal keys in ${area} exist in the Spanish catalogue`, () => {
      const missing: string[] = [];
      let checked = 0;
      for (const file of files(path.join(root, area))) {
        const src = fs.readFileSync(file, 'utf8');
        const fileNs = /useTranslation\(\s*'([\w-]+)'/.exec(src)?.[1] ?? (area === 'src/web' ? 'common' : 'errors');
        for (const m of src.matchAll(/\b(?:t|i18n\.t)\(\s*'([^'${}]+)'([^)]{0,200})/g)) {
          const raw = m[1];
          if (!/^[\w-]+(?::[\w.-]+|\.[\w.-]+|)$/.test(raw) || raw.endsWith('.')) continue;
          const [ns, key] = raw.includes(':') ? raw.split(':') : [fileNs, raw];
          checked++;
          const found = lookup(es.get(ns), key);
          const where = `${path.relative(root, file)}: ${ns}:${key}`;
          if (!found) missing.push(where);
          // A key that exists only in plural forms shows raw unless the call passes `count`.
          else if (found === 'plural' && !/\bcount\b/.test(m[2]))
            missing.push(`${where} (plural key called without count)`);
        }
      }
      expect(missing).toEqual([]);
      expect(checked).toBeGreaterThan(area === 'src/web' ? 150 : 10);
    });
  }
});
