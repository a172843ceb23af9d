/**
 * `npm run bench`: measures the search and product-detail endpoints on a 10,000-product store under 50 concurrent
 * connections (autocannon), and a bare Fastify route as the ceiling; reports requests/s and p50/p95/p99 latency,
 * then the storefront's initial JavaScript (gzip) and checks that no admin code is in it. Writes bench/results.json
 * and prints a Markdown table for docs/performance.md. Load goes to 127.0.0.1 only, bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WORDS = ['chamarra', 'playera', 'sudadera', 'short', 'pantalon', 'mochila', 'reloj', 'botella', 'tapete', 'sudaderas', 'negro', 'azul', 'laptop', 'camera', 'chair', 'jacket', 'hoodie', 'yoga', 'running', 'plant'];

interface Figures { name: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number }

function startServer(args: string[]): Promise<{ child: ChildProcess; port: number; codes: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+) ?(\S*)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), codes: m[2] ? m[2].split(',') : [] });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(name: string, port: number, paths: string[], host: string): Promise<Figures> {
  const latencies: number[] = [];
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { host, 'x-store-domain': host, 'accept-language': 'es' },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => { latencies.push(responseTime); });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: +percentile(latencies, 50).toFixed(1),
    p95: +percentile(latencies, 95).toFixed(1),
    p99: +percentile(latencies, 99).toFixed(1),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function bundleFigures(): { initialJsGzipKb: number; initialFiles: string[]; adminInInitial: boolean; adminChunks: string[] } {
  const dist = path.resolve('dist/web');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  // Follow static imports of the entry chunks (what the browser downloads before the first render).
  const seen = new Set<string>();
  const queue = [...initial];
  while (queue.length) {
    const f = queue.shift()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const src = fs.readFileSync(path.join(dist, f), 'utf8');
    for (const m of src.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  let gz = 0;
  let adminInInitial = false;
  for (const f of seen) {
    const buf = fs.readFileSync(path.join(dist, f));
    gz += zlib.gzipSync(buf, { level: 9 }).length;
    // Strings only the admin tree contains.
    if (/admin_access_token.*\/api\/admin\/orders|\/api\/admin\/dashboard/.test(buf.toString())) adminInInitial = true;
  }
  const adminChunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && /\/api\/admin\//.test(fs.readFileSync(path.join(dist, 'assets', f), 'utf8')));
  return { initialJsGzipKb: +(gz / 1024).toFixed(1), initialFiles: [...seen], adminInInitial, adminChunks };
}

async function main(): Promise<void> {
  if (!fs.existsSync('dist/web/index.html')) {
    const { build } = await import('vite');
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  }
  const results: Figures[] = [];

  const bare = await startServer(['--bare']);
  results.push(await load('bare Fastify route (ceiling)', bare.port, ['/bare'], 'localhost'));
  bare.child.kill('SIGTERM');

  console.error('seeding the benchmark store…');
  const app = await startServer([]);
  const host = 'bench.localhost';
  const searchPaths = WORDS.flatMap((w, k) => [
    `/api/reseller/producto/search?q=${encodeURIComponent(w)}`,
    `/api/reseller/producto/search?q=${encodeURIComponent(w)}&sort=${['price_asc', 'price_desc', 'newest', 'best_seller'][k % 4]}&page=2`,
  ]);
  results.push(await load('search (/api/reseller/producto/search)', app.port, searchPaths, host));
  results.push(await load('product detail (/api/productos/:codigo)', app.port, app.codes.map((c) => `/api/productos/${encodeURIComponent(c)}`), host));
  app.child.kill('SIGTERM');

  const bundle = bundleFigures();
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, products: Number(process.env.BENCH_PRODUCTS ?? 10_000), database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite' },
    results,
    bundle,
  };
  fs.writeFileSync('bench/results.json', JSON.stringify(report, null, 2) + '\n');
  console.log(`\n| endpoint | req/s | p50 ms | p95 ms | p99 ms | requests | errors | non-2xx |\n|---|---|---|---|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.non2xx} |`);
  console.log(`\nStorefront initial JS: ${bundle.initialJsGzipKb} KB gzip in ${bundle.initialFiles.length} file(s); admin code in it: ${bundle.adminInInitial ? 'YES' : 'no'} (admin chunks: ${bundle.adminChunks.join(', ') || 'none'})`);
  process.exit(0);
}

void main();
