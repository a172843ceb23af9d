/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its default simulated slow-4G throttling) on home, search and
 * product of both demo stores, in Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH), against a server that is
 * already running (`LH_PORT`, default 3000; start one with `npm run build && npm start`; the stores answer at
 * demo.localhost and hogar.localhost, which Chromium resolves itself). Prints a table of performance, accessibility,
 * best practices and SEO scores, LCP and CLS per page (and FCP, total blocking time and speed index, the rest of the
 * performance score), and writes bench/lighthouse-results.json. Targets: performance >= 95, accessibility,
 * best practices and SEO 100, LCP < 1.8 s, CLS < 0.05. `LH_RUNS` (default 1) runs each page that many times and
 * keeps the median performance run, as the machine is noisy. Each row also gives Lighthouse's `benchmarkIndex` of the
 * machine during that run: figures from machines of different speed are not comparable.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LH_PORT ?? 3000);
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * `LH_CPU_SLOWDOWN`: the CPU slow-down Lighthouse simulates (its mobile default is 4). 8 stands for a phone, or a
 * test machine, half as fast as the default assumes: a margin check, not the target's setting.
 */
const CPU_SLOWDOWN = process.env.LH_CPU_SLOWDOWN ? Number(process.env.LH_CPU_SLOWDOWN) : null;

interface Row {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  /** First contentful paint, total blocking time and speed index (ms): the other parts of the performance score. */
  fcpMs: number;
  tbtMs: number;
  siMs: number;
  /** Lighthouse's CPU speed reading of this machine during the run (higher is faster; results scale with it). */
  benchmarkIndex: number;
  failing: string[];
}

/** The product page of each store: the first product of its best sellers (asked of the running server). */
async function productPath(store: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/reseller/producto/search?sort=best_seller`, {
    headers: { 'x-store-domain': `${store}.localhost`, host: `${store}.localhost:${PORT}` },
  });
  const body = (await res.json()) as { items: { codigo: string }[] };
  return `/product?codigo=${encodeURIComponent(body.items[0].codigo)}`;
}

async function main(): Promise<void> {
  const pages: { page: string; url: string }[] = [];
  for (const store of ['demo', 'hogar']) {
    const base = `http://${store}.localhost:${PORT}`;
    pages.push({ page: `${store} home`, url: `${base}/` });
    pages.push({ page: `${store} search`, url: `${base}/search` });
    pages.push({ page: `${store} product`, url: `${base}${await productPath(store)}` });
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: Row[] = [];
  try {
    for (const p of pages) {
      const runs: Row[] = [];
      for (let i = 0, retried = 0; i < RUNS; i++) {
        const result = await lighthouse(
          p.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          CPU_SLOWDOWN
            ? { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } }
            : undefined,
        );
        if (!result) throw new Error(`no result for ${p.url}`);
        const { categories, audits } = result.lhr;
        // On a loaded machine a trace now and then has no LCP (performance 0): that run is repeated once.
        if (!Number.isFinite(audits['largest-contentful-paint']?.numericValue) && retried++ < 1) {
          console.log(`${p.page}: no LCP in this trace (${result.lhr.runtimeError?.message ?? 'no error'}), again`);
          i--;
          continue;
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          ...p,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
          cls: +(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
          siMs: Math.round(audits['speed-index']?.numericValue ?? NaN),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
          failing: Object.values(categories)
            .filter((c) => c.id !== 'performance')
            .flatMap((c) => c.auditRefs.map((r) => audits[r.id]))
            .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const row = runs[Math.floor(runs.length / 2)];
      rows.push(row);
      console.log(
        `${row.page.padEnd(14)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} ` +
          `LCP ${(row.lcpMs / 1000).toFixed(2)} s CLS ${row.cls} FCP ${(row.fcpMs / 1000).toFixed(2)} s ` +
          `TBT ${row.tbtMs} ms SI ${(row.siMs / 1000).toFixed(2)} s benchmarkIndex ${row.benchmarkIndex}` +
          `${row.failing.length ? `  failing: ${row.failing.join(', ')}` : ''}`,
      );
    }
  } finally {
    chrome.kill();
  }
  console.log(
    '\n| Page | Performance | Accessibility | Best practices | SEO | LCP | CLS | FCP | TBT | SI | benchmarkIndex |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${s(r.lcpMs)} | ${r.cls} ` +
        `| ${s(r.fcpMs)} | ${r.tbtMs} ms | ${s(r.siMs)} | ${r.benchmarkIndex} |`,
    );
  fs.writeFileSync(
    path.resolve('bench/lighthouse-results.json'),
    JSON.stringify({ at: new Date().toISOString(), runs: RUNS, cpuSlowdown: CPU_SLOWDOWN ?? 4, rows }, null, 2) + '\n',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
