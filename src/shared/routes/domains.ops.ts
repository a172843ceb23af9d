/** The domains operations (routes in domains.ts). */
import { okResponse } from '../contracts/common.js';
import {
  activateDomainBody,
  addDomainBody,
  domainIdParams,
  domainsPage,
  storeDomain,
  tlsAskQuery,
} from '../contracts/domains.js';
import { defineOps } from './op.js';
import * as routes from './domains.js';

const tags = ['domains'];

export const domainsOps = defineOps(routes, {
  listDomains: { tags, summary: "The store's domains with the DNS records to create", response: { 200: domainsPage } },
  addDomain: {
    tags,
    summary: 'Add a custom domain (pending validation until its DNS records are found)',
    body: addDomainBody,
    // 200: the store already had that domain (the same answer, nothing added).
    response: { 201: storeDomain, 200: storeDomain },
  },
  verifyDomain: {
    tags,
    summary: "Look up the domain's DNS records now",
    params: domainIdParams,
    response: { 200: storeDomain },
  },
  activateDomain: {
    tags,
    summary: 'Serve the store on a verified domain, optionally as its primary address',
    params: domainIdParams,
    body: activateDomainBody,
    response: { 200: storeDomain },
  },
  makeDomainPrimary: {
    tags,
    summary: "Make an active domain the store's primary address",
    params: domainIdParams,
    response: { 200: storeDomain },
  },
  removeDomain: {
    tags,
    summary: 'Remove a custom domain: it stops serving the store at once',
    params: domainIdParams,
    response: { 200: okResponse },
  },
  tlsAsk: {
    tags,
    summary: 'For the TLS proxy: 200 when a certificate may be issued for the domain, else 404',
    querystring: tlsAskQuery,
    response: { 200: okResponse },
  },
});
