/**
 * The one API client. Every request carries `Authorization` with the stored
 * access token, `X-Page-Url` with the current page URL and `X-Store-Domain` with the domain without "www."
 * (decision 003). The client throttle rejects with the catalogue's RATE_LIMITED message (or, when the
 * caller asks, waits its turn).
 * Calls name an operation of the route table (`call`, decision 126).
 * 401 sends the user to /login (to /admin/login in the admin), except for the current-user check; 402 to
 * /account_suspended unless already there (in the admin: to /admin/suscripcion, decision 062); 404 to /404 unless the caller opts out (decision 008).
 */
import type { z } from 'zod';
import type { ErrorBody, ErrorCode, FieldError } from '../../shared/errors';
import type { RouteRef } from '../../shared/routes/op';
import type { Ops } from '../../shared/routes/index';
import { currentUser } from '../../shared/routes/accounts-first-load';
import { createThrottle } from './throttle';
import { routeUrl } from './route-url';

export { routeUrl };
import { areaOf, getToken, setToken } from './session';
import i18n from './i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Set false when a 404 is an expected answer the page handles itself (a postal code not found). */
  redirectOn404?: boolean;
  /**
   * Wait until the throttle allows the request instead of rejecting it: for a deliberate single action that
   * follows another one closely (answering 3-D Secure right after paying, a seller's first status change after signing in).
   */
  waitForThrottle?: boolean;
  signal?: AbortSignal;
  /** Counted by the throttle per path like a GET (the route's `readLike`; set by `call`). */
  readLike?: boolean;
}

const throttle = createThrottle();

/** Navigation hook used for redirects; the router sets it so redirects stay inside the SPA. */
let navigate: (to: string) => void = (to) => {
  location.assign(to);
};
export function setApiNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

/** Told when a 401 ended the session of an area, so cached "who is signed in" data is dropped too. */
let onSignedOut: (area: 'storefront' | 'admin') => void = () => undefined;
export function setApiSignedOut(fn: (area: 'storefront' | 'admin') => void): void {
  onSignedOut = fn;
}

/** The page's domain without a leading "www.". */
export function storeDomain(): string {
  return location.hostname.replace(/^www\./, '');
}

function handleRedirects(status: number, path: string, redirectOn404: boolean): void {
  const area = areaOf(location.pathname);
  if (area === 'operator') {
    // The operator area has its own sign-in; a store's 402 or 404 pages are not its own.
    if (status === 401 && path !== '/api/operador/login') {
      setToken(area, null);
      navigate('/operador/login');
    }
  } else if (status === 401 && path !== currentUser.path) {
    setToken(area, null);
    onSignedOut(area);
    navigate(area === 'admin' ? '/admin/login' : '/login');
  } else if (status === 402 && area === 'admin') {
    // A suspended store's admin keeps only its subscription pages, where the seller pays (decision 062).
    if (!location.pathname.startsWith('/admin/suscripcion')) navigate('/admin/suscripcion');
  } else if (status === 402 && location.pathname !== '/account_suspended') {
    navigate('/account_suspended');
  } else if (status === 404 && redirectOn404) {
    navigate('/404');
  }
}

/** Sends one request and returns the parsed JSON body (`call` builds it). Throws ApiError with a translated message. */
async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  if (opts.waitForThrottle) {
    for (
      let wait = throttle.waitMs(method, path, opts.readLike);
      wait > 0;
      wait = throttle.waitMs(method, path, opts.readLike)
    )
      await new Promise((r) => setTimeout(r, wait));
  }
  if (!throttle.allow(method, path, opts.readLike)) {
    throw new ApiError(429, 'RATE_LIMITED', i18n.t('errors:RATE_LIMITED'));
  }
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    'X-Page-Url': location.href,
    'X-Store-Domain': storeDomain(),
    'Accept-Language': i18n.language || 'es',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (an upload) goes as multipart with the browser's boundary; anything else as JSON.
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'INTERNAL', i18n.t('common:networkError'));
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    handleRedirects(res.status, path, opts.redirectOn404 ?? true);
    const err = (data ?? {}) as Partial<ErrorBody>;
    // The server sends `message` translated; a code without one falls back to INTERNAL while the whole errors
    // catalogue is not loaded yet (the first pages carry only part of it, lib/catalogues/errors.ts).
    const code = (err.code ?? 'INTERNAL') as ErrorCode;
    throw new ApiError(
      res.status,
      code,
      err.message ?? i18n.t([`errors:${code}`, 'errors:INTERNAL']),
      err.params ?? {},
      err.fields ?? [],
    );
  }
  return data as T;
}

/** The operation of the route table a route names (types only: the schemas never reach the browser). */
type OpOf<R extends RouteRef> = R['name'] extends keyof Ops ? Ops[R['name']] : never;

type Field<K extends string, T> = Record<never, never> extends T ? { [P in K]?: T } : { [P in K]: T };

/**
 * What `call` takes for an operation: `params` for its `:param` segments, `query` and `body` as its schemas read them
 * (a multipart upload takes a FormData body), and the request options.
 */
export type CallInput<O> = (O extends { params: z.ZodType } ? Field<'params', z.input<O['params']>> : unknown) &
  (O extends { querystring: z.ZodType } ? Field<'query', z.input<O['querystring']>> : unknown) &
  (O extends { consumes: readonly string[] }
    ? { body: FormData }
    : O extends { body: z.ZodType }
      ? Field<'body', z.input<O['body']>>
      : unknown) &
  Omit<RequestOptions, 'method' | 'body' | 'query' | 'readLike'>;

/** What an operation answers on success (200, 201 or 202), as its response schema gives it; void without one. */
export type CallOutput<O> = O extends { response: infer R }
  ? R extends { 200: z.ZodType }
    ? z.output<R[200]>
    : R extends { 201: z.ZodType }
      ? z.output<R[201]>
      : R extends { 202: z.ZodType }
        ? z.output<R[202]>
        : void
  : void;

/**
 * Calls an operation of the route table by its route (`src/shared/routes/<module>.ts`), typed by its schemas:
 * `call(updateCoupon, { params: { id }, body, waitForThrottle: true })`. A POST, PUT or PATCH without a body sends
 * `{}`. Throws ApiError as `apiRequest` does.
 */
export function call<R extends RouteRef>(
  route: R,
  ...[input]: Record<never, never> extends CallInput<OpOf<R>> ? [CallInput<OpOf<R>>?] : [CallInput<OpOf<R>>]
): Promise<CallOutput<OpOf<R>>> {
  const { params, query, body, ...opts } = (input ?? {}) as RequestOptions & { params?: object };
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiRequest(routeUrl(route, params), {
    ...opts,
    method: route.method,
    readLike: route.readLike,
    query,
    body: sendsBody ? (body ?? {}) : undefined,
  });
}
