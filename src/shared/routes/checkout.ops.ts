/** The checkout module's operations (routes in checkout.ts). */
import { z } from 'zod';
import {
  cartQuoteBody,
  cartQuoteResponse,
  orderView,
  paymentClientConfig,
  placeOrderBody,
  placeOrderResponse,
  threeDSecureBody,
  viewTokenQuery,
} from '../contracts/checkout.js';
import { uuid } from '../contracts/common.js';
import { couponCheckBody, couponCheckResponse } from '../contracts/coupons.js';
import { defineOps } from './op.js';
import * as routes from './checkout.js';

export const checkoutOps = defineOps(routes, {
  paymentWebhook: {
    tags: ['payments'],
    summary: 'A payment provider’s signed webhook (raw JSON body; signature header of the provider)',
    params: z.object({ provider: z.string().regex(/^[a-z]{2,20}$/) }),
    response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  },
  quoteCart: {
    tags: ['checkout'],
    summary: 'Current prices, stock and problems of cart lines',
    body: cartQuoteBody,
    response: { 200: cartQuoteResponse },
  },
  checkCoupon: {
    tags: ['checkout'],
    summary: 'What a coupon takes off this cart now (422 COUPON_NOT_VALID with the reason otherwise)',
    body: couponCheckBody,
    response: { 200: couponCheckResponse },
  },
  placeOrder: {
    tags: ['checkout'],
    summary:
      'Place an order and pay (card, OXXO or PayPal); idempotent by idempotencyKey. Takes no card data: a body ' +
      'with `card` is refused with 422 CARD_DATA_NOT_ACCEPTED (the browser confirms the card with the provider)',
    body: placeOrderBody,
    response: { 201: placeOrderResponse },
  },
  confirmThreeDSecure: {
    tags: ['payments'],
    summary: 'After the 3-D Secure challenge: the order as the payment provider says it ended',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    body: threeDSecureBody,
    response: { 200: orderView },
  },
  captureWalletPayment: {
    tags: ['payments'],
    summary: 'Back from the wallet (PayPal): captures the approved payment once and answers the order',
    params: z.object({ id: uuid }),
    querystring: viewTokenQuery,
    body: threeDSecureBody,
    response: { 200: orderView },
  },
  paymentClientConfig: {
    tags: ['payments'],
    summary: 'The payment provider the browser confirms cards with (and Stripe’s publishable key)',
    response: { 200: paymentClientConfig },
  },
  oxxoVoucher: {
    tags: ['payments'],
    summary: 'The OXXO cash voucher of an order',
    params: z.object({ orderId: uuid }),
    querystring: viewTokenQuery,
    response: { 200: orderView },
  },
});
