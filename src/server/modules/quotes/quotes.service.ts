/**
 * Quotes (cotizaciones; /admin/cotizaciones, /admin/cotizacion/{id}, "Mis cotizaciones" in /miperfil). A signed-in buyer asks a
 * store for a price on a quantity of one product; the seller answers with unit prices by quantity tier, services, an
 * Incoterm, a lead time, a duty estimate and a validity date, and the server computes each tier's money (decision
 * 150); the buyer accepts one tier by placing an order through the normal checkout, which claims the quote inside the
 * order's transaction with one conditional UPDATE (decision 151: however many accepts race, one order). Status:
 * requested → sent → accepted | declined | expired. Money is integer centavos MXN, IVA included.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { quotes } from '../../db/schema/quotes.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, DbContext, StoreContext, StoreDbContext, StoreTxContext } from '../../lib/context.js';
import { runTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import type {
  Quote,
  QuoteAnswer,
  QuoteAnswerInput,
  QuoteRef,
  QuoteRequestInput,
  QuoteServiceName,
  QuoteStatus,
} from '../../../shared/contracts/quotes.js';
import { QUOTE_SERVICES } from '../../../shared/contracts/quotes.js';
import { quoteTierMoney } from '../../../shared/quote-money.js';
import { getStoreById, storeTimeZone } from '../stores/index.js';
import { getQuotableProduct } from '../catalog/index.js';

type Row = typeof quotes.$inferSelect;
type CustomerContext = Pick<StoreContext, 'db' | 'storeId' | 'locale'> & { actor: Actor };

function toQuote(r: Row): Quote {
  return {
    id: r.id,
    status: r.status as QuoteStatus,
    codigo: r.codigo,
    sku: r.sku,
    productName: r.productName,
    image: r.imageUrl,
    hsCode: r.hsCode,
    minOrderQty: r.minOrderQty,
    quantity: r.quantity,
    destinationCountry: r.destinationCountry,
    destinationCity: r.destinationCity,
    services: r.services,
    note: r.note,
    requestedAt: r.requestedAt.toISOString(),
    buyerName: r.customerName,
    buyerEmail: r.customerEmail,
    answer: r.answer,
    sentAt: r.sentAt?.toISOString() ?? null,
    acceptedTier: r.acceptedTier,
    orderId: r.orderId,
  };
}

/** Today (YYYY-MM-DD) in the store's time zone: validity dates are the store's days. */
async function storeToday(ctx: StoreDbContext): Promise<string> {
  const store = await getStoreById(ctx);
  return new Intl.DateTimeFormat('en-CA', { timeZone: storeTimeZone(store?.settings) }).format(new Date());
}

/** The customer's role check: only a signed-in shopper of this store asks, lists and accepts quotes. */
function buyerOf(ctx: { actor: Actor | null }): Actor {
  if (!ctx.actor || ctx.actor.role !== 'customer') throw new AppError('UNAUTHORIZED');
  return ctx.actor;
}

/**
 * A signed-in buyer asks for `input.quantity` of product `input.codigo` (variant `sku`, by
 * default the first). The request date is now. Throws UNAUTHORIZED (not a customer), PRODUCT_NOT_FOUND (not listed
 * here, or a SKU not of it), QUOTE_QUANTITY_OUT_OF_RANGE {min, max} (below the MOQ or the range's minimum, above its
 * maximum; context `open` when there is no maximum). `origin` is the storefront's, for the email's link.
 */
