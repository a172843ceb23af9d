/**
 * Runtime configuration from environment variables, validated with zod at start.
 * A bad value stops the start with a message naming the variable. Every variable is documented in .env.example.
 */
import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An IPv4/IPv6 address with an optional /prefix, or a proxy-addr range name (loopback, linklocal, uniquelocal). */
const proxyEntry = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;

/** A comma-separated list of `entry`s (spaces around commas allowed); unset is an empty list. */
const addressList = (entry: (value: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(entry), message);

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
  /**
   * smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465 (TLS from the start):
   * mail goes out through that server (pooled connections; decision 143). User and password percent-encoded; no query
   * options. Unset: each message is written as an .eml file to DATA_DIR/outbox.
   */
  SMTP_URL: z
    .string()
    .refine((u) => URL.canParse(u), 'must be a URL such as smtp://user:pass@host:587')
    .refine((u) => !URL.canParse(u) || /^smtps?:$/.test(new URL(u).protocol), 'must start with smtp:// or smtps://')
    .refine((u) => !URL.canParse(u) || new URL(u).hostname !== '', 'must name a host')
    .refine((u) => !URL.canParse(u) || new URL(u).search === '', 'takes no query options')
    .optional(),
  /**
   * The sender of every email, e.g. `Vitrina <no-reply@vitrina.mx>`. Unset: Vitrina <no-reply@PLATFORM_DOMAIN> with
   * SMTP_URL, Vitrina <no-reply@vitrina.local> in the outbox.
   */
  MAIL_FROM: z
    .string()
    .max(300)
    .regex(
      /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/,
      'must be an address, or a name and <address>',
    )
    .optional(),
  /**
   * DKIM signing of the mail sent through SMTP_URL (decision 143): all three or none. DKIM_DOMAIN is the `d=` domain
   * (that of MAIL_FROM, for DMARC), DKIM_SELECTOR the `s=` selector whose TXT record publishes the public key, and
   * DKIM_PRIVATE_KEY the private key's PEM text itself (not a file path; newlines may be written as \n).
   */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a domain name')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'must be a DNS label such as mail2026')
    .optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine((pem) => {
      try {
        return createPrivateKey(pem).asymmetricKeyType === 'rsa';
      } catch {
        return false;
      }
    }, 'must be the PEM text of an RSA private key')
    .optional(),
  /** The bare platform domain (landing page, seller sign-up). Stores answer at <slug>.<PLATFORM_DOMAIN>. */
  PLATFORM_DOMAIN: z.string().min(1).default('localhost'),
  /**
   * Custom domains (decision 145): the host name a seller's domain must CNAME to (the TLS proxy's public name), and the
   * addresses an apex domain's A / AAAA records must hold (comma-separated). Unset target: `stores.<PLATFORM_DOMAIN>`;
   * unset addresses: an apex domain is accepted when its A / AAAA records are those of the target.
   */
  DOMAIN_CNAME_TARGET: z
    .string()
    .regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a lower-case host name')
    .optional(),
  PLATFORM_IPV4: addressList((e) => isIP(e) === 4, 'must be a comma-separated list of IPv4 addresses'),
  PLATFORM_IPV6: addressList((e) => isIP(e) === 6, 'must be a comma-separated list of IPv6 addresses'),
  /**
   * DNS servers the domain check asks (`ip` or `ip:port`, comma-separated), e.g. a test's DNS server on loopback.
   * Unset: the system's resolvers.
   */
  DNS_SERVERS: addressList(
    (e) => isIP(e) !== 0 || (/^[0-9.]+:\d{1,5}$/.test(e) && isIP(e.split(':')[0]!) === 4),
    'must be a comma-separated list of IP addresses, optionally with :port',
  ),
  /**
   * `host:port` of the TLS proxy (Caddy) as this instance reaches it, e.g. `10.0.0.5:443`. Set, background jobs open
   * a TLS connection to it with each active custom domain as SNI (a new one within a minute of activation, every
   * domain hourly) and record the certificate state from what is served: `issued`, `renewing` in the last third of its
   * life, `failed` when none is served (decision 146). The handshake is also what makes Caddy obtain a new domain's
   * certificate, so the first visitor does not wait. Unset: no probe; an activated domain's certificate stays
   * `requested`.
   */
  TLS_PROBE_ADDRESS: z
    .string()
    .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port, e.g. 10.0.0.5:443 or [::1]:443')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo stores (sellers with the passwords printed in README) on an empty database. Off in production. */
  SEED_DEMO: bool.optional(),
  /** Serve the OpenAPI UI and document at /api/docs. Off in production. */
  API_DOCS: bool.optional(),
  /**
   * Addresses (or CIDR ranges) of the reverse proxies whose X-Forwarded-For/-Proto/-Host are believed, comma-separated,
   * e.g. `127.0.0.1,10.0.0.0/8`. Unset: no forwarded header is trusted.
   */
  TRUST_PROXY: addressList((e) => proxyEntry.test(e), 'must be a comma-separated list of IP addresses or CIDRs'),
  /** Scheme of the links the platform builds (emails, canonical URLs). Default https in production, http otherwise. */
  PUBLIC_SCHEME: z.enum(['http', 'https']).optional(),
  /** Port of those links; unset means PORT outside production and none (80/443) in production. */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * The built-in sandbox payment provider (test cards, OXXO vouchers paid with `npm run oxxo:pay`): on by default in
   * development and test, off by default when NODE_ENV=production. Off, no sandbox route or card path exists.
   */
  PAYMENTS_SANDBOX: bool.optional(),
  /**
   * sandbox (needs PAYMENTS_SANDBOX on) | stripe (needs the STRIPE_* keys) | none (checkout answers 503
   * PAYMENTS_UNAVAILABLE). Default: sandbox when on.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).optional(),
  /** Stripe secret key (sk_test_... or sk_live_...), server only (README "Payments with Stripe"). */
  STRIPE_SECRET_KEY: z.string().min(8).max(300).optional(),
  /** Stripe publishable key (pk_test_... or pk_live_...), handed to Stripe.js in the shopper's browser. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(8).max(300).optional(),
  /** The signing secret (whsec_...) of the Stripe webhook endpoint POST /api/payments/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).max(300).optional(),
  /** A stand-in of the Stripe API (tests, local development): host, port and protocol; unset for api.stripe.com. */
  STRIPE_API_HOST: z.string().min(1).max(255).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** PayPal REST app credentials (README "Payments with PayPal"): with all three the wallet is offered. */
  PAYPAL_CLIENT_ID: z.string().min(8).max(300).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(8).max(300).optional(),
  /** The id PayPal gave the webhook POST /api/payments/webhooks/paypal (used to verify each delivery). */
  PAYPAL_WEBHOOK_ID: z.string().min(4).max(100).optional(),
  /** sandbox (api-m.sandbox.paypal.com, the default) or live (api-m.paypal.com). */
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** A stand-in of the PayPal API (tests, local development): http://host:port. Unset for PayPal itself. */
  PAYPAL_API_BASE: z
    .string()
    .url()
    .refine((u) => u.startsWith('http://'), 'must be an http:// URL')
    .optional(),
  /**
   * The PAC's API the stores' invoicing accounts are reached at (decision 154): Facturapi's own
   * (https://www.facturapi.io/v2) in production. Unset, the built-in sandbox PAC (providers/invoicing/sandbox.ts,
   * offline, test keys only) answers on a loopback port.
   */
  FACTURAPI_API_BASE: z.string().url().optional(),
  /**
   * Payment webhooks a client address may send per minute that fail their signature or format check; beyond it that
   * address gets 429 (with Retry-After) before anything is checked, so a forged flood cannot keep the server (or
   * PayPal's verification API) busy (decision 109).
   */
  WEBHOOK_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * PayPal verifications that may fail per minute on this instance, whoever sent them; beyond it an unverified PayPal
   * webhook gets 429 without a call to PayPal (PayPal delivers it again later). Decision 109.
   */
  PAYPAL_VERIFY_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Server secret (at least 32 characters) from which the sandbox's webhook and operator keys and the client-IP hash
   * key are derived. Unset, the server creates DATA_DIR/app-secret on first start; set it when instances share a
   * database but not a DATA_DIR.
   */
  APP_SECRET: z.string().min(32).max(512).optional(),
  /** `npm start` rebuilds dist/web even when it is newer than the web sources (it always rebuilds a stale one). */
  VITRINA_REBUILD_WEB: bool.optional(),
  /**
   * `npm run dev` (scripts/dev.mjs): serve the web app from its sources through Vite's dev servers instead of dist/
   * (src/server/modules/web/dev-server.ts); the storefront still renders on the server, with Preact (decision 131).
   */
  WEB_DEV: bool.default(false),
  /** External store-floor management app opened from the admin dashboard. */
  STORE_FLOOR_APP_URL: z.string().url().default('https://piso.vitrina.mx/'),
  /** Secret the store-floor app's server sends to exchange a one-time code (unset: the exchange is refused). */
  STORE_FLOOR_APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Server-side rate limit per client IP and minute (in addition to the client throttle). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Sign-in, sign-up and password-reset attempts per client IP and minute (brute-force protection). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Sign-in, recover and reset attempts per account (email, or reset link) per 15 minutes, whatever the IP. */
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Password hashes computed at once (each holds a libuv thread and 128 MiB); default libuv pool size minus 2. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Hashes waiting for a slot; beyond it sign-in, sign-up and reset answer 503 SERVER_BUSY with Retry-After. */
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
  /**
   * Seller sign-ups per client address and hour (decision 100; counted in the rate-limit store, shared through Redis
   * when REDIS_URL is set); beyond it 429 RATE_LIMITED with Retry-After.
   */
  SIGNUP_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Seller sign-ups per hour on the whole platform (every address together); beyond it 503 SERVER_BUSY. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** Sign-ups whose work (hash, store creation) runs at once per instance; others wait in the queue below. */
  SIGNUP_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Sign-ups waiting for a slot per instance; beyond it 503 SERVER_BUSY with Retry-After. */
  SIGNUP_QUEUE_MAX: z.coerce.number().int().min(0).default(8),
  /**
   * Image jobs (decode, resize, re-encode of uploads) run at once, each on one thread of libuv's pool (decision 105).
   * Default 1: with password hashing's 2, one of the pool's 4 threads stays free for static files and DNS.
   */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Image jobs waiting for a slot; beyond it an upload answers 503 SERVER_BUSY with Retry-After. */
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).default(8),
  /** Search engine (decision 033): the in-memory index per store, or PostgreSQL full-text search. */
  SEARCH_ENGINE: z.enum(['index', 'postgres']).default('index'),
  /**
   * Megabytes (estimated) the in-memory search indexes of one instance may hold over all stores (decision 148);
   * beyond it the stores unused for longest are dropped and answered by PostgreSQL until rebuilt. Default: 10 % of
   * Node's heap limit, so a larger `--max-old-space-size` raises it.
   */
  SEARCH_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(() => Math.max(64, Math.round((v8.getHeapStatistics().heap_size_limit / 1024 / 1024) * 0.1))),
  /** Store indexes built (loaded from the database and indexed) at once per instance; others wait their turn. */
  SEARCH_BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Milliseconds a search waits for its store's index to be built before PostgreSQL answers it instead (the build
   * goes on in the background).
   */
  SEARCH_COLD_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(100),
  /**
   * Stores whose indexes are built at start, before the instance listens: the most visited of the last 7 days
   * (decision 148). 0 builds none.
   */
  SEARCH_WARM_STORES: z.coerce.number().int().min(0).max(100_000).default(200),
  /**
   * Megabytes of product and search answers kept in memory per instance (decision 149): half for products, half for
   * lists, a quarter of each half per store at most; 0 turns the cache off.
   */
  ANSWER_CACHE_MB: z.coerce.number().min(0).default(128),
  /**
   * Milliseconds a cached search may still be served after a product change that does not touch the products it
   * shows, while it is recomputed (decision 149): a new product or a reordering by sales shows within that time; a
   * change to a product it shows drops it at once. 0: every product change drops the store's searches.
   */
  ANSWER_CACHE_STALE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Whether this instance works background jobs and fires schedules (src/server/jobs; decision 034). */
  JOB_WORKERS: bool.default(true),
  /** How often an idle job worker asks the queue for new jobs, in seconds (pg-boss polling; 0.5 at least). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * Jobs of one queue a worker fetches and runs at once (decision 034): a burst of order emails goes out in batches,
   * fetched again at once while a batch comes back full; a committed job also wakes the workers without a poll.
   */
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Seconds before a failed job runs again, for every queue. Unset (the default): each job's own delay (30 s, 5 s for
   * the catalogue CSV jobs). Tests that watch a retry set it low so they need not wait.
   */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * Addresses (IPs or CIDRs, comma-separated) a catalogue import may download images from although they are not public
   * (decision 080), e.g. `127.0.0.1` for a local test server. Unset (the default, and the right value in production):
   * images only from public addresses; loopback, private, link-local and metadata addresses are refused.
   */
  IMPORT_IMAGE_ALLOWED_ADDRESSES: addressList(
    (e) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(e) && isIP(e.split('/')[0]!) !== 0,
    'must be a comma-separated list of IP addresses or CIDRs',
  ),
  /**
   * Whether a server-rendered storefront page asks for its scripts only once its largest image is painted (decision
   * 084), keeping taps made meanwhile (decision 085). On by default; `false` puts the scripts in the head as before.
   */
  DEFER_SCRIPTS: bool.default(true),
  /** Days after delivery before an order's money moves from pending to available (decision 047). */
  BALANCE_RELEASE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /**
   * Uploads in an S3-compatible object store (decision 144) instead of DATA_DIR/uploads and DATA_DIR/private, so that
   * every instance sees every file. Unset (the default): local disk. Public files go under `public/`, private ones
   * (sellers' documents) under `private/`, uploads in progress under `tmp/`.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, dot, hyphen)')
    .optional(),
  /** An S3-compatible service (MinIO, R2, s3rver): http(s)://host:port. Unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http:// or https:// URL')
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  /**
   * Credentials of the bucket, both or neither. Neither: AWS's own chain (environment, instance or task role), which
   * only AWS itself has, so a custom S3_ENDPOINT needs them.
   */
  S3_ACCESS_KEY_ID: z.string().min(1).max(300).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(300).optional(),
  /** Address the bucket as endpoint/bucket instead of bucket.endpoint (MinIO, s3rver). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * The URL under which the bucket's `public/` prefix is served (a CDN, or the bucket's own URL ending in /public);
   * a stored image URL is this plus the key. Unset: derived from the endpoint (or AWS's) and the bucket. Use https in
   * production: the storefront is https and a browser refuses http images on it.
   */
  S3_PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http:// or https:// URL')
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
});

