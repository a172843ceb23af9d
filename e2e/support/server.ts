/**
 * The platform as the browser tests see it, started by playwright.config.ts's `webServer` (under tsx) in its own
 * process group: the real app (`buildApp`, migrations, the demo seed and the SEPOMEX catalogue, as `npm start` does)
 * on PORT with an embedded PGlite database in a temporary DATA_DIR, plus the test-only factory routes of
 * e2e/support/factory-routes.ts under `/__e2e/`. Those routes exist only in this process, never in `src/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { buildApp } from '../../src/server/app.js';
import { seedDemoIfEmpty } from '../../src/server/seed/index.js';
import { factoryRoutes } from './factory-routes.js';

const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
const app = await buildApp({ db: database.db, config, serveWeb: true });
await app.register(factoryRoutes, { prefix: '/__e2e' });
// Ready first: the job queue's tables exist before anything (the seed included) may enqueue.
await app.ready();
await seedDemoIfEmpty({ db: database.db, config, providers: app.providers, log: app.log });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`e2e platform up on http://127.0.0.1:${config.PORT} (data in ${config.dataDir})`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
