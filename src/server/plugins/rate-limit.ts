/**
 * Server rate limits: @fastify/rate-limit on every /api route, counted per client IP and
 * minute. With REDIS_URL the counters are shared by every instance; while Redis is unreachable each process counts
 * on its own (the library's in-memory store) instead of letting every request through, and returns to Redis as soon
 * as it answers again. Each change is logged once, not once per request, and `redisState()` feeds
 * `/api/health`. Decision 031; docs/security.md "Requests and headers".
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';

/** 'off': no REDIS_URL; 'up': counting in Redis; 'down': configured but unreachable, counting in this process. */
export type RedisState = 'off' | 'up' | 'down';

/** After a failed Redis command, this process counts locally for this long before it asks Redis again. */
const RETRY_AFTER_FAILURE_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    redisState(): RedisState;
  }
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** What the library passes to a store's constructor and to child(): its merged global or route settings. */
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

/** Tracks whether Redis can be used now, and logs each transition once. */
function createRedisLink(url: string, log: FastifyInstance['log']) {
  // Fail fast: no offline queue (a command while disconnected errors at once instead of waiting), short timeouts,
  // and reconnect in the background forever with a capped back-off.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 250, 5000),
  });
  let state: 'up' | 'down' | 'starting' = 'starting';
  let retryAt = 0;
  const set = (next: 'up' | 'down', err?: Error) => {
    if (state === next) return;
    const first = state === 'starting';
    state = next;
    if (next === 'down')
      log.warn({ err: err?.message }, 'Redis unreachable: rate limits are counted per process until it answers again');
    else if (!first) log.info('Redis reachable again: rate limits are shared again');
  };
  client.on('ready', () => {
    retryAt = 0;
    set('up');
  });
  // ioredis emits 'error' on every failed reconnection; one listener keeps them out of stderr, set() logs once.
  client.on('error', (err: Error) => set('down', err));
  client.on('close', () => {
    if (state === 'up') set('down', new Error('connection closed'));
  });
  return {
    client,
    usable: () => client.status === 'ready' && Date.now() >= retryAt,
    failed(err: Error) {
      retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      set('down', err);
    },
    succeeded: () => set('up'),
    state: (): RedisState => (state === 'up' && Date.now() >= retryAt ? 'up' : 'down'),
    close: () => client.disconnect(),
  };
}
type RedisLink = ReturnType<typeof createRedisLink>;

/** A rate-limit store that counts in Redis while it can and in this process's memory otherwise. */
function failoverStore(link: RedisLink, keyPrefix: string) {
  class FailoverStore implements FastifyRateLimitStore {
    local: FastifyRateLimitStore;
    remote: FastifyRateLimitStore;
    constructor(settings: object, local?: FastifyRateLimitStore, remote?: FastifyRateLimitStore) {
      const options = settings as StoreOptions;
      this.local = local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
      this.remote =
        remote ?? new RedisStore(options.continueExceeding, options.exponentialBackoff, link.client, keyPrefix);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (!link.usable()) return this.local.incr(key, cb, timeWindow, max);
      this.remote.incr(
        key,
        (err, res) => {
          if (!err) {
            link.succeeded();
            return cb(null, res);
          }
          link.failed(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: RouteOptions) {
      return new FailoverStore(routeOptions, this.local.child(routeOptions), this.remote.child(routeOptions));
    }
  }
  return FailoverStore;
}

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const { config } = app;
  const link = config.REDIS_URL ? createRedisLink(config.REDIS_URL, app.log) : null;
  if (link) app.addHook('onClose', async () => link.close());
  app.decorate('redisState', (): RedisState => (link ? link.state() : 'off'));
  await app.register(rateLimit, {
    global: true,
    ...(link ? { store: failoverStore(link, config.REDIS_KEY_PREFIX) } : {}),
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api/'),
  });
});
