/**
 * Contracts of the seller's money screens:
 * /admin/balance/summary, /admin/balance/payment-history, /admin/my-account-bank, /admin/entrega/:pedido_id.
 * Amounts are integer centavos MXN.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits.js';
import { cents, text } from './common.js';

/** GET /api/admin/balance/summary */
export const balanceSummary = z.object({
  /** Everything the store has earned and not been paid out: pending + available. */
  totalCents: z.number().int(),
  /** Ready to pay out (released BALANCE_RELEASE_DAYS after delivery). */
  availableCents: z.number().int(),
  /** Paid orders not yet released. */
  pendingCents: z.number().int(),
  paidOutCents: z.number().int(),
  /**
   * What the store earned, as lines (decisions 095, 096, 136): what buyers paid for paid orders, what went back to them
   * (refunds, cancellations, rejected packages), Vitrina's fee kept (charged minus returned), cash the seller
   * collected by hand, and what its orders owe suppliers for their packages (wholesale, their shipping and their fee);
   * salesCents − refundedCents − feesCents − collectedCents − suppliersCents = netCents. With the supplier part:
   * netCents + supplier.netCents = totalCents + supplier.totalCents + paidOutCents.
   */
  salesCents: z.number().int(),
  refundedCents: z.number().int(),
  feesCents: z.number().int(),
  collectedCents: z.number().int(),
  suppliersCents: z.number().int(),
  netCents: z.number().int(),
  /**
   * "Saldo como proveedor" (decision 136): what the store is owed for packages it shipped of resellers' orders —
   * earned (wholesale and shipping of its packages, less reversed ones) − Vitrina's fee = net = pending + available.
   */
  supplier: z.object({
    earnedCents: z.number().int(),
    feesCents: z.number().int(),
    netCents: z.number().int(),
    pendingCents: z.number().int(),
    availableCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  /** Orders with money pending, and with money released. */
  pendingOrders: z.number().int(),
  availableOrders: z.number().int(),
  releaseDays: z.number().int(),
  /** Sales (store share of paid orders) per day, the last 14 days, oldest first. */
  sales: z.array(z.object({ date: z.string(), cents: z.number().int() })),
  bankAccount: z.object({ bankName: z.string(), clabeLast4: z.string() }).nullable(),
});
export type BalanceSummary = z.infer<typeof balanceSummary>;

export const balanceMovement = z.object({
  id: z.string(),
  kind: z.enum(['order_paid', 'collected', 'order_cancelled', 'package_reversed', 'refund', 'release', 'payout']),
  orderId: z.string().nullable(),
  /** Change of the store's pending and available balances (positive: more for the store). */
  pendingCents: z.number().int(),
  availableCents: z.number().int(),
  /** A paid order: what the buyer paid (saleCents) and Vitrina's fee of it; else null. */
  saleCents: z.number().int().nullable(),
  /** Vitrina's fee: charged (positive) on a paid order, given back (negative) with a refund or cancellation. */
  feeCents: z.number().int().nullable(),
  createdAt: z.string(),
});

export const payoutView = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['paid']),
  bankName: z.string(),
  clabeLast4: z.string(),
  createdAt: z.string(),
});
export type PayoutView = z.infer<typeof payoutView>;

/** GET /api/admin/balance/payment-history */
export const paymentHistory = z.object({
  payouts: z.array(payoutView),
  movements: z.array(balanceMovement),
});
export type PaymentHistory = z.infer<typeof paymentHistory>;

/** POST /api/admin/balance/payouts: an amount, or everything available when left out. */
export const payoutRequest = z.object({ amountCents: cents.min(1).optional() }).strict();
export type PayoutRequest = z.infer<typeof payoutRequest>;

/** A bank of mx-banks (banks.json). */
export const bankOption = z.object({ code: z.string(), name: z.string(), fullName: z.string() });
export type BankOption = z.infer<typeof bankOption>;

/**
 * PUT /api/admin/bank-account (owners only; decision 090). The CLABE's check digit and bank prefix are checked on the
 * server (clabe-validator). `currentPassword`: the owner's password, asked again for every change (re-authentication).
 */
export const bankAccountInput = z
  .object({
    holderName: text({ min: 2, max: 120 }),
    bankCode: z.string().regex(/^\d{3}$/, { message: 'i18n:invalid_value' }),
    clabe: text({ max: 40 })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{18}$/, { message: 'i18n:clabe_format' })),
    /** Optional debit card: only its last four digits are kept. */
    cardNumber: text({ max: 40 })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^(\d{15,19})?$/, { message: 'i18n:invalid_card' }))
      .optional(),
    currentPassword: text({ min: 1, max: PASSWORD_MAX_LENGTH, trim: false }),
  })
  .strict();
