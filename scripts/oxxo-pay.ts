/**
 * `npm run oxxo:pay -- <reference>`: marks a sandbox OXXO voucher paid (the operator action of DESIGN.md "Payments"),
 * on the same database the server uses (DATABASE_URL or DATA_DIR/db). Stop the server first when it runs on PGlite:
 * the embedded database allows one process at a time.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { createProviders } from '../src/server/providers/index.js';
import { markOxxoPaidByReference } from '../src/server/modules/checkout/index.js';

const reference = process.argv[2];
if (!reference || !/^\d{8,30}$/.test(reference)) {
  console.error('Usage: npm run oxxo:pay -- <voucher reference (digits)>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
);
try {
  const order = await markOxxoPaidByReference(
    {
      db: database.db,
      config,
      providers: createProviders(config),
      log: pino({ level: 'warn' }),
      actor: null,
      locale: 'es',
    },
    reference,
  );
  console.log(`Voucher ${reference} paid: order ${order.folio} is now ${order.status}.`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
