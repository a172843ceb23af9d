/**
 * The three-way settlement of a marketplace order (decision 136): one balanced entry per business event, in the
 * order's (the reseller's) store, whose lines may be other stores' accounts — each line's store is the party whose
 * account it is, and its package (`fulfilment_id`) the share's. Amounts are integer centavos.
 *
 * Per supplier package: the supplier is owed wholesale + shipping − its fee on the wholesale (supplier_pending); the
 * reseller keeps items − discount − wholesale − its fee on that margin (store_pending; negative when a coupon ate
 * more than the margin); the fees go to platform_fee on each party's store. The reseller's own package is settled as
 * an order of its own goods always was (decision 096), with the OXXO fee.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerLines } from '../../db/schema/balances.js';
import type { StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { platformFeeCents } from '../../../shared/money.js';
import { postEntry, providerFeeLines, providerFeeMemo, type LedgerAccount, type LedgerLineInput } from './ledger.js';

/** A package of a marketplace order, as the ledger splits it. Centavos; rates in basis points. */
export interface PackageShare {
  fulfilmentId: string;
  /** Null for the reseller's own package. */
  supplierStoreId: string | null;
  itemsCents: number;
  discountCents: number;
  wholesaleCents: number;
  shippingCents: number;
  supplierFeeBps: number | null;
}

/** What the payment of a marketplace order splits. */
export interface SharedSale {
  orderId: string;
  /** The reseller's store (the order's). */
  storeId: string;
  /** What the buyer paid: the order's total. */
  amountCents: number;
  /** The OXXO fee of the order (the reseller's). */
  oxxoFeeCents: number;
  resellerFeeBps: number;
  packages: PackageShare[];
  /** What the payment provider kept of the payment (decision 147; Vitrina's cost), centavos. */
  providerFeeCents?: number;
}

/** One package's money by party (decision 136), centavos: what each keeps and the fee each pays Vitrina. */
export interface PackageParts {
  /** The supplier's share: wholesale + shipping − its fee (0 for the reseller's own package). */
  supplierShare: number;
  supplierFee: number;
  /** The reseller's share: its margin (or its own goods, their shipping) and the OXXO fee, less its fee. */
  resellerShare: number;
  resellerFee: number;
}

/**
 * The parties' parts of package `p` (pure; decision 136), `oxxoFeeCents` the OXXO fee when it is carried by this
 * package. A supplier's package: the supplier is owed wholesale + shipping − fee(wholesale), the reseller keeps
 * items − discount − wholesale − fee(max(0, that margin)). The reseller's own package: items − discount + shipping −
 * fee(items − discount), as an order of the store's own goods always was.
 */
export function packageParts(p: PackageShare, resellerFeeBps: number, oxxoFeeCents = 0): PackageParts {
  const sold = p.itemsCents - p.discountCents;
  if (!p.supplierStoreId) {
    const fee = Math.min(sold + p.shippingCents + oxxoFeeCents, platformFeeCents(Math.max(0, sold), resellerFeeBps));
    return {
      supplierShare: 0,
      supplierFee: 0,
      resellerShare: sold + p.shippingCents + oxxoFeeCents - fee,
      resellerFee: fee,
    };
  }
  const supplierFee = platformFeeCents(p.wholesaleCents, p.supplierFeeBps ?? 0);
  const margin = sold - p.wholesaleCents;
  const resellerFee = platformFeeCents(Math.max(0, margin), resellerFeeBps);
  return {
    supplierShare: p.wholesaleCents + p.shippingCents - supplierFee,
    supplierFee,
    resellerShare: margin + oxxoFeeCents - resellerFee,
    resellerFee,
  };
}

/** The package that carries a marketplace order's OXXO fee: the reseller's own, else the first. */
export const oxxoPackageOf = (packages: PackageShare[]) => packages.find((p) => !p.supplierStoreId) ?? packages[0];

/**
 * The lines of a marketplace order's payment (pure; decisions 136, 147): the buyer's payment, then per package each
 * party's share and fee, then what the payment provider kept (Vitrina's cost). They sum to zero exactly when
 * `amountCents` is the sum of the packages' items − discount + shipping, plus the OXXO fee (postEntry checks it).
 */
export function sharedSaleLines(sale: SharedSale): LedgerLineInput[] {
  const lines: LedgerLineInput[] = [{ account: 'buyer_payment', amountCents: sale.amountCents }];
  const oxxoOn = oxxoPackageOf(sale.packages);
  for (const p of sale.packages) {
    const f = p.fulfilmentId;
    const parts = packageParts(p, sale.resellerFeeBps, p === oxxoOn ? sale.oxxoFeeCents : 0);
    if (p.supplierStoreId)
      lines.push(
        { account: 'supplier_pending', amountCents: -parts.supplierShare, storeId: p.supplierStoreId, fulfilmentId: f },
        { account: 'platform_fee', amountCents: -parts.supplierFee, storeId: p.supplierStoreId, fulfilmentId: f },
      );
    lines.push(
      { account: 'store_pending', amountCents: -parts.resellerShare, fulfilmentId: f },
      { account: 'platform_fee', amountCents: -parts.resellerFee, fulfilmentId: f },
    );
  }
  return [...lines, ...providerFeeLines(sale.providerFeeCents ?? 0)];
}

