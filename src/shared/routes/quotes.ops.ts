/** The quotes module's operations: a buyer asks for a quote and accepts or declines it, the seller answers. */
import { z } from 'zod';
import { uuid } from '../contracts/common.js';
import {
  dutyRate,
  dutyRateQuery,
  quote,
  quoteAnswerBody,
  quoteList,
  quoteNotifications,
  quoteRequestBody,
  quoteStatus,
} from '../contracts/quotes.js';
import { defineOps } from './op.js';
import * as routes from './quotes.js';

const byId = z.object({ id: uuid });

export const quotesOps = defineOps(routes, {
  requestQuote: {
    tags: ['storefront'],
    summary: 'Ask the store for a quote (signed-in buyer)',
    body: quoteRequestBody,
    response: { 201: quote },
  },
  listMyQuotes: { tags: ['storefront'], summary: 'The buyer’s quotes, newest first', response: { 200: quoteList } },
  getMyQuote: { tags: ['storefront'], summary: 'One of the buyer’s quotes', params: byId, response: { 200: quote } },
  declineQuote: {
    tags: ['storefront'],
    summary: 'Decline a sent quote',
    params: byId,
    body: z.object({}).optional(),
    response: { 200: quote },
  },
  listStoreQuotes: {
    tags: ['admin'],
    summary: 'The store’s quote requests, unanswered first',
    querystring: z.object({ status: quoteStatus.optional() }),
    response: { 200: quoteList },
  },
  getStoreQuote: { tags: ['admin'], summary: 'One quote request', params: byId, response: { 200: quote } },
  answerQuote: {
    tags: ['admin'],
    summary: 'Answer (or revise) a quote: tiers, services, validity; sends it to the buyer',
    params: byId,
    body: quoteAnswerBody,
    response: { 200: quote },
  },
  getQuoteNotifications: {
    tags: ['admin'],
    summary: 'Unanswered quote requests (notifications.cotizaciones)',
    response: { 200: quoteNotifications },
  },
  getDutyRate: {
    tags: ['admin'],
    summary: 'The duty estimate table’s rate for an HS code’s chapter',
    querystring: dutyRateQuery,
    response: { 200: dutyRate },
  },
});
