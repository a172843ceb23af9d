/**
 * The PAC (proveedor autorizado de certificación) as the invoices module sees it (decision 154): each call carries the
 * store's own secret key, since every store invoices under its own RFC. Amounts cross this interface in centavos; the
 * adapter converts to the PAC's pesos.
 */

/** One concept of a CFDI: `unitPriceCents` includes IVA 16 %; `discountCents` is taken off the line, IVA included. */
export interface PacItem {
  description: string;
  /** c_ClaveProdServ */
  productKey: string;
  /** c_ClaveUnidad */
  unitKey: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  /** The store's own code of the concept (NoIdentificacion). */
  sku?: string;
}

export interface PacInvoiceInput {
  /** I: ingreso (the factura); E: egreso (a credit note). */
  type: 'I' | 'E';
  customer: { rfc: string; legalName: string; taxRegime: string; postalCode: string; email: string };
  /** c_UsoCFDI */
  use: string;
  /** c_FormaPago */
  paymentForm: string;
  items: PacItem[];
  /** For a credit note: the UUID of the factura it corrects (relation 01, nota de crédito). */
  relatedUuid?: string;
  /** Our id of the CFDI: the PAC answers the same CFDI to a retry with this key instead of stamping twice. */
  idempotencyKey: string;
}

/** A stamped CFDI: the PAC's id, the SAT's folio fiscal, and its total in centavos. */
export interface PacInvoice {
  id: string;
  uuid: string;
  totalCents: number;
}

/** The PAC refused the request (`status` its HTTP status, `message` its words) or could not be reached (status 0). */
export class PacError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PacError';
  }
}

export interface InvoicingProvider {
  /** True when the PAC accepts `apiKey`; false when it refuses it (401); throws PacError when unreachable. */
  checkKey(apiKey: string): Promise<boolean>;
  /** Stamps a CFDI. Throws PacError. */
  createInvoice(apiKey: string, input: PacInvoiceInput): Promise<PacInvoice>;
  /** Cancels a stamped CFDI with the SAT's motive (02: comprobante emitido con errores sin relación). */
  cancelInvoice(apiKey: string, id: string, motive: '01' | '02' | '03' | '04'): Promise<void>;
  /** The CFDI's PDF or XML. */
  download(apiKey: string, id: string, format: 'pdf' | 'xml'): Promise<Buffer>;
}