/** What the reseller's fee is charged on (decision 136): its own products after the coupon, and its margins. */
export function resellerFeeBase(sale: {
  packages: Pick<PackageShare, 'itemsCents' | 'discountCents' | 'wholesaleCents' | 'supplierStoreId'>[];
}): number {
  return sale.packages.reduce((s, p) => {
    const sold = p.itemsCents - p.discountCents;
    return s + Math.max(0, p.supplierStoreId ? sold - p.wholesaleCents : sold);
  }, 0);
}

/** A marketplace order paid (key `order:<id>:paid`, once): sharedSaleLines posted in the order's store. */
export async function postSharedOrderPaid(ctx: StoreTxContext, sale: SharedSale): Promise<boolean> {
  return postEntry(ctx, {
    key: `order:${sale.orderId}:paid`,
    kind: 'order_paid',
    orderId: sale.orderId,
    memo: `fee_bps=${sale.resellerFeeBps} fee_base=${resellerFeeBase(sale)} packages=${sale.packages.length}${providerFeeMemo(sale.providerFeeCents)}`,
    keepWhenZero: true,
    lines: sharedSaleLines(sale),
  });
}

const SHARE_ACCOUNTS: LedgerAccount[] = [
  'store_pending',
  'store_available',
  'supplier_pending',
  'supplier_available',
  'platform_fee',
];

/** Sums of an order's share lines per party, account and package, over the order's parties' stores only. */
async function shareSums(
  ctx: StoreDbContext,
  input: { orderId: string; parties: string[]; fulfilmentId?: string },
): Promise<{ storeId: string; account: LedgerAccount; fulfilmentId: string | null; sum: number }[]> {
  const rows = await ctx.db
    .select({
      storeId: ledgerLines.storeId,
      account: ledgerLines.account,
      fulfilmentId: ledgerLines.fulfilmentId,
      sum: sql<string>`sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerLines)
    .where(
      and(
        inArray(ledgerLines.storeId, [...new Set([ctx.storeId, ...input.parties])]),
        eq(ledgerLines.orderId, input.orderId),
        inArray(ledgerLines.account, SHARE_ACCOUNTS),
        input.fulfilmentId ? eq(ledgerLines.fulfilmentId, input.fulfilmentId) : undefined,
      ),
    )
    .groupBy(ledgerLines.storeId, ledgerLines.account, ledgerLines.fulfilmentId);
  return rows
    .map((r) => ({ ...r, account: r.account as LedgerAccount, sum: Number(r.sum) }))
    .filter((r) => r.sum !== 0);
}

/**
 * A marketplace order cancelled (key `order:<id>:cancelled`) or one package of it rejected (key
 * `fulfilment:<id>:reversed`): every party's share and fee of it, wherever it stands, becomes owed back to the
 * buyer (refunds, in the order's store). Returns the centavos now owed back (0 when nothing was posted).
 */
export async function postSharesReversed(
  ctx: StoreTxContext,
  input: { orderId: string; parties: string[]; fulfilmentId?: string },
): Promise<number> {
  const sums = await shareSums(ctx, input);
  const back = sums.reduce((s, r) => s + r.sum, 0);
  const posted = await postEntry(ctx, {
    key: input.fulfilmentId ? `fulfilment:${input.fulfilmentId}:reversed` : `order:${input.orderId}:cancelled`,
    kind: input.fulfilmentId ? 'package_reversed' : 'order_cancelled',
    orderId: input.orderId,
    lines: [
      ...sums.map((r) => ({
        account: r.account,
        amountCents: -r.sum,
        storeId: r.storeId,
        fulfilmentId: r.fulfilmentId,
      })),
      { account: 'refunds' as const, amountCents: back },
    ],
  });
  return posted ? -back : 0;
}

/**
 * A delivered package's pending shares become available, every party's (key `fulfilment:<id>:released`, once).
 * Returns the centavos released.
 */
export async function postPackageReleased(
  ctx: StoreTxContext,
  input: { orderId: string; fulfilmentId: string; parties: string[] },
): Promise<number> {
  const sums = (await shareSums(ctx, input)).filter(
    (r) => r.account === 'store_pending' || r.account === 'supplier_pending',
  );
  const moved = sums.reduce((s, r) => s - r.sum, 0);
  const posted = await postEntry(ctx, {
    key: `fulfilment:${input.fulfilmentId}:released`,
    kind: 'release',
    orderId: input.orderId,
    lines: sums.flatMap((r) => [
      { account: r.account, amountCents: -r.sum, storeId: r.storeId, fulfilmentId: r.fulfilmentId },
      {
        account: r.account === 'store_pending' ? ('store_available' as const) : ('supplier_available' as const),
        amountCents: r.sum,
        storeId: r.storeId,
        fulfilmentId: r.fulfilmentId,
      },
    ]),
  });
  return posted ? moved : 0;
}
