/**
 * Decorates each request with its locale, its store (resolved from the domain the SPA sends, else Host) and its
 * signed-in actor (from `Authorization: Bearer <token>`), both read through the stores and accounts modules' functions
 * and remembered per instance until the change feed reports a change (needs the change-feed plugin registered first).
 * Services are reached through `storeContext(request)` / `baseContext(request)`, which bind tenancy.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';
import { AppError } from '../lib/app-error.js';
import { localeFromHeader } from '../lib/i18n.js';
import { publicOrigin } from '../lib/public-url.js';
import type { Actor, BaseContext, Locale, Role, StoreContext } from '../lib/context.js';
import {
  PERMISSIONS as SHARED_PERMISSIONS,
  type Permission as SharedPermission,
} from '../../shared/contracts/identity.js';
import { findStoreByHost, type StoreByHost } from '../modules/stores/index.js';
import { findSessionActor, SessionCache } from '../modules/accounts/index.js';
import { createStoreCache } from './store-cache.js';

/** The store a storefront request is for (resolved by the stores module). */
export type RequestStore = StoreByHost;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    providers: Providers;
  }
  interface FastifyRequest {
    locale: Locale;
    store: RequestStore | null;
    actor: Actor | null;
  }
}

/** Header the SPA sends with the page's domain without "www." (name chosen in decision 003). */
export const STORE_DOMAIN_HEADER = 'x-store-domain';
/** Header the SPA sends with the current page URL. */
export const PAGE_URL_HEADER = 'x-page-url';

const SELLER_ROLES: readonly Role[] = ['seller', 'owner', 'collaborator'];

/** Seller API paths open to anyone: signing in. */
const PUBLIC_SELLER_PATHS = new Set(['/api/admin/login']);

/** Whether `url` is a seller API (/api/admin/*, /api/proveedor/*) that needs a signed-in seller. */
export function isSellerApi(url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  return (path.startsWith('/api/admin/') || path.startsWith('/api/proveedor/')) && !PUBLIC_SELLER_PATHS.has(path);
}

/** Normalises a Host or domain value: lower case, no port, no leading "www.". */
export function normaliseHost(value: string | undefined): string | null {
  if (!value) return null;
  const host = value
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
}

/**
 * The storefront origin of the request's store, e.g. `http://demo.localhost:3000`, for links in emails and pages: the
 * store's primary domain from the database with the configured scheme and port (PUBLIC_SCHEME, PUBLIC_PORT); the
 * platform domain when no store was resolved. Never Host, X-Forwarded-* or X-Store-Domain.
 */
export function requestOrigin(request: FastifyRequest): string {
  const config = request.server.config;
  return publicOrigin(config, request.store?.primaryHost ?? config.PLATFORM_DOMAIN);
}

export default fp(async function requestContextPlugin(app: FastifyInstance) {
  // Domain → store, so every request does not query store_domains; bounded LRU with a TTL (store-cache.ts).
  const cache = createStoreCache<RequestStore>();
  // Token → actor, forgotten when the change feed reports a write to that user's session or memberships (decision 142).
  const sessions = new SessionCache(app.changeFeed);
  app.addHook('onClose', async () => sessions.close());
  app.decorateRequest('locale', 'es');
  app.decorateRequest('store', null);
  app.decorateRequest('actor', null);

  async function resolveStore(request: FastifyRequest): Promise<void> {
    const host =
      normaliseHost(request.headers[STORE_DOMAIN_HEADER] as string | undefined) ?? normaliseHost(request.headers.host);
    if (!host) return;
    request.store = await cache.get(host, (h) => findStoreByHost({ db: app.db }, h));
  }
  app.decorate('resolveStore', resolveStore);

  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    if (!request.url.startsWith('/api/')) return;
    await resolveStore(request);
    const auth = request.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (token && token.length <= 200) request.actor = await findSessionActor({ db: app.db }, token, sessions);
    // Defence in depth: the seller APIs answer 401 to anyone but a signed-in seller before any body is
    // parsed or validated; each route still names its permission through sellerContext.
    if (isSellerApi(request.url) && !(request.actor && SELLER_ROLES.includes(request.actor.role)))
      throw new AppError('UNAUTHORIZED');
  });

  /** Forget cached domain look-ups (after a domain or store status change). */
  app.decorate('clearStoreCache', () => cache.clear());
  app.decorate('storeCacheSize', () => cache.size());
});

