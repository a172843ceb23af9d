/**
 * Facturas of orders (decision 154): the buyer asks for one at checkout or from the order page for 30 days; it is
 * issued by a job once the order is paid (issue.ts); buyer and seller read the order's CFDIs and download their PDF
 * and XML. Every query is scoped by the store of `ctx`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/invoices.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/index.js';
import { AppError } from '../../lib/app-error.js';
import type { StoreContext, StoreDbContext } from '../../lib/context.js';
import type { OrderView } from '../../../shared/contracts/checkout.js';
import type { FiscalData, FiscalDataInput, InvoiceView, OrderInvoicing } from '../../../shared/contracts/invoices.js';
import { PAYMENT_FORMS } from '../../../shared/sat-catalogs.js';
import { getOrderForBuyer, getStoreOrderView } from '../orders/index.js';
import { invoicingAvailable } from './account.js';
import { checkFiscalData, getFiscalProfile, saveFiscalProfile } from './fiscal.js';

/** Days after the order during which its buyer may ask for the factura. */
export const INVOICE_REQUEST_DAYS = 30;

/** Order statuses whose payment has arrived: a factura asked for one is issued at once. */
export const PAID_STATUSES: readonly string[] = [
  'paid',
  'ready_to_ship',
  'on_the_way',
  'ready_for_pickup',
  'delivered',
];

export type InvoiceRow = typeof invoices.$inferSelect;

/** Where the files of a CFDI are downloaded: the buyer's routes (with the guest's view token) or the seller's. */
export type InvoiceAudience = { buyer: true; viewToken?: string } | { buyer: false };

/** The view of a CFDI row for `audience`. */
export function invoiceView(r: InvoiceRow, audience: InvoiceAudience): InvoiceView {
  const file = (format: 'pdf' | 'xml') => {
    if (!(format === 'pdf' ? r.pdfKey : r.xmlKey)) return null;
    if (!audience.buyer) return `/api/admin/invoices/${r.id}/${format}`;
    const q = audience.viewToken ? `?viewToken=${encodeURIComponent(audience.viewToken)}` : '';
    return `/api/pedidos/${r.orderId}/factura/${r.id}/${format}${q}`;
  };
  return {
    id: r.id,
    kind: r.kind as InvoiceView['kind'],
    status: r.status as InvoiceView['status'],
    uuid: r.uuid,
    receiver: r.receiver,
    paymentForm: r.paymentForm,
    baseCents: r.baseCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    error: audience.buyer ? null : r.error,
    createdAt: r.createdAt.toISOString(),
    issuedAt: r.issuedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    pdfUrl: file('pdf'),
    xmlUrl: file('xml'),
  };
}

/** The CFDIs of order `orderId` of the store: the factura first, then its credit notes by date. */
export async function orderInvoiceRows(ctx: StoreDbContext, orderId: string): Promise<InvoiceRow[]> {
  return ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.storeId, ctx.storeId), eq(invoices.orderId, orderId)))
    .orderBy(sql`${invoices.kind} = 'credit_note'`, asc(invoices.createdAt));
}

/** One CFDI of the store. Throws INVOICE_NOT_FOUND. */
export async function loadInvoice(ctx: StoreDbContext, invoiceId: string): Promise<InvoiceRow> {
  const [r] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.storeId, ctx.storeId), eq(invoices.id, invoiceId)));
  if (!r) throw new AppError('INVOICE_NOT_FOUND');
  return r;
}

const requestUntil = (order: Pick<OrderView, 'createdAt'>) =>
  new Date(new Date(order.createdAt).getTime() + INVOICE_REQUEST_DAYS * 86_400_000);

/**
 * Records the factura of an order just created or read by its buyer (status `requested`) and, when the order is
 * already paid, enqueues its issue. Inside the caller's transaction or its own. A failed one (the PAC refused the
 * data) is replaced by the new data; any other throws INVOICE_ALREADY_REQUESTED (409).
 */
export async function recordInvoiceRequest(
  ctx: StoreDbContext,
  order: { id: string; status: string; paymentMethod: string; email: string },
  data: FiscalData,
): Promise<InvoiceRow> {
  return runTransaction(ctx.db, async (tx) => {
    const paymentForm = PAYMENT_FORMS[order.paymentMethod as keyof typeof PAYMENT_FORMS] ?? '99';
    const values = { receiver: data, email: order.email, paymentForm, status: 'requested', error: null };
    const [inserted] = await tx
      .insert(invoices)
      .values({ storeId: ctx.storeId, orderId: order.id, kind: 'income', ...values })
      .onConflictDoNothing()
      .returning();
    let row = inserted;
    if (!row) {
      [row] = await tx
        .update(invoices)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(invoices.storeId, ctx.storeId),
            eq(invoices.orderId, order.id),
            eq(invoices.kind, 'income'),
            eq(invoices.status, 'failed'),
          ),
        )
        .returning();
      if (!row) throw new AppError('INVOICE_ALREADY_REQUESTED');
    }
    if (PAID_STATUSES.includes(order.status))
      await enqueue(tx, 'invoice-issue', { storeId: ctx.storeId, invoiceId: row.id });
    return row;
  });
}

