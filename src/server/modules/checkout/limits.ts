/**
 * What one order and one visitor may hold (decision 028; src/shared/limits.ts has the numbers and
 * why). Checked on the server before any stock is reserved; the unpaid-order count runs inside the order's
 * transaction under a per-buyer advisory lock, so parallel submits cannot all slip under it.
 */
import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import type { Locale, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { deriveKey, loadAppSecret } from '../../lib/secrets.js';
import { formatMoney } from '../../../shared/money.js';
import {
  CLIENT_ADDRESS_UNITS_FACTOR,
  MAX_ORDER_TOTAL_CENTS,
  MAX_UNPAID_LINE_QUANTITY,
  MAX_UNPAID_ORDERS_PER_EMAIL,
  MAX_UNPAID_ORDERS_PER_IP,
  OXXO_MAX_AMOUNT_CENTS,
} from '../../../shared/limits.js';
import { countHeldUnits, countUnpaidOrders, lockUnpaidCounters } from '../orders/index.js';

const ipKeys = new WeakMap<AppConfig, string>();

/** HMAC-SHA256 of the client IP with a key derived from the server secret: an IPv4 hash without a key is reversible. */
export function clientIpHash(config: AppConfig, ip: string | undefined): string | null {
  if (!ip) return null;
  let key = ipKeys.get(config);
  if (!key) {
    key = deriveKey(loadAppSecret(config), 'client-ip');
    ipKeys.set(config, key);
  }
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, 32);
}

/**
 * Refuses, before anything is reserved: a total above MAX_ORDER_TOTAL_CENTS (ORDER_TOTAL_TOO_HIGH), an OXXO voucher
 * above OXXO_MAX_AMOUNT_CENTS (OXXO_AMOUNT_TOO_HIGH), an OXXO line above MAX_UNPAID_LINE_QUANTITY (UNPAID_LINE_LIMIT).
 */
export function checkOrderLimits(
  locale: Locale,
  order: { paymentMethod: 'card' | 'oxxo' | 'paypal'; totalCents: number; lines: { name: string; quantity: number }[] },
): void {
  if (order.totalCents > MAX_ORDER_TOTAL_CENTS)
    throw new AppError('ORDER_TOTAL_TOO_HIGH', { max: formatMoney(MAX_ORDER_TOTAL_CENTS, locale) });
  if (order.paymentMethod !== 'oxxo') return;
  if (order.totalCents > OXXO_MAX_AMOUNT_CENTS)
    throw new AppError('OXXO_AMOUNT_TOO_HIGH', { max: formatMoney(OXXO_MAX_AMOUNT_CENTS, locale) });
  const big = order.lines.find((l) => l.quantity > MAX_UNPAID_LINE_QUANTITY);
  if (big) throw new AppError('UNPAID_LINE_LIMIT', { name: big.name, max: MAX_UNPAID_LINE_QUANTITY });
}

/**
 * Inside the order's transaction, first of all its locks: refuses with UNPAID_ORDERS_LIMIT when this email already
 * has MAX_UNPAID_ORDERS_PER_EMAIL, or this client IP MAX_UNPAID_ORDERS_PER_IP, unpaid orders in the store; and with
 * HELD_UNITS_LIMIT {max} when this order's `units` would make the units held by the email's unpaid orders exceed
 * `maxHeldUnits`, or those of the client IP's exceed CLIENT_ADDRESS_UNITS_FACTOR times it (decision 097).
 */
export async function checkUnpaidOrders(
  ctx: StoreTxContext,
  who: { email: string; clientIpHash: string | null },
  order: { units: number; maxHeldUnits: number },
): Promise<void> {
  await lockUnpaidCounters(ctx, [`e:${who.email}`, ...(who.clientIpHash ? [`i:${who.clientIpHash}`] : [])]);
  const n = await countUnpaidOrders(ctx, who);
  if (n.byEmail >= MAX_UNPAID_ORDERS_PER_EMAIL)
    throw new AppError('UNPAID_ORDERS_LIMIT', { max: MAX_UNPAID_ORDERS_PER_EMAIL });
  if (who.clientIpHash && n.byIp >= MAX_UNPAID_ORDERS_PER_IP)
    throw new AppError('UNPAID_ORDERS_LIMIT', { max: MAX_UNPAID_ORDERS_PER_IP });
  const held = await countHeldUnits(ctx, who);
  if (held.byEmail + order.units > order.maxHeldUnits)
    throw new AppError('HELD_UNITS_LIMIT', { max: order.maxHeldUnits });
  const perAddress = order.maxHeldUnits * CLIENT_ADDRESS_UNITS_FACTOR;
  if (who.clientIpHash && held.byIp + order.units > perAddress)
    throw new AppError('HELD_UNITS_LIMIT', { max: perAddress });
}
