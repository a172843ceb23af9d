/**
 * Malformed requests derived from an operation's JSON schemas: starting from a valid request, one thing at a time is
 * wrong (a field of the wrong type, missing, too long, with control characters, a number out of range, a bad uuid,
 * an array too long, an extra field), or the whole body is (invalid JSON, wrong content type, too deep, too large),
 * or a header is hostile. Deterministic, so a failure names the exact request.
 */
import { randomUUID } from 'node:crypto';
import { buildUrl, type JsonSchema, type Operation } from './openapi.js';

export interface BaseRequest {
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

export interface Malformed {
  what: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  /** Sent as is (already serialised). */
  payload?: string;
}

const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\ud800', 'a\udfffb'];
const HOSTILE_TEXT = [
  ' ',
  '\t\n',
  '\u202e',
  '\ufeff',
  '😀'.repeat(70),
  "' OR '1'='1",
  '"; DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  '%00',
  '\\',
  'null',
  'NaN',
];
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, [], ['x'], {}, { a: 1 }];
const BAD_NUMBERS: unknown[] = [
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  '12abc',
  '',
  '١٢',
  '9'.repeat(400),
  null,
  true,
  [],
  {},
];
/** Numbers only raw JSON can carry: they parse to Infinity, -0, 0 or a rounded value. */
const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '-0', '123456789012345678901234567890'];
const BAD_UUIDS = [
  '',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  `{${randomUUID()}}`,
  `${randomUUID()} `,
  randomUUID().slice(0, 35),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

let rotation = 0;
/**
 * Three of HOSTILE_TEXT per field, in turn: they are valid text, so they reach the handler, and on a sign-in route
 * each one costs a password hash (~0.2-0.6 s); every field still gets every control character and wrong type.
 */
const someHostileText = () => [0, 1, 2].map(() => HOSTILE_TEXT[rotation++ % HOSTILE_TEXT.length]);

/** The wrong values for one schema, given its valid value. */
function badValues(schema: JsonSchema, valid: unknown): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum) return ['', 'zzz', `${String(schema.enum[0]).toUpperCase()} `, ...WRONG_TYPES];
  if (type === 'integer' || type === 'number') {
    const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
    return [...edges.flatMap((n) => [n - 1, n + 1]), ...BAD_NUMBERS];
  }
  if (type === 'boolean') return ['true', 1, 0, null, 'yes', [], {}];
  if (type === 'array') {
    const one = Array.isArray(valid) && valid.length ? valid[0] : 'x';
    const tooMany = Math.min((schema.maxItems ?? 1000) + 1, 5000);
    return [null, {}, 'x', 1, [], [null], [1], ['x'], [[one]], Array.from({ length: tooMany }, () => one)];
  }
  if (type === 'object') return [null, [], 'x', 1, true, {}, { ...(valid as object), inesperado: 'x' }];
  const max = schema.maxLength ?? 1000;
  const long = ['x'.repeat(max + 1), 'x'.repeat(Math.max(max * 10, 20_000))];
  const uuids = schema.format === 'uuid' ? BAD_UUIDS : [];
  return [...uuids, '', ...long, ...CONTROL, ...someHostileText(), `${String(valid)}\u0000`, ...WRONG_TYPES];
}

/** The issue asks at least 200 malformed inputs per route. */
export const MIN_PER_ROUTE = 200;
const EXTRA_KEYS = ['x', 'storeId', 'store_id', 'userId', 'role', 'admin', 'limit', 'offset', 'debug', 'lang'];

type Path = (string | number)[];

/** Every field of `value` (as shaped by `schema`) with its path, depth first; optional absent fields included. */
function fields(
  schema: JsonSchema,
  value: unknown,
  path: Path = [],
): { path: Path; schema: JsonSchema; value: unknown }[] {
  const out = [{ path, schema, value }];
  if (schema.properties) {
    for (const [k, s] of Object.entries(schema.properties))
      out.push(...fields(s, (value as Record<string, unknown> | undefined)?.[k], [...path, k]));
  } else if (schema.items && Array.isArray(value) && value.length) {
    out.push(...fields(schema.items, value[0], [...path, 0]));
  }
  return out;
}

