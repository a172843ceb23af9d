/**
 * Checkout side by side with the Vendure peer: BENCH_CONNECTIONS (50) buyers each placing whole orders back to back,
 * on Vendure's shop API and on ours, interleaved in one sitting (Vendure, then each of ours, RUNS times), every cart
 * used once in the whole sitting (two distinct variants drawn from the SKUs both sides sell; no pair twice), then a
 * sell-out race on each side for one variant's last RACE_STOCK (300) units.
 *   - Vendure (its storefront's sequence, a guest with a new email each order): addItemToOrder × 2 (the session's
 *     bearer token from the first answer), setCustomerForOrder, setOrderShippingAddress, eligibleShippingMethods,
 *     setOrderShippingMethod, transitionOrderToState("ArrangingPayment"), addPaymentToOrder with the dummy payment
 *     handler the harness configured. Done when the order is PaymentAuthorized or PaymentSettled.
 *   - ours (bench/checkout.ts placeOrder, what the browser does): POST /api/pedido, the card confirmed at the sandbox
 *     provider, the order read back (and the 3-D Secure return) until paid.
 * Each case: BENCH_WARMUP (5) s of checkouts not counted, then BENCH_DURATION (20) s counted: orders paid in the window
 * per second and the percentiles of a whole checkout's time. The race stops at the first refusal for stock (Vendure's
 * INSUFFICIENT_STOCK_ERROR, our 409 OUT_OF_STOCK) once the requests in flight end; oversold = orders paid − stock,
 * and the stock left is read back (Vendure: stockOnHand − stockAllocated through its Admin API; ours: the storefront).
 *   npx tsx bench/peer-checkout.ts --vendure http://127.0.0.1:3100 --race-sku SKU \
 *     --ours name=<file with our server's READY json> ... [--out bench/results-peer-vendure.json]
 * The results go under `checkout` in the output file, the rest of it (the search and product mixes) kept.
 * bench/peer-vendure.sh starts both sides and runs it.
 */
import fs from 'node:fs';
import { placeOrder } from './checkout.js';
import { rng } from './search-queries.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.RUNS ?? 2);
const RACE_STOCK = Number(process.env.RACE_STOCK ?? 300);
const HOST = 'bench.localhost';
const ADMIN_PASSWORD = process.env.PEER_SUPERADMIN_PASSWORD ?? 'peer-bench-local-only';
const REQUEST_TIMEOUT_MS = 30_000;

/** One line of a cart: the SKU both sides sell, Vendure's variant id and our product code. */
interface Variant {
  sku: string;
  vendureId: string;
  codigo: string;
}

type Cart = Variant[];

interface Outcome {
  ms: number;
  paid: boolean;
  /** Why it did not end paid: an error code, an HTTP status, or a timeout. */
  code?: string;
}

export interface CheckoutCase {
  name: string;
  ordersPerSecond: number;
  paid: number;
  p50: number;
  p95: number;
  p99: number;
  outcomes: Record<string, number>;
}

export interface RaceFigures {
  name: string;
  stock: number;
  sold: number;
  oversold: number;
  stockLeft: number;
  /** The stock left is the stock less the units sold: no unit lost or created. */
  consistent: boolean;
  outcomes: Record<string, number>;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1) : 0;

/** A GraphQL call with the session's bearer token (Vendure answers a new one in `vendure-auth-token`). */
async function gql(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<{ data: Record<string, Record<string, unknown>> | undefined; token?: string; errors?: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json = (await res.json()) as { data?: Record<string, Record<string, unknown>>; errors?: unknown };
  if (res.status !== 200 || json.errors) throw new Error(`HTTP_${res.status}`);
  return { data: json.data, token: res.headers.get('vendure-auth-token') ?? token };
}

const RESULT = `__typename ... on ErrorResult { errorCode message }`;
const ADD = `mutation Add($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ${RESULT} ... on Order { code } } }`;
const CUSTOMER = `mutation Customer($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) { ${RESULT} } }`;
const ADDRESS = `mutation Address($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ${RESULT} } }`;
const METHODS = `query { eligibleShippingMethods { id priceWithTax } }`;
const METHOD = `mutation Method($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${RESULT} } }`;
const ARRANGE = `mutation { transitionOrderToState(state: "ArrangingPayment") { ${RESULT} ... on Order { state } } }`;
const PAY = `mutation Pay($input: PaymentInput!) { addPaymentToOrder(input: $input) { ${RESULT} ... on Order { code state } } }`;

/** Throws the error code of a GraphQL error result (an ErrorResult union member), else returns the result. */
function ok(result: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!result) throw new Error('NO_RESULT');
  if (typeof result.errorCode === 'string') throw new Error(result.errorCode);
  return result;
}

