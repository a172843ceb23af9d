/** HTTP routes of the orders module: the buyer's orders (/pedidos) and the seller's (/admin/ventas, /admin/orderStatus). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderList,
  orderListQuery,
  orderStatusBody,
  orderView,
  sellerOrderView,
  viewTokenQuery,
} from '../../../shared/contracts/checkout.js';
import { orderLimits, orderLimitsInput } from '../../../shared/contracts/order-limits.js';
import { adminDashboard } from '../../../shared/contracts/stores.js';
import { uuid } from '../../../shared/contracts/common.js';
import { customerContext, sellerContext, storeContext } from '../../plugins/request-context.js';
import * as orders from './orders.service.js';
import { getAdminDashboard } from './dashboard.js';
import { changeOrderStatus } from './status-change.js';
import { getDeliveryProof, getDeliveryProofForBuyer, recordDelivery } from './delivery.js';
import {
  deliveryProofInput,
  deliveryProofView,
  refundList,
  refundRequest,
  refundView,
} from '../../../shared/contracts/balances.js';
import { orderRefunds, refundOrder, retryRefund } from './order-refunds.js';
import { getOrderLimits, saveOrderLimits } from './order-limits.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pedidos',
    {
      schema: {
        tags: ['orders'],
        summary: 'The signed-in customer’s orders',
        querystring: orderListQuery,
        response: { 200: orderList },
      },
    },
    async (request) => orders.listCustomerOrders(customerContext(request), request.query.page, request.query.status),
  );

  app.get(
    '/api/pedidos/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order of the buyer (own, or with the guest view token)',
        params: z.object({ id: uuid }),
        querystring: viewTokenQuery,
        response: { 200: orderView },
      },
    },
    async (request) => orders.getOrderForBuyer(storeContext(request), request.params.id, request.query.viewToken),
  );

  app.get('/api/admin/dashboard', { schema: { tags: ['admin'], response: { 200: adminDashboard } } }, async (request) =>
    getAdminDashboard(sellerContext(request, 'orders')),
  );

  app.get(
    '/api/admin/orders',
    { schema: { tags: ['admin'], querystring: orderListQuery, response: { 200: orderList } } },
    async (request) =>
      orders.listStoreOrders(sellerContext(request, 'orders'), request.query.page, request.query.status),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order of the store with its money: sale, Vitrina’s fee, refunds, net',
        params: z.object({ id: uuid }),
        response: { 200: sellerOrderView },
      },
    },
    async (request) => orders.getSellerOrderView(sellerContext(request, 'orders'), request.params.id),
  );

  // What one unpaid order and one client may hold (decision 097).
  app.get(
    '/api/admin/order-limits',
    {
      schema: {
        tags: ['admin'],
        summary: 'Units per line, per unpaid order and per client, and the card order’s stock hold',
        response: { 200: orderLimits },
      },
    },
    async (request) => getOrderLimits(sellerContext(request, 'orders')),
  );

  app.put(
    '/api/admin/order-limits',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the store’s caps on unpaid orders and the card order’s stock hold (settings permission)',
        body: orderLimitsInput,
        response: { 200: orderLimits },
      },
    },
    async (request) => saveOrderLimits(sellerContext(request, 'settings'), request.body),
  );

  app.post(
    '/api/admin/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move an order to an allowed next status',
        params: z.object({ id: uuid }),
        body: orderStatusBody,
        response: { 200: sellerOrderView },
      },
    },
    async (request) =>
      changeOrderStatus(
        sellerContext(request, 'orders'),
        request.params.id,
        request.body.status,
        request.body.trackingNumber,
      ),
  );

  // Proof of delivery (/admin/entrega/:pedido_id): recorded by the seller, shown to seller and buyer.
  const deliveryResponse = z.object({ proof: deliveryProofView.nullable() });
  app.get(
    '/api/admin/orders/:id/delivery',
    {
      schema: {
        tags: ['admin'],
        summary: 'The proof of delivery of an order',
        params: z.object({ id: uuid }),
        response: { 200: deliveryResponse },
      },
    },
    async (request) => {
      const ctx = sellerContext(request, 'orders');
      await orders.loadOrder(ctx, request.params.id);
      return { proof: await getDeliveryProof(ctx, request.params.id) };
    },
  );

  app.post(
    '/api/admin/orders/:id/delivery',
    {
      schema: {
        tags: ['admin'],
        summary: 'Record the proof of delivery (pieces, collector, signature) and mark the order delivered',
        params: z.object({ id: uuid }),
        body: deliveryProofInput,
        response: { 200: deliveryResponse },
      },
    },
    async (request) => ({
      proof: await recordDelivery(sellerContext(request, 'orders'), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/pedidos/:id/delivery',
    {
      schema: {
        tags: ['orders'],
        summary: 'The proof of delivery of the buyer’s order (own, or with the guest view token)',
        params: z.object({ id: uuid }),
        querystring: viewTokenQuery,
        response: { 200: deliveryResponse },
      },
    },
    async (request) => ({
      proof: await getDeliveryProofForBuyer(storeContext(request), request.params.id, request.query.viewToken),
    }),
  );

  // Refunds of part or all of an order, through the payment provider; a refused one can be retried.
  app.get(
    '/api/admin/orders/:id/refunds',
    { schema: { tags: ['admin'], params: z.object({ id: uuid }), response: { 200: refundList } } },
    async (request) => orderRefunds(sellerContext(request, 'money'), request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund part or all of an order on its way or delivered to the buyer’s card',
        params: z.object({ id: uuid }),
        body: refundRequest,
        response: { 201: refundView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await refundOrder(sellerContext(request, 'money'), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/orders/:id/refunds/:refundId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Try a refused refund again',
        params: z.object({ id: uuid, refundId: uuid }),
        response: { 200: refundView },
      },
    },
    async (request) => retryRefund(sellerContext(request, 'money'), request.params.id, request.params.refundId),
  );
};
export default routes;
