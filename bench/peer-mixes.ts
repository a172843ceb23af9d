/**
 * Side by side with the Vendure peer on the mixes production sees (decision 149): never-repeated searches and product
 * pages by random slug, for Vendure's shop API and for ours, interleaved in one sitting, each case after a warm-up on
 * other inputs of the same kind.
 *   - search: every request a combination used once (a query of bench/search-queries.ts, a sort, a page and a page
 *     size; about 355,000 of them), the same kind of combinations for both sides: `search(input: {term, take, skip, sort, groupByProduct})` for
 *     Vendure, `GET /api/reseller/producto/search?q&sort&page&pageSize` for us;
 *   - product: a random slug over every product of the catalogue, the warm-up on one half of the slugs and the run on
 *     the other: Vendure's `product(slug)` with what a product page selects, our `GET /api/productos/:slug`.
 * Each case is one autocannon run of BENCH_DURATION (20) seconds on BENCH_CONNECTIONS (50) connections after
 * BENCH_WARMUP (5) seconds on the warm-up inputs. Every answer is checked to be a 200 (and, for Vendure, free of
 * GraphQL errors, sampled); what is not counts as an error.
 *   npx tsx bench/peer-mixes.ts --catalog <data/nN/catalog.json> --vendure http://127.0.0.1:3100/shop-api \
 *     --ours name=http://127.0.0.1:PORT ... [--out results.json]
 * bench/peer-vendure.sh starts both sides and runs it.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { buildQueries, rng } from './search-queries.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.RUNS ?? 1);
const HOST = 'bench.localhost';

const SEARCH_QUERY = `query Search($input: SearchInput!) {
  search(input: $input) {
    totalItems
    items { productId productName slug productAsset { id preview }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } currencyCode }
  }
}`;

const PRODUCT_QUERY = `query Product($slug: String!) {
  product(slug: $slug) {
    id name slug description
    featuredAsset { id preview }
    assets { id preview }
    facetValues { id code name facet { id code name } }
    collections { id slug name breadcrumbs { id name slug } }
    optionGroups { id code name options { id code name } }
    variants { id name sku currencyCode price priceWithTax stockLevel options { id code name } featuredAsset { id preview } }
  }
}`;

/** One search combination: the same for both sides. */
interface SearchInput {
  q: string;
  sort: 'relevance' | 'price_asc' | 'price_desc';
  page: number;
  take: number;
}

const TAKES = [20, 24, 28, 32, 36, 40, 44, 48];
const SORTS = ['relevance', 'price_asc', 'price_desc'] as const;

