/**
 * The seller's money (decisions 046, 047): the balance summary and
 * history read from the ledger (ledger.ts), payouts of available money to the store's bank account, and that bank
 * account (bank from mx-banks, CLABE checked by clabe-validator: check digit and bank prefix). Amounts are centavos.
 * Moving money is the owners' (decisions 090, 091): the routes let only an owner pay out or change the account; a change
 * needs the owner's password again, emails every owner, and a replaced CLABE holds payouts for
 * BANK_ACCOUNT_CHANGE_HOLD_HOURS, checked in the payout's own transaction.
 */
import fs from 'node:fs';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { clabe as clabeLib } from 'clabe-validator';
import { bankAccounts, ledgerEntries, ledgerLines, payouts } from '../../db/schema/balances.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { withTx, type Actor, type StoreContext, type StoreDbContext } from '../../lib/context.js';
import { enqueue } from '../../jobs/queue.js';
import { verifyAccountPassword } from '../accounts/index.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';
import type {
  BalanceSummary,
  BankAccountInput,
  BankAccountView,
  BankOption,
  PaymentHistory,
  PayoutView,
} from '../../../shared/contracts/balances.js';
import { accountSums, postEntry } from './ledger.js';

interface RawBank {
  code: string;
  name: string;
  full_name: string;
}

/** The SPEI participants of mx-banks (banks.json; NOTICE item 4), without Banxico itself, sorted by name. */
export const BANKS: readonly BankOption[] = (
  JSON.parse(fs.readFileSync(new URL('./mx-banks.json', import.meta.url), 'utf8')) as RawBank[]
)
  .filter((b) => b.code !== '001')
  .map((b) => ({ code: b.code, name: b.name, fullName: b.full_name }))
  .sort((a, b) => a.name.localeCompare(b.name));
const bankByCode = new Map(BANKS.map((b) => [b.code, b]));
const bankName = (code: string) => bankByCode.get(code)?.name ?? code;

const mask = (last4: string) => `•••• ${last4}`;

/**
 * The summary of /admin/balance/summary: pending, available and total (their sum), paid out; the lines that make what
 * the store earned (sales − refunded − Vitrina's fee − cash collected by hand = net = total + paid out; decisions 095,
 * 096); how many orders have money pending or released; the store's share of paid orders per day for 14 days.
 */
