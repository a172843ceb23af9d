/**
 * The context every service function takes first (EXAMPLES §1): tenancy is explicit, the database swappable.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';

export type Locale = 'es' | 'en';
export type Role = 'customer' | 'owner' | 'collaborator' | 'operator';

/** The signed-in user of a request. `storeId` is the store the user belongs to (null for the operator). */
export interface Actor {
  userId: string;
  role: Role;
  storeId: string | null;
  sessionId: string;
  email: string;
  fullName: string;
}

/** Context without a store: platform-level work (sign-in at /admin/login, seeding, the operator). */
export interface BaseContext {
  db: Db;
  actor: Actor | null;
  locale: Locale;
  log: FastifyBaseLogger;
  config: AppConfig;
  providers: Providers;
}

/** Context of work done for one store; every tenant query is scoped by `storeId`. */
export interface StoreContext extends BaseContext {
  storeId: string;
  /** The store's catalogue language when the request already knows it (saves a query on hot paths such as search). */
  storeLang?: Locale;
}
