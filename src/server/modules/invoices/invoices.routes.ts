/** HTTP routes of the invoices module (decision 154): the buyer's factura, the seller's account and CFDIs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoicesOps as ops } from '../../../shared/routes/invoices.ops.js';
import { route } from '../../lib/route.js';
import { customerContext, ownerContext, sellerContext, storeContext } from '../../plugins/request-context.js';
import { disconnectInvoicing, getInvoicingSettings, invoicingAvailable, saveInvoicingSettings } from './account.js';
import { getFiscalProfile } from './fiscal.js';
import {
  getOrderInvoicing,
  listOrderInvoices,
  readBuyerInvoiceFile,
  readInvoiceFile,
  requestOrderInvoice,
} from './invoices.service.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.getInvoicingAvailability, async (request) => ({
    available: await invoicingAvailable(storeContext(request)),
  }));

  route(app, ops.getFiscalProfile, async (request) => {
    const ctx = customerContext(request);
    return { profile: await getFiscalProfile(ctx, ctx.actor.userId) };
  });

  route(app, ops.getOrderInvoicing, async (request) =>
    getOrderInvoicing(storeContext(request), request.params.id, request.query.viewToken),
  );

  route(app, ops.requestOrderInvoice, async (request, reply) =>
    reply
      .code(201)
      .send(await requestOrderInvoice(storeContext(request), request.params.id, request.body, request.query.viewToken)),
  );

  route(app, ops.downloadBuyerInvoice, async (request, reply) => {
    const { id, invoiceId, format } = request.params;
    const f = await readBuyerInvoiceFile(storeContext(request), id, invoiceId, format, request.query.viewToken);
    return reply
      .header('content-type', f.contentType)
      .header('content-disposition', `attachment; filename="${f.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(f.data);
  });

  route(app, ops.getInvoicingSettings, async (request) => getInvoicingSettings(sellerContext(request, 'money')));

  route(app, ops.saveInvoicingSettings, async (request) => saveInvoicingSettings(ownerContext(request), request.body));

  route(app, ops.disconnectInvoicing, async (request) => {
    await disconnectInvoicing(ownerContext(request));
    return { ok: true as const };
  });

  route(app, ops.listOrderInvoices, async (request) => ({
    invoices: await listOrderInvoices(sellerContext(request, 'orders'), request.params.id),
  }));

  route(app, ops.downloadSellerInvoice, async (request, reply) => {
    const f = await readInvoiceFile(sellerContext(request, 'orders'), request.params.invoiceId, request.params.format);
    return reply
      .header('content-type', f.contentType)
      .header('content-disposition', `attachment; filename="${f.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(f.data);
  });
};

export default routes;
