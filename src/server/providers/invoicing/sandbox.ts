/**
 * The sandbox PAC (decision 154): a local stand-in of Facturapi's HTTP API (v2) that the SDK is pointed at in
 * development, the demo and the tests, as the payment sandbox stands in for the card provider. It checks what the SAT
 * would refuse in a store's CFDI 4.0 — the receiver's RFC (structure and check digit, no generic RFC), régimen and
 * uso against c_RegimenFiscal and c_UsoCFDI and the type of person, the código postal, c_FormaPago, PUE, the keys of
 * each concept, IVA 16 %, and a credit note's relation 01 to a stamped factura for no more than it has left — works
 * out the totals by the rule of shared/cfdi-tax.ts, and answers a random UUID and a CFDI 4.0 XML (not sealed: no
 * certificate is involved). Only test keys (`sk_test_…`) are accepted. State lives in memory, per process.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Rfc } from '@nodecfdi/rfc';
import { ivaBreakdown } from '../../../shared/cfdi-tax.js';
import { CFDI_USES, CREDIT_NOTE_USE, TAX_REGIMES, personTypeOfRfc } from '../../../shared/sat-catalogs.js';

/** c_FormaPago keys a store's sale can have. */
const PAYMENT_FORMS = new Set(['01', '02', '03', '04', '05', '06', '28', '29', '31', '99']);
/** c_ClaveUnidad keys the sandbox knows (pieces, services, activity, boxes, weights, lengths, volumes, sets, pairs). */
const UNIT_KEYS = new Set(['H87', 'E48', 'ACT', 'XBX', 'KGM', 'GRM', 'LTR', 'MTR', 'SET', 'PR', 'EA', 'C62', 'XUN']);

