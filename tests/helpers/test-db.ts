/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database
 * on the real PostgreSQL server named by TEST_DATABASE_URL (CI runs the API suite a second time that way).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExtensions, type Database } from '../../src/server/db/client.js';

export interface TestDatabase extends Database {
  url?: string;
}

/** Opens a fresh migrated database; call `close()` in afterAll (drops the server database too). */
export async function createTestDb(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env.VITRINA_PGLITE_TEMPLATE;
    if (!template || !fs.existsSync(template)) return openDatabase({});
    const pglite = await PGlite.create({
      loadDataDir: new Blob([fs.readFileSync(template)]),
      extensions: pgliteExtensions,
    });
    return openDatabase({ pglite });
  }
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closing connections may still be in flight when DROP DATABASE … WITH (FORCE) terminates them (57P01): expected.
  const database = await openDatabase({
    url: url.toString(),
    onPoolError: (err) => {
      if ((err as { code?: string }).code !== '57P01') throw err;
    },
  });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
