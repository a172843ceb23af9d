/** The orders module's operations (routes in orders.ts). */
import { z } from 'zod';
import {
  orderList,
  orderListQuery,
  orderStatusBody,
  orderView,
  sellerOrderView,
  viewTokenQuery,
} from '../contracts/checkout.js';
import { orderLimits, orderLimitsInput } from '../contracts/order-limits.js';
import { adminDashboard } from '../contracts/stores.js';
import { uuid } from '../contracts/common.js';
import {
  deliveryProofInput,
  deliveryProofView,
  lineRefundRequest,
  refundList,
  refundRequest,
  refundView,
} from '../contracts/balances.js';
import {
  packageMoveBody,
  packageParams,
  purchaseOrderList,
  purchaseOrderListQuery,
  purchaseOrderView,
} from '../contracts/packages.js';
import { defineOps } from './op.js';
import * as routes from './orders.js';

/** The proof of delivery of an order, null before one is recorded. */
const deliveryResponse = z.object({ proof: deliveryProofView.nullable() });

export const ordersOps = defineOps(routes, {
  listMyOrders: {
    tags: ['orders'],
    summary: 'The signed-in customer’s orders',
    querystring: orderListQuery,
    response: { 200: orderList },
  },
  getBuyerOrder: {
    tags: ['orders'],
    summary: 'One order of the buyer (own, or with the guest view token)',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    response: { 200: orderView },
  },
  adminDashboard: { tags: ['admin'], response: { 200: adminDashboard } },
  listStoreOrders: { tags: ['admin'], querystring: orderListQuery, response: { 200: orderList } },
  getSellerOrder: {
    tags: ['admin'],
    summary: 'One order of the store with its money: sale, Vitrina’s fee, refunds, net',
    params: z.object({ id: uuid }),
    response: { 200: sellerOrderView },
  },
  getOrderLimits: {
    tags: ['admin'],
    summary: 'Units per line, per unpaid order and per client, and the card order’s stock hold',
    response: { 200: orderLimits },
  },
  saveOrderLimits: {
    tags: ['admin'],
    summary: 'Set the store’s caps on unpaid orders and the card order’s stock hold (settings permission)',
    body: orderLimitsInput,
    response: { 200: orderLimits },
  },
  changeOrderStatus: {
    tags: ['admin'],
    summary: 'Move an order to an allowed next status',
    params: z.object({ id: uuid }),
    body: orderStatusBody,
    response: { 200: sellerOrderView },
  },
  getDeliveryProof: {
    tags: ['admin'],
    summary: 'The proof of delivery of an order',
    params: z.object({ id: uuid }),
    response: { 200: deliveryResponse },
  },
  recordDelivery: {
    tags: ['admin'],
    summary: 'Record the proof of delivery (pieces, collector, signature) and mark the order delivered',
    params: z.object({ id: uuid }),
    body: deliveryProofInput,
    response: { 200: deliveryResponse },
  },
  getBuyerDeliveryProof: {
    tags: ['orders'],
    summary: 'The proof of delivery of the buyer’s order (own, or with the guest view token)',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    response: { 200: deliveryResponse },
  },
  listRefunds: { tags: ['admin'], params: z.object({ id: uuid }), response: { 200: refundList } },
  refundOrder: {
    tags: ['admin'],
    summary:
      'Refund to the buyer’s card or wallet an amount of an order on its way or delivered, or units of one of its lines',
    params: z.object({ id: uuid }),
    body: refundRequest,
    response: { 201: refundView },
  },
  retryRefund: {
    tags: ['admin'],
    summary: 'Try a refused refund again',
    params: z.object({ id: uuid, refundId: uuid }),
    response: { 200: refundView },
  },
  listStoreFloorOrders: { tags: ['store-floor'], querystring: orderListQuery, response: { 200: orderList } },
  getStoreFloorOrder: { tags: ['store-floor'], params: z.object({ id: uuid }), response: { 200: orderView } },
  listPurchaseOrders: {
    tags: ['admin'],
    summary: 'The supplier’s purchase orders: packages of resellers’ orders it ships',
    querystring: purchaseOrderListQuery,
    response: { 200: purchaseOrderList },
  },
  getPurchaseOrder: {
    tags: ['admin'],
    summary: 'One purchase order: its lines at wholesale price and where to ship them',
    params: packageParams,
    response: { 200: purchaseOrderView },
  },
  movePurchaseOrder: {
    tags: ['admin'],
    summary: 'The supplier ships, delivers or rejects its package',
    params: packageParams,
    body: packageMoveBody,
    response: { 200: purchaseOrderView },
  },
  refundPurchaseOrderLine: {
    tags: ['admin'],
    summary:
      'The supplier refunds units of its own line of a purchase order (every party’s share reversed); answers the purchase order',
    params: packageParams,
    body: lineRefundRequest,
    response: { 201: purchaseOrderView },
  },
  moveOwnPackage: {
    tags: ['admin'],
    summary: 'The store ships or delivers its own package of a marketplace order',
    params: packageParams,
    body: packageMoveBody,
    response: { 200: sellerOrderView },
  },
});