/** One guest's whole Vendure checkout of `cart`. */
async function vendureCheckout(shop: string, cart: Cart, n: number, paymentCode: string): Promise<Outcome> {
  const started = performance.now();
  const done = (paid: boolean, code?: string) => ({ ms: performance.now() - started, paid, code });
  try {
    let token: string | undefined;
    for (const line of cart) {
      const r = await gql(shop, ADD, { id: line.vendureId }, token);
      token = r.token;
      ok(r.data?.addItemToOrder);
    }
    ok(
      (
        await gql(
          shop,
          CUSTOMER,
          { input: { emailAddress: `buyer-${n}-${Date.now()}@example.com`, firstName: 'María', lastName: 'López' } },
          token,
        )
      ).data?.setCustomerForOrder,
    );
    ok(
      (
        await gql(
          shop,
          ADDRESS,
          {
            input: {
              fullName: 'María López',
              streetLine1: 'Calle Colima 123',
              city: 'Ciudad de México',
              province: 'Ciudad de México',
              postalCode: '06700',
              countryCode: 'MX',
              phoneNumber: '5512345678',
            },
          },
          token,
        )
      ).data?.setOrderShippingAddress,
    );
    const methods = (await gql(shop, METHODS, {}, token)).data?.eligibleShippingMethods as unknown as { id: string }[];
    if (!methods?.length) return done(false, 'NO_SHIPPING_METHOD');
    ok((await gql(shop, METHOD, { id: [methods[0].id] }, token)).data?.setOrderShippingMethod);
    ok((await gql(shop, ARRANGE, {}, token)).data?.transitionOrderToState);
    const paid = ok(
      (await gql(shop, PAY, { input: { method: paymentCode, metadata: {} } }, token)).data?.addPaymentToOrder,
    );
    const state = String(paid.state);
    return done(state === 'PaymentAuthorized' || state === 'PaymentSettled', state);
  } catch (err) {
    // A connection the server closed before reading the request (Node's keep-alive timeout while it was saturated)
    // shows as fetch's "fetch failed" with the socket's code as its cause.
    const e = err as Error & { cause?: { code?: string } };
    return done(false, e.name === 'TimeoutError' ? 'TIMEOUT' : (e.cause?.code ?? e.message));
  }
}

/** One buyer's whole checkout of `cart` on our API (buyer `n`, its own address for the per-visitor limits). */
async function ourCheckout(port: number, cart: Cart, n: number): Promise<Outcome> {
  const ip = `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  try {
    const r = await placeOrder(port, cart[0].codigo, ip, {
      host: HOST,
      items: cart.map((l) => ({ codigo: l.codigo, sku: l.sku, quantity: 1 })),
    });
    return { ms: r.ms, paid: r.paid, code: r.paid ? undefined : r.code ? `${r.status} ${r.code}` : String(r.status) };
  } catch (err) {
    return { ms: 0, paid: false, code: (err as Error).name };
  }
}

/**
 * `CONNECTIONS` buyers checking out carts from `nextCart` back to back until `stop(outcome)` says so: the outcomes
 * and the latencies of paid ones of the checkouts that ended within [countFrom, countTo) (ms since the epoch); the
 * race counts every one (its sold units are all that matter).
 */
async function buyers(
  checkout: (cart: Cart, n: number) => Promise<Outcome>,
  nextCart: () => Cart,
  stop: (o: Outcome) => boolean,
  countFrom = 0,
  countTo = Infinity,
): Promise<{ latencies: number[]; outcomes: Record<string, number>; paid: number; paidAll: number }> {
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let paid = 0;
  let paidAll = 0;
  let stopped = false;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!stopped) {
        const o = await checkout(nextCart(), n++);
        if (o.paid) paidAll++;
        const now = Date.now();
        if (now >= countFrom && now < countTo) {
          const key = o.paid ? 'paid' : (o.code ?? 'failed');
          outcomes[key] = (outcomes[key] ?? 0) + 1;
          if (o.paid) {
            paid++;
            latencies.push(o.ms);
          }
        }
        if (stop(o)) stopped = true;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), outcomes, paid, paidAll };
}

async function measure(
  name: string,
  checkout: (cart: Cart, n: number) => Promise<Outcome>,
  nextCart: () => Cart,
): Promise<CheckoutCase> {
  const from = Date.now() + WARMUP * 1000;
  const end = from + DURATION * 1000;
  // Orders that end after the window are not counted: the window is [from, end). The buyers still in flight at its
  // end are waited for (the next case starts on a quiet server), uncounted.
  const r = await buyers(checkout, nextCart, () => Date.now() >= end, from, end);
  const inWindow = r.paid;
  const c: CheckoutCase = {
    name,
    ordersPerSecond: +(inWindow / DURATION).toFixed(1),
    paid: inWindow,
    p50: pct(r.latencies, 50),
    p95: pct(r.latencies, 95),
    p99: pct(r.latencies, 99),
    outcomes: r.outcomes,
  };
  console.error(
    `${name}: ${c.ordersPerSecond} orders/s, p50 ${c.p50} ms, p95 ${c.p95} ms, p99 ${c.p99} ms, ${JSON.stringify(c.outcomes)}`,
  );
  return c;
}

/** Vendure's Admin API, signed in as the harness's superadmin. */
async function vendureAdmin(base: string) {
  const url = `${base}/admin-api`;
  const login = await gql(
    url,
    `mutation Login($p: String!) { login(username: "superadmin", password: $p) { ${RESULT} ... on CurrentUser { id } } }`,
    { p: ADMIN_PASSWORD },
  );
  ok(login.data?.login);
  const token = login.token;
  return {
    /** Every variant: id, SKU, stock on hand and allocated. */
    async variants(): Promise<{ id: string; sku: string; stockOnHand: number; stockAllocated: number }[]> {
      const out: { id: string; sku: string; stockOnHand: number; stockAllocated: number }[] = [];
      for (let skip = 0; ; skip += 1000) {
        const r = await gql(
          url,
          `query V($skip: Int!) { productVariants(options: { skip: $skip, take: 1000 }) { totalItems items { id sku stockOnHand stockAllocated } } }`,
          { skip },
          token,
        );
        const page = r.data?.productVariants as unknown as { totalItems: number; items: typeof out };
        out.push(...page.items);
        if (out.length >= page.totalItems || !page.items.length) return out;
      }
    },
    async setStock(id: string, stockOnHand: number): Promise<void> {
      await gql(
        url,
        `mutation S($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`,
        { input: [{ id, stockOnHand }] },
        token,
      );
    },
  };
}

async function ourStockOf(port: number, codigo: string, sku: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/productos/${encodeURIComponent(codigo)}`, {
    headers: { host: HOST, 'x-store-domain': HOST },
  });
  const p = (await res.json()) as { variants: { sku: string; stock: number }[] };
  return p.variants.find((v) => v.sku === sku)?.stock ?? -1;
}

