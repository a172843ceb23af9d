/**
 * Refunds of an order line (decision 147): some units of one line go back to the buyer, and exactly that line's
 * shares of each party are reversed — the supplier's receivable at wholesale, the reseller's margin (or its own
 * goods), and each party's fee. Amounts are integer centavos.
 *
 * The rule of the parts (pure, `lineRefundParts`): within the line's package, the buyer gets back the units' retail
 * price less their part of the package's coupon discount; the supplier gives back exactly units × wholesale price; every
 * other amount of the package — its coupon discount, the supplier's fee, the reseller's fee — is given back in
 * proportion to what was refunded of the package so far (the discount by retail price, the supplier's fee by
 * wholesale price, the reseller's fee by margin: retail − wholesale, at least zero), counted on the cumulative
 * refunded amount and rounded half up (`proRataCents`), so that refunds in any number of parts give back exactly what
 * one refund of their sum would, the last unit takes the rounding centavo, and a package refunded unit by unit ends
 * with nothing of its goods left to any party. The package's shipping is never part of a line: it goes back only when
 * the package is cancelled (nothing left to ship) or rejected.
 *
 * Whose money: `all` reverses every party's share of the units (the reseller's own goods; a supplier's line before it
 * ships; a supplier refunding its own line). `store` leaves the supplier its share — it shipped the goods — and the
 * order's store gives the buyer the whole refund out of its own money of the order (a reseller refunding a supplier's
 * line after it shipped).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerLines } from '../../db/schema/balances.js';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { AppError } from '../../lib/app-error.js';
import { proRataCents } from '../../../shared/money.js';
import { postEntry, type LedgerAccount, type LedgerLineInput } from './ledger.js';
import { packageParts, type PackageShare } from './package-ledger.js';

/** One order line of a package as the refund of a line weighs it. Centavos. */
export interface RefundLine {
  id: string;
  quantity: number;
  unitCents: number;
  /** The supplier's wholesale unit price; 0 for the store's own goods. */
  wholesaleUnitCents: number;
}

/** Whose shares a line refund reverses: every party's, or the order's store's only (the supplier keeps its share). */
export type LineRefundShares = 'all' | 'store';

/** Units of a line refunded before. */
export interface RefundedUnits {
  orderItemId: string;
  quantity: number;
  shares: LineRefundShares;
}

/**
 * What a line refund splits: the line's package — a package of a marketplace order, or the whole order of the store's
 * own goods (no supplier, no shipping part, `resellerFeeCents` the fee its paid entry charged) — with every line of
 * it, and the line refunds of that package before this one.
 */
export interface LinePackage {
  itemsCents: number;
  discountCents: number;
  supplierFeeCents: number;
  resellerFeeCents: number;
  lines: RefundLine[];
  before: RefundedUnits[];
}

/** The parts of one line refund, centavos (each ≥ 0 but the reseller's, which is negative when a coupon ate more than
 * the margin). amountCents = supplierShare + supplierFee + resellerShare + resellerFee. */
export interface LineRefundParts {
  /** What the buyer gets back: the units' retail price less their part of the coupon's discount. */
  amountCents: number;
  discountCents: number;
  supplierShare: number;
  supplierFee: number;
  resellerShare: number;
  resellerFee: number;
}

/**
 * The parts of refunding `quantity` units of line `orderItemId` of package `pkg` with `shares` (pure; the rule in the
 * file's header). Throws a RangeError for a line not in the package or more units than it has left.
 */
