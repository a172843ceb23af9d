/**
 * Issuing CFDIs at the store's PAC (decision 154): the factura of a paid order (tipo I, PUE, IVA 16 % broken out of
 * the prices per line by shared/cfdi-tax.ts), and after a refund the credit note (tipo E, uso G02, relation 01 to the
 * factura's UUID) for the refunded amount, or the factura's cancellation (motive 02) when the whole order was
 * refunded or cancelled before any credit note. Each step is safe to run again: the PAC call carries the CFDI's id as
 * its idempotency key and every write is conditional on the row's status.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/invoices.js';
import { enqueue } from '../../jobs/index.js';
import type { StoreContext } from '../../lib/context.js';
import type { OrderView } from '../../../shared/contracts/checkout.js';
import { sumBreakdown } from '../../../shared/cfdi-tax.js';
import { proRataCents } from '../../../shared/money.js';
import { CREDIT_NOTE_USE } from '../../../shared/sat-catalogs.js';
import { PacError, type PacItem } from '../../providers/invoicing/index.js';
import { listRefunds } from '../balances/index.js';
import { getStoreOrderView } from '../orders/index.js';
import { decryptApiKey, loadInvoicingAccount } from './account.js';
import { PAID_STATUSES, loadInvoice, orderInvoiceRows, type InvoiceRow } from './invoices.service.js';

/** What issuing needs: the store's database, PAC, storage, configuration and log. */
export type IssueContext = Pick<StoreContext, 'db' | 'storeId' | 'providers' | 'config' | 'log'>;

/** c_ClaveProdServ and c_ClaveUnidad of a credit note's concept, as the SAT's Guía de llenado asks for a devolución. */
const CREDIT_NOTE_KEYS = { productKey: '84111506', unitKey: 'ACT' };
/** c_ClaveUnidad of a service (shipping, the OXXO fee). */
const SERVICE_UNIT = 'E48';
/** c_ClaveProdServ of the OXXO fee: none of the SAT's keys names a payment-channel fee (decision 154). */
const OXXO_FEE_KEY = '01010101';

/**
 * The concepts of an order's factura, in centavos with IVA: each product line with its share of the coupon as its
 * discount (shared in proportion to the lines' totals, cumulatively, so the shares add up to the discount exactly),
 * the shipping and the OXXO fee as their own concepts. The concepts' totals add up to the order's total.
 */
export function orderConcepts(
  order: Pick<OrderView, 'items' | 'itemsCents' | 'discountCents' | 'shippingCents' | 'feeCents' | 'shipping'>,
  keys: { productKey: string; unitKey: string; shippingProductKey: string },
): PacItem[] {
  const discount = Math.min(order.discountCents, order.itemsCents);
  let before = 0;
  let upTo = 0;
  const items: PacItem[] = order.items.map((i) => {
    upTo += i.lineTotalCents;
    const cum = proRataCents(discount, upTo, order.itemsCents);
    const share = cum - before;
    before = cum;
    const options = Object.values(i.options).filter(Boolean).join(', ');
    return {
      description: options ? `${i.name} (${options})` : i.name,
      productKey: keys.productKey,
      unitKey: keys.unitKey,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      discountCents: share,
      sku: i.sku,
    };
  });
  if (order.shippingCents > 0)
    items.push({
      description: `Envío ${order.shipping.proveedor} ${order.shipping.servicio}`.trim(),
      productKey: keys.shippingProductKey,
      unitKey: SERVICE_UNIT,
      quantity: 1,
      unitPriceCents: order.shippingCents,
      discountCents: 0,
    });
  if (order.feeCents > 0)
    items.push({
      description: 'Comisión por pago en efectivo en OXXO',
      productKey: OXXO_FEE_KEY,
      unitKey: SERVICE_UNIT,
      quantity: 1,
      unitPriceCents: order.feeCents,
      discountCents: 0,
    });
  return items;
}

/** The total of each concept (price × quantity − discount), for the IVA breakdown. */
export const conceptTotals = (items: readonly PacItem[]) =>
  items.map((i) => ({ totalCents: i.unitPriceCents * i.quantity - i.discountCents }));

