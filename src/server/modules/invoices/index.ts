/** Public interface of the invoices module (decision 154): what checkout needs to ask for a factura with an order. */
export { checkCheckoutInvoice, recordCheckoutInvoice, INVOICE_REQUEST_DAYS } from './invoices.service.js';
