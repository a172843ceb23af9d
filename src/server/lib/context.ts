/**
 * The context every service function takes first: tenancy is explicit, the database swappable.
 *
 * Service convention:
 * - Every exported function of a `src/server/modules/<module>/` file that reads or writes data takes `ctx` first,
 *   typed as the narrowest slice it needs: `DbContext` (`{ db }`), `StoreDbContext` (`{ db, storeId }`), or a
 *   `Pick<StoreContext, ...>` / full `StoreContext` / `BaseContext` when it also needs the actor, locale, log,
 *   config or providers. Pure helpers (no database, no provider) take plain arguments.
 * - `ctx.db` is a `DbOrTx`: the database or a transaction handle. A service never has a `...With(db, ...)` twin;
 *   inside a transaction the caller passes `withTx(ctx, tx)` (the same context, `db` swapped for `tx`).
 * - `storeId` comes from `ctx`, never from a second argument, so every tenant query is scoped by it.
 * - `runTransaction(ctx.db, fn)` opens a transaction, or joins the caller's when `ctx.db` already is one.
 * - Request and response shapes are the zod contracts of `src/shared/contracts` (`z.infer`), never re-declared.
 * `tests/service-convention.test.ts` checks the first two rules on every `*.ts` file of `modules/`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import type { AppConfig } from '../config.js';
import type { Providers } from '../providers/index.js';
import type { Permission } from '../../shared/contracts/identity.js';

/** A database or a transaction handle: every service query runs the same on either. */
export type DbOrTx = Db | Tx;

export type Locale = 'es' | 'en';
/**
 * An actor's role. A seller's platform account is 'seller'; in a request whose session has chosen a store the seller
 * is a member of, the actor's role is the membership's ('owner' or 'collaborator').
 */
export type Role = 'customer' | 'seller' | 'owner' | 'collaborator' | 'operator';

/**
 * The signed-in user of a request. `storeId`: a customer's store; for a seller, the store the session chose, read
 * with its membership on every request (null when none is chosen or the membership was revoked); null for the operator.
 */
export interface Actor {
  userId: string;
  role: Role;
  storeId: string | null;
  sessionId: string;
  email: string;
  fullName: string;
  /** What the seller may do in `storeId` (all four for the owner); empty for everyone else. */
  permissions?: readonly Permission[];
}

/** Context without a store: platform-level work (sign-in at /admin/login, seeding, the operator). */
export interface BaseContext {
  db: DbOrTx;
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

/** The slice of a context a data-only service needs. */
export type DbContext = Pick<BaseContext, 'db'>;

/** The slice of a store context a store-scoped, data-only service needs. */
export type StoreDbContext = Pick<StoreContext, 'db' | 'storeId'>;

/** A data-only service that must run inside a transaction (it takes row locks or writes several rows as one). */
export type TxContext = { db: Tx };

/** A store-scoped service that must run inside a transaction. */
export type StoreTxContext = { db: Tx; storeId: string };

/** The same context with its queries sent through `tx` (services called inside a transaction). */
export function withTx<C extends DbContext>(ctx: C, tx: Tx): Omit<C, 'db'> & { db: Tx } {
  return { ...ctx, db: tx };
}
