/**
 * `npm start`: builds the web app if needed, opens the database (PGlite in DATA_DIR/db, or DATABASE_URL),
 * applies migrations, seeds the demo stores on an empty database, and serves API and web on PORT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/pglite-lock.js';
import { buildApp } from './app.js';
import { warmSearchIndexes } from './modules/search/index.js';
import { mostVisitedStores } from './modules/analytics/index.js';
import { seedDemoIfEmpty } from './seed/index.js';
import { DEMO_PASSWORD } from './seed/demo-stores.js';
import { ensureOperatorAtStart } from './modules/operator/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time (ms) of the files under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/web, dist/admin and dist/ssr when one is missing or older than the web sources (after a pull or an
 * edit), or when asked to.
 */
async function ensureWebBuild(force: boolean): Promise<void> {
  const index = path.join(root, 'dist/web/index.html');
  const adminIndex = path.join(root, 'dist/admin/index.html');
  const sources = ['src/web', 'src/locales', 'src/shared']
    .map((d) => path.join(root, d))
    .filter((d) => fs.existsSync(d));
  const ssrBundle = path.join(root, 'dist/ssr/entry-server.js');
  const stale =
    !fs.existsSync(index) ||
    !fs.existsSync(ssrBundle) ||
    !fs.existsSync(adminIndex) ||
    sources.some(
      (d) =>
        newestMtime(d) >
        Math.min(fs.statSync(index).mtimeMs, fs.statSync(adminIndex).mtimeMs, fs.statSync(ssrBundle).mtimeMs),
    );
  if (!stale && !force) return;
  console.log('Building the web app…');
  const { build } = await import('vite');
  const configFile = path.join(root, 'vite.config.ts');
  await build({ configFile, logLevel: 'warn' });
  // The admin bundle on React (decision 077), as `npm run build` makes it.
  await build({ configFile, logLevel: 'warn', mode: 'admin' });
  // The server-rendering bundle of the storefront's entry pages (decision 035), as `npm run build` makes it.
  await build({ configFile, logLevel: 'warn', build: { ssr: 'entry-server.tsx', outDir: '../../dist/ssr' } });
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  // `npm run dev` serves the web app from its sources (WEB_DEV): no build needed.
  if (!config.WEB_DEV) await ensureWebBuild(config.VITRINA_REBUILD_WEB ?? false);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
  ).catch((err: unknown) => {
    // Another instance on the same embedded database: say what to do, without a stack trace.
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  const app = await buildApp({ db: database.db, config, serveWeb: true });
  // Ready first: the job queue's tables exist before anything (the seed included) may enqueue.
  await app.ready();
  const seeded = config.SEED_DEMO
    ? await seedDemoIfEmpty({ db: database.db, config, providers: app.providers, log: app.log })
    : null;
  // The platform operator (decision 163): the demo's is created and printed; production says how to create one.
  const operator = await ensureOperatorAtStart({ db: database.db }, config, DEMO_PASSWORD);
  // The busiest stores' search indexes before the first request (decision 148): a proxy's health check sees this
  // instance only once they are built, or after 30 s at most.
  if (config.SEARCH_ENGINE === 'index' && config.SEARCH_WARM_STORES > 0) {
    const week = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    const warm = await warmSearchIndexes(
      { db: database.db, indexes: app.searchIndexes, log: app.log },
      {
        storeIds: await mostVisitedStores({ db: database.db }, { since: week, limit: config.SEARCH_WARM_STORES }),
        deadlineMs: 30_000,
      },
    );
    if (warm.built) app.log.info(warm, 'search indexes warmed up');
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const base = `http://${config.PLATFORM_DOMAIN}:${config.PORT}`;
  const lines = [
    '',
    `Vitrina is running (${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}).`,
    `  Platform:   ${base}`,
  ];
  if (config.API_DOCS) lines.push(`  API docs:   ${base}/api/docs`);
  if (seeded) {
    for (const s of seeded.stores)
      lines.push(
        `  Store:      http://${s.hostname}:${config.PORT}   (${s.name})   admin: ${base}/admin/login  ${s.ownerEmail} / ${s.ownerPassword}`,
      );
    lines.push(`  Buyer:      ${seeded.buyerEmail} / ${seeded.buyerPassword} (on every demo store)`);
  }
  if (operator.kind === 'created')
    lines.push(`  Operator:   ${base}/operador   ${operator.email} / ${operator.password}`);
  else if (operator.kind === 'missing')
    lines.push('  Operator:   none yet; create one with  npm run operator:create -- --email <address>');
  console.log(lines.join('\n') + '\n');
  // The reservation sweep (every minute) and PGlite's statistics (hourly) are scheduled jobs: src/server/jobs.
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
