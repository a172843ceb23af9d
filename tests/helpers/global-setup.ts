/**
 * Vitest global setup: migrates one PGlite database and saves it as a tarball, so each test file starts from a
 * copy instead of migrating again (about 0.6 s instead of 3 s; Epic Stack ADR 038 does the same with SQLite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR, openDatabase } from '../../src/server/db/client.js';

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const hash = createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS_DIR).sort())
    if (f.endsWith('.sql')) hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)));
  const file = path.join(os.tmpdir(), `vitrina-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({});
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const blob = await client.dumpDataDir('none');
    fs.writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(`${file}.tmp`, file);
    await database.close();
  }
  process.env.VITRINA_PGLITE_TEMPLATE = file;
}