export function lineRefundParts(
  pkg: LinePackage,
  refund: { orderItemId: string; quantity: number; shares: LineRefundShares },
): LineRefundParts {
  const line = pkg.lines.find((l) => l.id === refund.orderItemId);
  if (!line) throw new RangeError(`Line ${refund.orderItemId} is not in the package`);
  const byId = new Map(pkg.lines.map((l) => [l.id, l]));
  const left = line.quantity - pkg.before.filter((b) => b.orderItemId === line.id).reduce((n, b) => n + b.quantity, 0);
  if (!Number.isInteger(refund.quantity) || refund.quantity < 1 || refund.quantity > left)
    throw new RangeError(`Bad quantity ${refund.quantity} (left ${left})`);
  const retail = (l: RefundLine) => l.unitCents;
  const wholesale = (l: RefundLine) => l.wholesaleUnitCents;
  const margin = (l: RefundLine) => Math.max(0, l.unitCents - l.wholesaleUnitCents);
  /** The part of `total` the refund gives back, weighed by `weight` over the units refunded so far (of `shares`). */
  const part = (total: number, weight: (l: RefundLine) => number, only?: LineRefundShares) => {
    const whole = pkg.lines.reduce((n, l) => n + weight(l) * l.quantity, 0);
    const before = pkg.before
      .filter((b) => !only || b.shares === only)
      .reduce((n, b) => n + weight(byId.get(b.orderItemId)!) * b.quantity, 0);
    const now = weight(line) * refund.quantity;
    return proRataCents(total, before + now, whole) - proRataCents(total, before, whole);
  };
  const discount = part(pkg.discountCents, retail);
  const amount = line.unitCents * refund.quantity - discount;
  const resellerFee = part(pkg.resellerFeeCents, margin);
  const all = refund.shares === 'all';
  const supplierFee = all ? part(pkg.supplierFeeCents, wholesale, 'all') : 0;
  const supplierShare = all ? line.wholesaleUnitCents * refund.quantity - supplierFee : 0;
  return {
    amountCents: amount,
    discountCents: discount,
    supplierShare,
    supplierFee,
    resellerShare: amount - supplierShare - supplierFee - resellerFee,
    resellerFee,
  };
}

/** A marketplace package as a LinePackage: its fees by the rule of its payment (packageParts). */
export function linePackageOf(
  p: PackageShare,
  resellerFeeBps: number,
  lines: RefundLine[],
  before: RefundedUnits[],
): LinePackage {
  const parts = packageParts(p, resellerFeeBps);
  return {
    itemsCents: p.itemsCents,
    discountCents: p.discountCents,
    supplierFeeCents: parts.supplierFee,
    resellerFeeCents: parts.resellerFee,
    lines,
    before,
  };
}

/** A party's money of an order: per package, what it holds pending and available and its fee (positive: owed). */
export interface Held {
  fulfilmentId: string | null;
  pending: number;
  available: number;
  fee: number;
}

/**
 * What party `party` (a store id: the order's store or one of its suppliers, whose lines the order's entries carry)
 * holds of order `orderId` per package, on its own or its supplier accounts, and its fee.
 */
export async function heldOf(
  ctx: StoreDbContext,
  orderId: string,
  party: string,
  side: 'store' | 'supplier',
): Promise<Held[]> {
  const [pending, available] =
    side === 'store' ? ['store_pending', 'store_available'] : ['supplier_pending', 'supplier_available'];
  const rows = await ctx.db
    .select({
      fulfilmentId: ledgerLines.fulfilmentId,
      account: ledgerLines.account,
      sum: sql<string>`sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.storeId, party),
        eq(ledgerLines.orderId, orderId),
        inArray(ledgerLines.account, [pending, available, 'platform_fee']),
      ),
    )
    .groupBy(ledgerLines.fulfilmentId, ledgerLines.account);
  const out = new Map<string | null, Held>();
  for (const r of rows) {
    const h = out.get(r.fulfilmentId) ?? { fulfilmentId: r.fulfilmentId, pending: 0, available: 0, fee: 0 };
    const n = -Number(r.sum);
    if (r.account === pending) h.pending += n;
    else if (r.account === available) h.available += n;
    else h.fee += n;
    out.set(r.fulfilmentId, h);
  }
  // In a fixed order (the order's own money first, then packages by id), so each refund's parts are predictable.
  return [...out.values()].sort((a, b) => (a.fulfilmentId ?? '').localeCompare(b.fulfilmentId ?? ''));
}

/** What party `party` (a store id) has available on `account` across all its orders (not paid out), centavos. */
export async function availableOf(ctx: StoreDbContext, party: string, account: LedgerAccount): Promise<number> {
  const [row] = await ctx.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)` })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.storeId, party), eq(ledgerLines.account, account)));
  return -Number(row!.sum);
}

