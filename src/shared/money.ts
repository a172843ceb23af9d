/**
 * Money helpers. Amounts are integer centavos MXN everywhere; never floats.
 */

/** Throws a RangeError unless `cents` is a safe integer. */
export function assertCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of centavos: ${cents}`);
  return cents;
}

/** unitCents × quantity, both integers. */
export function lineTotalCents(unitCents: number, quantity: number): number {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Bad quantity: ${quantity}`);
  return assertCents(unitCents) * quantity;
}

/** Order total: items + shipping + fee − discount, where the discount never applies to shipping. */
export function orderTotalCents(parts: {
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  discountCents: number;
}): number {
  const discount = Math.min(assertCents(parts.discountCents), assertCents(parts.itemsCents));
  return parts.itemsCents - discount + assertCents(parts.shippingCents) + assertCents(parts.feeCents);
}

/**
 * Formats centavos as MXN for display, e.g. 61900 → "$619.00" (es-MX) or "MX$619.00" (en), -150 → "-$1.50".
 * Written out from the integer (no float division): the same text `Intl.NumberFormat(es-MX | en-US, currency MXN)`
 * gives (tests/unit/money.test.ts compares them), without the tens of milliseconds a phone spends constructing that
 * formatter on the storefront's first page. Throws a RangeError unless `cents` is a safe integer.
 */
