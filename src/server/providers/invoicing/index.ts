/**
 * The PAC adapter (decision 154): Facturapi through its official Node SDK, pointed at FACTURAPI_API_BASE, or, when
 * that is unset, at the built-in sandbox PAC (sandbox.ts) on a loopback port, so development, the demo and the tests
 * run the SDK's real HTTP path offline.
 */
import FacturapiDefault, { FacturapiError } from 'facturapi';
import type { AppConfig } from '../../config.js';
import { startPacSandbox } from './sandbox.js';
import { PacError, type InvoicingProvider, type PacInvoiceInput } from './types.js';

export { PacError, type InvoicingProvider, type PacInvoice, type PacInvoiceInput, type PacItem } from './types.js';

// Node loads the SDK's CommonJS build, whose default export arrives wrapped in `default`; bundlers and vitest load its
// ES build, where it does not.
const Facturapi: typeof FacturapiDefault =
  (FacturapiDefault as unknown as { default?: typeof FacturapiDefault }).default ?? FacturapiDefault;

const pesos = (cents: number) => cents / 100;

/** The SDK's request body of a CFDI (Facturapi API v2, POST /invoices). */
export function facturapiBody(input: PacInvoiceInput): Record<string, unknown> {
  return {
    type: input.type,
    customer: {
      legal_name: input.customer.legalName,
      tax_id: input.customer.rfc,
      tax_system: input.customer.taxRegime,
      email: input.customer.email,
      address: { zip: input.customer.postalCode },
    },
    use: input.use,
    payment_form: input.paymentForm,
    payment_method: 'PUE',
    currency: 'MXN',
    items: input.items.map((i) => ({
      quantity: i.quantity,
      discount: pesos(i.discountCents),
      product: {
        description: i.description,
        product_key: i.productKey,
        unit_key: i.unitKey,
        price: pesos(i.unitPriceCents),
        tax_included: true,
        taxes: [{ type: 'IVA', rate: 0.16 }],
        ...(i.sku ? { sku: i.sku } : {}),
      },
    })),
    ...(input.relatedUuid ? { related_documents: [{ relationship: '01', documents: [input.relatedUuid] }] } : {}),
    idempotency_key: input.idempotencyKey,
  };
}

async function toBuffer(data: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  if (typeof data === 'string') return Buffer.from(data);
  if (data instanceof Blob) return Buffer.from(await data.arrayBuffer());
  const chunks: Buffer[] = [];
  for await (const c of data as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

async function pac<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof FacturapiError) throw new PacError(err.message, err.status);
    throw new PacError(err instanceof Error ? err.message : String(err), 0);
  }
}

/** The Facturapi adapter at the URL `baseUrl` gives (the sandbox's is known once it listens). */
export function createFacturapiProvider(baseUrl: () => string | Promise<string>): InvoicingProvider {
  const client = async (apiKey: string) => {
    const f = new Facturapi(apiKey);
    f.BASE_URL = await baseUrl();
    return f;
  };
  return {
    async checkKey(apiKey) {
      const f = await client(apiKey);
      try {
        await pac(() => f.customers.list({ limit: 1 }));
        return true;
      } catch (err) {
        if (err instanceof PacError && (err.status === 401 || err.status === 403)) return false;
        throw err;
      }
    },
    async createInvoice(apiKey, input) {
      const f = await client(apiKey);
      const inv = await pac(() => f.invoices.create(facturapiBody(input)));
      return { id: inv.id, uuid: inv.uuid, totalCents: Math.round(inv.total * 100) };
    },
    async cancelInvoice(apiKey, id, motive) {
      const f = await client(apiKey);
      // The SDK types the motive as its own enum of these same SAT keys.
      await pac(() => f.invoices.cancel(id, { motive: motive as never }));
    },
    async download(apiKey, id, format) {
      const f = await client(apiKey);
      const data = await pac(() => (format === 'pdf' ? f.invoices.downloadPdf(id) : f.invoices.downloadXml(id)));
      return toBuffer(data);
    },
  };
}

/** FACTURAPI_API_BASE's PAC, or the sandbox PAC started on first use. */
export function createInvoicingProvider(config: Pick<AppConfig, 'FACTURAPI_API_BASE'>): InvoicingProvider {
  const configured = config.FACTURAPI_API_BASE?.replace(/\/$/, '');
  if (configured) return createFacturapiProvider(() => configured);
  let base: Promise<string> | null = null;
  return createFacturapiProvider(() => (base ??= startPacSandbox().then((s) => s.baseUrl)));
}
