/**
 * Server-side rate limits (in addition to the client throttle): sign-in attempts per IP and minute get a
 * translated 429 once the limit is reached. With Redis (REDIS_TEST_URL, set by CI) two app instances share one count,
 * as several instances behind a load balancer must. With REDIS_URL set but Redis down or hung,
 * the limits still hold per process, no request waits on Redis, the change is logged once and /api/health tells.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createStoreFixture } from '../helpers/factories.js';

const attempt = (t: TestApp, hostname: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-store-domain': hostname, 'accept-language': 'es' },
    payload: { email: 'nadie@example.com', password: 'incorrecta-123' },
  });

describe('server rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('answers 429 with the translated message after AUTH_RATE_LIMIT_PER_MINUTE sign-in attempts', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    apps.push(t);
    const store = await createStoreFixture(t.database.db);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt(t, store.hostname)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt(t, store.hostname);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Demasiadas solicitudes en poco tiempo. Inténtalo de nuevo en unos instantes.',
    });
  });

  it.runIf(process.env.REDIS_TEST_URL)('shares the count between two instances through Redis', async () => {
    const env = {
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: process.env.REDIS_TEST_URL!,
      REDIS_KEY_PREFIX: `vitrina-test-${randomBytes(6).toString('hex')}:`,
    };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    apps.push(a, b);
    const storeA = await createStoreFixture(a.database.db, { slug: 'rl' });
    await createStoreFixture(b.database.db, { slug: 'rl' });
    expect((await attempt(a, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(b, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(a, storeA.hostname)).statusCode).toBe(401);
    expect((await attempt(b, storeA.hostname)).statusCode).toBe(429);
  });
});

/** Log lines written by the app, parsed. */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  return {
    lines,
    logger: { level: 'info', stream },
    about: (word: string) => lines.filter((l) => l.msg.includes(word)),
  };
}

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** A "hung Redis": accepts connections and reads commands but never answers. Counts the commands it received. */
async function silentServer() {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (d) => received.push(d.toString('latin1')));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A TCP proxy to a real Redis that can be cut and restored on the same port. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
    port = (server!.address() as net.AddressInfo).port;
  };
  await open();
  return {
    port: () => port,
    async cut() {
      const s = server!;
      server = null;
      await new Promise((r) => {
        s.close(r);
        for (const sock of sockets) sock.destroy();
      });
    },
    restore: open,
  };
}

/** Resolves once `check` holds (asked every 50 ms, for 15 s at most). */
const waitFor = (check: () => boolean | Promise<boolean>, what: string) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 15_000, interval: 50 },
  );

describe('rate limits with REDIS_URL set but Redis unavailable', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const health = async (t: TestApp) => (await t.app.inject('/api/health')).json();

  it('refused connections: limits still hold per process, logged once, health says down', async () => {
    const log = logSink();
    const port = await closedPort();
    // Every connection attempt of the Redis client (ioredis opens its socket with net.createConnection).
    const connects = vi.spyOn(net, 'createConnection');
    const attemptsToRedis = () =>
      connects.mock.calls.filter(([options]) => (options as unknown as { port?: number }).port === port).length;
    const t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${port}` },
      { logger: log.logger },
    );
    apps.push(t);
    const store = await createStoreFixture(t.database.db);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt(t, store.hostname)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    expect(await health(t)).toEqual({ ok: true, redis: 'down' });
    // Several reconnection attempts later (250 ms, 500 ms, 750 ms back-off), still one line.
    await waitFor(() => log.about('Redis unreachable').length > 0, 'the warning');
    await waitFor(() => attemptsToRedis() >= 4, 'three reconnection attempts');
    connects.mockRestore();
    for (let i = 0; i < 10; i++) await attempt(t, store.hostname);
    expect(log.about('Redis').map((l) => [l.level, l.msg])).toEqual([
      [40, 'Redis unreachable: rate limits are counted per process until it answers again'],
    ]);
  });

  it('a hung Redis: no request waits on it (it receives no rate-limit command) and limits still hold', async () => {
    const hung = await silentServer();
    const log = logSink();
    const t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${hung.port}` },
      { logger: log.logger },
    );
    apps.push(t);
    const store = await createStoreFixture(t.database.db);
    await waitFor(() => hung.received.length > 0, 'the connection');
    // 40 parallel requests all answer; with an offline queue they would all wait for Redis and time out.
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(t, store.hostname)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
    const commands = hung.received.join('');
    expect(commands).not.toMatch(/EVALSHA|EVAL|INCR/i);
    expect(await health(t)).toEqual({ ok: true, redis: 'down' });
    await waitFor(() => log.about('Redis unreachable').length > 0, 'the warning');
    expect(log.about('Redis')).toHaveLength(1);
    await hung.close();
  });

  it.runIf(process.env.REDIS_TEST_URL)(
    'returns to the shared count when Redis answers again, logging each change once',
    async () => {
      const proxy = await cuttableProxy(new URL(process.env.REDIS_TEST_URL!));
      const log = logSink();
      const env = {
        AUTH_RATE_LIMIT_PER_MINUTE: '3',
        REDIS_URL: `redis://127.0.0.1:${proxy.port()}`,
        REDIS_KEY_PREFIX: `vitrina-test-${randomBytes(6).toString('hex')}:`,
      };
      const t = await createTestApp(env, { logger: log.logger });
      const other = await createTestApp({ ...env, REDIS_URL: process.env.REDIS_TEST_URL! });
      apps.push(t, other);
      const store = await createStoreFixture(t.database.db, { slug: 'rl2' });
      await createStoreFixture(other.database.db, { slug: 'rl2' });
      await waitFor(async () => (await health(t)).redis === 'up', 'Redis up');
      expect((await attempt(t, store.hostname)).statusCode).toBe(401); // shared count 1

      await proxy.cut();
      await waitFor(async () => (await health(t)).redis === 'down', 'Redis down');
      // Per process now: three more failures pass, the fourth is refused.
      const local = [];
      for (let i = 0; i < 4; i++) local.push((await attempt(t, store.hostname)).statusCode);
      expect(local).toEqual([401, 401, 401, 429]);

      await proxy.restore();
      await waitFor(async () => (await health(t)).redis === 'up', 'Redis back');
      // Shared again: the other instance (always on Redis) sees count 1 + this one's next attempt.
      expect((await attempt(t, store.hostname)).statusCode).toBe(401); // shared count 2
      expect((await attempt(other, store.hostname)).statusCode).toBe(401); // shared count 3
      expect((await attempt(other, store.hostname)).statusCode).toBe(429);
      expect(log.about('Redis').map((l) => l.msg)).toEqual([
        'Redis unreachable: rate limits are counted per process until it answers again',
        'Redis reachable again: rate limits are shared again',
      ]);
      await proxy.cut();
    },
  );
});