export async function getBalanceSummary(ctx: StoreContext): Promise<BalanceSummary> {
  const { db, storeId } = ctx;
  const s = await accountSums(ctx);
  const key = ledgerEntries.key;
  const amount = ledgerLines.amountCents;
  const [made] = await db
    .select({
      sales: sql<string>`coalesce(sum(${amount}) filter (where ${key} like 'order:%:paid' and ${ledgerLines.account} = 'buyer_payment'), 0)`,
      refunded: sql<string>`coalesce(-sum(${amount}) filter (where (${key} like 'order:%:cancelled' or ${key} like 'fulfilment:%:reversed' or ${key} like 'refund-request:%') and ${ledgerLines.account} = 'refunds'), 0)`,
      fees: sql<string>`coalesce(-sum(${amount}) filter (where ${ledgerLines.account} = 'platform_fee'), 0)`,
      collected: sql<string>`coalesce(sum(${amount}) filter (where ${key} like 'order:%:collected' and ${ledgerLines.account} = 'store_pending'), 0)`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(eq(ledgerLines.storeId, storeId), eq(ledgerEntries.storeId, storeId)));
  const shares = await shareLines(ctx);
  const salesCents = Number(made.sales);
  const refundedCents = Number(made.refunded);
  const collectedCents = Number(made.collected);
  const perOrder = await db
    .select({
      pending: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'store_pending'), 0)`,
      released: sql<string>`count(*) filter (where ${ledgerLines.account} = 'store_available' and ${ledgerLines.amountCents} < 0)`,
    })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.storeId, storeId), sql`${ledgerLines.orderId} is not null`))
    .groupBy(ledgerLines.orderId);
  const since = new Date(Date.now() - 13 * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const daily = await db
    .select({ day, cents: sql<string>`-sum(${ledgerLines.amountCents})` })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(
      and(
        eq(ledgerLines.storeId, storeId),
        eq(ledgerEntries.kind, 'order_paid'),
        eq(ledgerLines.account, 'store_pending'),
        gte(ledgerEntries.createdAt, since),
      ),
    )
    .groupBy(day);
  const byDay = new Map(daily.map((d) => [d.day, Number(d.cents)]));
  const sales = Array.from({ length: 14 }, (_, i) => {
    const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { date, cents: byDay.get(date) ?? 0 };
  });
  const account = await getBankAccountRow(ctx);
  return {
    pendingCents: -s.store_pending,
    availableCents: -s.store_available,
    totalCents: -s.store_pending - s.store_available,
    paidOutCents: -s.payouts,
    salesCents,
    refundedCents,
    feesCents: Number(made.fees),
    collectedCents,
    suppliersCents: shares.suppliersCents,
    netCents: salesCents - refundedCents - Number(made.fees) - collectedCents - shares.suppliersCents,
    supplier: {
      earnedCents: shares.earnedCents,
      feesCents: shares.supplierFeesCents,
      netCents: shares.earnedCents - shares.supplierFeesCents,
      pendingCents: -s.supplier_pending,
      availableCents: -s.supplier_available,
      totalCents: -s.supplier_pending - s.supplier_available,
    },
    pendingOrders: perOrder.filter((o) => Number(o.pending) < 0).length,
    availableOrders: perOrder.filter((o) => Number(o.released) > 0).length,
    releaseDays: ctx.config.BALANCE_RELEASE_DAYS,
    sales,
    bankAccount: account ? { bankName: bankName(account.bankCode), clabeLast4: account.clabe.slice(-4) } : null,
  };
}

/**
 * The marketplace parts of a store's money (decision 136), centavos: what its own orders owe other stores (their
 * lines in the store's entries: suppliers' shares and Vitrina's fee on them, net of reversals), and what it is owed
 * as a supplier (its lines in other stores' entries but their releases: supplier shares, less what a refund of its
 * lines took back, pending or already released (decision 147), and the fee on them).
 */
async function shareLines(
  ctx: StoreDbContext,
): Promise<{ suppliersCents: number; earnedCents: number; supplierFeesCents: number }> {
  const { db, storeId } = ctx;
  const amount = ledgerLines.amountCents;
  const [own] = await db
    .select({ others: sql<string>`coalesce(-sum(${amount}), 0)` })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(eq(ledgerEntries.storeId, storeId), sql`${ledgerLines.storeId} <> ${storeId}`));
  const [asSupplier] = await db
    .select({
      earned: sql<string>`coalesce(-sum(${amount}) filter (where ${ledgerEntries.kind} <> 'release' and ${ledgerLines.account} in ('supplier_pending', 'supplier_available', 'platform_fee')), 0)`,
      fees: sql<string>`coalesce(-sum(${amount}) filter (where ${ledgerLines.account} = 'platform_fee'), 0)`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(eq(ledgerLines.storeId, storeId), sql`${ledgerEntries.storeId} <> ${storeId}`));
  return {
    suppliersCents: Number(own.others),
    earnedCents: Number(asSupplier.earned),
    supplierFeesCents: Number(asSupplier.fees),
  };
}

function toPayoutView(p: typeof payouts.$inferSelect): PayoutView {
  return {
    id: p.id,
    amountCents: p.amountCents,
    status: p.status as PayoutView['status'],
    bankName: bankName(p.bankCode),
    clabeLast4: p.clabeLast4,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * The store's payouts and its latest 100 balance movements, newest first (/admin/balance/payment-history). A paid
 * order's movement carries its sale and Vitrina's fee (sale − fee = what it added to pending); a refund's or a
 * cancellation's, the fee it gave back (negative).
 */
export async function getPaymentHistory(ctx: StoreDbContext): Promise<PaymentHistory> {
  const { db, storeId } = ctx;
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.storeId, storeId))
    .orderBy(desc(payouts.createdAt))
    .limit(100);
  const movements = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      orderId: ledgerEntries.orderId,
      createdAt: ledgerEntries.createdAt,
      pending: sql<string>`coalesce(-sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'store_pending'), 0)`,
      available: sql<string>`coalesce(-sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'store_available'), 0)`,
      sale: sql<
        string | null
      >`sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'buyer_payment' and ${ledgerEntries.key} like 'order:%:paid')`,
      fee: sql<string | null>`-sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'platform_fee')`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerLines, and(eq(ledgerLines.entryId, ledgerEntries.id), eq(ledgerLines.storeId, storeId)))
    .where(eq(ledgerEntries.storeId, storeId))
    .groupBy(ledgerEntries.id)
    .orderBy(desc(ledgerEntries.createdAt))
    .limit(100);
  return {
    payouts: rows.map(toPayoutView),
    movements: movements
      .map((m) => ({
        id: m.id,
        kind: m.kind as PaymentHistory['movements'][number]['kind'],
        orderId: m.orderId,
        pendingCents: Number(m.pending),
        availableCents: Number(m.available),
        saleCents: m.sale === null ? null : Number(m.sale),
        feeCents: m.fee === null ? null : Number(m.fee),
        createdAt: m.createdAt.toISOString(),
      }))
      .filter((m) => m.pendingCents !== 0 || m.availableCents !== 0),
  };
}

/** How long payouts wait after the store's CLABE is replaced (decision 091: the banks' and Stripe's new-account hold). */
export const BANK_ACCOUNT_CHANGE_HOLD_HOURS = 24;

/**
 * A moment as the store's people read it: date and time in `timeZone` and `locale` (Spanish on a 24-hour clock, so a
 * sentence never ends in "a.m..").
 */
export function formatStoreDateTime(at: Date, locale: 'es' | 'en', timeZone: string): string {
  return at.toLocaleString(locale === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
    ...(locale === 'en' ? {} : { hourCycle: 'h23' as const }),
  });
}

async function storeDateTime(ctx: StoreContext, at: Date): Promise<string> {
  const store = await getStoreById(ctx);
  return formatStoreDateTime(at, ctx.locale, storeTimeZone(store?.settings));
}

/**
 * Pays out `amountCents` (default: everything available) to the store's bank account. The bank-account row is locked
 * first, so concurrent requests of one store run one after the other, never pay out more than is available, and see
 * a bank-account change that committed before them (and its hold). Throws BANK_ACCOUNT_REQUIRED (422) without a bank
 * account, PAYOUT_ON_HOLD (422; params.until ISO, params.date as the store reads it) within
 * BANK_ACCOUNT_CHANGE_HOLD_HOURS of a CLABE change (by the database's clock), PAYOUT_NOTHING_AVAILABLE (422) when
 * nothing is available, PAYOUT_EXCEEDS_AVAILABLE (422) when the amount is more than available.
 */
export async function requestPayout(ctx: StoreContext, amountCents?: number): Promise<PayoutView> {
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    const [account] = await tx
      .select({ row: bankAccounts, held: sql<boolean>`coalesce(${bankAccounts.payoutsHeldUntil} > now(), false)` })
      .from(bankAccounts)
      .where(eq(bankAccounts.storeId, ctx.storeId))
      .for('update')
      .then((rows) => rows.map((r) => ({ ...r.row, held: r.held })));
    if (!account) throw new AppError('BANK_ACCOUNT_REQUIRED');
    if (account.held && account.payoutsHeldUntil)
      throw new AppError('PAYOUT_ON_HOLD', {
        until: account.payoutsHeldUntil.toISOString(),
        date: await storeDateTime(txCtx, account.payoutsHeldUntil),
      });
    const sums = await accountSums(txCtx);
    // What the store earned as a seller and as a supplier goes to the same bank account (decision 136).
    const own = -sums.store_available;
    const available = own - sums.supplier_available;
    if (available <= 0) throw new AppError('PAYOUT_NOTHING_AVAILABLE');
    const amount = amountCents ?? available;
    if (amount > available) throw new AppError('PAYOUT_EXCEEDS_AVAILABLE', { available });
    const [row] = await tx
      .insert(payouts)
      .values({
        storeId: ctx.storeId,
        amountCents: amount,
        status: 'paid',
        bankCode: account.bankCode,
        clabeLast4: account.clabe.slice(-4),
      })
      .returning();
    await postEntry(txCtx, {
      key: `payout:${row!.id}`,
      kind: 'payout',
      payoutId: row!.id,
      lines: [
        { account: 'store_available', amountCents: Math.min(amount, Math.max(0, own)) },
        { account: 'supplier_available', amountCents: amount - Math.min(amount, Math.max(0, own)) },
        { account: 'payouts', amountCents: -amount },
      ],
    });
    return toPayoutView(row!);
  });
}

async function getBankAccountRow(ctx: StoreDbContext) {
  const { db, storeId } = ctx;
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.storeId, storeId)).limit(1);
  return row ?? null;
}

function toBankAccountView(row: typeof bankAccounts.$inferSelect): BankAccountView {
  const held = row.payoutsHeldUntil && row.payoutsHeldUntil.getTime() > Date.now() ? row.payoutsHeldUntil : null;
  return {
    holderName: row.holderName,
    bankCode: row.bankCode,
    bankName: bankName(row.bankCode),
    clabeMasked: `${'•'.repeat(4)} ${row.clabe.slice(-4)}`,
    cardMasked: row.cardLast4 ? mask(row.cardLast4) : null,
    updatedAt: row.updatedAt.toISOString(),
    payoutsHeldUntil: held ? held.toISOString() : null,
  };
}

/** The store's bank account (masked), or null. */
export async function getBankAccount(ctx: StoreDbContext): Promise<BankAccountView | null> {
  const row = await getBankAccountRow(ctx);
  return row ? toBankAccountView(row) : null;
}

/**
 * Sets the store's bank account, for an owner (the route's ownerContext) who typed their password again. The bank must
 * be one of mx-banks; the CLABE must pass clabe-validator (format, check digit, known bank and plaza) and start with the
 * chosen bank's code. Only the card's last four digits are stored. A CLABE replacing another holds payouts for
 * BANK_ACCOUNT_CHANGE_HOLD_HOURS (decided in the upsert itself, so two racing saves cannot skip it; the first account
 * is not held, nor a save that keeps the CLABE). Every owner is emailed by a job enqueued in the same transaction.
 * Throws VALIDATION_FAILED with field errors `bankCode` (invalid_value), `clabe` (clabe_check_digit,
 * clabe_bank_mismatch, clabe_invalid); CURRENT_PASSWORD_INCORRECT (422, field `currentPassword`).
 */
export async function saveBankAccount(
  ctx: StoreContext & { actor: Actor },
  input: BankAccountInput,
): Promise<BankAccountView> {
  const { storeId } = ctx;
  const clabe = input.clabe.replace(/[\s-]/g, '');
  const card = input.cardNumber?.replace(/[\s-]/g, '') || null;
  if (!bankByCode.has(input.bankCode))
    throw new AppError('VALIDATION_FAILED', {}, [{ path: 'bankCode', code: 'invalid_value', message: '' }]);
  const check = clabeLib.validate(clabe);
  const clabeError = (code: string) => new AppError('VALIDATION_FAILED', {}, [{ path: 'clabe', code, message: '' }]);
  if (!check.ok) {
    if (check.error === 'invalid-checksum') throw clabeError('clabe_check_digit');
    throw clabeError('clabe_invalid');
  }
  if (check.code.bank !== input.bankCode) throw clabeError('clabe_bank_mismatch');
  // Outside the transaction: a password hash takes half a second and holds no row.
  await verifyAccountPassword(ctx, ctx.actor.userId, input.currentPassword);
  const values = {
    storeId,
    holderName: input.holderName,
    bankCode: input.bankCode,
    clabe,
    cardLast4: card ? card.slice(-4) : null,
    updatedBy: ctx.actor.userId,
    updatedAt: new Date(),
  };
  return runTransaction(ctx.db, async (tx) => {
    const [previous] = await tx
      .select({ clabe: bankAccounts.clabe })
      .from(bankAccounts)
      .where(eq(bankAccounts.storeId, storeId))
      .for('update');
    const [row] = await tx
      .insert(bankAccounts)
      .values(values)
      .onConflictDoUpdate({
        target: bankAccounts.storeId,
        set: {
          ...values,
          // The existing row's CLABE against the new one: a replaced account is held, an unchanged one keeps its hold.
          payoutsHeldUntil: sql`case when ${sql.raw('"bank_accounts"."clabe"')} <> excluded."clabe"
            then now() + make_interval(hours => ${BANK_ACCOUNT_CHANGE_HOLD_HOURS})
            else ${sql.raw('"bank_accounts"."payouts_held_until"')} end`,
        },
      })
      .returning();
    const view = toBankAccountView(row!);
    await enqueue(tx, 'bank-account-email', {
      storeId,
      changedBy: ctx.actor.userId,
      first: !previous,
      bankCode: row!.bankCode,
      clabeLast4: row!.clabe.slice(-4),
      holderName: row!.holderName,
      changedAt: row!.updatedAt.toISOString(),
      heldUntil: view.payoutsHeldUntil,
    });
    return view;
  });
}