/** Where a party's part of a refund may come from (takeFromHeld). */
export interface TakeFrom {
  /** The refunded line's package (null: an order without packages), and whether its pending money was released. */
  first: string | null;
  released: boolean;
  /**
   * The party's own share of the units (every party's share reversed): it stays on that package — below zero if a
   * coupon made the units worth more than the party's share left there — until the package is released.
   */
  onPackage: boolean;
  /** Other packages whose pending money may pay it: ones that shipped (never reversed any more), or every one. */
  alsoPending: (string | null)[] | 'all';
  /** What the party has available across its orders (not paid out): its available money is taken up to that. */
  availableCap: number;
}

/**
 * The lines that take `cents` out of a party's money of an order (decision 147). A share of the units (`onPackage`)
 * is taken from the line's package's pending money while that is not released, whatever is left there; a negative
 * amount (a coupon made the party's share negative, and reversing it gives back) goes to that package too. Anything
 * else — a share after release, or the store paying a shipped supplier's line — comes from pending money of the line's
 * package and of `alsoPending`, then from available money of the order not paid out; never from a package that may
 * still be rejected or cancelled, whose reversal must give the buyer all of it. Throws REFUND_NOT_COVERED (422) when
 * the party no longer holds enough.
 */
export function takeFromHeld(
  held: Held[],
  cents: number,
  accounts: { pending: LedgerAccount; available: LedgerAccount; storeId?: string },
  from: TakeFrom,
): LedgerLineInput[] {
  const line = (account: LedgerAccount, amountCents: number, fulfilmentId: string | null): LedgerLineInput => ({
    account,
    amountCents,
    fulfilmentId,
    ...(accounts.storeId ? { storeId: accounts.storeId } : {}),
  });
  if (cents === 0) return [];
  if (cents < 0 || (from.onPackage && !from.released))
    return [line(from.released ? accounts.available : accounts.pending, cents, from.first)];
  const mayPay = (h: Held) =>
    h.fulfilmentId === from.first || from.alsoPending === 'all' || from.alsoPending.includes(h.fulfilmentId);
  const ordered = [
    ...held.filter((h) => h.fulfilmentId === from.first),
    ...held.filter((h) => h.fulfilmentId !== from.first),
  ];
  const out: LedgerLineInput[] = [];
  let left = cents;
  // Pending money as a whole: a package's may be below zero where a coupon ate its margin.
  let pendingRoom = Math.max(
    0,
    ordered.filter(mayPay).reduce((n, h) => n + h.pending, 0),
  );
  for (const h of ordered.filter(mayPay)) {
    const take = Math.min(left, pendingRoom, Math.max(0, h.pending));
    if (take > 0) out.push(line(accounts.pending, take, h.fulfilmentId));
    left -= take;
    pendingRoom -= take;
  }
  let availableRoom = Math.max(
    0,
    Math.min(
      from.availableCap,
      ordered.reduce((n, h) => n + h.available, 0),
    ),
  );
  for (const h of ordered) {
    const take = Math.min(left, availableRoom, Math.max(0, h.available));
    if (take > 0) out.push(line(accounts.available, take, h.fulfilmentId));
    left -= take;
    availableRoom -= take;
  }
  if (left > 0) throw new AppError('REFUND_NOT_COVERED');
  return out;
}