declare module 'fastify' {
  interface FastifyInstance {
    clearStoreCache(): void;
    /** Entries in the domain → store cache now (bounded: store-cache.ts). */
    storeCacheSize(): { stores: number; misses: number };
    /** Resolves request.store from the domain header or Host (done for /api requests automatically). */
    resolveStore(request: FastifyRequest): Promise<void>;
  }
}

/** Context without a store. */
export function baseContext(request: FastifyRequest): BaseContext {
  const app = request.server;
  return {
    db: app.db,
    actor: request.actor,
    locale: request.locale,
    log: request.log,
    config: app.config,
    providers: app.providers,
  };
}

/**
 * Context of the storefront request's store. Throws STORE_NOT_FOUND when the domain has no active store,
 * ACCOUNT_SUSPENDED (402) when the store is suspended, STORE_NOT_PUBLISHED (403) while its owner has not verified
 * their email (decision 100: nothing of it is served and no order is taken). A signed-in actor of another store is
 * ignored.
 */
export function storeContext(request: FastifyRequest): StoreContext {
  const store = request.store;
  if (!store) throw new AppError('STORE_NOT_FOUND');
  if (store.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
  // A store only ever goes from unpublished to published, so a cached look-up can only be late to serve it, never
  // serve an unpublished one.
  if (!store.published) throw new AppError('STORE_NOT_PUBLISHED');
  const actor = request.actor && request.actor.storeId === store.id ? request.actor : null;
  return { ...baseContext(request), actor, storeId: store.id, storeLang: store.lang === 'en' ? 'en' : 'es' };
}

/** Context of a signed-in customer of the request's store. Throws UNAUTHORIZED otherwise. */
export function customerContext(request: FastifyRequest): StoreContext & { actor: Actor } {
  const ctx = storeContext(request);
  if (!ctx.actor || ctx.actor.role !== 'customer') throw new AppError('UNAUTHORIZED');
  return ctx as StoreContext & { actor: Actor };
}

/**
 * What a collaborator may be allowed to do in a store: each admin route names the one it needs. The owner
 * has them all. Future roles (supplier, operator) get their own contexts, not these.
 */
export type Permission = SharedPermission;
export const PERMISSIONS: readonly Permission[] = SHARED_PERMISSIONS;

/**
 * Context of a signed-in member (owner or collaborator) of the session's store, whatever their permissions: for the
 * few admin routes every member may call (who am I, the store picker). Throws UNAUTHORIZED when nobody, a shopper or
 * the operator is signed in; STORE_NOT_SELECTED (403) when the session has no store or its membership was revoked.
 */
export function memberContext(request: FastifyRequest): StoreContext & { actor: Actor } {
  const actor = request.actor;
  if (!actor || !SELLER_ROLES.includes(actor.role)) throw new AppError('UNAUTHORIZED');
  if (!actor.storeId || (actor.role !== 'owner' && actor.role !== 'collaborator'))
    throw new AppError('STORE_NOT_SELECTED');
  return { ...baseContext(request), actor, storeId: actor.storeId };
}

/**
 * Context of a signed-in seller (owner or collaborator) of the session's store, for a route that needs `permission`.
 * The membership comes with the session (findSessionActor; remembered only until the change feed reports a write to
 * it), so a revoked membership or a removed permission counts at once. Throws UNAUTHORIZED when nobody (or a shopper) is signed in, STORE_NOT_SELECTED when no
 * store is chosen, FORBIDDEN (403) when a collaborator lacks the permission.
 */
export function sellerContext(request: FastifyRequest, permission: Permission): StoreContext & { actor: Actor } {
  const ctx = memberContext(request);
  if (!ctx.actor.permissions?.includes(permission)) throw new AppError('FORBIDDEN', { permission });
  return ctx;
}

/** Context of the owner of the session's store (collaborator management). Throws like memberContext, FORBIDDEN. */
export function ownerContext(request: FastifyRequest): StoreContext & { actor: Actor } {
  const ctx = memberContext(request);
  if (ctx.actor.role !== 'owner') throw new AppError('FORBIDDEN');
  return ctx;
}

/** Context of a signed-in seller's platform account, with or without a chosen store. Throws UNAUTHORIZED. */
export function sellerAccountContext(request: FastifyRequest): BaseContext & { actor: Actor } {
  const actor = request.actor;
  if (!actor || !SELLER_ROLES.includes(actor.role)) throw new AppError('UNAUTHORIZED');
  return { ...baseContext(request), actor };
}