export async function requestQuote(
  ctx: CustomerContext,
  input: QuoteRequestInput,
  origin: string | null = null,
): Promise<Quote> {
  const actor = buyerOf(ctx);
  const product = await getQuotableProduct(ctx, input.codigo);
  const variant = product && (input.sku ? product.variants.find((v) => v.sku === input.sku) : product.variants[0]);
  if (!product || !variant) throw new AppError('PRODUCT_NOT_FOUND');
  const min = Math.max(product.minOrderQty, product.quantityMin ?? 1);
  const max = product.quantityMax ?? null;
  if (input.quantity < min || (max !== null && input.quantity > max))
    throw new AppError('QUOTE_QUANTITY_OUT_OF_RANGE', { min, max, ...(max === null ? { context: 'open' } : {}) });
  const [row] = await ctx.db
    .insert(quotes)
    .values({
      storeId: ctx.storeId,
      customerId: actor.userId,
      customerEmail: actor.email,
      customerName: actor.fullName,
      productId: product.productId,
      codigo: product.codigo,
      sku: variant.sku,
      productName: product.name,
      imageUrl: variant.imageUrl ?? product.imageUrl,
      hsCode: product.hsCode,
      minOrderQty: product.minOrderQty,
      quantity: input.quantity,
      destinationCountry: input.destinationCountry,
      destinationCity: input.destinationCity,
      services: input.services,
      note: input.note,
      lang: ctx.locale,
      storefrontOrigin: origin,
    })
    .returning();
  return toQuote(row!);
}

/** The signed-in buyer's quotes in this store, newest first ("Mis cotizaciones"). Throws UNAUTHORIZED. */
export async function listMyQuotes(ctx: CustomerContext): Promise<Quote[]> {
  const actor = buyerOf(ctx);
  const rows = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.customerId, actor.userId)))
    .orderBy(desc(quotes.requestedAt))
    .limit(200);
  return rows.map(toQuote);
}

/** One of the signed-in buyer's quotes. Throws UNAUTHORIZED, QUOTE_NOT_FOUND (not theirs, not this store's). */
export async function getMyQuote(ctx: CustomerContext, id: string): Promise<Quote> {
  const actor = buyerOf(ctx);
  const [row] = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.customerId, actor.userId), eq(quotes.id, id)));
  if (!row) throw new AppError('QUOTE_NOT_FOUND');
  return toQuote(row);
}

/** The buyer declines a sent quote. Throws QUOTE_NOT_FOUND, QUOTE_NOT_OPEN (not sent: already closed or unanswered). */
export async function declineQuote(ctx: CustomerContext, id: string): Promise<Quote> {
  const actor = buyerOf(ctx);
  const [row] = await ctx.db
    .update(quotes)
    .set({ status: 'declined', closedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(quotes.storeId, ctx.storeId),
        eq(quotes.customerId, actor.userId),
        eq(quotes.id, id),
        eq(quotes.status, 'sent'),
      ),
    )
    .returning();
  if (row) return toQuote(row);
  await getMyQuote(ctx, id); // QUOTE_NOT_FOUND when it is not theirs
  throw new AppError('QUOTE_NOT_OPEN');
}

/** The store's quotes (one status, or all), unanswered first then newest; at most 500. */
export async function listStoreQuotes(ctx: StoreDbContext, status?: QuoteStatus): Promise<Quote[]> {
  const rows = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), status ? eq(quotes.status, status) : undefined))
    .orderBy(sql`(${quotes.status} = 'requested') desc`, desc(quotes.requestedAt), asc(quotes.id))
    .limit(500);
  return rows.map(toQuote);
}

/** One of the store's quotes. Throws QUOTE_NOT_FOUND (another store's included). */
export async function getStoreQuote(ctx: StoreDbContext, id: string): Promise<Quote> {
  const [row] = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.id, id)));
  if (!row) throw new AppError('QUOTE_NOT_FOUND');
  return toQuote(row);
}

/**
 * `notifications.cotizaciones`: the store's requests not answered yet, counted in the database (the same on
 * every instance).
 */
export async function countUnansweredQuotes(ctx: StoreDbContext): Promise<number> {
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.status, 'requested')));
  return Number(r?.n ?? 0);
}

