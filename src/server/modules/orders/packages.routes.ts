/**
 * HTTP routes of marketplace orders' packages (decision 135): the supplier's purchase orders, its moves of them and
 * its refunds of its own lines (decision 147, the money permission), and the store's moves of its own package. The
 * orders permission on both sides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersOps as ops } from '../../../shared/routes/orders.ops.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { sellerContext } from '../../plugins/request-context.js';
import { getSellerOrderView } from './orders.service.js';
import { movePackage } from './package-actions.js';
import { getPurchaseOrder, listPurchaseOrders } from './supplier-orders.js';
import { refundPurchaseOrderLine } from './order-refunds.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listPurchaseOrders, async (request) =>
    listPurchaseOrders(sellerContext(request, 'orders'), request.query.page, request.query.status),
  );

  route(app, ops.getPurchaseOrder, async (request) =>
    getPurchaseOrder(sellerContext(request, 'orders'), request.params.id),
  );

  route(app, ops.movePurchaseOrder, async (request) => {
    const ctx = sellerContext(request, 'orders');
    await movePackage(ctx, request.params.id, 'supplier', request.body);
    return getPurchaseOrder(ctx, request.params.id);
  });

  // A supplier's refund of units of its own line (a return, or units it cannot ship): the money permission. It
  // answers the purchase order as it is now, never the refund itself: what the buyer gets back is the reseller's
  // retail price, which a supplier does not see (decision 135).
  route(app, ops.refundPurchaseOrderLine, async (request, reply) => {
    const ctx = sellerContext(request, 'money');
    await refundPurchaseOrderLine(ctx, request.params.id, request.body);
    return reply.code(201).send(await getPurchaseOrder(ctx, request.params.id));
  });

  route(app, ops.moveOwnPackage, async (request) => {
    const ctx = sellerContext(request, 'orders');
    // The store cannot reject its own package: it cancels the order instead.
    if (request.body.status === 'rejected') throw new AppError('FULFILMENT_TRANSITION', { from: '', to: 'rejected' });
    const { orderId } = await movePackage(ctx, request.params.id, 'own', request.body);
    return getSellerOrderView(ctx, orderId);
  });
};
export default routes;
