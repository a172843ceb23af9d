/**
 * Routes of the invoices module (decision 154): the buyer's factura of an order and their saved fiscal data, the
 * seller's invoicing account (Mis datos → Facturación) and the order's CFDIs. Schemas in invoices.ops.ts.
 */
export const getInvoicingAvailability = {
  name: 'getInvoicingAvailability',
  method: 'GET',
  path: '/api/factura/disponible',
} as const;
export const getFiscalProfile = { name: 'getFiscalProfile', method: 'GET', path: '/api/factura/perfil' } as const;
export const getOrderInvoicing = {
  name: 'getOrderInvoicing',
  method: 'GET',
  path: '/api/pedidos/:id/factura',
} as const;
export const requestOrderInvoice = {
  name: 'requestOrderInvoice',
  method: 'POST',
  path: '/api/pedidos/:id/factura',
} as const;
export const downloadBuyerInvoice = {
  name: 'downloadBuyerInvoice',
  method: 'GET',
  path: '/api/pedidos/:id/factura/:invoiceId/:format',
} as const;
export const getInvoicingSettings = {
  name: 'getInvoicingSettings',
  method: 'GET',
  path: '/api/admin/invoicing',
} as const;
export const saveInvoicingSettings = {
  name: 'saveInvoicingSettings',
  method: 'PUT',
  path: '/api/admin/invoicing',
} as const;
export const disconnectInvoicing = {
  name: 'disconnectInvoicing',
  method: 'DELETE',
  path: '/api/admin/invoicing',
} as const;
export const listOrderInvoices = {
  name: 'listOrderInvoices',
  method: 'GET',
  path: '/api/admin/orders/:id/invoices',
} as const;
export const downloadSellerInvoice = {
  name: 'downloadSellerInvoice',
  method: 'GET',
  path: '/api/admin/invoices/:invoiceId/:format',
} as const;