/**
 * The buyer asks for the factura of their order (own, or a guest with the view token) from the order page: checks
 * the store invoices (INVOICING_NOT_AVAILABLE, 409), the fiscal data (checkFiscalData's SAT errors, 422), the order
 * (INVOICE_ORDER_CANCELLED, 409; INVOICE_WINDOW_CLOSED after 30 days, 409; ORDER_NOT_FOUND, 404), saves the data on a
 * signed-in buyer's account and records the request (recordInvoiceRequest).
 */
export async function requestOrderInvoice(
  ctx: StoreContext,
  orderId: string,
  input: FiscalDataInput,
  viewToken?: string,
): Promise<InvoiceView> {
  const order = await getOrderForBuyer(ctx, orderId, viewToken);
  if (!(await invoicingAvailable(ctx))) throw new AppError('INVOICING_NOT_AVAILABLE');
  const data = checkFiscalData(input);
  if (order.status === 'cancelled') throw new AppError('INVOICE_ORDER_CANCELLED');
  if (Date.now() > requestUntil(order).getTime())
    throw new AppError('INVOICE_WINDOW_CLOSED', { days: INVOICE_REQUEST_DAYS });
  const row = await runTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (ctx.actor?.role === 'customer') await saveFiscalProfile(txCtx, ctx.actor.userId, data);
    return recordInvoiceRequest(txCtx, order, data);
  });
  return invoiceView(row, { buyer: true, viewToken });
}

/** The factura side of the buyer's order (own, or with the view token): see `orderInvoicing`. */
export async function getOrderInvoicing(
  ctx: StoreContext,
  orderId: string,
  viewToken?: string,
): Promise<OrderInvoicing> {
  const order = await getOrderForBuyer(ctx, orderId, viewToken);
  const [available, rows, profile] = await Promise.all([
    invoicingAvailable(ctx),
    orderInvoiceRows(ctx, orderId),
    ctx.actor?.role === 'customer' ? getFiscalProfile(ctx, ctx.actor.userId) : Promise.resolve(null),
  ]);
  const until = requestUntil(order);
  const income = rows.find((r) => r.kind === 'income');
  return {
    available,
    requestUntil: until.toISOString(),
    canRequest:
      available &&
      order.status !== 'cancelled' &&
      Date.now() <= until.getTime() &&
      (!income || income.status === 'failed'),
    profile,
    invoices: rows.map((r) => invoiceView(r, { buyer: true, viewToken })),
  };
}

/** The CFDIs of an order of the store, for the seller. Throws ORDER_NOT_FOUND for an order of another store. */
export async function listOrderInvoices(ctx: StoreContext, orderId: string): Promise<InvoiceView[]> {
  await getStoreOrderView(ctx, orderId);
  return (await orderInvoiceRows(ctx, orderId)).map((r) => invoiceView(r, { buyer: false }));
}

/** The stored PDF or XML of a CFDI of the store, with its file name. Throws INVOICE_NOT_FOUND. */
export async function readInvoiceFile(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'providers'>,
  invoiceId: string,
  format: 'pdf' | 'xml',
  orderId?: string,
): Promise<{ data: Buffer; fileName: string; contentType: string }> {
  const r = await loadInvoice(ctx, invoiceId);
  if (orderId && r.orderId !== orderId) throw new AppError('INVOICE_NOT_FOUND');
  const key = format === 'pdf' ? r.pdfKey : r.xmlKey;
  const data = key ? await ctx.providers.storage.getPrivate(key) : null;
  if (!data) throw new AppError('INVOICE_NOT_FOUND');
  return {
    data,
    fileName: `${r.uuid ?? r.id}.${format}`,
    contentType: format === 'pdf' ? 'application/pdf' : 'application/xml',
  };
}

/**
 * A buyer's download: checks the order is theirs (or the view token's) first. Throws ORDER_NOT_FOUND,
 * INVOICE_NOT_FOUND.
 */
export async function readBuyerInvoiceFile(
  ctx: StoreContext,
  orderId: string,
  invoiceId: string,
  format: 'pdf' | 'xml',
  viewToken?: string,
): Promise<{ data: Buffer; fileName: string; contentType: string }> {
  await getOrderForBuyer(ctx, orderId, viewToken);
  return readInvoiceFile(ctx, invoiceId, format, orderId);
}

/**
 * Checks a factura asked with a new order before anything is held: the store invoices (INVOICING_NOT_AVAILABLE, 409)
 * and the fiscal data (checkFiscalData's SAT errors, 422). Returns the data the CFDI will carry.
 */
export async function checkCheckoutInvoice(ctx: StoreDbContext, input: FiscalDataInput): Promise<FiscalData> {
  if (!(await invoicingAvailable(ctx))) throw new AppError('INVOICING_NOT_AVAILABLE');
  return checkFiscalData(input);
}

/**
 * Records the factura of an order being created, in the order's transaction (`ctx.db`): saved on the signed-in
 * buyer's account (`customerId`) and issued once the order is paid (the sweep finds it).
 */
export async function recordCheckoutInvoice(
  ctx: StoreDbContext,
  order: { id: string; paymentMethod: string; email: string },
  data: FiscalData,
  customerId: string | null,
): Promise<void> {
  if (customerId) await saveFiscalProfile(ctx, customerId, data);
  await recordInvoiceRequest(ctx, { ...order, status: 'pending' }, data);
}