/** Every combination once, in a random order of the seed. */
function searchInputs(): SearchInput[] {
  const queries = buildQueries();
  const out: SearchInput[] = [];
  for (const q of queries)
    for (const sort of SORTS)
      for (let page = 1; page <= 5; page++) for (const take of TAKES) out.push({ q, sort, page, take });
  const r = rng(21);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const ourSearch = (s: SearchInput) =>
  `/api/reseller/producto/search?${new URLSearchParams({ q: s.q, sort: s.sort, page: String(s.page), pageSize: String(s.take) })}`;
const vendureSearch = (s: SearchInput) =>
  JSON.stringify({
    query: SEARCH_QUERY,
    variables: {
      input: {
        term: s.q,
        take: s.take,
        skip: (s.page - 1) * s.take,
        groupByProduct: true,
        ...(s.sort === 'relevance' ? {} : { sort: { price: s.sort === 'price_asc' ? 'ASC' : 'DESC' } }),
      },
    },
  });

/** A request source: a base URL and, per request, a path (GET) or a body (POST) taken in turn from a list. */
interface Side {
  url: string;
  method: 'GET' | 'POST';
  next: () => { path?: string; body?: string };
}

export interface MixCase {
  name: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

async function load(side: Side, seconds: number): Promise<autocannon.Result> {
  const u = new URL(side.url);
  return autocannon({
    url: u.origin,
    connections: CONNECTIONS,
    duration: seconds,
    method: side.method,
    headers: side.method === 'POST' ? { 'content-type': 'application/json' } : { host: HOST },
    requests: [
      {
        setupRequest: (req) => {
          const n = side.next();
          return n.body !== undefined
            ? { ...req, method: 'POST', path: u.pathname, body: n.body }
            : { ...req, method: 'GET', path: n.path! };
        },
      },
    ],
  });
}

async function measure(name: string, warm: Side, run: Side): Promise<MixCase> {
  if (WARMUP > 0) await load(warm, WARMUP);
  const r = await load(run, DURATION);
  const c: MixCase = {
    name,
    rps: Math.round(r.requests.total / DURATION),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
  console.error(`${name}: ${c.rps} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms, non-2xx ${c.non2xx}, errors ${c.errors}`);
  return c;
}

/** Takes `items` in turn (the caller sizes the list so that a run never comes round to its start). */
function cursor<T>(items: T[], map: (t: T) => { path?: string; body?: string }) {
  let i = 0;
  return () => map(items[i++ % items.length]);
}

async function checkVendure(url: string, body: string, what: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const j = (await res.json()) as { errors?: unknown };
  if (res.status !== 200 || j.errors) throw new Error(`Vendure ${what}: ${res.status} ${JSON.stringify(j.errors)}`);
}

async function main(): Promise<void> {
  const arg = (k: string) => process.argv[process.argv.indexOf(k) + 1];
  const catalog = JSON.parse(fs.readFileSync(arg('--catalog'), 'utf8')) as { slug: string }[];
  const vendure = arg('--vendure');
  const ours = process.argv.flatMap((x, i) => (x === '--ours' ? [process.argv[i + 1].split('=')] : [])) as [
    string,
    string,
  ][];
  const slugs = catalog.map((p) => p.slug);
  const r = rng(5);
  for (let i = slugs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [slugs[i], slugs[j]] = [slugs[j], slugs[i]];
  }
  const half = Math.floor(slugs.length / 2);
  const randomOf = (from: number, to: number, n: number) =>
    Array.from({ length: n }, () => slugs[from + Math.floor(r() * (to - from))]);
  const warmSlugs = randomOf(0, half, 200_000);
  const runSlugs = randomOf(half, slugs.length, 400_000);
  const inputs = searchInputs();
  console.error(`${inputs.length} distinct search combinations, ${slugs.length} products`);
  await checkVendure(vendure, vendureSearch(inputs[0]), 'search');
  await checkVendure(vendure, JSON.stringify({ query: PRODUCT_QUERY, variables: { slug: slugs[0] } }), 'product');

  const cases: MixCase[] = [];
  // Each side takes its run's combinations from its own slice, so no side ever sees one twice (and the warm-ups use
  // the first slice, which no run uses).
  const warmInputs = inputs.slice(0, 20_000);
  let offset = 20_000;
  const slice = (n: number) => {
    const s = inputs.slice(offset, offset + n);
    offset += n;
    if (s.length < n) throw new Error('not enough distinct search combinations for this run');
    return s;
  };
  for (let run = 0; run < RUNS; run++) {
    const v = slice(5_000);
    cases.push(
      await measure(
        'vendure search, never-repeated',
        { url: vendure, method: 'POST', next: cursor(warmInputs, (s) => ({ body: vendureSearch(s) })) },
        { url: vendure, method: 'POST', next: cursor(v, (s) => ({ body: vendureSearch(s) })) },
      ),
    );
    for (const [name, base] of ours) {
      // What is left, shared among our cases (about 80,000 each: more than a 20-second run asks at 4,000 req/s).
      const mine = slice(Math.floor((inputs.length - 20_000 - 5_000 * RUNS) / (ours.length * RUNS)));
      cases.push(
        await measure(
          `ours ${name} search, never-repeated`,
          { url: base, method: 'GET', next: cursor(warmInputs, (s) => ({ path: ourSearch(s) })) },
          { url: base, method: 'GET', next: cursor(mine, (s) => ({ path: ourSearch(s) })) },
        ),
      );
    }
    const productBody = (slug: string) => ({ body: JSON.stringify({ query: PRODUCT_QUERY, variables: { slug } }) });
    cases.push(
      await measure(
        'vendure product, random slug',
        { url: vendure, method: 'POST', next: cursor(warmSlugs, productBody) },
        { url: vendure, method: 'POST', next: cursor(runSlugs, productBody) },
      ),
    );
    for (const [name, base] of ours) {
      const path = (slug: string) => ({ path: `/api/productos/${encodeURIComponent(slug)}` });
      cases.push(
        await measure(
          `ours ${name} product, random slug`,
          { url: base, method: 'GET', next: cursor(warmSlugs, path) },
          { url: base, method: 'GET', next: cursor(runSlugs, path) },
        ),
      );
    }
  }
  const rate = (n: string) => {
    const xs = cases.filter((c) => c.name === n).map((c) => c.rps);
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  };
  const ratios: Record<string, number> = {};
  for (const [name] of ours) {
    ratios[`${name} search`] = +(
      rate(`ours ${name} search, never-repeated`) / rate('vendure search, never-repeated')
    ).toFixed(1);
    ratios[`${name} product`] = +(
      rate(`ours ${name} product, random slug`) / rate('vendure product, random slug')
    ).toFixed(1);
  }
  const report = { date: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION, cases, ratios };
  const out = arg('--out');
  if (out && process.argv.includes('--out')) fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(JSON.stringify(report, null, 2));
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
