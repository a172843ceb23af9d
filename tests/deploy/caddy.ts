/**
 * A real Caddy (the Debian package) on loopback for the deployment tests, run with deploy/Caddyfile itself: what
 * production differs in comes from the environment (Caddy's own CA instead of Let's Encrypt, high ports, loopback
 * only, admin API off, a temporary data folder), so the tests prove the file that is deployed. Also the TLS and HTTPS
 * clients the tests speak to it with. Every Caddy started is stopped when the test process ends, even after a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

const root = path.resolve(import.meta.dirname, '../..');

/** The caddy executable on PATH, or null when it is not installed. */
export const CADDY: string | null =
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'caddy'))
    .find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null;

/** What a skipped deployment test says. */
export const NO_CADDY = 'caddy is not installed (apt-get install caddy): the deployment tests are skipped';

const children = new Set<ChildProcess>();
// A test process that ends without its afterAll (a crash, a timeout) still leaves no process behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Remembers `child` so that the test process's end kills it; forgets it once it exited. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops `child`: SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A TCP port free on 127.0.0.1 now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once `port` on 127.0.0.1 accepts a connection; rejects after `timeoutMs` or when `failed()` says so. */
export async function waitForPort(port: number, timeoutMs: number, failed: () => string | null): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RunningCaddy {
  /** Where the stores are served (HTTPS, any SNI name). */
  httpsPort: number;
  /** The loopback listener Caddy asks its on-demand question through. */
  askPort: number;
  /** PEM of Caddy's own root certificate (its internal CA), to verify what it serves. */
  rootCertificate(): Promise<string>;
  /** Caddy's log lines so far (JSON), for the messages of a failing test. */
  log(): string[];
  /** Caddy's data folder (its CA, and the certificates it obtained under certificates/). */
  dataDir(): string;
  stop(): Promise<void>;
}

/**
 * Starts deploy/Caddyfile in front of `upstreams` (`host:port` of Vitrina instances) with Caddy's internal CA, on
 * free loopback ports (HTTPS on `httpsPort` when given) and a data folder of its own; resolves once it listens.
 */
export async function startCaddy(opts: {
  upstreams: string[];
  /** Vitrina's PLATFORM_DOMAIN: Caddy's own site, with a certificate from the start. */
  platformDomain: string;
  /** Default: a free one. */
  httpsPort?: number;
  healthInterval?: string;
}): Promise<RunningCaddy> {
  if (!CADDY) throw new Error(NO_CADDY);
  const home = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrina-caddy-'));
  const [httpsPort, httpPort, askPort] = [opts.httpsPort ?? (await freePort()), await freePort(), await freePort()];
  const lines: string[] = [];
  const child = track(
    spawn(CADDY, ['run', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
        VITRINA_UPSTREAMS: opts.upstreams.join(' '),
        VITRINA_PLATFORM_DOMAIN: opts.platformDomain,
        VITRINA_TLS_ISSUER: 'internal',
        VITRINA_HTTPS_PORT: String(httpsPort),
        VITRINA_HTTP_PORT: String(httpPort),
        VITRINA_ASK_PORT: String(askPort),
        VITRINA_BIND: '127.0.0.1',
        VITRINA_CADDY_ADMIN: 'off',
        VITRINA_HEALTH_INTERVAL: opts.healthInterval ?? '1s',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `caddy exited (${child.exitCode ?? child.signalCode}):\n${lines.slice(-20).join('\n')}`
      : null;
  const stop = async () => {
    await stopChild(child);
    await fsp.rm(home, { recursive: true, force: true });
  };
  try {
    await waitForPort(httpsPort, 15_000, exited);
    await waitForPort(askPort, 5_000, exited);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    httpsPort,
    askPort,
    rootCertificate: () => fsp.readFile(path.join(home, 'data/caddy/pki/authorities/local/root.crt'), 'utf8'),
    log: () => lines,
    dataDir: () => path.join(home, 'data'),
    stop,
  };
}

/** What a TLS handshake got: the certificate served and whether it chains to `ca`. */
export interface Handshake {
  subjectAltName: string;
  issuer: string;
  validTo: Date;
  authorized: boolean;
  authorizationError: string | null;
}

/** A TLS handshake with `port` on 127.0.0.1 naming `servername`; rejects when the server refuses it. */
export function handshake(port: number, servername: string, ca?: string): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, ca, rejectUnauthorized: false });
    socket.setTimeout(10_000, () => socket.destroy(new Error('handshake timed out')));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      resolve({
        subjectAltName: cert.subjectaltname ?? '',
        issuer: [cert.issuer?.CN ?? ''].flat().join(', '),
        validTo: new Date(cert.valid_to),
        authorized: socket.authorized,
        authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
      });
      socket.end();
    });
  });
}

/** An HTTPS answer: status, headers and body text. */
export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTPS request through the proxy on `port` for `host` (SNI and Host), verified against `ca`; `localAddress` picks
 * the client's loopback address (127.0.0.2 is not the proxy's own), `headers` are added (a forged X-Forwarded-For).
 */
export function httpsRequest(
  port: number,
  host: string,
  pathname: string,
  opts: { ca: string; localAddress?: string; headers?: Record<string, string>; method?: string; body?: string },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        path: pathname,
        method: opts.method ?? 'GET',
        ca: opts.ca,
        localAddress: opts.localAddress,
        agent: false,
        headers: {
          host,
          ...(opts.body !== undefined && { 'content-type': 'application/json' }),
          ...opts.headers,
        },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from https://${host}${pathname}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
