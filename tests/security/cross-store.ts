/**
 * The cross-store half of the generated security tests: the requests an actor of one store sends at the other
 * (its ids, on the actor's own domain and with Host / X-Store-Domain swapped), what counts as a leak in an answer,
 * and what counts as a write in the other store's rows.
 */
import type { InjectOptions } from 'fastify';
import { buildUrl, pathIdKey, validObject, validValue, type Operation } from './openapi.js';
import type { StoreWorld } from './world.js';

export interface Actor {
  name: string;
  own: StoreWorld;
  victim: StoreWorld;
  role?: 'buyer' | 'seller';
}

export interface CrossStoreRequest {
  what: string;
  inject: InjectOptions;
  /** The request names the victim's domain in the header that decides the store (so its public catalogue may show). */
  resolvesToVictim: boolean;
  /** Everything the request itself carried: a marker echoed back from here is not a leak. */
  sent: string;
}

/**
 * The header combinations: the actor's own domain, the victim's named by X-Store-Domain (which the server prefers),
 * the victim's as Host, and the victim's Host with the own domain named. A guest has no identity to smuggle, so a
 * guest on the victim's domain is simply its visitor: guests only try the combinations that resolve to their store.
 */
function variants(actor: Actor) {
  const own = actor.own.hostname;
  const victim = actor.victim.hostname;
  const all = [
    { label: 'own domain', headers: { host: own, 'x-store-domain': own }, resolvesToVictim: false },
    { label: 'X-Store-Domain: other', headers: { host: own, 'x-store-domain': victim }, resolvesToVictim: true },
    { label: 'Host: other', headers: { host: victim }, resolvesToVictim: true },
    {
      label: 'Host: other, X-Store-Domain: own',
      headers: { host: victim, 'x-store-domain': own },
      resolvesToVictim: false,
    },
  ];
  return actor.role ? all : all.filter((v) => !v.resolvesToVictim);
}

/** Every request of `op` that `actor` sends at its victim. */
export function crossStoreRequests(
  op: Operation,
  actor: Actor,
  pathIds: Record<string, (victim: StoreWorld) => string[]>,
  knownValues: (victim: StoreWorld, own: StoreWorld, where: 'query' | 'body') => (name: string) => unknown,
): CrossStoreRequest[] {
  const known = knownValues(actor.victim, actor.own, 'query');
  const knownInBody = knownValues(actor.victim, actor.own, 'body');
  const candidates = op.pathParams.map((p) => ({
    name: p.name,
    values: pathIds[pathIdKey(op, p.name)]?.(actor.victim) ?? [],
  }));
  const rounds = Math.max(1, ...candidates.map((c) => c.values.length));
  const token =
    actor.role === 'seller' ? actor.own.seller.token : actor.role === 'buyer' ? actor.own.buyer.token : undefined;
  const out: CrossStoreRequest[] = [];
  for (let i = 0; i < rounds; i++) {
    const pathValues = Object.fromEntries(candidates.map((c) => [c.name, c.values[i % c.values.length] ?? 'x']));
    const query = Object.fromEntries(
      op.queryParams
        .filter((p) => p.required || known(p.name) !== undefined)
        .map((p) => [p.name, validValue(p.schema, p.name, known)]),
    );
    const body = op.body ? validObject(op.body, knownInBody) : undefined;
    const url = buildUrl(op, pathValues, query);
    for (const v of variants(actor)) {
      const headers = { ...v.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      out.push({
        what: `${actor.name}, ${v.label}: ${op.method} ${url}`,
        inject: { method: op.method, url, headers, ...(body ? { payload: body } : {}) },
        resolvesToVictim: v.resolvesToVictim,
        sent: `${url} ${JSON.stringify(headers)} ${JSON.stringify(body ?? '')}`,
      });
    }
  }
  return out;
}

/** The victim's markers in `body` that the request did not carry itself. */
export function findLeaks(body: string, req: CrossStoreRequest, actor: Actor): string[] {
  const markers = [...actor.victim.privateMarkers, ...(req.resolvesToVictim ? [] : actor.victim.publicMarkers)];
  return markers.filter((m) => body.includes(m) && !req.sent.includes(m));
}

/**
 * Anyone may sign up, sign in, ask for a reset link, view a product, report a product or review or send a job
 * application on a store's own domain: new rows there are a visitor's, not another store's doing (a token of another
 * store is ignored there, so the report is anonymous). Every row the victim had must stay exactly as it was, in every
 * table.
 */
const ANONYMOUS_ROWS = new Set([
  'users',
  'sessions',
  'password_resets',
  'product_views',
  // A page view or a search on a store's own domain is a visitor's (decision 161).
  'page_views',
  'search_terms',
  'review_reports',
  // The applicant: anyone may send a job application on a store's own domain (decision 168).
  'job_applications',
]);

/** Changed, deleted and (outside ANONYMOUS_ROWS) new rows between two snapshots of one store. */
export function diffSnapshots(
  before: Record<string, Record<string, string>>,
  after: Record<string, Record<string, string>>,
): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[table] ?? {};
    const now = after[table] ?? {};
    for (const id of Object.keys(was)) {
      if (!(id in now)) out.push(`${table} ${id} deleted`);
      else if (now[id] !== was[id])
        out.push(`${table} ${id} changed: ${was[id].slice(0, 150)} → ${now[id].slice(0, 150)}`);
    }
    if (!ANONYMOUS_ROWS.has(table))
      for (const id of Object.keys(now)) if (!(id in was)) out.push(`${table} ${id} added: ${now[id].slice(0, 200)}`);
  }
  return out;
}
