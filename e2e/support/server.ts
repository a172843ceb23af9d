/**
 * The platform as the browser tests see it, started by playwright.config.ts's `webServer` (under tsx) in its own
 * process group: the real app (`buildApp`, migrations, the demo seed and the SEPOMEX catalogue, as `npm start` does)
 * on PORT with an embedded PGlite database in a temporary DATA_DIR, plus the test-only factory routes of
 * e2e/support/factory-routes.ts under `/__e2e/`. Those routes exist only in this process, never in `src/`.
 *
 * With E2E_STRIPE_INSTANCE=1 it is the second, Stripe instance (decision 074): PAYMENT_PROVIDER=stripe against the
 * Stripe fake (tests/helpers/stripe-fake.ts), started here on E2E_STRIPE_FAKE_PORT, whose events this app hears as signed
 * webhooks. No demo stores and only the API tests' few postal codes (06700 Roma Norte, ...), so it is up in seconds:
 * its specs make their own stores with the factories.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { buildApp } from '../../src/server/app.js';
import { seedDemoIfEmpty } from '../../src/server/seed/index.js';
import { startStripeFake, type StripeFake } from '../../tests/helpers/stripe-fake.js';
import { seedPostalCodesFixture } from '../../tests/helpers/factories.js';
import { factoryRoutes } from './factory-routes.js';

let fake: StripeFake | null = null;
if (process.env.E2E_STRIPE_INSTANCE === '1') {
  fake = await startStripeFake({ port: Number(process.env.E2E_STRIPE_FAKE_PORT) });
  Object.assign(process.env, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: 'http',
  });
}

const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });
// DATABASE_URL: a PostgreSQL database (two instances of the messages spec share one, e2e/messages/two-instances.ts).
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
);
const app = await buildApp({ db: database.db, config, serveWeb: true });
await app.register(factoryRoutes, { prefix: '/__e2e' });
// Ready first: the job queue's tables exist before anything (the seed included) may enqueue.
await app.ready();
if (fake) {
  // Stripe's events reach the app as Stripe sends them: signed, to its webhook endpoint.
  fake.onWebhook((payload, signature) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    }),
  );
  await seedPostalCodesFixture(database.db);
} else if (process.env.E2E_NO_DEMO === '1') await seedPostalCodesFixture(database.db);
else await seedDemoIfEmpty({ db: database.db, config, providers: app.providers, log: app.log });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`e2e platform up on http://127.0.0.1:${config.PORT} (data in ${config.dataDir})`);

const stop = async () => {
  await app.close();
  await database.close();
  await fake?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
