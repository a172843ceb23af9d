/** HTTP routes of the orders module: the buyer's orders (/pedidos) and the seller's (/admin/ventas, /admin/orderStatus). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersOps as ops } from '../../../shared/routes/orders.ops.js';
import { route } from '../../lib/route.js';
import { customerContext, sellerContext, storeContext } from '../../plugins/request-context.js';
import * as orders from './orders.service.js';
import { getAdminDashboard } from './dashboard.js';
import { changeOrderStatus } from './status-change.js';
import { getDeliveryProof, getDeliveryProofForBuyer, recordDelivery } from './delivery.js';
import { orderRefunds, refundOrder, retryRefund } from './order-refunds.js';
import { getOrderLimits, saveOrderLimits } from './order-limits.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listMyOrders, async (request) =>
    orders.listCustomerOrders(customerContext(request), request.query.page, request.query.status),
  );

  route(app, ops.getBuyerOrder, async (request) =>
    orders.getOrderForBuyer(storeContext(request), request.params.id, request.query.viewToken),
  );

  route(app, ops.adminDashboard, async (request) => getAdminDashboard(sellerContext(request, 'orders')));

  route(app, ops.listStoreOrders, async (request) =>
    orders.listStoreOrders(sellerContext(request, 'orders'), request.query.page, request.query.status),
  );

  route(app, ops.getSellerOrder, async (request) =>
    orders.getSellerOrderView(sellerContext(request, 'orders'), request.params.id),
  );

  // What one unpaid order and one client may hold (decision 097).
  route(app, ops.getOrderLimits, async (request) => getOrderLimits(sellerContext(request, 'orders')));

  route(app, ops.saveOrderLimits, async (request) => saveOrderLimits(sellerContext(request, 'settings'), request.body));

  route(app, ops.changeOrderStatus, async (request) =>
    changeOrderStatus(
      sellerContext(request, 'orders'),
      request.params.id,
      request.body.status,
      request.body.trackingNumber,
    ),
  );

  // Proof of delivery (/admin/entrega/:pedido_id): recorded by the seller, shown to seller and buyer.
  route(app, ops.getDeliveryProof, async (request) => {
    const ctx = sellerContext(request, 'orders');
    await orders.loadOrder(ctx, request.params.id);
    return { proof: await getDeliveryProof(ctx, request.params.id) };
  });

  route(app, ops.recordDelivery, async (request) => ({
    proof: await recordDelivery(sellerContext(request, 'orders'), request.params.id, request.body),
  }));

  route(app, ops.getBuyerDeliveryProof, async (request) => ({
    proof: await getDeliveryProofForBuyer(storeContext(request), request.params.id, request.query.viewToken),
  }));

  // Refunds of part or all of an order, through the payment provider; a refused one can be retried.
  route(app, ops.listRefunds, async (request) => orderRefunds(sellerContext(request, 'money'), request.params.id));

  route(app, ops.refundOrder, async (request, reply) =>
    reply.code(201).send(await refundOrder(sellerContext(request, 'money'), request.params.id, request.body)),
  );

  route(app, ops.retryRefund, async (request) =>
    retryRefund(sellerContext(request, 'money'), request.params.id, request.params.refundId),
  );
};
export default routes;
