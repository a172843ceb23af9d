/**
 * Coupons. A seller keeps a list
 * of codes; checkout prices a code against the products subtotal (`priceCoupon`, never shipping) and, inside the
 * order's transaction, takes one use with a conditional UPDATE (`redeemCoupon`), so that a coupon with N uses is given
 * to exactly N orders however many race for it. A cancelled or expired order gives its use back once
 * (`releaseCouponUse`). Money is integer centavos; days are the store's (time zone of stores/time-zone.ts).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { couponRedemptions, coupons } from '../../db/schema/coupons.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { formatMoney } from '../../../shared/money.js';
import { runTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Coupon, CouponInput } from '../../../shared/contracts/coupons.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';

type Row = typeof coupons.$inferSelect;

function toCoupon(r: Row): Coupon {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind as Coupon['kind'],
    value: r.value,
    minPurchaseCents: r.minPurchaseCents,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    maxUses: r.maxUses,
    usesCount: r.usesCount,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Today's date (YYYY-MM-DD) in the store's time zone. */
async function storeToday(ctx: StoreDbContext): Promise<string> {
  const store = await getStoreById(ctx);
  return new Intl.DateTimeFormat('en-CA', { timeZone: storeTimeZone(store?.settings) }).format(new Date());
}

/** The store's coupons, newest first. */
export async function listCoupons(ctx: StoreDbContext): Promise<Coupon[]> {
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(eq(coupons.storeId, ctx.storeId))
    .orderBy(sql`${coupons.createdAt} desc`, asc(coupons.code));
  return rows.map(toCoupon);
}

/** Creates a coupon. Throws COUPON_CODE_TAKEN (409) when the store already has the code. */
export async function createCoupon(ctx: StoreDbContext, input: CouponInput): Promise<Coupon> {
  try {
    const [row] = await ctx.db
      .insert(coupons)
      .values({ ...input, storeId: ctx.storeId })
      .returning();
    return toCoupon(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('COUPON_CODE_TAKEN', { code: input.code });
    throw e;
  }
}

/**
 * Changes a coupon; the uses already taken stay. Throws COUPON_NOT_FOUND (not this store's), COUPON_CODE_TAKEN,
 * COUPON_MAX_USES_BELOW_USES {uses} when the new limit is under the uses already taken.
 */
export async function updateCoupon(ctx: StoreDbContext, id: string, input: CouponInput): Promise<Coupon> {
  return runTransaction(ctx.db, async (tx) => {
    const [current] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.storeId, ctx.storeId), eq(coupons.id, id)))
      .for('update');
    if (!current) throw new AppError('COUPON_NOT_FOUND');
    if (input.maxUses !== null && input.maxUses < current.usesCount)
      throw new AppError('COUPON_MAX_USES_BELOW_USES', { uses: current.usesCount });
    try {
      const [row] = await tx
        .update(coupons)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(coupons.storeId, ctx.storeId), eq(coupons.id, id)))
        .returning();
      return toCoupon(row!);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('COUPON_CODE_TAKEN', { code: input.code });
      throw e;
    }
  });
}

/** The discount of `coupon` on a products subtotal (centavos): a percentage rounded half up, never above the subtotal. */
export function couponDiscountCents(coupon: { kind: string; value: number }, itemsCents: number): number {
  const raw = coupon.kind === 'percent' ? Math.round((itemsCents * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(itemsCents, raw));
}

/** A usable coupon and what it takes off this subtotal. */
export interface PricedCoupon {
  couponId: string;
  code: string;
  discountCents: number;
}

/**
 * What `code` takes off a products subtotal of `itemsCents` today (nothing is reserved). Throws COUPON_NOT_VALID with
 * `reason` (also the message's i18next context) unknown | inactive | not_started | expired | used_up |
 * min_purchase {min (centavos), minText}.
 */
export async function priceCoupon(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'locale'>,
  code: string,
  itemsCents: number,
): Promise<PricedCoupon> {
  const invalid = (reason: string, extra: Record<string, unknown> = {}) =>
    new AppError('COUPON_NOT_VALID', { reason, context: reason, ...extra });
  const normal = code.trim().toUpperCase();
  const [c] = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, ctx.storeId), eq(coupons.code, normal)))
    .limit(1);
  if (!c) throw invalid('unknown');
  const today = await storeToday(ctx);
  if (!c.active) throw invalid('inactive');
  if (c.startsOn && today < c.startsOn) throw invalid('not_started');
  if (c.endsOn && today > c.endsOn) throw invalid('expired');
  if (c.maxUses !== null && c.usesCount >= c.maxUses) throw invalid('used_up');
  if (itemsCents < c.minPurchaseCents)
    throw invalid('min_purchase', { min: c.minPurchaseCents, minText: formatMoney(c.minPurchaseCents, ctx.locale) });
  return { couponId: c.id, code: c.code, discountCents: couponDiscountCents(c, itemsCents) };
}

/**
 * Inside the order's transaction: takes one use of the coupon for `orderId`, if it is still active, within its days
 * and under its limit at this instant (one conditional UPDATE: never more uses than `maxUses`). Throws COUPON_NOT_VALID
 * {reason: 'used_up'} otherwise, which rolls the order back.
 */
export async function redeemCoupon(
  ctx: StoreTxContext,
  redemption: { couponId: string; orderId: string; discountCents: number },
): Promise<void> {
  const today = await storeToday(ctx);
  const taken = await ctx.db
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(
      and(
        eq(coupons.storeId, ctx.storeId),
        eq(coupons.id, redemption.couponId),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.usesCount} < ${coupons.maxUses})`,
        sql`(${coupons.startsOn} IS NULL OR ${coupons.startsOn} <= ${today}::date)`,
        sql`(${coupons.endsOn} IS NULL OR ${coupons.endsOn} >= ${today}::date)`,
      ),
    )
    .returning({ id: coupons.id });
  if (!taken.length) throw new AppError('COUPON_NOT_VALID', { reason: 'used_up', context: 'used_up' });
  await ctx.db.insert(couponRedemptions).values({ storeId: ctx.storeId, ...redemption });
}

/**
 * Gives back the coupon use of a cancelled or expired order, once however often it is called (the redemption row is
 * marked released in the same statement that finds it). Does nothing for an order without a coupon.
 */
export async function releaseCouponUse(ctx: StoreDbContext, orderId: string): Promise<void> {
  await runTransaction(ctx.db, async (tx) => {
    const released = await tx
      .update(couponRedemptions)
      .set({ releasedAt: new Date() })
      .where(
        and(
          eq(couponRedemptions.storeId, ctx.storeId),
          eq(couponRedemptions.orderId, orderId),
          isNull(couponRedemptions.releasedAt),
        ),
      )
      .returning({ couponId: couponRedemptions.couponId });
    if (!released[0]) return;
    await tx
      .update(coupons)
      .set({ usesCount: sql`greatest(${coupons.usesCount} - 1, 0)` })
      .where(and(eq(coupons.storeId, ctx.storeId), eq(coupons.id, released[0].couponId)));
  });
}
