/**
 * `npm run bench -- visits`: does recording page views slow the storefront down? (decisions 161, 162). The storefront
 * mix (product details and searches of a BENCH_VISITS_PRODUCTS-product store) runs at a steady VISITS_STORE_RATE
 * requests/s and its p95 is measured three times for BENCH_DURATION s each: alone; while the page-view beacon
 * (POST /api/visitas, a distinct visitor per request through X-Forwarded-For) takes VISITS_RATE (2,000) views/s
 * that are recorded; and under the same beacon load with the recorder off (the beacon answers, nothing is queued or
 * written). Writes bench/results-visits-<pglite|postgresql>.json and prints the ratios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { searchPaths as searchMix } from './search-queries.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const VISITS_RATE = Number(process.env.VISITS_RATE ?? 2000);
const STORE_RATE = Number(process.env.VISITS_STORE_RATE ?? 200);
const HOST = 'bench.localhost';
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function startServer(): Promise<{ child: ChildProcess; port: number; codes: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/visits-server.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) ?(\S*)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), codes: m[2] ? m[2].split(',') : [] });
    });
    child.on('exit', (code) => reject(new Error(`visits bench server exited with ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

interface StoreFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

/** The storefront mix at STORE_RATE requests/s for `seconds`. */
async function storefront(port: number, paths: string[], seconds: number): Promise<StoreFigures> {
  let i = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 20,
    overallRate: STORE_RATE,
    duration: seconds,
    timeout: 30,
    headers: { host: HOST, 'x-store-domain': HOST, 'accept-language': 'es', 'user-agent': UA },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  (instance as unknown as NodeJS.EventEmitter).on('response', (_c: unknown, _s: number, _b: number, ms: number) =>
    latencies.push(ms),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: +percentile(latencies, 50).toFixed(1),
    p95: +percentile(latencies, 95).toFixed(1),
    p99: +percentile(latencies, 99).toFixed(1),
    non2xx: result.non2xx,
  };
}

/** The beacon at VISITS_RATE views/s until stopped; each request from another visitor address. */
function beacons(port: number) {
  let n = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 40,
    overallRate: VISITS_RATE,
    duration: DURATION_S + 60,
    timeout: 30,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            path: '/api/visitas',
            headers: {
              host: HOST,
              'x-store-domain': HOST,
              'user-agent': UA,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
          };
        },
      },
    ],
  });
  return instance;
}

async function phase(port: number, paths: string[], beacon: 'none' | 'recorded' | 'not recorded') {
  if (beacon === 'none') {
    await storefront(port, paths, 3); // warm-up
    return { beacon, store: await storefront(port, paths, DURATION_S), beaconRps: 0, beaconNon2xx: 0 };
  }
  await fetch(`http://127.0.0.1:${port}/__bench/recording?on=${beacon === 'recorded' ? 1 : 0}`, { method: 'POST' });
  const load = beacons(port);
  // The beacon load settles before the storefront is measured.
  await new Promise((r) => setTimeout(r, 3000));
  const store = await storefront(port, paths, DURATION_S);
  (load as unknown as { stop(): void }).stop();
  const result = await load;
  return { beacon, store, beaconRps: Math.round(result.requests.average), beaconNon2xx: result.non2xx };
}

export async function runVisitsBench(): Promise<void> {
  console.error('seeding the visits benchmark store…');
  const server = await startServer();
  const paths = [
    ...server.codes.slice(0, 100).map((c) => `/api/productos/${encodeURIComponent(c)}`),
    ...searchMix().paths.slice(0, 100),
  ];
  const alone = await phase(server.port, paths, 'none');
  const recorded = await phase(server.port, paths, 'recorded');
  const written = await (await fetch(`http://127.0.0.1:${server.port}/__bench/visits`)).json();
  const notRecorded = await phase(server.port, paths, 'not recorded');
  server.child.kill('SIGTERM');
  const ratio = (a: number, b: number) => +(a / b).toFixed(3);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    settings: {
      database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite',
      products: Number(process.env.BENCH_VISITS_PRODUCTS ?? 2_000),
      durationSeconds: DURATION_S,
      storefrontRate: STORE_RATE,
      visitsRate: VISITS_RATE,
    },
    phases: [alone, recorded, notRecorded],
    pageViewsWritten: written,
    p95RecordedOverAlone: ratio(recorded.store.p95, alone.store.p95),
    p95RecordedOverNotRecorded: ratio(recorded.store.p95, notRecorded.store.p95),
  };
  const file = `bench/results-visits-${report.settings.database}.json`;
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `\nStorefront p95 ${alone.store.p95} ms alone, ${recorded.store.p95} ms with ${recorded.beaconRps} page views/s ` +
      `recorded (x${report.p95RecordedOverAlone}), ${notRecorded.store.p95} ms with the beacon answering but not ` +
      `recording (recorded / not recorded x${report.p95RecordedOverNotRecorded}); written to ${file}`,
  );
}
