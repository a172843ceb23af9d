/** HTTP routes of quotes: the buyer's (signed-in customer of the store) and the seller's (orders permission). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quotesOps as ops } from '../../../shared/routes/quotes.ops.js';
import { route } from '../../lib/route.js';
import { customerContext, requestOrigin, sellerContext } from '../../plugins/request-context.js';
import {
  answerQuote,
  countUnansweredQuotes,
  declineQuote,
  getMyQuote,
  getStoreQuote,
  listMyQuotes,
  listStoreQuotes,
  requestQuote,
} from './quotes.service.js';
import { dutyRateFor } from './duty-rates.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  // A buyer asks for a handful of quotes, not hundreds: each one is a seller's work to answer.
  route(app, ops.requestQuote, { config: { rateLimit: { max: 30, timeWindow: 3_600_000 } } }, async (request, reply) =>
    reply.code(201).send(await requestQuote(customerContext(request), request.body, requestOrigin(request))),
  );
  route(app, ops.listMyQuotes, async (request) => ({ quotes: await listMyQuotes(customerContext(request)) }));
  route(app, ops.getMyQuote, async (request) => getMyQuote(customerContext(request), request.params.id));
  route(app, ops.declineQuote, async (request) => declineQuote(customerContext(request), request.params.id));

  route(app, ops.listStoreQuotes, async (request) => ({
    quotes: await listStoreQuotes(sellerContext(request, 'orders'), request.query.status),
  }));
  route(app, ops.getStoreQuote, async (request) => getStoreQuote(sellerContext(request, 'orders'), request.params.id));
  route(app, ops.answerQuote, async (request) =>
    answerQuote(sellerContext(request, 'orders'), request.params.id, request.body),
  );
  route(app, ops.getQuoteNotifications, async (request) => ({
    cotizaciones: await countUnansweredQuotes(sellerContext(request, 'orders')),
  }));
  route(app, ops.getDutyRate, async (request) => {
    sellerContext(request, 'orders');
    return dutyRateFor(request.query.hsCode);
  });
};

export default routes;