/** The S3 settings that mean nothing without S3_BUCKET. */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

// A half-configured object store would fail on the first upload, long after the start: refuse it at start instead.
const checkedEnvSchema = envSchema.superRefine((d, ctx) => {
  if (!d.S3_BUCKET) {
    for (const k of S3_SETTINGS)
      if (d[k]) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${k} is set` });
    return;
  }
  if (Boolean(d.S3_ACCESS_KEY_ID) !== Boolean(d.S3_SECRET_ACCESS_KEY)) {
    const missing = d.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required: set both S3 credentials or neither' });
  } else if (d.S3_ENDPOINT && !d.S3_ACCESS_KEY_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'is required with S3_ENDPOINT (with S3_SECRET_ACCESS_KEY): only AWS has its own credential chain',
    });
  }
});

type ParsedEnv = z.infer<typeof envSchema>;
export type AppConfig = Omit<
  ParsedEnv,
  'SEED_DEMO' | 'API_DOCS' | 'PUBLIC_SCHEME' | 'PASSWORD_HASH_CONCURRENCY' | 'PAYMENTS_SANDBOX' | 'PAYMENT_PROVIDER'
> & {
  PAYMENTS_SANDBOX: boolean;
  PAYMENT_PROVIDER: 'sandbox' | 'stripe' | 'none';
  SEED_DEMO: boolean;
  API_DOCS: boolean;
  PUBLIC_SCHEME: 'http' | 'https';
  PASSWORD_HASH_CONCURRENCY: number;
  dataDir: string;
};

/** libuv's thread pool (4 unless UV_THREADPOOL_SIZE says otherwise) serves file reads, DNS and crypto alike. */
function defaultHashConcurrency(env: NodeJS.ProcessEnv): number {
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, pool - 2);
}

/** Parses `env` (default process.env). Throws an Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  const production = d.NODE_ENV === 'production';
  const sandbox = d.PAYMENTS_SANDBOX ?? !production;
  const provider = d.PAYMENT_PROVIDER ?? (sandbox ? 'sandbox' : 'none');
  if (provider === 'sandbox' && !sandbox)
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER: sandbox needs PAYMENTS_SANDBOX=true');
  if (provider === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
      (k) => !d[k],
    );
    if (missing.length)
      throw new Error(`Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs ${missing.join(', ')}`);
  }
  // The PayPal wallet is on with all three of its settings, off with none; a half-configured one is a mistake.
  const paypal = (['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const).filter((k) => !d[k]);
  if (paypal.length > 0 && paypal.length < 3)
    throw new Error(`Invalid configuration:\n  PAYPAL: the wallet needs ${paypal.join(', ')}`);
  // Likewise DKIM; and it signs only what goes out through SMTP, so without SMTP_URL it would sign nothing.
  const dkim = (['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const).filter((k) => !d[k]);
  if (dkim.length > 0 && dkim.length < 3)
    throw new Error(`Invalid configuration:\n  DKIM: signing needs ${dkim.join(', ')}`);
  if (dkim.length === 0 && !d.SMTP_URL) throw new Error('Invalid configuration:\n  DKIM: signing needs SMTP_URL');
  return {
    ...d,
    // Demo sellers' passwords are public and the API map helps an attacker: both opt-in in production.
    SEED_DEMO: d.SEED_DEMO ?? !production,
    API_DOCS: d.API_DOCS ?? !production,
    PUBLIC_SCHEME: d.PUBLIC_SCHEME ?? (production ? 'https' : 'http'),
    PUBLIC_PORT: d.PUBLIC_PORT ?? (production ? undefined : d.PORT),
    PASSWORD_HASH_CONCURRENCY: d.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency(env),
    PAYMENTS_SANDBOX: sandbox,
    PAYMENT_PROVIDER: provider,
    dataDir: path.resolve(d.DATA_DIR),
  };
}
