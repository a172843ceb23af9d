/**
 * Password hashing with scrypt from node:crypto (decision 001). Parameters follow OWASP's
 * password storage cheat sheet for scrypt (N=2^17, r=8, p=1). Stored as `scrypt$N$r$p$salt$hash` (base64url).
 *
 * Each hash holds one libuv thread and 128 MiB for about half a second. libuv's pool (4 threads) also reads the static
 * files, so unbounded hashing lets a sign-in flood starve them (docs/performance.md, "Sign-in flood").
 * Hashes therefore run through one process-wide queue: PASSWORD_HASH_CONCURRENCY at once, PASSWORD_HASH_QUEUE_MAX
 * waiting, and beyond that SERVER_BUSY (503) with a Retry-After estimate. Decision 025.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { AppError } from '../../lib/app-error.js';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LEN = 32;

const limit: LimitFunction = pLimit(2);
let maxQueue = 16;
/** Moving average of one hash's duration (ms), for the Retry-After estimate. */
let averageMs = 500;

/** Sets the queue's bounds (called once per app from the accounts routes; the queue is per process, as the pool is). */
export function configurePasswordHashing(opts: { concurrency: number; maxQueue: number }): void {
  if (limit.concurrency !== opts.concurrency) limit.concurrency = opts.concurrency;
  maxQueue = opts.maxQueue;
}

/** Hashes running and waiting now (for tests and the bench). */
export function passwordHashLoad(): { active: number; waiting: number } {
  return { active: limit.activeCount, waiting: limit.pendingCount };
}

function rawScrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Runs one hash through the queue. Throws SERVER_BUSY (503, params.retryAfter in seconds) when the queue is full. */
function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const ahead = limit.activeCount + limit.pendingCount;
  if (ahead >= limit.concurrency + maxQueue) {
    const retryAfter = Math.max(1, Math.ceil(((ahead / limit.concurrency) * averageMs) / 1000));
    return Promise.reject(new AppError('SERVER_BUSY', { retryAfter }));
  }
  return limit(async () => {
    const started = performance.now();
    const key = await rawScrypt(password, salt, n, r, p);
    averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
    return key;
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time check of a password against a stored hash; false for a malformed hash. Throws SERVER_BUSY. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to compare against when the account does not exist, so timing does not reveal which emails exist. Computed
 * outside the queue (once per process) so that the first unknown email does not cost two queue slots.
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= (async () => {
    const salt = randomBytes(16);
    const key = await rawScrypt(randomBytes(12).toString('hex'), salt, N, R, P);
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  })();
  return dummy;
}