async function main(): Promise<void> {
  const arg = (k: string) => (process.argv.includes(k) ? process.argv[process.argv.indexOf(k) + 1] : undefined);
  const vendure = arg('--vendure') ?? 'http://127.0.0.1:3100';
  const raceSku = arg('--race-sku');
  if (!raceSku) throw new Error('--race-sku is required');
  const shop = `${vendure}/shop-api`;
  const ours = process.argv
    .flatMap((x, i) => (x === '--ours' ? [process.argv[i + 1].split('=')] : []))
    .map(([name, file]) => {
      const ready = JSON.parse(
        fs
          .readFileSync(file!, 'utf8')
          .split('\n')
          .find((l) => l.startsWith('READY '))!
          .slice(6),
      ) as { port: number; variants: [string, string, number][] };
      return { name: name!, port: ready.port, variants: ready.variants };
    });

  const admin = await vendureAdmin(vendure);
  const vendureVariants = await admin.variants();
  const payment = (await gql(shop, `query { eligiblePaymentMethods { code isEligible } }`, {})).data
    ?.eligiblePaymentMethods as unknown as { code: string; isEligible: boolean }[] | undefined;
  // eligiblePaymentMethods needs an active order; without one, the harness's method is the populate's.
  const paymentCode = payment?.find((p) => p.isEligible)?.code ?? 'standard-payment';

  // The SKUs every side sells with stock, paired with Vendure's variant ids and our product codes.
  const byId = new Map(vendureVariants.filter((v) => v.stockOnHand - v.stockAllocated > 10).map((v) => [v.sku, v]));
  const common = new Map<string, Variant>();
  const ourSkus = ours.map((o) => new Map(o.variants.map(([codigo, sku]) => [sku, codigo])));
  for (const [sku, v] of byId) {
    const codes = ourSkus.map((m) => m.get(sku));
    if (sku !== raceSku && codes.every((c) => c && c === codes[0]))
      common.set(sku, { sku, vendureId: v.id, codigo: codes[0]! });
  }
  const pool = [...common.values()];
  console.error(`${pool.length} variants sold by every side; payment method ${paymentCode}`);
  const r = rng(33);
  const used = new Set<string>();
  /** A cart never used before in this sitting: two distinct variants (the pair in either order counts once). */
  const nextCart = (): Cart => {
    for (;;) {
      const a = pool[Math.floor(r() * pool.length)];
      const b = pool[Math.floor(r() * pool.length)];
      if (a === b) continue;
      const key = a.sku < b.sku ? `${a.sku}|${b.sku}` : `${b.sku}|${a.sku}`;
      if (used.has(key)) continue;
      used.add(key);
      return [a, b];
    }
  };

  const cases: CheckoutCase[] = [];
  for (let run = 0; run < RUNS; run++) {
    cases.push(await measure('vendure checkout', (c, n) => vendureCheckout(shop, c, n, paymentCode), nextCart));
    for (const o of ours)
      cases.push(await measure(`ours ${o.name} checkout`, (c, n) => ourCheckout(o.port, c, n), nextCart));
  }

  // The sell-out race, each side on the same SKU with RACE_STOCK units.
  const races: RaceFigures[] = [];
  const raceVendure = vendureVariants.find((v) => v.sku === raceSku);
  if (!raceVendure) throw new Error(`Vendure sells no ${raceSku}`);
  // Saleable is on hand less allocated: units an earlier sitting's race allocated stay allocated.
  const allocated = (await admin.variants()).find((v) => v.id === raceVendure.id)!.stockAllocated;
  await admin.setStock(raceVendure.id, allocated + RACE_STOCK);
  const before = (await admin.variants()).find((v) => v.id === raceVendure.id)!;
  const soldOut = (o: Outcome) =>
    o.code === 'INSUFFICIENT_STOCK_ERROR' || o.code === '409 OUT_OF_STOCK' || o.code === '409 INSUFFICIENT_STOCK';
  const raceLine = (codigo: string): Variant => ({ sku: raceSku, vendureId: raceVendure.id, codigo });
  {
    const race = await buyers(
      (c, n) => vendureCheckout(shop, c, n, paymentCode),
      () => [raceLine('')],
      soldOut,
    );
    const after = (await admin.variants()).find((v) => v.id === raceVendure.id)!;
    // Saleable before the race: stock on hand less what earlier orders allocated (the carts never hold this SKU);
    // what the race's paid orders allocated is the difference.
    const stock = before.stockOnHand - before.stockAllocated;
    const stockLeft = after.stockOnHand - after.stockAllocated;
    races.push({
      name: 'vendure',
      stock,
      sold: race.paidAll,
      oversold: Math.max(0, race.paidAll - stock),
      stockLeft,
      consistent: stockLeft === stock - race.paidAll,
      outcomes: race.outcomes,
    });
  }
  for (const o of ours) {
    const codigo = o.variants.find(([, sku]) => sku === raceSku)?.[0];
    if (!codigo) throw new Error(`ours ${o.name} sells no ${raceSku}`);
    const stock = await ourStockOf(o.port, codigo, raceSku);
    const race = await buyers(
      (c, n) => ourCheckout(o.port, c, n),
      () => [raceLine(codigo)],
      soldOut,
    );
    const stockLeft = await ourStockOf(o.port, codigo, raceSku);
    races.push({
      name: `ours ${o.name}`,
      stock,
      sold: race.paidAll,
      oversold: Math.max(0, race.paidAll - stock),
      stockLeft,
      consistent: stockLeft === stock - race.paidAll,
      outcomes: race.outcomes,
    });
  }
  for (const x of races) console.error(`race ${x.name}: ${JSON.stringify(x)}`);

  const mean = (name: string) => {
    const xs = cases.filter((c) => c.name === name).map((c) => c.ordersPerSecond);
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  };
  const ratios: Record<string, number> = {};
  for (const o of ours) {
    ratios[`${o.name} checkout`] = +(mean(`ours ${o.name} checkout`) / Math.max(0.1, mean('vendure checkout'))).toFixed(
      1,
    );
    // Run by run: each of ours against the Vendure case just before it.
    cases.forEach((c, i) => {
      if (c.name !== `ours ${o.name} checkout`) return;
      const v = cases
        .slice(0, i)
        .reverse()
        .find((x) => x.name === 'vendure checkout');
      if (v)
        ratios[`${o.name} checkout, run ${Math.floor(i / (ours.length + 1)) + 1}`] = +(
          c.ordersPerSecond / Math.max(0.1, v.ordersPerSecond)
        ).toFixed(1);
    });
  }
  const checkout = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    durationS: DURATION,
    warmupS: WARMUP,
    distinctCarts: used.size,
    variantsInCarts: pool.length,
    cases,
    races,
    ratios,
  };
  const out = arg('--out');
  if (out) {
    const previous = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(out, JSON.stringify({ ...previous, checkout }, null, 2) + '\n');
  }
  console.log(JSON.stringify(checkout, null, 2));
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
