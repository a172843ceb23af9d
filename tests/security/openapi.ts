/**
 * Reads the app's OpenAPI document into a list of operations, and builds a valid value for any JSON schema in it
 * (the base request the security tests then aim at the other store or break on purpose). A value is taken from
 * `known(name)` when the name is one the tests know (ids of the other store, a postal code...), else generated.
 */
import { randomUUID } from 'node:crypto';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "POST /api/pedido" */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/pedidos/{id}. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | null;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: (Param & { in: string })[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation of the document, in its order. `$ref`s are resolved; allOf is merged. */
export function listOperations(doc: OpenApiDoc): Operation[] {
  const resolve = (s: JsonSchema): JsonSchema => flatten(s, (ref) => doc.components?.schemas?.[ref.split('/').pop()!]);
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: body ? resolve(body) : null,
      });
    }
  }
  return ops;
}

/** Resolves $ref, merges allOf into one schema (patterns joined into `patterns`), picks the non-null of anyOf. */
function flatten(s: JsonSchema, ref: (r: string) => JsonSchema | undefined): JsonSchema & { patterns?: string[] } {
  if (s.$ref) return flatten(ref(s.$ref) ?? {}, ref);
  let out: JsonSchema & { patterns?: string[] } = { ...s, patterns: s.pattern ? [s.pattern] : [] };
  for (const part of s.allOf ?? []) {
    const f = flatten(part, ref);
    out = { ...f, ...out, patterns: [...out.patterns!, ...(f.patterns ?? [])] };
  }
  delete out.allOf;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((a) => a.type !== 'null') ?? alternatives[0];
    out = { ...flatten(chosen, ref), nullable: true };
  }
  if (out.properties)
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, flatten(v, ref)]));
  if (out.items) out.items = flatten(out.items, ref);
  return out;
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
export const patternsOf = (s: JsonSchema) => (s as { patterns?: string[] }).patterns ?? [];

const STRING_CANDIDATES = [
  'Prueba',
  'abcdefghijklmnop',
  '12345',
  '1234567890123',
  'A1',
  'x',
  '10:00',
  '2026-01-15',
  '#1a2b3c',
  '002',
  '002180000000000003',
  '610910',
  'MX',
  '/uploads/a.png',
  'data:image/png;base64,iVBORw0KGgo=',
  // A sandbox PaymentIntent id (the browser's confirm URL).
  'sbx_pi_000000000000000000000000',
];

/** A value `schema` accepts. `known(name)` may supply it by property or parameter name (undefined: generate). */
export function validValue(schema: JsonSchema, name: string, known: (name: string) => unknown): unknown {
  const k = known(name);
  if (k !== undefined) return k;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        validValue(schema.items ?? {}, name, known),
      );
    case 'object':
      return validObject(schema, known);
    case undefined:
    default: {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'atacante@example.com';
      const patterns = patternsOf(schema).map((p) => new RegExp(p, 'u'));
      const min = schema.minLength ?? 0;
      const fits = (v: string) => v.length >= min && v.length <= (schema.maxLength ?? Infinity);
      const found = STRING_CANDIDATES.map((c) => c.padEnd(min, 'x')).find(
        (c) => fits(c) && patterns.every((p) => p.test(c)),
      );
      if (found === undefined)
        throw new Error(`No value for "${name}" fits ${JSON.stringify(schema)}: add it to KNOWN`);
      return found;
    }
  }
}

/** The required properties of an object schema, plus the optional ones `known` names. */
export function validObject(schema: JsonSchema, known: (name: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(key) || known(key) !== undefined) out[key] = validValue(prop, key, known);
  }
  return out;
}

/** The name under which a path parameter's ids are listed: its name, or `<segment>.id` for a bare `id`. */
export function pathIdKey(op: Operation, name: string): string {
  if (name !== 'id') return name;
  const segments = op.path.split('/');
  return `${segments[segments.indexOf('{id}') - 1]}.id`;
}

/** The URL of `op` with path values and a query object (arrays repeat the key). */
export function buildUrl(op: Operation, pathValues: Record<string, string>, query: Record<string, unknown>): string {
  // A lone surrogate has no UTF-8 form: a client sends U+FFFD instead, as URLSearchParams does for the query.
  const enc = (v: string) => encodeURIComponent(v.replace(/\p{Cs}/gu, '\ufffd'));
  const path = op.path.replace(/\{(\w+)\}/g, (_, n: string) => enc(pathValues[n] ?? ''));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) qs.append(k, String(one));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