/**
 * The seller answers (or revises, while still sent) a quote and sends it: each tier's money is computed here
 * (decision 150), the status becomes `sent` and the buyer's email is a job committed with it. Throws QUOTE_NOT_FOUND,
 * QUOTE_NOT_OPEN (accepted, declined or expired), QUOTE_QUANTITY_OUT_OF_RANGE {min, max} (a tier below the product's
 * MOQ), QUOTE_SERVICES_MISMATCH (a price for a service not asked for, or none for one asked), QUOTE_VALIDITY_PAST.
 */
export async function answerQuote(ctx: StoreDbContext, id: string, input: QuoteAnswerInput): Promise<Quote> {
  const today = await storeToday(ctx);
  if (input.validUntil < today) throw new AppError('QUOTE_VALIDITY_PAST');
  return runTransaction(ctx.db, async (tx) => {
    const [current] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.id, id)))
      .for('update');
    if (!current) throw new AppError('QUOTE_NOT_FOUND');
    if (current.status !== 'requested' && current.status !== 'sent') throw new AppError('QUOTE_NOT_OPEN');
    const low = input.tiers.find((t) => t.quantity < current.minOrderQty);
    if (low) throw new AppError('QUOTE_QUANTITY_OUT_OF_RANGE', { min: current.minOrderQty, context: 'open' });
    const asked = QUOTE_SERVICES.filter((s) => current.services[s]);
    const priced = new Set<QuoteServiceName>(input.services.map((s) => s.service));
    if (priced.size !== asked.length || asked.some((s) => !priced.has(s)))
      throw new AppError('QUOTE_SERVICES_MISMATCH', {}, [
        { path: 'services', code: 'invalid', message: asked.join(',') },
      ]);
    // The services in the buyer's order of the list, so that every screen shows them alike.
    const services = asked.map((s) => ({
      service: s,
      priceCents: input.services.find((x) => x.service === s)!.priceCents,
    }));
    const servicesCents = services.reduce((n, s) => n + s.priceCents, 0);
    const answer: QuoteAnswer = {
      tiers: input.tiers.map((t) => quoteTierMoney(t, servicesCents, input.dutyRateBps)),
      leadTimeDays: input.leadTimeDays,
      incoterm: input.incoterm,
      services,
      dutyRateBps: input.dutyRateBps,
      validUntil: input.validUntil,
      message: input.message,
    };
    const [row] = await tx
      .update(quotes)
      .set({ status: 'sent', answer, validUntil: input.validUntil, sentAt: new Date(), updatedAt: new Date() })
      .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.id, id)))
      .returning();
    await enqueue(tx, 'quote-email', { storeId: ctx.storeId, quoteId: id, kind: 'sent' });
    // And a message in the buyer's conversation about this quote (the messages module posts it).
    await enqueue(tx, 'quote-message', { storeId: ctx.storeId, quoteId: id });
    return toQuote(row!);
  });
}

/** What an order buys when it accepts a quote's tier: the variant, units and quoted prices (centavos, IVA included). */
export interface QuotedLine {
  quoteId: string;
  tier: number;
  codigo: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  /** The quoted services, charged on the order as its delivery and services line (decision 151). */
  servicesCents: number;
  leadTimeDays: number;
}

/**
 * For checkout, before anything is written: the line `ref` accepts, if the signed-in buyer's quote is sent and valid
 * today. Throws UNAUTHORIZED (no signed-in customer), QUOTE_NOT_FOUND (not theirs), QUOTE_NOT_ACCEPTABLE {reason}
 * (also the message's context: requested | accepted | declined | expired), QUOTE_TIER_NOT_FOUND.
 */
