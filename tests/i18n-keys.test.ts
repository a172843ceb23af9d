/**
 * Every translation key written literally in the code exists in the Spanish catalogue (the default and fallback) and
 * in the English one, so no screen or email shows a raw key such as "shipping.days". The keys are found by
 * i18next-cli's extractor (`findKeys`), which reads each file's syntax tree the way i18next resolves a call: a key's
 * namespace is its `ns:` prefix, else the `useTranslation('ns')` (or `{ ns }` option) in scope, else `common` (web) or
 * `errors` (server). A call with `count` needs the key as a plain string or its `_one`/`_other` forms; a call without
 * `count` needs the plain string (a key that exists only in plural forms would show raw). Keys built at run time
 * (template literals) are not checked here; the es/en parity test and the browser tests cover those paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findKeys } from 'i18next-cli';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const LANGS = ['es', 'en'] as const;

function catalogue(lang: string): Map<string, Record<string, unknown>> {
  const dir = path.join(root, 'src/locales', lang);
  return new Map(
    fs.readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]),
  );
}

/** Whether the catalogue namespace holds `key` (dotted path) as a string. */
function has(ns: Record<string, unknown> | undefined, key: string): boolean {
  const value = key
    .split('.')
    .reduce<unknown>((o, part) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[part] : undefined), ns);
  return typeof value === 'string';
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys used literally under `area`, as namespace and key, with whether the call passes `count`. */
async function usedKeys(area: string, defaultNS: string) {
  const problems: string[] = [];
  const logger = {
    info: () => {},
    warn: (...m: unknown[]) => problems.push(m.join(' ')),
    error: (...m: unknown[]) => problems.push(m.join(' ')),
  };
  const { allKeys } = await findKeys(
    {
      locales: [...LANGS],
      extract: {
        input: [`${area}/**/*.{ts,tsx}`],
        ignore: ['**/*.test.ts', '**/*.test.tsx'],
        output: 'src/locales/{{language}}/{{namespace}}.json',
        defaultNS,
        functions: ['t', '*.t'],
      },
    },
    logger,
  );
  // A call with `count` comes back once per plural form of the locales (`key_one`, `key_other`, ...): one entry each.
  const keys = new Map<string, { ns: string; key: string; count: boolean }>();
  for (const k of allKeys.values()) {
    const key = k.hasCount ? k.key.replace(PLURAL_SUFFIX, '') : k.key;
    const ns = k.ns ?? defaultNS;
    keys.set(`${ns}:${key}:${Boolean(k.hasCount)}`, { ns, key, count: Boolean(k.hasCount) });
  }
  return { keys: [...keys.values()], problems };
}

describe('translation keys used in the code', () => {
  const catalogues = LANGS.map((lang) => [lang, catalogue(lang)] as const);
  for (const [area, defaultNS] of [
    ['src/web', 'common'],
    ['src/server', 'errors'],
  ] as const) {
    it(`all literal keys in ${area} exist in the Spanish and English catalogues`, async () => {
      const { keys, problems } = await usedKeys(area, defaultNS);
      // A file the extractor could not read would be skipped silently otherwise.
      expect(problems).toEqual([]);
      const missing: string[] = [];
      for (const { ns, key, count } of keys) {
        for (const [lang, namespaces] of catalogues) {
          const found =
            has(namespaces.get(ns), key) ||
            (count && ['_one', '_other'].every((s) => has(namespaces.get(ns), `${key}${s}`)));
          if (!found) missing.push(`${lang} ${ns}:${key}${count ? ' (with count)' : ''}`);
        }
      }
      expect(missing).toEqual([]);
      expect(keys.length).toBeGreaterThan(area === 'src/web' ? 150 : 10);
    });
  }
});
