/** Builds the app on a fresh test database with a temporary data folder; see createTestDb. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createTestDb, type TestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** `logger`: Fastify logger options to capture log lines (default: silent). */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logger?: object } = {},
): Promise<TestApp> {
  const database = await createTestDb();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrina-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ db: database.db, config, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