interface StoredInvoice {
  key: string;
  id: string;
  uuid: string;
  type: 'I' | 'E';
  totalCents: number;
  status: 'valid' | 'canceled';
  related: string | null;
  xml: string;
  idempotencyKey: string | null;
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

const cents = (pesos: unknown, what: string): number => {
  if (typeof pesos !== 'number' || !Number.isFinite(pesos) || pesos < 0) throw new Refusal(`${what} is not an amount`);
  const c = Math.round(pesos * 100);
  if (Math.abs(c - pesos * 100) > 1e-6) throw new Refusal(`${what} has more than 2 decimals`);
  return c;
};
const money = (c: number) => (c / 100).toFixed(2);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The concepts of a request with their base and IVA (centavos), after every SAT check that concerns them. */
function concepts(items: unknown) {
  if (!Array.isArray(items) || items.length === 0) throw new Refusal('items must have at least one concept', 'items');
  return items.map((raw, n) => {
    const i = raw as { quantity?: unknown; discount?: unknown; product?: Record<string, unknown> };
    const p = i.product ?? {};
    const where = `items.${n}`;
    if (typeof i.quantity !== 'number' || !Number.isInteger(i.quantity) || i.quantity < 1)
      throw new Refusal(`${where}.quantity must be a positive whole number`, `${where}.quantity`);
    if (typeof p.description !== 'string' || !p.description.trim())
      throw new Refusal(`${where}.product.description is required`, `${where}.product.description`);
    if (typeof p.product_key !== 'string' || !/^\d{8}$/.test(p.product_key) || p.product_key === '00000000')
      throw new Refusal(
        `${where}: ClaveProdServ no existe en el catálogo c_ClaveProdServ`,
        `${where}.product.product_key`,
      );
    if (typeof p.unit_key !== 'string' || !UNIT_KEYS.has(p.unit_key))
      throw new Refusal(`${where}: ClaveUnidad no existe en el catálogo c_ClaveUnidad`, `${where}.product.unit_key`);
    if (p.tax_included !== true)
      throw new Refusal(`${where}: prices must include IVA`, `${where}.product.tax_included`);
    const taxes = p.taxes as { type?: string; rate?: number }[] | undefined;
    if (!Array.isArray(taxes) || taxes.length !== 1 || taxes[0].type !== 'IVA' || taxes[0].rate !== 0.16)
      throw new Refusal(`${where}: the sandbox takes one IVA traslado at 0.160000`, `${where}.product.taxes`);
    const unit = cents(p.price, `${where}.product.price`);
    if (unit <= 0) throw new Refusal(`${where}.product.price must be more than zero`, `${where}.product.price`);
    const discount = cents(i.discount ?? 0, `${where}.discount`);
    const gross = unit * i.quantity;
    if (discount > gross) throw new Refusal(`${where}: Descuento mayor que el Importe`, `${where}.discount`);
    const total = gross - discount;
    const { baseCents, taxCents } = ivaBreakdown(total);
    const discountBase = ivaBreakdown(discount).baseCents;
    return {
      description: p.description,
      productKey: p.product_key,
      unitKey: p.unit_key,
      sku: typeof p.sku === 'string' ? p.sku : null,
      quantity: i.quantity,
      importeCents: baseCents + discountBase,
      discountBase,
      baseCents,
      taxCents,
      totalCents: total,
    };
  });
}

function checkReceiver(body: Record<string, unknown>, type: 'I' | 'E') {
  const c = (body.customer ?? {}) as Record<string, unknown>;
  const rfc = typeof c.tax_id === 'string' ? c.tax_id : '';
  if (!Rfc.isValid(rfc, Rfc.DISALLOW_GENERIC | Rfc.DISALLOW_FOREIGN))
    throw new Refusal('El RFC del receptor no es válido', 'customer.tax_id');
  if (!Rfc.parse(rfc).doesCheckSumMatch())
    throw new Refusal('El dígito verificador del RFC no es válido', 'customer.tax_id');
  if (typeof c.legal_name !== 'string' || !c.legal_name.trim())
    throw new Refusal('El campo Nombre del receptor es requerido', 'customer.legal_name');
  const person = personTypeOfRfc(rfc);
  const regime = TAX_REGIMES[String(c.tax_system)];
  if (!regime) throw new Refusal('RegimenFiscalR no existe en c_RegimenFiscal', 'customer.tax_system');
  if (!regime.persons.includes(person))
    throw new Refusal('La clave del campo RegimenFiscalR debe corresponder con el tipo de persona (física o moral)');
  const zip = (c.address as { zip?: unknown } | undefined)?.zip;
  if (typeof zip !== 'string' || !/^\d{5}$/.test(zip))
    throw new Refusal('DomicilioFiscalReceptor debe ser un código postal', 'customer.address.zip');
  const use = String(body.use);
  if (type === 'E' ? use !== CREDIT_NOTE_USE && !CFDI_USES[use] : !CFDI_USES[use])
    throw new Refusal('UsoCFDI no existe en c_UsoCFDI', 'use');
  const u = CFDI_USES[use] ?? CFDI_USES.G01;
  if (!u.persons.includes(person) || !u.regimes.includes(String(c.tax_system)))
    throw new Refusal('La clave del campo UsoCFDI debe corresponder con el tipo de persona y el régimen fiscal', 'use');
  return { rfc, name: c.legal_name, regime: String(c.tax_system), zip, use };
}

function cfdiXml(inv: {
  type: 'I' | 'E';
  uuid: string;
  paymentForm: string;
  receiver: ReturnType<typeof checkReceiver>;
  lines: ReturnType<typeof concepts>;
  related: string | null;
}): string {
  const sub = inv.lines.reduce((s, l) => s + l.importeCents, 0);
  const desc = inv.lines.reduce((s, l) => s + l.discountBase, 0);
  const base = inv.lines.reduce((s, l) => s + l.baseCents, 0);
  const tax = inv.lines.reduce((s, l) => s + l.taxCents, 0);
  const total = inv.lines.reduce((s, l) => s + l.totalCents, 0);
  const r = inv.receiver;
  const conceptos = inv.lines
    .map(
      (l) =>
        `<cfdi:Concepto ClaveProdServ="${l.productKey}"${l.sku ? ` NoIdentificacion="${esc(l.sku)}"` : ''} ` +
        `Cantidad="${l.quantity}" ClaveUnidad="${l.unitKey}" Descripcion="${esc(l.description)}" ` +
        `ValorUnitario="${(l.importeCents / 100 / l.quantity).toFixed(6)}" Importe="${money(l.importeCents)}"` +
        `${l.discountBase ? ` Descuento="${money(l.discountBase)}"` : ''} ObjetoImp="02">` +
        `<cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${money(l.baseCents)}" Impuesto="002" ` +
        `TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(l.taxCents)}"/></cfdi:Traslados></cfdi:Impuestos>` +
        `</cfdi:Concepto>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ` +
    `Version="4.0" Fecha="${new Date().toISOString().slice(0, 19)}" FormaPago="${inv.paymentForm}" ` +
    `SubTotal="${money(sub)}"${desc ? ` Descuento="${money(desc)}"` : ''} Moneda="MXN" Total="${money(total)}" ` +
    `TipoDeComprobante="${inv.type}" Exportacion="01" MetodoPago="PUE" LugarExpedicion="00000">` +
    (inv.related
      ? `<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${inv.related}"/></cfdi:CfdiRelacionados>`
      : '') +
    `<cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>` +
    `<cfdi:Receptor Rfc="${r.rfc}" Nombre="${esc(String(r.name))}" DomicilioFiscalReceptor="${r.zip}" ` +
    `RegimenFiscalReceptor="${r.regime}" UsoCFDI="${r.use}"/>` +
    `<cfdi:Conceptos>${conceptos}</cfdi:Conceptos>` +
    `<cfdi:Impuestos TotalImpuestosTrasladados="${money(tax)}"><cfdi:Traslados><cfdi:Traslado Base="${money(base)}" ` +
    `Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(tax)}"/></cfdi:Traslados></cfdi:Impuestos>` +
    `<cfdi:Complemento><tfd:TimbreFiscalDigital Version="1.1" UUID="${inv.uuid}" ` +
    `FechaTimbrado="${new Date().toISOString().slice(0, 19)}" RfcProvCertif="SPR190613I52"/></cfdi:Complemento>` +
    `</cfdi:Comprobante>\n`
  );
}

/** A one-page PDF that names the CFDI (the sandbox has no layout: a real PAC renders its own). */
function cfdiPdf(uuid: string, totalCents: number): Buffer {
  const text = `CFDI ${uuid} Total ${money(totalCents)} MXN (sandbox)`;
  const stream = `BT /F1 12 Tf 40 760 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface PacSandbox {
  baseUrl: string;
  /** Every CFDI stamped so far (tests read the XML the PAC made). */
  invoices: Map<string, StoredInvoice>;
  close(): Promise<void>;
}

/** Starts the sandbox PAC on a loopback port. The server does not keep the process alive (unref). */
export async function startPacSandbox(): Promise<PacSandbox> {
  const invoices = new Map<string, StoredInvoice>();

  const create = (key: string, body: Record<string, unknown>): StoredInvoice => {
    const idem = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
    const again = idem ? [...invoices.values()].find((i) => i.key === key && i.idempotencyKey === idem) : undefined;
    if (again) return again;
    const type = body.type === 'E' ? 'E' : body.type === undefined || body.type === 'I' ? 'I' : null;
    if (!type) throw new Refusal('type must be I or E', 'type');
    const receiver = checkReceiver(body, type);
    if (!PAYMENT_FORMS.has(String(body.payment_form)))
      throw new Refusal('FormaPago no existe en c_FormaPago', 'payment_form');
    if (body.payment_method !== 'PUE') throw new Refusal('MetodoPago debe ser PUE', 'payment_method');
    const lines = concepts(body.items);
    const totalCents = lines.reduce((s, l) => s + l.totalCents, 0);
    let related: string | null = null;
    if (type === 'E') {
      const docs = body.related_documents as { relationship?: string; documents?: string[] }[] | undefined;
      const rel = docs?.[0];
      if (!rel || rel.relationship !== '01' || rel.documents?.length !== 1)
        throw new Refusal('Una nota de crédito se relaciona con TipoRelacion 01 a un CFDI', 'related_documents');
      const original = [...invoices.values()].find((i) => i.key === key && i.uuid === rel.documents![0]);
      if (!original || original.type !== 'I' || original.status !== 'valid')
        throw new Refusal('El CFDI relacionado no existe o está cancelado', 'related_documents');
      const credited = [...invoices.values()]
        .filter((i) => i.related === original.uuid && i.status === 'valid')
        .reduce((s, i) => s + i.totalCents, 0);
      if (credited + totalCents > original.totalCents)
        throw new Refusal('Las notas de crédito exceden el total del CFDI relacionado', 'items');
      related = original.uuid;
    }
    const uuid = randomUUID().toUpperCase();
    const inv: StoredInvoice = {
      key,
      id: randomUUID().replace(/-/g, '').slice(0, 24),
      uuid,
      type,
      totalCents,
      status: 'valid',
      related,
      idempotencyKey: idem,
      xml: cfdiXml({ type, uuid, paymentForm: String(body.payment_form), receiver, lines, related }),
    };
    invoices.set(inv.id, inv);
    return inv;
  };

  const view = (i: StoredInvoice) => ({
    id: i.id,
    uuid: i.uuid,
    type: i.type,
    status: i.status,
    total: i.totalCents / 100,
    livemode: false,
    cancellation_status: i.status === 'canceled' ? 'accepted' : 'none',
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(type === 'application/json' ? JSON.stringify(body) : (body as Buffer | string));
      };
      const key = /^Bearer (sk_test_[A-Za-z0-9_-]{8,})$/.exec(req.headers.authorization ?? '')?.[1];
      if (!key) return send(401, { message: 'API key inválida o no autorizada en el sandbox', status: 401 });
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const parts = url.pathname.replace(/^\/v2/, '').split('/').filter(Boolean);
      try {
        if (req.method === 'GET' && parts[0] === 'customers' && parts.length === 1)
          return send(200, { page: 1, total_pages: 1, total_results: 0, data: [] });
        if (parts[0] !== 'invoices') return send(404, { message: 'Not found', status: 404 });
        if (req.method === 'POST' && parts.length === 1) {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
          return send(200, view(create(key, body)));
        }
        const inv = invoices.get(parts[1] ?? '');
        if (!inv || inv.key !== key) return send(404, { message: 'Invoice not found', status: 404 });
        if (req.method === 'GET' && parts.length === 2) return send(200, view(inv));
        if (req.method === 'GET' && parts[2] === 'xml') return send(200, inv.xml, 'application/xml');
        if (req.method === 'GET' && parts[2] === 'pdf')
          return send(200, cfdiPdf(inv.uuid, inv.totalCents), 'application/pdf');
        if (req.method === 'DELETE' && parts.length === 2) {
          const motive = url.searchParams.get('motive');
          if (!['01', '02', '03', '04'].includes(motive ?? ''))
            throw new Refusal('motive debe ser una clave del catálogo de motivos de cancelación', 'motive');
          if (
            inv.status === 'valid' &&
            [...invoices.values()].some((i) => i.related === inv.uuid && i.status === 'valid')
          )
            throw new Refusal('El CFDI tiene CFDI relacionados vigentes');
          inv.status = 'canceled';
          return send(200, view(inv));
        }
        return send(404, { message: 'Not found', status: 404 });
      } catch (err) {
        if (err instanceof Refusal) return send(400, { message: err.message, path: err.path, status: 400 });
        return send(500, { message: err instanceof Error ? err.message : 'error', status: 500 });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    invoices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
