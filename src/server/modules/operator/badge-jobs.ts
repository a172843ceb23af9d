/**
 * The daily badges sweep and the badge emails (decisions 165, 166). Once a day (00:15 in Mexico City): every badge
 * whose last day has passed lapses (history kept) and its owners are told; the reminders due 30 and 7 days before a
 * badge's last day are claimed once each and mailed; diamond is granted to stores that meet the rule and taken from
 * those that no longer do. Every step is conditional on state, so a second run the same day changes nothing.
 */
import { defineJob, enqueue } from '../../jobs/index.js';
import type { BaseContext, DbContext, StoreDbContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import { translator } from '../../lib/i18n.js';
import { publicOrigin } from '../../lib/public-url.js';
import type { BadgeId } from '../../../shared/contracts/badges.js';
import {
  badgeDay,
  claimBadgeReminders,
  grantBadge,
  lapseExpiredBadges,
  removeBadge,
  storesWithBadge,
} from '../company/index.js';
import { getStoreById } from '../stores/index.js';
import { listStoreOwners } from '../accounts/index.js';
import { paidWithoutGap } from '../subscriptions/index.js';
import { paidAndRefunded } from '../orders/index.js';

/** The diamond rule (decision 166). */
export const DIAMOND_RULE = {
  /** Days on a paid plan without a gap (trials do not count). */
  paidDays: 365,
  /** Paid orders in the same span, at least (fewer says nothing of a refund rate). */
  minOrders: 10,
  /** Paid orders cancelled (refunded) afterwards, at most this share: 2 %. */
  maxRefundRate: 0.02,
} as const;

/**
 * Whether the store meets the diamond rule on `now`: it holds the verified badge, has paid its plan without a gap
 * for DIAMOND_RULE.paidDays days, and of at least minOrders orders paid in that span, at most maxRefundRate were
 * refunded.
 */
export async function meetsDiamondRule(ctx: StoreDbContext, verified: boolean, now = new Date()): Promise<boolean> {
  if (!verified) return false;
  if (!(await paidWithoutGap(ctx, DIAMOND_RULE.paidDays, now))) return false;
  const since = new Date(now.getTime() - DIAMOND_RULE.paidDays * 86_400_000);
  const { paid, refunded } = await paidAndRefunded(ctx, since);
  return paid >= DIAMOND_RULE.minOrders && refunded / paid <= DIAMOND_RULE.maxRefundRate;
}

/** What one sweep did. */
export interface BadgeSweep {
  lapsed: number;
  reminded: number;
  diamondGranted: number;
  diamondLost: number;
}

/** The sweep as of `now` (see the file's comment); of one store's badges only when `ctx.storeId` is given. */
export async function runBadgeSweep(ctx: DbContext & { storeId?: string }, now = new Date()): Promise<BadgeSweep> {
  const storeId = ctx.storeId;
  const today = badgeDay(now);
  let lapsed = 0;
  for (const l of await lapseExpiredBadges(ctx, today)) {
    lapsed++;
    await enqueue(ctx.db, 'badge-email', { ...l, kind: 'lapsed' });
  }
  let reminded = 0;
  for (const days of [7, 30] as const) {
    await runTransaction(ctx.db, async (tx) => {
      for (const r of await claimBadgeReminders({ db: tx, storeId }, today, days)) {
        reminded++;
        await enqueue(tx, 'badge-email', { ...r, kind: days === 7 ? 'expires_7' : 'expires_30' });
      }
    });
  }
  const verified = new Set(await storesWithBadge(ctx, 'verified', today));
  const diamond = new Set(await storesWithBadge(ctx, 'diamond', today));
  let diamondGranted = 0;
  let diamondLost = 0;
  for (const id of new Set([...verified, ...diamond])) {
    if (storeId && id !== storeId) continue;
    const meets = await meetsDiamondRule({ db: ctx.db, storeId: id }, verified.has(id), now);
    if (meets && !diamond.has(id)) {
      await grantBadge({ db: ctx.db, storeId: id }, 'diamond', null, 'rule');
      diamondGranted++;
    } else if (!meets && diamond.has(id)) {
      if (await removeBadge({ db: ctx.db, storeId: id }, 'diamond', 'lapsed', 'rule_lost')) diamondLost++;
    }
  }
  return { lapsed, reminded, diamondGranted, diamondLost };
}

/**
 * Mails every owner of the store about a badge (in the store's language): it lapses in 30 or 7 days, or it lapsed,
 * with the link to the company profile where a new request is made. Nothing when the store has no owner.
 */
export async function sendBadgeEmail(
  ctx: StoreDbContext & Pick<BaseContext, 'providers' | 'config'>,
  badge: BadgeId,
  kind: 'expires_30' | 'expires_7' | 'lapsed',
  validUntil: string,
): Promise<void> {
  const store = await getStoreById(ctx);
  const owners = await listStoreOwners(ctx);
  if (!store || !owners.length) return;
  const lang = store.lang === 'en' ? 'en' : 'es';
  const t = translator(lang);
  const date = new Date(`${validUntil}T12:00:00Z`).toLocaleDateString(lang === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  const values = {
    store: store.name,
    badge: t(`emails:badges.names.${badge}`),
    date,
    link: `${publicOrigin(ctx.config, ctx.config.PLATFORM_DOMAIN)}/admin/mis-datos`,
  };
  const key = kind === 'lapsed' ? 'lapsed' : kind === 'expires_7' ? 'expires7' : 'expires30';
  for (const owner of owners)
    await ctx.providers.mail.send({
      to: owner.email,
      subject: t(`emails:badges.${key}Subject`, values),
      text: t(`emails:badges.${key}`, { ...values, name: owner.fullName }),
    });
}

export const badgesDailyJob = defineJob(
  'badges-daily',
  async (p, ctx) => {
    const r = await runBadgeSweep({ ...ctx, storeId: p?.storeId }, p?.at ? new Date(p.at) : new Date());
    if (r.lapsed + r.reminded + r.diamondGranted + r.diamondLost > 0) ctx.log.info(r, 'badges sweep');
    return r;
  },
  { cron: '15 6 * * *', retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
);

export const badgeEmailJob = defineJob(
  'badge-email',
  async (p, ctx) => {
    await sendBadgeEmail({ ...ctx, storeId: p.storeId }, p.badge, p.kind, p.validUntil);
  },
  { retryLimit: 5, retryDelay: 30, retryBackoff: true },
);
