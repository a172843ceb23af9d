/** Public interface of the invoices module (decision 154): what checkout needs to ask for a factura with an order. */
export { checkFiscalData, saveFiscalProfile } from './fiscal.js';
export { invoicingAvailable } from './account.js';
export { recordInvoiceRequest, INVOICE_REQUEST_DAYS } from './invoices.service.js';