/** Whether the package's (or the order's, for `null`) pending money was released to available. */
async function released(ctx: StoreDbContext, orderId: string, fulfilmentId: string | null): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, ctx.storeId),
        eq(ledgerEntries.key, fulfilmentId ? `fulfilment:${fulfilmentId}:released` : `order:${orderId}:released`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What a line refund posts. */
export interface LineRefundPosting {
  orderId: string;
  /** The refund record the entry belongs to: key `refund-request:<refundId>`. */
  refundId: string;
  orderItemId: string;
  quantity: number;
  shares: LineRefundShares;
  /** The line's package (null for an order without packages) and its supplier (null for the store's own goods). */
  fulfilmentId: string | null;
  supplierStoreId: string | null;
  /** Whether the line's package (or the order without packages) has shipped. */
  shipped: boolean;
  /** The order's other packages that shipped: a refund after shipping may also be paid from their pending money. */
  shippedPackages: string[];
  parts: LineRefundParts;
}

/**
 * Posts a line refund in the order's store (key `refund-request:<refundId>`, once): the buyer is owed `amountCents`
 * (refunds), each party's share of the units leaves its money of the order (takeFromHeld: pending, then available it
 * has not paid out) and each fee part goes back from Vitrina (never more than the party's fee still held on the
 * package; what is not there comes out of the party's share instead). Call with the order row locked. Throws
 * REFUND_NOT_COVERED (422) when a party no longer holds its share (paid out). Returns whether it posted.
 */
export async function postLineRefund(ctx: StoreTxContext, r: LineRefundPosting): Promise<boolean> {
  const f = r.fulfilmentId;
  const isReleased = await released(ctx, r.orderId, f);
  const lines: LedgerLineInput[] = [{ account: 'refunds', amountCents: -r.parts.amountCents }];
  const store = await heldOf(ctx, r.orderId, ctx.storeId, 'store');
  const resellerFee = Math.min(r.parts.resellerFee, Math.max(0, store.find((h) => h.fulfilmentId === f)?.fee ?? 0));
  lines.push({ account: 'platform_fee', amountCents: resellerFee, fulfilmentId: f });
  let resellerShare = r.parts.resellerShare + (r.parts.resellerFee - resellerFee);
  if (r.supplierStoreId && (r.parts.supplierShare || r.parts.supplierFee)) {
    const supplier = await heldOf(ctx, r.orderId, r.supplierStoreId, 'supplier');
    const supplierFee = Math.min(
      r.parts.supplierFee,
      Math.max(0, supplier.find((h) => h.fulfilmentId === f)?.fee ?? 0),
    );
    lines.push(
      { account: 'platform_fee', amountCents: supplierFee, storeId: r.supplierStoreId, fulfilmentId: f },
      ...takeFromHeld(
        supplier.filter((h) => h.fulfilmentId === f),
        r.parts.supplierShare + (r.parts.supplierFee - supplierFee),
        { pending: 'supplier_pending', available: 'supplier_available', storeId: r.supplierStoreId },
        {
          first: f,
          released: isReleased,
          onPackage: true,
          alsoPending: [],
          availableCap: await availableOf(ctx, r.supplierStoreId, 'supplier_available'),
        },
      ),
    );
  } else resellerShare += r.parts.supplierShare + r.parts.supplierFee;
  lines.push(
    ...takeFromHeld(
      store,
      resellerShare,
      { pending: 'store_pending', available: 'store_available' },
      {
        first: f,
        released: isReleased,
        // Before shipping no amount refund can have taken from the order: the units' share is all on their package.
        onPackage: r.shares === 'all' && !r.shipped,
        alsoPending: r.shippedPackages,
        availableCap: await availableOf(ctx, ctx.storeId, 'store_available'),
      },
    ),
  );
  return postEntry(ctx, {
    key: `refund-request:${r.refundId}`,
    kind: 'refund',
    orderId: r.orderId,
    memo: `line=${r.orderItemId} quantity=${r.quantity} shares=${r.shares}`,
    lines,
  });
}
