/** HTTP routes of checkout: cart quote, placing an order, 3-D Secure, the OXXO voucher (SPEC §2 /micarrito/*, §7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartQuoteBody,
  cartQuoteResponse,
  orderView,
  placeOrderBody,
  placeOrderResponse,
  threeDSecureBody,
} from '../../../shared/contracts/checkout.js';
import { uuid } from '../../../shared/contracts/common.js';
import { requestOrigin, storeContext } from '../../plugins/request-context.js';
import { AppError } from '../../lib/app-error.js';
import * as checkout from './checkout.service.js';

const viewTokenQuery = z.object({ viewToken: z.string().max(200).optional() });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cart/quote',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Current prices, stock and problems of cart lines',
        body: cartQuoteBody,
        response: { 200: cartQuoteResponse },
      },
    },
    async (request) => checkout.quoteCart(storeContext(request), request.body.items),
  );

  app.post(
    '/api/pedido',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place an order and pay (card or OXXO)',
        body: placeOrderBody,
        response: { 201: placeOrderResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await checkout.placeOrder(storeContext(request), request.body, requestOrigin(request))),
  );

  app.post(
    '/api/payments/:id/3ds',
    {
      schema: {
        tags: ['payments'],
        summary: 'Answer the sandbox 3-D Secure challenge',
        params: z.object({ id: uuid }),
        querystring: viewTokenQuery,
        body: threeDSecureBody,
        response: { 200: orderView },
      },
    },
    async (request) =>
      checkout.answerThreeDSecure(
        storeContext(request),
        request.params.id,
        { ...request.body, viewToken: request.query.viewToken },
        requestOrigin(request),
      ),
  );

  app.get(
    '/api/oxxopay/:orderId',
    {
      schema: {
        tags: ['payments'],
        summary: 'The OXXO cash voucher of an order',
        params: z.object({ orderId: uuid }),
        querystring: viewTokenQuery,
        response: { 200: orderView },
      },
    },
    async (request) => checkout.getOxxoVoucher(storeContext(request), request.params.orderId, request.query.viewToken),
  );

  // The sandbox's stand-in for the provider's "voucher paid" webhook (DESIGN.md: an operator action or CLI).
  app.post(
    '/api/payments/sandbox/oxxo/:reference/pay',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: mark an OXXO voucher paid',
        params: z.object({ reference: z.string().regex(/^\d{8,30}$/) }),
        response: { 200: orderView },
      },
    },
    async (request) => {
      if (app.config.PAYMENT_PROVIDER !== 'sandbox') throw new AppError('NOT_FOUND');
      return checkout.markOxxoPaid(storeContext(request), request.params.reference);
    },
  );
};
export default routes;
