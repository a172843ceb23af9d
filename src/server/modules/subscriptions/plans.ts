/**
 * The plans and the subscription's clock (decisions 060, 061). Prices are integer centavos MXN, IVA included; the
 * `subscription_plans` table holds the same rows (migration), this list is what the code charges and shows. The fee
 * on sales of each plan lives only in the table (`platform_fee_bps`; fee-rates.ts, decision 096).
 */
import type { Plan, PlanId } from '../../../shared/contracts/subscriptions.js';

export const PLANS: Record<PlanId, Omit<Plan, 'platformFeeBps'>> = {
  monthly: { id: 'monthly', priceCents: 29_900, interval: 'month' },
  yearly: { id: 'yearly', priceCents: 299_000, interval: 'year' },
  premium: { id: 'premium', priceCents: 69_900, interval: 'month' },
};

/** A new store's free first period, on the monthly plan (decision 061). */
export const TRIAL_DAYS = 30;
/** A failed renewal is tried again this many hours later (decision 061). */
export const RETRY_HOURS = 24;
/** Days after the unpaid period's start (the old period's end) before the store is suspended (decision 061). */
export const GRACE_DAYS = 7;
/** A charge claimed this long ago without an answer (a crash) may be claimed again: same provider key, one charge. */
export const STALE_CLAIM_MS = 10 * 60_000;

const DAY = 86_400_000;

/** `from` plus one period of `interval` (calendar month or year, UTC; 31 Jan + 1 month = 3 Mar as Date does). */
export function addInterval(from: Date, interval: Plan['interval']): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
export const addHours = (from: Date, hours: number) => new Date(from.getTime() + hours * 3_600_000);
