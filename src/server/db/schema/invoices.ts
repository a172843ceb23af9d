/**
 * CFDI 4.0 invoices (facturas) of the store's orders, the store's invoicing account at its PAC, and the buyers' saved
 * fiscal data (decision 154). Owned by the invoices module. Money is integer centavos MXN, IVA included unless named
 * `base`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './columns.js';
import { stores } from './stores.js';
import { users } from './accounts.js';
import { orders } from './orders.js';

/**
 * The store's account at its PAC (Facturapi), one per store. The secret key is kept only encrypted
 * (AES-256-GCM, `iv.tag.ciphertext` in base64url, key derived from the app secret); the API shows its last 4 characters.
 * The SAT keys of the store's products and of shipping are per store (decision 154).
 */
export const invoicingAccounts = pgTable('invoicing_accounts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  /** facturapi */
  provider: text('provider').notNull().default('facturapi'),
  apiKeyEncrypted: text('api_key_encrypted').notNull(),
  apiKeyLast4: text('api_key_last4').notNull(),
  /** True for a live key (sk_live_…): its CFDIs are stamped for real. */
  livemode: boolean('livemode').notNull().default(false),
  /** c_ClaveProdServ of every product of the store (8 digits). */
  productKey: text('product_key').notNull().default('01010101'),
  /** c_ClaveUnidad of every product of the store. */
  unitKey: text('unit_key').notNull().default('H87'),
  /** c_ClaveProdServ of the shipping line. */
  shippingProductKey: text('shipping_product_key').notNull().default('78102203'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a buyer fills in for a factura, saved on their account for the next one. */
export interface FiscalData {
  rfc: string;
  legalName: string;
  /** c_RegimenFiscal */
  taxRegime: string;
  /** c_UsoCFDI */
  cfdiUse: string;
  /** Código postal of the domicilio fiscal. */
  postalCode: string;
}

/** A buyer's fiscal data (a customer account belongs to one store). */
export const fiscalProfiles = pgTable(
  'fiscal_profiles',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    cfdiUse: text('cfdi_use').notNull(),
    postalCode: text('postal_code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] })],
);

/**
 * A CFDI of an order: `income` (tipo I, the factura; one per order) or `credit_note` (tipo E, a refund after the
 * factura, related to it by UUID with relation 01; one per refund). Status: requested (waits for the order to be
 * paid) → issued, or failed (the PAC refused; `error` says why) → issued on a retry; issued → cancelled (a refund of
 * the whole order, motive 02).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** income | credit_note */
    kind: text('kind').notNull(),
    /** requested | issued | failed | cancelled */
    status: text('status').notNull(),
    /** The factura a credit note corrects. */
    relatedInvoiceId: uuid('related_invoice_id'),
    /** The refund a credit note records (no foreign key: balances owns refunds). */
    refundId: uuid('refund_id'),
    receiver: jsonb('receiver').$type<FiscalData>().notNull(),
    email: text('email').notNull(),
    /** c_FormaPago of the order's payment method. */
    paymentForm: text('payment_form').notNull(),
    baseCents: money('base_cents').notNull().default(0),
    taxCents: money('tax_cents').notNull().default(0),
    totalCents: money('total_cents').notNull().default(0),
    pacId: text('pac_id'),
    /** The folio fiscal the SAT stamped. */
    uuid: text('uuid'),
    pdfKey: text('pdf_key'),
    xmlKey: text('xml_key'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_store_order_idx').on(t.storeId, t.orderId),
    uniqueIndex('invoices_one_income_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'income'`),
    uniqueIndex('invoices_one_per_refund').on(t.refundId),
    index('invoices_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('requested', 'failed')`),
    check('invoices_kind', sql`${t.kind} in ('income', 'credit_note')`),
    check('invoices_status', sql`${t.status} in ('requested', 'issued', 'failed', 'cancelled')`),
  ],
);
