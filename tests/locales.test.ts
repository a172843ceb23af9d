/**
 * The es and en message catalogues (src/locales) hold the same keys, so no screen falls back to Spanish by accident
 * in English; plural forms (_one/_many/_other) count as one key. Spanish is the default and fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../src/locales');
const flatten = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const keys = (lang: string, file: string) =>
  [
    ...new Set(
      flatten(JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'))).map((k) =>
        k.replace(/_(zero|one|two|few|many|other)$/, ''),
      ),
    ),
  ].sort();

describe('message catalogues', () => {
  it('has the same namespaces in es and en', () => {
    expect(fs.readdirSync(path.join(dir, 'en')).sort()).toEqual(fs.readdirSync(path.join(dir, 'es')).sort());
  });

  for (const file of fs.readdirSync(path.join(dir, 'es'))) {
    it(`has the same keys in es/${file} and en/${file}, none empty`, () => {
      expect(keys('en', file)).toEqual(keys('es', file));
      for (const lang of ['es', 'en']) {
        const empty = flatten(JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'))).filter((k) => {
          const v = k
            .split('.')
            .reduce<unknown>(
              (o, p) => (o as Record<string, unknown>)[p],
              JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')),
            );
          return typeof v !== 'string' || v.trim() === '';
        });
        expect(empty, `${lang}/${file}`).toEqual([]);
      }
    });
  }
});
