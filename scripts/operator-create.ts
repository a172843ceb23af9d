/**
 * `npm run operator:create -- --email <address> [--name "<full name>"]`: creates a platform operator account
 * (decision 163) in the configured database (DATABASE_URL, else PGlite in DATA_DIR: stop the server first, the
 * embedded database takes one process) and prints its generated password once. Nothing else keeps it: the password
 * is stored hashed, so write it down or run the command again with another address. Never a default password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { DataDirInUseError } from '../src/server/db/pglite-lock.js';
import { createOperatorAccount, generatedPassword } from '../src/server/modules/accounts/index.js';
import { AppError } from '../src/server/lib/app-error.js';
import { email as emailSchema } from '../src/shared/contracts/common.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const parsed = emailSchema.safeParse(arg('email') ?? '');
if (!parsed.success) {
  console.error('Usage: npm run operator:create -- --email <address> [--name "<full name>"]');
  process.exit(2);
}
const config = loadConfig();
if (!config.DATABASE_URL) fs.mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
).catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
const password = generatedPassword();
try {
  const operator = await createOperatorAccount(
    { db: database.db },
    { email: parsed.data, password, fullName: arg('name') ?? undefined },
  );
  console.log(`Operator ${operator.email} created. Sign in at /operador on the platform domain with this password,`);
  console.log('shown only this once:');
  console.log(`\n  ${password}\n`);
} catch (err) {
  if (err instanceof AppError && err.code === 'EMAIL_TAKEN') {
    console.error(`An operator with the email ${parsed.data} already exists.`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
