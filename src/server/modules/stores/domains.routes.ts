/** HTTP routes of a store's domains: the admin's Dominios page (settings permission) and the TLS proxy's question. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainsOps as ops } from '../../../shared/routes/domains.ops.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { sellerContext } from '../../plugins/request-context.js';
import {
  activateCustomDomain,
  addCustomDomain,
  listStoreDomains,
  makeDomainPrimary,
  mayIssueCertificate,
  removeCustomDomain,
  verifyCustomDomain,
} from './custom-domains.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.listDomains, async (request) => listStoreDomains(sellerContext(request, 'settings')));
  route(app, ops.addDomain, async (request, reply) => {
    const { domain, created } = await addCustomDomain(sellerContext(request, 'settings'), request.body.hostname);
    reply.code(created ? 201 : 200);
    return domain;
  });
  // A lookup takes seconds when a DNS server is slow: limited so a loop of clicks cannot flood the resolvers.
  route(app, ops.verifyDomain, { config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (request) =>
    verifyCustomDomain(sellerContext(request, 'settings'), request.params.id),
  );
  route(app, ops.activateDomain, async (request) =>
    activateCustomDomain(sellerContext(request, 'settings'), request.params.id, request.body),
  );
  route(app, ops.makeDomainPrimary, async (request) =>
    makeDomainPrimary(sellerContext(request, 'settings'), request.params.id),
  );
  route(app, ops.removeDomain, async (request) => {
    await removeCustomDomain(sellerContext(request, 'settings'), request.params.id);
    return { ok: true as const };
  });
  // Caddy's on-demand TLS asks before issuing: 200 for an active domain, 404 otherwise (no certificate for unknown
  // names, so a flood of made-up SNI names cannot exhaust the CA's rate limits).
  route(app, ops.tlsAsk, async (request) => {
    if (!(await mayIssueCertificate({ db: app.db }, request.query.domain))) throw new AppError('DOMAIN_NOT_FOUND');
    return { ok: true as const };
  });
};
export default routes;
