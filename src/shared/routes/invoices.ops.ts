/** The invoices module's operations: facturas of orders and the seller's invoicing account (decision 154). */
import { z } from 'zod';
import { okResponse, uuid } from '../contracts/common.js';
import { viewTokenQuery } from '../contracts/checkout.js';
import {
  fiscalData,
  fiscalDataInput,
  invoiceList,
  invoiceView,
  invoicingAvailability,
  invoicingSettings,
  invoicingSettingsInput,
  orderInvoicing,
} from '../contracts/invoices.js';
import { defineOps } from './op.js';
import * as routes from './invoices.js';

const fileParams = z.object({ invoiceId: uuid, format: z.enum(['pdf', 'xml']) });

export const invoicesOps = defineOps(routes, {
  getInvoicingAvailability: {
    tags: ['invoices'],
    summary: 'Whether the store issues facturas (an invoicing account is connected)',
    response: { 200: invoicingAvailability },
  },
  getFiscalProfile: {
    tags: ['invoices'],
    summary: 'The signed-in buyer’s saved fiscal data, or null',
    response: { 200: z.object({ profile: fiscalData.nullable() }) },
  },
  getOrderInvoicing: {
    tags: ['invoices'],
    summary: 'The factura side of the buyer’s order (own, or with the guest view token)',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    response: { 200: orderInvoicing },
  },
  requestOrderInvoice: {
    tags: ['invoices'],
    summary: 'Ask for the order’s factura (up to 30 days after the order); issued once the order is paid',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    body: fiscalDataInput,
    response: { 201: invoiceView },
  },
  downloadBuyerInvoice: {
    tags: ['invoices'],
    summary: 'The PDF or XML of a CFDI of the buyer’s order',
    params: z.object({ id: uuid }).merge(fileParams),
    querystring: viewTokenQuery,
  },
  getInvoicingSettings: {
    tags: ['admin'],
    summary: 'The store’s invoicing account (the secret key only as its last 4 characters)',
    response: { 200: invoicingSettings },
  },
  saveInvoicingSettings: {
    tags: ['admin'],
    summary: 'Connect the store’s Facturapi account or change its SAT keys',
    body: invoicingSettingsInput,
    response: { 200: invoicingSettings },
  },
  disconnectInvoicing: { tags: ['admin'], summary: 'Disconnect the invoicing account', response: { 200: okResponse } },
  listOrderInvoices: {
    tags: ['admin'],
    summary: 'The CFDIs of an order of the store',
    params: z.object({ id: uuid }),
    response: { 200: invoiceList },
  },
  downloadSellerInvoice: { tags: ['admin'], summary: 'The PDF or XML of a CFDI of the store', params: fileParams },
});