export type BankAccountInput = z.input<typeof bankAccountInput>;

export const bankAccountView = z.object({
  holderName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  /** The CLABE masked but for its last four digits. */
  clabeMasked: z.string(),
  /** "•••• 1234" or null. */
  cardMasked: z.string().nullable(),
  updatedAt: z.string(),
  /** While payouts are held after the account was replaced (ISO time they become possible); null when not held. */
  payoutsHeldUntil: z.string().nullable(),
});
export type BankAccountView = z.infer<typeof bankAccountView>;

export const bankAccountResponse = z.object({ account: bankAccountView.nullable(), banks: z.array(bankOption) });

/** Largest signature image accepted (PNG bytes). */
export const SIGNATURE_MAX_BYTES = 200_000;

/** POST /api/admin/orders/:id/delivery (/admin/entrega/:pedido_id). */
export const deliveryProofInput = z
  .object({
    piecesDelivered: z.number().int().min(1).max(100_000),
    collectorName: text({ min: 2, max: 120 }),
    /** data:image/png;base64,… as signature_pad's toDataURL() gives it. */
    signature: z
      .string()
      .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 32, { message: 'i18n:signature_too_big' })
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { message: 'i18n:signature_required' }),
  })
  .strict();
export type DeliveryProofInput = z.infer<typeof deliveryProofInput>;

export const deliveryProofView = z.object({
  piecesDelivered: z.number().int(),
  collectorName: z.string(),
  /** data:image/png;base64,… */
  signature: z.string(),
  createdAt: z.string(),
});
export type DeliveryProofView = z.infer<typeof deliveryProofView>;

/** An amount refund: part or all of a card or wallet payment back to the buyer, centavos. */
export const amountRefundRequest = z
  .object({ amountCents: cents.min(1).max(100_000_000), reason: text({ max: 200 }).optional() })
  .strict();

/**
 * A line refund (decision 147): `quantity` units of order line `orderItemId` back to the buyer, with exactly that
 * line's shares of each party reversed (POST /api/admin/pedidos-revendedores/:id/refunds: a supplier's own line).
 */
export const lineRefundRequest = z
  .object({
    orderItemId: z.string().uuid(),
    quantity: z.number().int().min(1).max(10_000),
    reason: text({ max: 200 }).optional(),
  })
  .strict();
export type LineRefundRequest = z.infer<typeof lineRefundRequest>;

/** POST /api/admin/orders/:id/refunds: an amount (as always) or units of one line. */
export const refundRequest = z.union([amountRefundRequest, lineRefundRequest]);
export type RefundRequest = z.infer<typeof refundRequest>;

export const refundView = z.object({
  id: z.string(),
  orderId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'processing', 'succeeded', 'failed']),
  failureCode: z.string().nullable(),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  /** A line refund: the line and its units; null for an amount refund. */
  orderItemId: z.string().nullable(),
  quantity: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundView>;

/**
 * A line of the order as the refunds card offers it (decision 147): units bought and refunded, and how the seller may
 * refund more of it now — `all` (every party's share reversed; before a supplier's package ships its units also leave
 * the purchase order), `store` (a supplier's line that shipped: the refund comes out of the store's own share, the
 * supplier keeps its price), or `none` (not now: the order is not paid by card or wallet, its package was rejected or
 * cancelled, or nothing is left).
 */
export const refundableLine = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  unitCents: z.number().int(),
  quantity: z.number().int(),
  refundedQuantity: z.number().int(),
  /** A supplier's listing (it ships from the supplier). */
  fromSupplier: z.boolean(),
  mode: z.enum(['all', 'store', 'none']),
});
export type RefundableLine = z.infer<typeof refundableLine>;

/**
 * GET /api/admin/orders/:id/refunds: the order's refunds, newest first, what can still be refunded now as an amount
 * (centavos; 0 when the order cannot be refunded: not paid by card through the provider, or not on its way or
 * delivered), and its lines for line refunds.
 */
export const refundList = z.object({
  refunds: z.array(refundView),
  refundableCents: z.number().int(),
  lines: z.array(refundableLine),
});
export type RefundList = z.infer<typeof refundList>;
