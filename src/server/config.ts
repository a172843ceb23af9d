/**
 * Runtime configuration from environment variables, validated with zod at start (DESIGN.md "Configuration").
 * A bad value stops the start with a message naming the variable. Every variable is documented in .env.example.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder for the embedded database, uploads and the mail outbox. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://... selects a real PostgreSQL server; unset uses embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** redis://... shares rate-limit counters between instances; unset keeps them in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  /** Prefix of the rate-limit keys in Redis (several deployments, or test runs, can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('vitrina:rate-limit:'),
  /** The bare platform domain (landing page, seller sign-up). Stores answer at <slug>.<PLATFORM_DOMAIN>. */
  PLATFORM_DOMAIN: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo stores when the database has no store. */
  SEED_DEMO: bool.default(true),
  /**
   * The built-in sandbox payment provider (test cards, OXXO vouchers paid with `npm run oxxo:pay`): on by default in
   * development and test, off by default when NODE_ENV=production. Off, no sandbox route or card path exists.
   */
  PAYMENTS_SANDBOX: bool.optional(),
  /** sandbox (needs PAYMENTS_SANDBOX on) | none (checkout answers 503 PAYMENTS_UNAVAILABLE). Default: sandbox when on. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /**
   * Server secret (at least 32 characters) from which the sandbox's webhook and operator keys and the client-IP hash
   * key are derived. Unset, the server creates DATA_DIR/app-secret on first start; set it when instances share a
   * database but not a DATA_DIR.
   */
  APP_SECRET: z.string().min(32).max(512).optional(),
  /** External store-floor management app opened from the admin dashboard (SPEC §1). */
  STORE_FLOOR_APP_URL: z.string().url().default('https://piso.vitrina.mx/'),
  /** Server-side rate limit per client IP and minute (in addition to the client throttle of SPEC §9). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Sign-in, sign-up and password-reset attempts per client IP and minute (brute-force protection). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
});

type Env = z.infer<typeof envSchema>;
export type AppConfig = Omit<Env, 'PAYMENTS_SANDBOX' | 'PAYMENT_PROVIDER'> & {
  dataDir: string;
  PAYMENTS_SANDBOX: boolean;
  PAYMENT_PROVIDER: 'sandbox' | 'none';
};

/** Parses `env` (default process.env). Throws an Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const sandbox = parsed.data.PAYMENTS_SANDBOX ?? parsed.data.NODE_ENV !== 'production';
  const provider = parsed.data.PAYMENT_PROVIDER ?? (sandbox ? 'sandbox' : 'none');
  if (provider === 'sandbox' && !sandbox)
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER: sandbox needs PAYMENTS_SANDBOX=true');
  return {
    ...parsed.data,
    PAYMENTS_SANDBOX: sandbox,
    PAYMENT_PROVIDER: provider,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
}