export async function quotedLine(
  ctx: Pick<StoreContext, 'db' | 'storeId' | 'actor'>,
  ref: QuoteRef,
): Promise<QuotedLine> {
  const actor = buyerOf(ctx);
  const [q] = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.customerId, actor.userId), eq(quotes.id, ref.id)));
  if (!q) throw new AppError('QUOTE_NOT_FOUND');
  const today = await storeToday(ctx);
  const reason = q.status === 'sent' && q.validUntil && q.validUntil < today ? 'expired' : q.status;
  if (reason !== 'sent') throw new AppError('QUOTE_NOT_ACCEPTABLE', { reason, context: reason });
  const tier = q.answer?.tiers[ref.tier];
  if (!tier) throw new AppError('QUOTE_TIER_NOT_FOUND');
  return {
    quoteId: q.id,
    tier: ref.tier,
    codigo: q.codigo,
    sku: q.sku,
    quantity: tier.quantity,
    unitPriceCents: tier.unitPriceCents,
    servicesCents: tier.servicesCents,
    leadTimeDays: q.answer!.leadTimeDays,
  };
}

/**
 * Inside the order's transaction: the quote becomes accepted by `orderId`, only if it is still sent and valid at this
 * instant (one conditional UPDATE; the row lock makes racing orders wait and then find it accepted). Throws
 * QUOTE_NOT_ACCEPTABLE {reason: 'accepted'} otherwise, which rolls the order back.
 */
export async function acceptQuoteForOrder(
  ctx: StoreTxContext & { actor: Actor | null },
  line: Pick<QuotedLine, 'quoteId' | 'tier'>,
  orderId: string,
): Promise<void> {
  const actor = buyerOf(ctx);
  const today = await storeToday(ctx);
  const taken = await ctx.db
    .update(quotes)
    .set({ status: 'accepted', acceptedTier: line.tier, orderId, closedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(quotes.storeId, ctx.storeId),
        eq(quotes.id, line.quoteId),
        eq(quotes.customerId, actor.userId),
        eq(quotes.status, 'sent'),
        sql`${quotes.validUntil} >= ${today}`,
      ),
    )
    .returning({ id: quotes.id });
  if (!taken.length) throw new AppError('QUOTE_NOT_ACCEPTABLE', { reason: 'accepted', context: 'accepted' });
}

/**
 * An accepted quote whose order was cancelled or expired unpaid goes back to `sent` (or `expired` past its validity
 * date), so the buyer may accept it again. Does nothing for an order that accepted no quote.
 */
export async function releaseQuoteOfOrder(ctx: StoreDbContext, orderId: string): Promise<void> {
  const today = await storeToday(ctx);
  await ctx.db
    .update(quotes)
    .set({
      status: sql`case when ${quotes.validUntil} < ${today} then 'expired' else 'sent' end`,
      acceptedTier: null,
      orderId: null,
      closedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(quotes.storeId, ctx.storeId), eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')));
}

/**
 * The expiry job's work (decision 151): every sent quote whose validity date has passed in its store's time zone
 * becomes expired. Returns how many. Candidates are read across stores first (UTC tomorrow bounds every zone), then
 * each store's are expired against its own today.
 */
export async function expireQuotes(ctx: DbContext): Promise<number> {
  const bound = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const stores = await ctx.db
    .selectDistinct({ storeId: quotes.storeId })
    .from(quotes)
    .where(and(eq(quotes.status, 'sent'), lt(quotes.validUntil, bound)));
  let n = 0;
  for (const { storeId } of stores) {
    const today = await storeToday({ db: ctx.db, storeId });
    const done = await ctx.db
      .update(quotes)
      .set({ status: 'expired', closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(quotes.storeId, storeId), eq(quotes.status, 'sent'), lt(quotes.validUntil, today)))
      .returning({ id: quotes.id });
    n += done.length;
  }
  return n;
}

/** A quote for its notice jobs (the email, the message; store-scoped) with its buyer's id, or null when it is gone. */
export async function loadQuoteForEmail(
  ctx: StoreDbContext,
  id: string,
): Promise<(Quote & { customerId: string; lang: 'es' | 'en'; storefrontOrigin: string | null }) | null> {
  const [row] = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.storeId, ctx.storeId), inArray(quotes.id, [id])));
  if (!row) return null;
  return {
    ...toQuote(row),
    customerId: row.customerId,
    lang: row.lang === 'en' ? 'en' : 'es',
    storefrontOrigin: row.storefrontOrigin,
  };
}
