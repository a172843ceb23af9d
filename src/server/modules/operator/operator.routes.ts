/**
 * The operator's API under /api/operador (decisions 163-166). Every route but sign-in needs an operator session,
 * checked in this plugin's onRequest hook before any body is read: a store owner's, a collaborator's or a buyer's
 * token is not an operator session (401), and an operator token is no store session (the request context finds no
 * actor for it, so every store and admin route answers it 401). Every action is audited (audit-log.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { operatorOps as ops } from '../../../shared/routes/operator.ops.js';
import { route } from '../../lib/route.js';
import { AppError } from '../../lib/app-error.js';
import { bearerToken } from '../../lib/tokens.js';
import { escalatedReports, ESCALATE_AFTER_DAYS } from '../reviews/index.js';
import { getStoreSummaries } from '../stores/index.js';
import { findOperatorSession, signInOperator, signOutOperator, type OperatorActor } from './operator-session.js';
import { AUDIT_PAGE_SIZE, listAudit } from './audit-log.js';
import { operatorFeeRates, setFeeRateByOperator } from './operator-fees.js';
import { getOperatorStore, listOperatorStores, setStoreSuspendedByOperator } from './operator-stores.js';
import { decideBadge, operatorBadgeDocument, operatorBadgeQueue, operatorBadgeRequest } from './operator-badges.js';

const OPEN_PATHS = new Set<string>([ops.operatorLogin.path]);

const operators = new WeakMap<FastifyRequest, OperatorActor>();

/** The request's operator (set by the hook). Throws UNAUTHORIZED. */
function operatorOf(request: FastifyRequest): OperatorActor {
  const operator = operators.get(request);
  if (!operator) throw new AppError('UNAUTHORIZED');
  return operator;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const AUTH_RATE_LIMIT = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };
  const db = { db: app.db };

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    if (!path.startsWith('/api/operador/') || OPEN_PATHS.has(path)) return;
    const token = bearerToken(request.headers.authorization);
    const operator = token && token.length <= 200 ? await findOperatorSession(db, token) : null;
    if (!operator) throw new AppError('UNAUTHORIZED');
    operators.set(request, operator);
  });

  route(app, ops.operatorLogin, { config: AUTH_RATE_LIMIT }, async (request) =>
    signInOperator(db, request.body.email, request.body.password),
  );

  route(app, ops.operatorLogout, async (request) => {
    await signOutOperator(db, operatorOf(request).sessionId);
    return { ok: true as const };
  });

  route(app, ops.operatorMe, async (request) => {
    const { id, email, fullName } = operatorOf(request);
    return { id, email, fullName };
  });

  route(app, ops.operatorStores, async (request) => {
    operatorOf(request);
    return listOperatorStores(db, { q: request.query.q, page: request.query.page });
  });

  route(app, ops.operatorStore, async (request) => {
    operatorOf(request);
    return getOperatorStore({ db: app.db, storeId: request.params.storeId });
  });

  route(app, ops.operatorSuspendStore, async (request) =>
    setStoreSuspendedByOperator(
      { db: app.db, storeId: request.params.storeId },
      operatorOf(request),
      true,
      request.body.reason,
    ),
  );

  route(app, ops.operatorReactivateStore, async (request) =>
    setStoreSuspendedByOperator(
      { db: app.db, storeId: request.params.storeId },
      operatorOf(request),
      false,
      request.body.reason,
    ),
  );

  route(app, ops.operatorBadgeRequests, async (request) => {
    operatorOf(request);
    return { requests: await operatorBadgeQueue(db, request.query.status) };
  });

  route(app, ops.operatorBadgeRequest, async (request) => {
    operatorOf(request);
    return operatorBadgeRequest(db, request.params.id);
  });

  route(app, ops.operatorBadgeDocument, async (request, reply) => {
    operatorOf(request);
    const file = await operatorBadgeDocument(
      { db: app.db, providers: app.providers },
      request.params.id,
      request.params.index,
    );
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });

  route(app, ops.operatorDecideBadge, async (request) =>
    decideBadge(db, operatorOf(request), request.params.id, request.body),
  );

  route(app, ops.operatorFeeRates, async (request) => {
    operatorOf(request);
    return operatorFeeRates(db);
  });

  route(app, ops.operatorSetFeeRate, async (request) =>
    setFeeRateByOperator(db, operatorOf(request), request.body.planId, request.body.bps),
  );

  route(app, ops.operatorReports, async (request) => {
    operatorOf(request);
    const reports = await escalatedReports(db);
    const names = await getStoreSummaries(db, [...new Set(reports.map((r) => r.storeId))]);
    return {
      olderThanDays: ESCALATE_AFTER_DAYS,
      reports: reports.map((r) => ({
        ...r,
        storeName: names.get(r.storeId)?.name ?? '',
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });

  route(app, ops.operatorAudit, async (request) => {
    operatorOf(request);
    const { entries, total } = await listAudit(db, request.query.page);
    return { entries, total, page: request.query.page, pageSize: AUDIT_PAGE_SIZE };
  });
};
export default routes;
