/**
 * CFDI 4.0 invoices (facturas) of orders (decision 154): the buyer's fiscal data, the seller's invoicing settings and
 * the invoices shown on an order. Money in integer centavos MXN, IVA included unless named `base`. The RFC, régimen,
 * uso and código postal are checked by the server against the SAT's rules (answers in the SAT's words), so the shapes
 * here only bound their length.
 */
import { z } from 'zod';
import { cents, text } from './common.js';

/** What the buyer types for a factura. The RFC is stored upper-case, without spaces or dashes. */
export const fiscalDataInput = z.object({
  rfc: z
    .string()
    .max(20)
    .regex(/^[A-Za-z0-9&Ññ -]*$/)
    .transform((s) => s.toUpperCase().replace(/[\s-]/g, '')),
  legalName: text({ max: 254 }),
  taxRegime: z
    .string()
    .max(3)
    .regex(/^[0-9A-Za-z]*$/),
  cfdiUse: z
    .string()
    .max(4)
    .regex(/^[0-9A-Za-z]*$/),
  postalCode: z
    .string()
    .max(10)
    .regex(/^[0-9 ]*$/)
    .transform((s) => s.trim()),
});
export type FiscalDataInput = z.infer<typeof fiscalDataInput>;

export const fiscalData = z.object({
  rfc: z.string(),
  legalName: z.string(),
  taxRegime: z.string(),
  cfdiUse: z.string(),
  postalCode: z.string(),
});
export type FiscalData = z.infer<typeof fiscalData>;

export const invoiceKind = z.enum(['income', 'credit_note']);
export const invoiceStatus = z.enum(['requested', 'issued', 'failed', 'cancelled']);

/** One CFDI of an order, as buyer and seller see it. `pdfUrl`/`xmlUrl` once issued. */
export const invoiceView = z.object({
  id: z.string(),
  kind: invoiceKind,
  status: invoiceStatus,
  uuid: z.string().nullable(),
  receiver: fiscalData,
  paymentForm: z.string(),
  baseCents: cents,
  taxCents: cents,
  totalCents: cents,
  /** Why the PAC refused it (status failed), for the seller. */
  error: z.string().nullable(),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  xmlUrl: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

/**
 * The factura side of an order for its buyer: whether the store invoices, until when it can be asked, the buyer's
 * saved fiscal data, and the order's CFDIs (the factura first, then its credit notes).
 */
export const orderInvoicing = z.object({
  available: z.boolean(),
  /** ISO date-time after which no factura can be asked (30 days after the order). */
  requestUntil: z.string(),
  canRequest: z.boolean(),
  profile: fiscalData.nullable(),
  invoices: z.array(invoiceView),
});
export type OrderInvoicing = z.infer<typeof orderInvoicing>;

/** SAT keys: c_ClaveProdServ is 8 digits; c_ClaveUnidad 2-3 letters or digits. */
export const satProductKey = z.string().regex(/^\d{8}$/);
export const satUnitKey = z.string().regex(/^[A-Z0-9]{2,3}$/);

/** The seller's invoicing settings; the secret key only ever as its last 4 characters. */
export const invoicingSettings = z.object({
  connected: z.boolean(),
  provider: z.literal('facturapi'),
  keyLast4: z.string().nullable(),
  livemode: z.boolean(),
  productKey: z.string(),
  unitKey: z.string(),
  shippingProductKey: z.string(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettings>;

/** Connects or updates the account: `apiKey` required the first time, optional after (the stored one stays). */
export const invoicingSettingsInput = z.object({
  apiKey: z
    .string()
    .trim()
    .max(220)
    .regex(/^sk_(test|live)_[A-Za-z0-9_-]{8,200}$/)
    .optional(),
  productKey: satProductKey.default('01010101'),
  unitKey: satUnitKey.default('H87'),
  shippingProductKey: satProductKey.default('78102203'),
});
export type InvoicingSettingsInput = z.infer<typeof invoicingSettingsInput>;

export const invoiceList = z.object({ invoices: z.array(invoiceView) });
export const invoicingAvailability = z.object({ available: z.boolean() });
