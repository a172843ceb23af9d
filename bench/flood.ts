/**
 * The sign-in flood: while sign-ins with wrong passwords arrive at a fixed rate, a static JavaScript
 * file of the storefront is fetched every PROBE_EVERY_MS. Each sign-in costs one scrypt hash (about 0.5 s of a libuv
 * thread here); before hashing was bounded, the hashes took every libuv thread and the static file, read through the
 * same thread pool, waited behind them. Reports the static file's latency alone and during the flood, and how the
 * sign-ins were answered. Load goes to 127.0.0.1 only, bounded in count and time.
 */
import fs from 'node:fs';
import path from 'node:path';

const SIGN_INS = Number(process.env.BENCH_FLOOD_SIGN_INS ?? 160);
const PER_SECOND = Number(process.env.BENCH_FLOOD_RATE ?? 8);
const PROBE_EVERY_MS = 200;
const BASELINE_PROBES = 25;

export interface FloodFigures {
  signIns: number;
  perSecond: number;
  staticFile: string;
  staticAloneMs: { p50: number; max: number };
  staticDuringFloodMs: { p50: number; p95: number; max: number; probes: number };
  signInStatuses: Record<string, number>;
  signInMs: { p50: number; max: number };
  floodSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(1) : 0;
};

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    return { ms: performance.now() - t, status: res.status };
  } catch {
    return { ms: performance.now() - t, status: 0 };
  }
}

/** Runs the flood against the `--flood` server on `port`. */
export async function signInFlood(port: number): Promise<FloodFigures> {
  const html = fs.readFileSync(path.resolve('dist/web/index.html'), 'utf8');
  const staticFile = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
  const base = `http://127.0.0.1:${port}`;
  const headers = { host: 'flood.localhost', 'x-store-domain': 'flood.localhost', 'content-type': 'application/json' };

  const alone: number[] = [];
  for (let i = 0; i < BASELINE_PROBES; i++) {
    alone.push((await timed(base + staticFile, { headers: { host: 'flood.localhost' } })).ms);
    await sleep(50);
  }

  const started = performance.now();
  const signIns: Promise<{ ms: number; status: number }>[] = [];
  let sending = true;
  const probes: number[] = [];
  const prober = (async () => {
    while (sending || probes.length < 5) {
      probes.push((await timed(base + staticFile, { headers: { host: 'flood.localhost' } })).ms);
      await sleep(PROBE_EVERY_MS);
    }
  })();
  for (let i = 0; i < SIGN_INS; i++) {
    // A different address each time: the per-account limit is not what this measures.
    const body = JSON.stringify({ email: `flood-${i}@example.com`, password: 'not-the-password-1' });
    signIns.push(timed(`${base}/api/auth/login`, { method: 'POST', headers, body }));
    await sleep(1000 / PER_SECOND);
  }
  const answers = await Promise.all(signIns);
  sending = false;
  await prober;
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    signIns: SIGN_INS,
    perSecond: PER_SECOND,
    staticFile,
    staticAloneMs: { p50: pct(alone, 50), max: pct(alone, 100) },
    staticDuringFloodMs: { p50: pct(probes, 50), p95: pct(probes, 95), max: pct(probes, 100), probes: probes.length },
    signInStatuses: statuses,
    signInMs: {
      p50: pct(
        answers.map((a) => a.ms),
        50,
      ),
      max: pct(
        answers.map((a) => a.ms),
        100,
      ),
    },
    floodSeconds: +((performance.now() - started) / 1000).toFixed(1),
  };
}
