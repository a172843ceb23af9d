/**
 * HS 2022 nomenclature (World Customs Organization, public domain), committed as seed-data/hs-codes/
 * harmonized-system.csv.gz from ../shared/datasets/hs-codes and parsed with csv-parse on first use. Headings
 * (4 digits) and subheadings (6 digits) only; descriptions are English (no clean Spanish list exists, see the
 * dataset README). Pure helpers over a file shipped with the app: no database, no tenant.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { SEED_DATA_DIR } from '../../seed/seed-catalog.js';

export interface HsCode {
  code: string;
  description: string;
  level: number;
}

let cache: { list: HsCode[]; byCode: Map<string, HsCode> } | null = null;

function load() {
  if (cache) return cache;
  const csv = zlib.gunzipSync(fs.readFileSync(path.join(SEED_DATA_DIR, 'hs-codes/harmonized-system.csv.gz')));
  const rows = parse(csv, { columns: true, skip_empty_lines: true }) as {
    hscode: string;
    description: string;
    level: string;
  }[];
  const list = rows
    .filter((r) => r.level === '4' || r.level === '6')
    .map((r) => ({ code: r.hscode, description: r.description, level: Number(r.level) }));
  cache = { list, byCode: new Map(list.map((c) => [c.code, c])) };
  return cache;
}

/** True when `code` is a 4-digit heading or 6-digit subheading of HS 2022. */
export function isKnownHsCode(code: string): boolean {
  return load().byCode.has(code);
}

/**
 * Up to `limit` HS headings and subheadings for `q`: by code prefix when `q` is digits, otherwise every word of `q`
 * (case-insensitive) must appear in the description. Subheadings sort after their heading.
 */
export function searchHsCodes(q: string, limit = 20): HsCode[] {
  const { list } = load();
  const query = q.trim().toLowerCase();
  if (/^\d+$/.test(query)) return list.filter((c) => c.code.startsWith(query)).slice(0, limit);
  const words = query.split(/\s+/).filter(Boolean);
  return list.filter((c) => words.every((w) => c.description.toLowerCase().includes(w))).slice(0, limit);
}
