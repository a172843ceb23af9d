/**
 * The server secret and the keys derived from it (decision 027). APP_SECRET when set, else a random secret the server
 * writes once to DATA_DIR/app-secret (mode 0600) and reads on every later start, so that `npm run oxxo:pay` on the
 * same machine can sign its request without opening the database. Each use gets its own key:
 * HMAC-SHA256(secret, label), so that knowing one key tells nothing about another.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const APP_SECRET_FILE = 'app-secret';

/** Reads APP_SECRET or DATA_DIR/app-secret; creates the file (atomically, never overwriting) when absent. */
export function loadAppSecret(config: { APP_SECRET?: string; dataDir: string }, create = true): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = path.join(config.dataDir, APP_SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  if (!create) throw new Error(`No APP_SECRET and no ${file}: start the server once first, or set APP_SECRET.`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    // Another process created it first: use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A key for one purpose, e.g. deriveKey(secret, 'sandbox-webhook'). */
export function deriveKey(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('hex');
}
