/**
 * Checkout benchmark: completed checkouts per second with BENCH_CONNECTIONS (50) buyers placing card orders at
 * once (each a guest from its own address, a new idempotency key and email per order, one unit, economy shipping,
 * sandbox card approved), each the way the browser pays (decision 056): POST /api/pedido, the card confirmed at the
 * provider's confirm URL with the client secret, then the order read back (and, while pending, POST
 * /api/payments/:id/3ds, as the checkout page does) until the server says paid. Then a
 * sell-out race in which the same buyers fight for a product's last 300 units until the store says it is sold out.
 * Reports orders/s, latency percentiles, answers by status, and whether any unit was oversold (units sold vs the stock
 * left, read back from the storefront API). `npm run bench -- checkout` runs only this.
 */
import { randomUUID } from 'node:crypto';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123', holderName: 'Ana Pérez' };
const ADDRESS = {
  fullName: 'María López',
  street: 'Calle Colima',
  exteriorNumber: '123',
  postalCode: '06700',
  state: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhood: 'Roma Norte',
  phone: '5512345678',
};
const HOST = 'checkout.localhost';

/** Products of the checkout benchmark (made by bench/server.ts --checkout): plenty of stock, and 300 last units. */
export const CHECKOUT_PRODUCTS = {
  plenty: { codigo: 'BENCH-A', stock: 1_000_000 },
  last: { codigo: 'BENCH-Z', stock: 300 },
};

export interface CheckoutFigures {
  connections: number;
  seconds: number;
  ordersPerSecond: number;
  completed: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  sellOut: {
    stock: number;
    sold: number;
    stockLeft: number;
    oversold: number;
    /** Stock left equals stock minus units sold: no unit lost or created. */
    consistent: boolean;
    refused: number;
    statuses: Record<string, number>;
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
}

/**
 * One buyer's whole card checkout, as the browser does it (this file's header): one unit of `codigo` (sku
 * `<codigo>-1`) at checkout.localhost, or `cart` (its store's host and its lines). Resolves to the last answer's
 * status, the time taken (ms), whether the order ended paid, and the error code of a refusal.
 */
export async function placeOrder(
  port: number,
  codigo: string,
  buyerIp: string,
  cart?: { host: string; items: { codigo: string; sku: string; quantity: number }[] },
): Promise<{ status: number; ms: number; paid: boolean; code?: string }> {
  const started = performance.now();
  const base = `http://127.0.0.1:${port}`;
  const headers = {
    'content-type': 'application/json',
    'x-store-domain': cart?.host ?? HOST,
    'accept-language': 'es',
    'x-forwarded-for': buyerIp,
  };
  const res = await fetch(`${base}/api/pedido`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      idempotencyKey: randomUUID(),
      email: `buyer-${randomUUID()}@example.com`,
      items: cart?.items ?? [{ codigo, sku: `${codigo}-1`, quantity: 1 }],
      address: ADDRESS,
      shipping: { servicio: 'economico' },
      paymentMethod: 'card',
    }),
  });
  const placed = (await res.json().catch(() => null)) as {
    order?: { id: string; status?: string; payment?: { id: string } | null };
    viewToken?: string;
    confirmation?: { clientSecret: string; confirmUrl: string } | null;
    code?: string;
  } | null;
  const answer = (paid: boolean, status = res.status, code = placed?.code) => ({
    status,
    ms: performance.now() - started,
    paid,
    code,
  });
  if (res.status !== 201 || !placed?.order) return answer(false);
  if (placed.order.status === 'paid') return answer(true);
  if (!placed.confirmation) return answer(false);
  // The browser's part: the card goes to the provider, never to our API.
  const confirmed = await fetch(`${base}${placed.confirmation.confirmUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'es' },
    body: JSON.stringify({ clientSecret: placed.confirmation.clientSecret, card: CARD }),
  });
  await confirmed.arrayBuffer();
  if (!confirmed.ok) return answer(false, confirmed.status, 'PROVIDER_CONFIRM');
  const query = `viewToken=${encodeURIComponent(placed.viewToken ?? '')}`;
  const read = await fetch(`${base}/api/pedidos/${placed.order.id}?${query}`, { headers });
  let order = (await read.json()) as { status: string };
  if (order.status === 'pending' && placed.order.payment) {
    const asked = await fetch(`${base}/api/payments/${placed.order.payment.id}/3ds?${query}`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    order = (await asked.json()) as { status: string };
  }
  return answer(
    order.status === 'paid',
    order.status === 'paid' ? 201 : 202,
    order.status === 'paid' ? undefined : order.status,
  );
}

/** `connections` buyers ordering `codigo` in a loop until `stop(answer)` says so; every answer recorded. */
async function buyers(port: number, codigo: string, connections: number, stop: (last: { code?: string }) => boolean) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let paid = 0;
  let stopped = false;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const ip = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      while (!stopped) {
        const r = await placeOrder(port, codigo, ip);
        latencies.push(r.ms);
        const key = r.code ? `${r.status} ${r.code}` : String(r.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (r.paid) paid++;
        if (stop(r)) stopped = true;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), statuses, paid };
}

async function stockOf(port: number, codigo: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/productos/${codigo}`, { headers: { 'x-store-domain': HOST } });
  const p = (await res.json()) as { variants: { stock: number }[] };
  return p.variants.reduce((s, v) => s + v.stock, 0);
}

/** Runs the warm-up, the measured throughput run and the sell-out race against the `--checkout` bench server. */
export async function runCheckoutBench(
  port: number,
  opts: {
    connections: number;
    seconds: number;
    warmupSeconds: number;
    products: typeof CHECKOUT_PRODUCTS;
  },
): Promise<CheckoutFigures> {
  const warmEnd = Date.now() + opts.warmupSeconds * 1000;
  await buyers(port, opts.products.plenty.codigo, opts.connections, () => Date.now() > warmEnd);
  const started = Date.now();
  const end = started + opts.seconds * 1000;
  const run = await buyers(port, opts.products.plenty.codigo, opts.connections, () => Date.now() > end);
  const elapsed = (Date.now() - started) / 1000;

  const last = opts.products.last;
  const soldOut = (r: { code?: string }) => r.code === 'OUT_OF_STOCK' || r.code === 'INSUFFICIENT_STOCK';
  const race = await buyers(port, last.codigo, opts.connections, soldOut);
  const stockLeft = await stockOf(port, last.codigo);
  return {
    connections: opts.connections,
    seconds: +elapsed.toFixed(1),
    ordersPerSecond: +(run.paid / elapsed).toFixed(1),
    completed: run.paid,
    p50: percentile(run.latencies, 50),
    p95: percentile(run.latencies, 95),
    p99: percentile(run.latencies, 99),
    statuses: run.statuses,
    sellOut: {
      stock: last.stock,
      sold: race.paid,
      stockLeft,
      oversold: Math.max(0, race.paid - last.stock),
      consistent: stockLeft === last.stock - race.paid,
      refused: Object.entries(race.statuses)
        .filter(([k]) => k.startsWith('409'))
        .reduce((s, [, n]) => s + n, 0),
      statuses: race.statuses,
    },
  };
}
