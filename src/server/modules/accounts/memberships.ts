/**
 * Store memberships of platform accounts: which stores a seller runs, the store a session works on, and
 * the answer of GET /api/admin/me.
 */
import { and, asc, eq } from 'drizzle-orm';
import { sessions, storeMemberships, users } from '../../db/schema/accounts.js';
import type { Actor, BaseContext, DbContext, StoreDbContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { getStoreSummaries } from '../stores/index.js';
import type { MyStore, SellerMe } from '../../../shared/contracts/identity.js';
import { effectivePermissions } from './session-actor.js';

export type StoreOfMember = MyStore;

/**
 * The owners of the store (account id, email and name), oldest membership first: whom account notices (plan, billing,
 * bank-account changes) go to.
 */
export async function listStoreOwners(
  ctx: StoreDbContext,
): Promise<{ userId: string; email: string; fullName: string }[]> {
  return ctx.db
    .select({ userId: users.id, email: users.email, fullName: users.fullName })
    .from(storeMemberships)
    .innerJoin(users, eq(users.id, storeMemberships.userId))
    .where(and(eq(storeMemberships.storeId, ctx.storeId), eq(storeMemberships.role, 'owner')))
    .orderBy(asc(storeMemberships.createdAt));
}

/** The stores the platform account `userId` is a member of, by name, with role and effective permissions. */
export async function listMyStores(ctx: DbContext, userId: string): Promise<MyStore[]> {
  const rows = await ctx.db
    .select()
    .from(storeMemberships)
    .where(eq(storeMemberships.userId, userId))
    .orderBy(asc(storeMemberships.createdAt));
  const summaries = await getStoreSummaries(
    ctx,
    rows.map((r) => r.storeId),
  );
  return rows
    .flatMap((r) => {
      const s = summaries.get(r.storeId);
      if (!s) return [];
      const role = r.role === 'owner' ? ('owner' as const) : ('collaborator' as const);
      return [{ ...s, role, permissions: effectivePermissions(r.role, r.permissions) }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Sets the store of the signed-in seller's session (store picker, header switch). Throws FORBIDDEN when the
 * account is not a member of that store.
 */
export async function chooseStore(ctx: BaseContext & { actor: Actor }, chosenStoreId: string): Promise<SellerMe> {
  const storeId = chosenStoreId;
  const [m] = await ctx.db
    .select({ id: storeMemberships.id })
    .from(storeMemberships)
    .where(and(eq(storeMemberships.userId, ctx.actor.userId), eq(storeMemberships.storeId, storeId)))
    .limit(1);
  if (!m) throw new AppError('FORBIDDEN');
  await ctx.db.update(sessions).set({ storeId }).where(eq(sessions.id, ctx.actor.sessionId));
  return sellerMe({ ...ctx, actor: { ...ctx.actor, storeId } });
}

/** The signed-in seller, the session's store (null when none is chosen or the membership is gone) and all theirs. */
export async function sellerMe(ctx: BaseContext & { actor: Actor }): Promise<SellerMe> {
  const stores = await listMyStores(ctx, ctx.actor.userId);
  const store = stores.find((s) => s.id === ctx.actor.storeId) ?? null;
  return {
    user: {
      id: ctx.actor.userId,
      email: ctx.actor.email,
      fullName: ctx.actor.fullName,
      phone: null,
      role: store?.role ?? 'seller',
    },
    store,
    stores,
  };
}