async function fail(ctx: IssueContext, row: InvoiceRow, message: string) {
  await ctx.db
    .update(invoices)
    .set({
      status: 'failed',
      error: message.slice(0, 500),
      attempts: sql`${invoices.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.storeId, ctx.storeId), eq(invoices.id, row.id), eq(invoices.status, row.status)));
}

/** Stamps `row` with `items` at the PAC and stores the result; a refusal marks it failed (no retry), else throws. */
async function stamp(
  ctx: IssueContext,
  row: InvoiceRow,
  apiKey: string,
  input: { type: 'I' | 'E'; use: string; items: PacItem[]; relatedUuid?: string },
): Promise<'issued' | 'failed'> {
  const expected = sumBreakdown(conceptTotals(input.items));
  let stamped;
  try {
    stamped = await ctx.providers.invoicing.createInvoice(apiKey, {
      ...input,
      customer: { ...row.receiver, email: row.email },
      paymentForm: row.paymentForm,
      idempotencyKey: row.id,
    });
  } catch (err) {
    // A refusal (4xx) will not pass on a retry: the buyer or the seller must change something. Anything else retries.
    if (err instanceof PacError && err.status >= 400 && err.status < 500) {
      await fail(ctx, row, err.message);
      return 'failed';
    }
    throw err;
  }
  if (stamped.totalCents !== expected.totalCents)
    ctx.log.warn({ invoiceId: row.id, pac: stamped.totalCents, expected }, 'invoice: the PAC total differs');
  const [pdf, xml] = await Promise.all([
    ctx.providers.invoicing.download(apiKey, stamped.id, 'pdf'),
    ctx.providers.invoicing.download(apiKey, stamped.id, 'xml'),
  ]);
  const pdfKey = `${ctx.storeId}/invoices/${row.id}.pdf`;
  const xmlKey = `${ctx.storeId}/invoices/${row.id}.xml`;
  await ctx.providers.storage.putPrivate(pdfKey, pdf);
  await ctx.providers.storage.putPrivate(xmlKey, xml);
  const [done] = await ctx.db
    .update(invoices)
    .set({
      status: 'issued',
      pacId: stamped.id,
      uuid: stamped.uuid,
      baseCents: expected.baseCents,
      taxCents: expected.taxCents,
      totalCents: expected.totalCents,
      pdfKey,
      xmlKey,
      error: null,
      attempts: sql`${invoices.attempts} + 1`,
      issuedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(invoices.storeId, ctx.storeId),
        eq(invoices.id, row.id),
        inArray(invoices.status, ['requested', 'failed']),
      ),
    )
    .returning({ id: invoices.id });
  if (done) await enqueue(ctx.db, 'invoice-email', { storeId: ctx.storeId, invoiceId: row.id });
  return 'issued';
}

/**
 * Issues the factura `invoiceId` of the store once its order is paid: `waiting` while the order is not paid,
 * `issued`, `failed` (the PAC refused it, or the store has no invoicing account any more: the reason is on the row),
 * or `done` when it was already issued or cancelled. Throws when the PAC cannot be reached (the job retries).
 */
export async function issueInvoice(
  ctx: IssueContext,
  invoiceId: string,
): Promise<'waiting' | 'issued' | 'failed' | 'done'> {
  const row = await loadInvoice(ctx, invoiceId);
  if (row.kind !== 'income' || !['requested', 'failed'].includes(row.status)) return 'done';
  const order = await getStoreOrderView({ ...ctx, actor: null, locale: 'es' }, row.orderId);
  // An order cancelled unpaid (an OXXO voucher that expired) will never be invoiced: out of the sweep's way.
  if (order.status === 'cancelled') {
    await fail(ctx, row, 'The order was cancelled before it was paid');
    return 'failed';
  }
  if (!PAID_STATUSES.includes(order.status)) return 'waiting';
  const account = await loadInvoicingAccount(ctx);
  if (!account) {
    await fail(ctx, row, 'The store has no invoicing account connected');
    return 'failed';
  }
  const items = orderConcepts(order, account);
  const apiKey = decryptApiKey(ctx.config, ctx.storeId, account.apiKeyEncrypted);
  return stamp(ctx, row, apiKey, { type: 'I', use: row.receiver.cfdiUse, items });
}

/**
 * Brings an order's issued factura in line with its refunds: when the order was cancelled or refunded whole and no
 * credit note exists yet, the factura is cancelled with motive 02; otherwise each succeeded refund without a credit
 * note gets one for its amount (at most what the factura has left). Returns how many CFDIs it issued or cancelled.
 */
export async function creditRefunds(ctx: IssueContext, orderId: string): Promise<number> {
  const rows = await orderInvoiceRows(ctx, orderId);
  const income = rows.find((r) => r.kind === 'income' && r.status === 'issued');
  if (!income?.uuid || !income.pacId) return 0;
  const notes = rows.filter((r) => r.kind === 'credit_note');
  const refunds = (await listRefunds(ctx, orderId)).filter((r) => r.status === 'succeeded').reverse();
  const refunded = refunds.reduce((s, r) => s + r.amountCents, 0);
  const order = await getStoreOrderView({ ...ctx, actor: null, locale: 'es' }, orderId);
  const account = await loadInvoicingAccount(ctx);
  if (!account) return 0;
  const apiKey = decryptApiKey(ctx.config, ctx.storeId, account.apiKeyEncrypted);
  if (notes.length === 0 && (order.status === 'cancelled' || refunded >= income.totalCents)) {
    await ctx.providers.invoicing.cancelInvoice(apiKey, income.pacId, '02');
    await ctx.db
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(invoices.storeId, ctx.storeId), eq(invoices.id, income.id), eq(invoices.status, 'issued')));
    return 1;
  }
  let credited = notes.filter((n) => n.status === 'issued').reduce((s, n) => s + n.totalCents, 0);
  let made = 0;
  for (const refund of refunds) {
    const existing = notes.find((n) => n.refundId === refund.id);
    if (existing && existing.status !== 'requested') continue;
    const amount = Math.min(refund.amountCents, income.totalCents - credited);
    if (amount <= 0) continue;
    const [note] = existing
      ? [existing]
      : await ctx.db
          .insert(invoices)
          .values({
            storeId: ctx.storeId,
            orderId,
            kind: 'credit_note',
            status: 'requested',
            relatedInvoiceId: income.id,
            refundId: refund.id,
            receiver: { ...income.receiver, cfdiUse: CREDIT_NOTE_USE },
            email: income.email,
            paymentForm: income.paymentForm,
          })
          .onConflictDoNothing()
          .returning();
    if (!note) continue;
    const items: PacItem[] = [
      {
        description: `Devolución del pedido ${order.folio}`,
        ...CREDIT_NOTE_KEYS,
        quantity: 1,
        unitPriceCents: amount,
        discountCents: 0,
      },
    ];
    if (
      (await stamp(ctx, note, apiKey, { type: 'E', use: CREDIT_NOTE_USE, items, relatedUuid: income.uuid })) ===
      'issued'
    ) {
      credited += amount;
      made++;
    }
  }
  return made;
}

/** How far back the refund sweep looks for facturas whose order may have been refunded since. */
export const REFUND_SWEEP_DAYS = 180;

type SweepContext = Pick<StoreContext, 'db' | 'providers' | 'config' | 'log'>;

/**
 * Every minute, all stores: the facturas asked for orders that are now paid are issued (at most 200 a run). One
 * invoice's failure is logged and left to the next run. Returns how many were issued.
 */
export async function issueRequestedInvoices(ctx: SweepContext): Promise<number> {
  let issued = 0;
  const requested = await ctx.db
    .select({ id: invoices.id, storeId: invoices.storeId })
    .from(invoices)
    .where(and(eq(invoices.status, 'requested'), eq(invoices.kind, 'income')))
    .orderBy(asc(invoices.updatedAt))
    .limit(200);
  for (const r of requested) {
    try {
      const result = await issueInvoice({ ...ctx, storeId: r.storeId }, r.id);
      if (result === 'issued') issued++;
      // Still unpaid: to the back of the queue, so that many open vouchers cannot keep the others waiting.
      if (result === 'waiting')
        await ctx.db
          .update(invoices)
          .set({ updatedAt: new Date() })
          .where(and(eq(invoices.id, r.id), eq(invoices.storeId, r.storeId)));
    } catch (err) {
      ctx.log.warn({ err, invoiceId: r.id }, 'invoice sweep: not issued');
    }
  }
  return issued;
}

/**
 * Every ten minutes, all stores: the facturas issued in the last REFUND_SWEEP_DAYS days get the credit notes or the
 * cancellation their orders' refunds call for (creditRefunds). The orders module cannot call this module (it comes
 * first), so the refunds are read here rather than announced. Returns how many CFDIs were issued or cancelled.
 */
export async function creditRefundedInvoices(ctx: SweepContext): Promise<number> {
  let credited = 0;
  const since = new Date(Date.now() - REFUND_SWEEP_DAYS * 86_400_000);
  const issued = await ctx.db
    .select({ orderId: invoices.orderId, storeId: invoices.storeId })
    .from(invoices)
    .where(and(eq(invoices.status, 'issued'), eq(invoices.kind, 'income'), gte(invoices.issuedAt, since)));
  for (const r of issued) {
    try {
      credited += await creditRefunds({ ...ctx, storeId: r.storeId }, r.orderId);
    } catch (err) {
      ctx.log.warn({ err, orderId: r.orderId }, 'invoice sweep: refunds not credited');
    }
  }
  return credited;
}
