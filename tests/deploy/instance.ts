/**
 * One Vitrina instance as its own process, for tests/deploy/two-instances.test.ts: the app of src/server/app.ts on the
 * configuration of its environment (DATABASE_URL, TRUST_PROXY, PORT, HOST...), answering every response with an
 * `x-vitrina-instance` header (INSTANCE_NAME) so the test sees which instance served it, and printing one JSON line
 * `{"ready":port}` once it listens. The page shell is a template, as in the API tests, so an instance starts in seconds
 * without the web build; src/server/server.ts (deploy/start-local.sh) adds the build, the demo seed and the signals.
 */
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';

const SHELL =
  '<!doctype html><html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('instance.ts needs DATABASE_URL (instances share one PostgreSQL database)');
const name = process.env.INSTANCE_NAME ?? String(process.pid);
const database = await openDatabase({ url: config.DATABASE_URL });
// Logs on stderr, so that stdout carries only the ready line.
const app = await buildApp({ db: database.db, config, logger: { stream: process.stderr }, indexHtml: SHELL });
app.addHook('onSend', async (_request, reply) => {
  reply.header('x-vitrina-instance', name);
});
await app.ready();
await app.listen({ port: config.PORT, host: config.HOST });
console.log(JSON.stringify({ ready: config.PORT }));

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
