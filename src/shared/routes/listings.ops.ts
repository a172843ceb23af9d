/** The marketplace module's listing operations: a reseller's listings of suppliers' offers (decision 134). */
import { z } from 'zod';
import { uuid } from '../contracts/common.js';
import {
  bulkPriceBody,
  bulkPriceResult,
  createListingBody,
  listing,
  listingList,
  listingListQuery,
  listingOffer,
  listingRemoved,
  updateListingBody,
} from '../contracts/listings.js';
import { defineOps } from './op.js';
import * as routes from './listings.js';

const id = z.object({ id: uuid });

export const listingsOps = defineOps(routes, {
  listListings: {
    tags: ['admin'],
    summary: 'The store’s listings of suppliers’ offers, by state',
    querystring: listingListQuery,
    response: { 200: listingList },
  },
  getListing: { tags: ['admin'], summary: 'One listing', params: id, response: { 200: listing } },
  getListingOffer: {
    tags: ['admin'],
    summary: 'A published offer as a listing starts from: variants, wholesale prices, floors, suggested prices',
    params: z.object({ offerId: uuid }),
    response: { 200: listingOffer },
  },
  createListing: {
    tags: ['admin'],
    summary: 'List a supplier’s offer in the store at the store’s prices',
    body: createListingBody,
    response: { 201: listing },
  },
  updateListing: {
    tags: ['admin'],
    summary: 'Change a listing’s prices, texts and department',
    params: id,
    body: updateListingBody,
    response: { 200: listing },
  },
  acceptListingPrice: {
    tags: ['admin'],
    summary: 'Accept the supplier’s current wholesale prices',
    params: id,
    response: { 200: listing },
  },
  deleteListing: {
    tags: ['admin'],
    summary: 'Stop listing an offer (its product is archived when it has sold)',
    params: id,
    response: { 200: listingRemoved },
  },
  previewListingPrices: {
    tags: ['admin'],
    summary: 'What the bulk pricing rule would do, without changing anything',
    body: bulkPriceBody,
    response: { 200: bulkPriceResult },
  },
  applyListingPrices: {
    tags: ['admin'],
    summary: 'Price many listings at once by a rule',
    body: bulkPriceBody,
    response: { 200: bulkPriceResult },
  },
});