/** `obj` with the value at `path` replaced (or removed when `remove`), deep-copied. */
function setAt(obj: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy = (Array.isArray(obj) ? [...obj] : { ...(obj as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (remove && !rest.length) delete copy[head];
  else copy[head] = setAt(copy[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value, remove);
  return copy;
}

const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'x-store-domain': 'a'.repeat(300) },
  { 'x-store-domain': "x' OR '1'='1" },
  { 'x-store-domain': '..' },
  { 'x-store-domain': 'tienda.localhost:99999' },
  { host: 'x'.repeat(260) },
  { authorization: 'Bearer ' + 'x'.repeat(5000) },
  { authorization: 'Bearer ' },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: "Bearer ' OR '1'='1" },
  { 'accept-language': 'x'.repeat(5000) },
  { 'accept-language': 'en;q=NaN, es;q=-1' },
  { 'x-page-url': 'javascript:alert(1)' },
];

/** The malformed variants of `base` for `op`, each with `headers` (the actor's) merged in. */
export function malformedRequests(op: Operation, base: BaseRequest, headers: Record<string, string>): Malformed[] {
  const out: Malformed[] = [];
  const json = { ...headers, 'content-type': 'application/json' };
  const CT = { 'content-type': 'application/json' };
  const url = (pv = base.pathValues, q = base.query) => buildUrl(op, pv, q);
  // A body (and its content type) only where the operation takes one: a bare POST would fail on the empty body first.
  const send = (what: string, u: string, body: unknown = base.body, h: Record<string, string> = headers) =>
    out.push(
      body === null || body === undefined
        ? { what, method: op.method, url: u, headers: h }
        : { what, method: op.method, url: u, headers: { ...CT, ...h }, payload: JSON.stringify(body) },
    );

  for (const p of op.pathParams) {
    for (const v of badValues(p.schema, base.pathValues[p.name]))
      send(`path ${p.name}=${JSON.stringify(v).slice(0, 40)}`, url({ ...base.pathValues, [p.name]: String(v) }));
    for (const raw of ['%', '%zz', '%00', '..%2F..%2F', '%C0%AF', '%E0%A4%A', '%2e%2e'])
      send(
        `path ${p.name} raw ${raw}`,
        op.path.replace(`{${p.name}}`, raw).replace(/\{(\w+)\}/g, (_, n) => base.pathValues[n]),
      );
  }
  // Undeclared query parameters and hostile headers act before validation (store look-up, sign-in look-up, locale).
  // On a route with a body they carry an empty one, so that a sign-in route does not hash a password per variant.
  const inert = op.body ? {} : base.body;
  // Made-up parameters stop at validation or are ignored: sent as a guest, they skip the sign-in look-up.
  const { authorization: _, ...guest } = headers;
  const declared = op.queryParams.length
    ? op.queryParams
    : [
        { name: 'q', required: false, schema: { type: 'string' } },
        { name: 'page', required: false, schema: {} },
      ];
  for (const q of declared) {
    const body = op.queryParams.length ? base.body : inert;
    for (const v of badValues(q.schema, base.query[q.name]))
      send(`query ${q.name}=${JSON.stringify(v).slice(0, 40)}`, url(undefined, { ...base.query, [q.name]: v }), body);
    send(`query ${q.name} twice`, url(undefined, { ...base.query, [q.name]: ['1', '2'] }), body);
    send(`query ${q.name}[]`, `${url()}${url().includes('?') ? '&' : '?'}${q.name}[]=1&${q.name}[a]=2`, body);
    if (q.required) {
      const { [q.name]: _, ...rest } = base.query;
      send(`query ${q.name} missing`, url(undefined, rest), body);
    }
  }
  for (const k of ['__proto__', 'constructor[prototype][x]', 'x'.repeat(2000)])
    send(`query key ${k.slice(0, 20)}`, `${url()}${url().includes('?') ? '&' : '?'}${k}=1`, inert, guest);
  send('query 20 kB', `${url()}${url().includes('?') ? '&' : '?'}z=${'x'.repeat(20_000)}`, inert, guest);

  if (op.body) {
    const body = base.body ?? {};
    for (const f of fields(op.body, body)) {
      const where = f.path.join('.') || '(body)';
      for (const v of badValues(f.schema, f.value))
        send(`body ${where}=${JSON.stringify(v).slice(0, 40)}`, url(), setAt(body, f.path, v));
      if (f.path.length) send(`body ${where} missing`, url(), setAt(body, f.path, undefined, true));
      const type = Array.isArray(f.schema.type) ? f.schema.type[0] : f.schema.type;
      if (type === 'integer' || type === 'number')
        for (const raw of RAW_NUMBERS) {
          const text = JSON.stringify(setAt(body, f.path, '__RAW__')).replace('"__RAW__"', raw);
          out.push({ what: `body ${where} raw ${raw}`, method: op.method, url: url(), headers: json, payload: text });
        }
    }
  }
  const raw = (what: string, payload: string | undefined, h: Record<string, string> = json) =>
    out.push({ what, method: op.method, url: url(), headers: h, payload });
  for (const text of ['', 'null', '[]', '"x"', '42', 'true', '{', '{"a":}', '{"a":1,"a":2}', '\u0000', '\ufeff{}'])
    raw(`body ${JSON.stringify(text)}`, text);
  raw('body nested 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000));
  raw('body object nested 20,000 deep', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000));
  raw('body __proto__', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}');
  raw('body 2 MB', JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) }));
  raw('body 900 kB field', JSON.stringify({ ...(base.body ?? {}), extra: 'x'.repeat(900_000) }));
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
  ])
    raw(`content-type ${type}`, JSON.stringify(base.body ?? {}), { ...headers, 'content-type': type });
  raw('no content-type', JSON.stringify(base.body ?? {}), headers);
  for (const h of HOSTILE_HEADERS) send(`header ${JSON.stringify(h).slice(0, 50)}`, url(), inert, { ...headers, ...h });
  // Undeclared parameters, some named like fields an attacker would like to set, until the route has 200 requests.
  const values = [...CONTROL, ...HOSTILE_TEXT, ...BAD_NUMBERS.map(String), ...BAD_UUIDS];
  for (let i = 0; out.length < MIN_PER_ROUTE; i++) {
    const key = EXTRA_KEYS[Math.floor(i / values.length) % EXTRA_KEYS.length];
    const u = url();
    const value = values[i % values.length];
    send(
      `query extra ${key}=${JSON.stringify(value).slice(0, 30)}`,
      `${u}${u.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd'))}`,
      inert,
      guest,
    );
  }
  return out;
}
