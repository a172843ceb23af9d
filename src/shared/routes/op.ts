/**
 * The shape of the route table (decision 126). An operation has two halves, both keyed by its camelCase name:
 * - its route, in `src/shared/routes/<module>.ts`: `{ name, method, path }`, plain data, one exported constant per
 *   operation, which is all the browser needs to call it (so zod and the contracts stay out of the storefront's first
 *   load; decision 126);
 * - its spec, in `src/shared/routes/<module>.ops.ts`: the OpenAPI tags and summary and the zod schemas (params,
 *   querystring, body, response by status), taken from `src/shared/contracts`.
 * `defineOps` joins them; the server registers the joined operation (`src/server/lib/route.ts`) and the web's
 * `call` (`src/web/lib/api-client.ts`) takes its input and output types from it.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the browser needs to call an operation: its name, method and path (`:param` segments filled on call). */
export interface RouteRef<N extends string = string> {
  readonly name: N;
  readonly method: HttpMethod;
  readonly path: string;
  /** A POST the web's client throttle counts per path like a GET: it reads, it changes nothing (decision 007). */
  readonly readLike?: true;
}

/** The documented, validated half of an operation (the route options' `schema` of Fastify). */
export interface OpSpec {
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  /** Request content types other than JSON (`multipart/form-data` for uploads: the web sends a FormData body). */
  readonly consumes?: readonly string[];
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Schemas of the answers by status; a route without one sends something that is not JSON (a file, a 204). */
  readonly response?: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** A whole operation: route and spec. */
export type Op = RouteRef & OpSpec;

/**
 * Joins a module's routes (`import * as routes from './<module>.js'`) with their specs, one per route: a route
 * without a spec, a spec without a route, or a route whose `name` is not its constant's name does not compile.
 */
export function defineOps<
  const R extends { readonly [K in keyof R]: RouteRef<K & string> },
  const S extends { readonly [K in keyof R]: OpSpec } & { readonly [K in Exclude<keyof S, keyof R>]: never },
>(routes: R, specs: S): { readonly [K in keyof R]: R[K] & S[K] };
export function defineOps(routes: Record<string, RouteRef>, specs: Record<string, OpSpec>): Record<string, Op> {
  return Object.fromEntries(Object.entries(routes).map(([key, r]) => [key, { ...r, ...specs[key] }]));
}