export function formatMoney(cents: number, locale: 'es' | 'en' = 'es'): string {
  const abs = Math.abs(assertCents(cents));
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const centavos = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${locale === 'en' ? 'MX$' : '$'}${pesos}.${centavos}`;
}

/** `n / d` rounded half up (n ≥ 0, d > 0), exact for any safe integers (BigInt: no floating-point drift). */
function divRoundHalfUp(n: number, d: number): number {
  return Number((BigInt(n) * 2n + BigInt(d)) / (2n * BigInt(d)));
}

/**
 * What Vitrina's platform fee is charged on, centavos (decision 096): the products after the coupon's discount. Never
 * shipping nor the OXXO fee, which the store passes on to the carrier and the cash network. A marketplace order will
 * call it per party with that party's products.
 */
export function platformFeeBaseCents(parts: { itemsCents: number; discountCents: number }): number {
  return assertCents(parts.itemsCents) - Math.min(assertCents(parts.discountCents), parts.itemsCents);
}

/** Largest fee rate, basis points (100 %). */
export const MAX_FEE_BPS = 10_000;

/**
 * The platform fee of `baseCents` at `bps` basis points (350 = 3.5 %), rounded half up to the centavo, never more than
 * the base. Throws a RangeError for a base that is not whole non-negative centavos or a rate outside 0-10,000.
 */
export function platformFeeCents(baseCents: number, bps: number): number {
  if (assertCents(baseCents) < 0) throw new RangeError(`Negative fee base: ${baseCents}`);
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BPS) throw new RangeError(`Bad fee rate: ${bps}`);
  return Math.min(baseCents, divRoundHalfUp(baseCents * bps, 10_000));
}

/**
 * How much of a fee `feeCents` charged on a payment of `paidCents` has gone back once `refundedCents` of that payment
 * were refunded (decision 095): pro rata, counted on the cumulative refunded amount and rounded half up, so refunds
 * in any number of parts give back exactly what one refund of their sum would, and a full refund gives back the whole
 * fee. The fee returned by one refund is the difference of this before and after it.
 */
export function feeReturnedCents(p: { feeCents: number; paidCents: number; refundedCents: number }): number {
  return proRataCents(p.feeCents, p.refundedCents, p.paidCents);
}

/**
 * The part of `totalCents` that `partOf` out of `whole` carries, counted cumulatively (decisions 095, 147):
 * round_half_up(total × partOf / whole), all of it once `partOf` reaches `whole`, nothing when either is zero or less.
 * The share of one refund is the difference of this before and after it, so refunds in any number of parts give back
 * exactly what one refund of their sum would and the last one takes the rounding centavo. `whole` and `partOf` may be
 * in any unit (centavos, units weighted by a price). Throws a RangeError for amounts that are not whole or a negative
 * total.
 */
export function proRataCents(totalCents: number, partOf: number, whole: number): number {
  const total = assertCents(totalCents);
  if (total < 0) throw new RangeError(`Negative amount to share: ${totalCents}`);
  if (partOf <= 0 || whole <= 0) return 0;
  if (partOf >= whole) return total;
  const n = BigInt(total) * BigInt(assertCents(partOf));
  const d = BigInt(assertCents(whole));
  return Math.min(total, Number((n * 2n + d) / (2n * d)));
}

/** One line of a money screen: a key each screen names in its own words, and signed centavos. */
export interface MoneyLine<K extends string = string> {
  key: K;
  cents: number;
  /** The coupon's code on a discount line. */
  code?: string;
}

export type OrderLineKey = 'items' | 'discount' | 'shipping' | 'oxxoFee' | 'total';

/**
 * The lines of an order's total, in the order every screen and email shows them: products, discount (with the
 * coupon's code; left out when zero), shipping, OXXO fee (when there is one), total. The lines before the total add
 * up to it exactly; throws a RangeError when the order's amounts do not make its total (a screen must never show a sum
 * that does not add up).
 */
export function orderMoneyLines(o: {
  itemsCents: number;
  discountCents: number;
  couponCode?: string | null;
  shippingCents: number;
  feeCents: number;
  totalCents: number;
}): MoneyLine<OrderLineKey>[] {
  const discount = Math.min(assertCents(o.discountCents), assertCents(o.itemsCents));
  const lines: MoneyLine<OrderLineKey>[] = [{ key: 'items', cents: o.itemsCents }];
  if (discount > 0) lines.push({ key: 'discount', cents: -discount, ...(o.couponCode ? { code: o.couponCode } : {}) });
  lines.push({ key: 'shipping', cents: assertCents(o.shippingCents) });
  if (assertCents(o.feeCents) > 0) lines.push({ key: 'oxxoFee', cents: o.feeCents });
  const sum = lines.reduce((s, l) => s + l.cents, 0);
  if (sum !== assertCents(o.totalCents)) throw new RangeError(`Order lines make ${sum}, not the total ${o.totalCents}`);
  lines.push({ key: 'total', cents: o.totalCents });
  return lines;
}

export type SettlementLineKey =
  | 'sale'
  | 'fee'
  | 'paymentFee'
  | 'paymentFeeByVitrina'
  | 'suppliers'
  | 'refunded'
  | 'feeReturned'
  | 'net'
  | 'collected'
  | 'toBalance';

/**
 * The seller's lines of an order's money: what the buyer paid (sale), Vitrina's fee, what the payment provider kept
 * of the payment and, right after it, the same amount back because Vitrina pays it out of its fee (decision 147; both
 * left out when zero), what a marketplace order owes its suppliers (decision 136), what went back to the buyer and the
 * part of the fee Vitrina gave back with it (each left out when zero), and the net the store earns. When the seller
 * took the money by hand (cash), the net is already in the seller's hands: the cash collected comes off and what is
 * left (the fee, owed) goes to the balance. Each result line is the sum of the lines before it.
 */
export function settlementLines(s: {
  saleCents: number;
  feeCents: number;
  refundedCents: number;
  feeReturnedCents: number;
  collectedCents: number;
  suppliersCents?: number;
  paymentFeeCents?: number;
}): MoneyLine<SettlementLineKey>[] {
  const lines: MoneyLine<SettlementLineKey>[] = [
    { key: 'sale', cents: assertCents(s.saleCents) },
    { key: 'fee', cents: -assertCents(s.feeCents) },
  ];
  if (assertCents(s.paymentFeeCents ?? 0) !== 0)
    lines.push(
      { key: 'paymentFee', cents: -s.paymentFeeCents! },
      { key: 'paymentFeeByVitrina', cents: s.paymentFeeCents! },
    );
  if (assertCents(s.suppliersCents ?? 0) !== 0) lines.push({ key: 'suppliers', cents: -s.suppliersCents! });
  if (assertCents(s.refundedCents) !== 0) lines.push({ key: 'refunded', cents: -s.refundedCents });
  if (assertCents(s.feeReturnedCents) !== 0) lines.push({ key: 'feeReturned', cents: s.feeReturnedCents });
  const net = lines.reduce((n, l) => n + l.cents, 0);
  lines.push({ key: 'net', cents: net });
  if (assertCents(s.collectedCents) !== 0) {
    lines.push({ key: 'collected', cents: -s.collectedCents });
    lines.push({ key: 'toBalance', cents: net - s.collectedCents });
  }
  return lines;
}

export type BalanceLineKey =
  'sales' | 'refunded' | 'fees' | 'collected' | 'suppliers' | 'asSupplier' | 'net' | 'paidOut' | 'balance';

/**
 * The seller's balance as lines (decisions 095, 096, 136): what buyers paid for paid orders, minus what went back to
 * them, minus Vitrina's fee kept, minus cash the seller collected by hand, minus what its orders owe suppliers (each
 * left out when zero), plus what it earned as a supplier (net of its fee; left out when zero) = net earned; minus
 * what was paid out = the balance (pending + available, as seller and as supplier). Throws a RangeError when the net
 * does not match the balance and payouts (a ledger that does not reconcile must not be shown as if it did).
 */
export function balanceLines(s: {
  salesCents: number;
  refundedCents: number;
  feesCents: number;
  collectedCents: number;
  suppliersCents?: number;
  netCents: number;
  paidOutCents: number;
  totalCents: number;
  supplier?: { netCents: number; totalCents: number };
}): MoneyLine<BalanceLineKey>[] {
  const lines: MoneyLine<BalanceLineKey>[] = [
    { key: 'sales', cents: assertCents(s.salesCents) },
    { key: 'refunded', cents: -assertCents(s.refundedCents) },
    { key: 'fees', cents: -assertCents(s.feesCents) },
  ];
  if (assertCents(s.collectedCents) !== 0) lines.push({ key: 'collected', cents: -s.collectedCents });
  const suppliers = assertCents(s.suppliersCents ?? 0);
  if (suppliers !== 0) lines.push({ key: 'suppliers', cents: -suppliers });
  const own = lines.reduce((n, l) => n + l.cents, 0);
  const asSupplier = assertCents(s.supplier?.netCents ?? 0);
  if (asSupplier !== 0) lines.push({ key: 'asSupplier', cents: asSupplier });
  const net = own + asSupplier;
  const total = assertCents(s.totalCents) + assertCents(s.supplier?.totalCents ?? 0);
  if (own !== s.netCents || net - assertCents(s.paidOutCents) !== total)
    throw new RangeError(`Balance lines make ${net} − ${s.paidOutCents}, not ${total}`);
  lines.push(
    { key: 'net', cents: net },
    { key: 'paidOut', cents: -s.paidOutCents },
    { key: 'balance', cents: net - s.paidOutCents },
  );
  return lines;
}

/**
 * A fee rate in basis points as people write it: 350 → "3.5 %" (es, with a no-break space, as es-MX writes it) or
 * "3.5%" (en). Written out from the integer, like formatMoney. Throws a RangeError for a rate that is not 0-10,000.
 */
export function formatFeeRate(bps: number, locale: 'es' | 'en' = 'es'): string {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BPS) throw new RangeError(`Bad fee rate: ${bps}`);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const n = `${Math.floor(bps / 100)}${frac ? `.${frac}` : ''}`;
  return locale === 'en' ? `${n}%` : `${n}\u00a0%`;
}

/**
 * What collecting a card payment costs, as the floor of a listing's price assumes it (decision 136): the card
 * provider's 3.6 % plus $3.00 per payment, with IVA on both (4.18 % and $3.48).
 */
export const PAYMENT_FEE_BPS = 418;
export const PAYMENT_FEE_FIXED_CENTS = 348;

/** The payment fee of a payment of `cents` (PAYMENT_FEE_BPS rounded half up, plus the fixed part). */
export function paymentFeeCents(cents: number): number {
  return platformFeeCents(cents, PAYMENT_FEE_BPS) + PAYMENT_FEE_FIXED_CENTS;
}

/** How a buyer paid through a provider: a card, cash at OXXO, or the PayPal wallet. */
export type ProviderPaymentMethod = 'card' | 'oxxo' | 'paypal';

/**
 * What the payment provider keeps of each payment it collects, IVA included (decision 147): a card or an OXXO voucher
 * through Stripe México 3.6 % + $3.00 (4.18 % + $3.48), the PayPal wallet 3.95 % + $4.00 (4.58 % + $4.64, the rate
 * rounded down to the basis point). The sandbox stands in for them at the same prices. Providers keep it on a refund.
 */
export const PROVIDER_FEES: Readonly<Record<ProviderPaymentMethod, { bps: number; fixedCents: number }>> = {
  card: { bps: PAYMENT_FEE_BPS, fixedCents: PAYMENT_FEE_FIXED_CENTS },
  oxxo: { bps: PAYMENT_FEE_BPS, fixedCents: PAYMENT_FEE_FIXED_CENTS },
  paypal: { bps: 458, fixedCents: 464 },
};

/**
 * The provider's fee of a payment of `amountCents` made with `method` through `provider` (decision 147), centavos:
 * PROVIDER_FEES' rate rounded half up plus its fixed part, never more than the payment. Nothing for money that no
 * provider collected: cash the seller took by hand (provider `manual`), a zero total (provider `none`), or a method
 * no provider charges for. Throws a RangeError for an amount that is not whole non-negative centavos.
 */
export function providerFeeCents(p: { method: string; provider: string; amountCents: number }): number {
  if (assertCents(p.amountCents) < 0) throw new RangeError(`Negative payment: ${p.amountCents}`);
  const fee = PROVIDER_FEES[p.method as ProviderPaymentMethod];
  if (!fee || p.provider === 'manual' || p.provider === 'none' || p.amountCents === 0) return 0;
  return Math.min(p.amountCents, platformFeeCents(p.amountCents, fee.bps) + fee.fixedCents);
}

/**
 * The lowest retail price of a listing (decision 136): the least `retail` at which the reseller keeps something after
 * the supplier's wholesale price, Vitrina's fee on the reseller's margin at `resellerFeeBps` and the payment fee of
 * the retail price, i.e. retail − wholesale − platformFee(retail − wholesale) − paymentFee(retail) ≥ 0. Centavos.
 * Throws a RangeError for a wholesale price that is not positive whole centavos or a bad rate.
 */
export function listingFloorCents(wholesaleCents: number, resellerFeeBps: number): number {
  if (assertCents(wholesaleCents) <= 0) throw new RangeError(`Bad wholesale price: ${wholesaleCents}`);
  const net = (retail: number) =>
    retail - wholesaleCents - platformFeeCents(retail - wholesaleCents, resellerFeeBps) - paymentFeeCents(retail);
  // The closed form without rounding, then the few centavos the half-up roundings may still need.
  const keep = 1 - (resellerFeeBps + PAYMENT_FEE_BPS) / MAX_FEE_BPS;
  if (keep <= 0) throw new RangeError(`Bad fee rate: ${resellerFeeBps}`);
  const margin = (wholesaleCents * (PAYMENT_FEE_BPS / MAX_FEE_BPS) + PAYMENT_FEE_FIXED_CENTS) / keep;
  let retail = wholesaleCents + Math.max(0, Math.floor(margin) - 2);
  while (net(retail) < 0) retail++;
  return retail;
}
