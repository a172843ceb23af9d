/**
 * Builds the Fastify application: plugins first, then the domain modules.
 * `buildApp` does not listen; server.ts does. Tests call `buildApp({ db })` and use `app.inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client.js';
import { loadConfig, type AppConfig } from './config.js';
import { createProviders, type Providers } from './providers/index.js';
import { loadAppSecret } from './lib/secrets.js';
import errorsPlugin from './plugins/errors.js';
import securityHeadersPlugin, { docsCsp } from './plugins/security-headers.js';
import requestContextPlugin from './plugins/request-context.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import inputGuardPlugin from './plugins/input-guard.js';
import changeFeedPlugin from './plugins/change-feed.js';
import { MODULES, registerModules } from './modules/index.js';
import { serializeRequest } from './lib/log-redaction.js';
import { route } from './lib/route.js';
import { platformOps } from '../shared/routes/platform.ops.js';
import { createJobs, databaseKind, type Jobs } from './jobs/index.js';
import type { JobDefinition } from './jobs/index.js';
import { pgliteAnalyzeJob } from './jobs/maintenance.js';
import jobsRoutes from './plugins/job-progress.routes.js';

/** Every job the app runs: each module defines its own (decision 034); the database's own maintenance too. */
const APP_JOBS: readonly JobDefinition<never>[] = [...MODULES.flatMap((m) => m.jobs ?? []), pgliteAnalyzeJob];

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue of this instance (src/server/jobs; decision 034); tests call `jobs.drain()`. */
    jobs: Jobs;
  }
}

export interface BuildAppOptions {
  db: Db;
  config?: AppConfig;
  providers?: Providers;
  /** Pino logger options (merged over the defaults, which redact secrets); false silences logs (tests). */
  logger?: boolean | object;
  /** Serve the built web app and uploads (off in API tests). */
  serveWeb?: boolean;
  /** A page template used instead of dist/web/index.html (tests of the server-rendered head tags). */
  indexHtml?: string;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const logger =
    opts.logger === false
      ? false
      : {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers["x-app-secret"]', 'body.card', 'body.password'],
          serializers: { req: serializeRequest },
          ...(typeof opts.logger === 'object' ? opts.logger : {}),
        };
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Forwarded headers are believed only from the configured proxies (TRUST_PROXY): otherwise any
    // client could pick its own IP (and dodge every rate limit) or host (and the links built from it).
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate(
    'providers',
    opts.providers ?? createProviders(config, { db: opts.db, secret: loadAppSecret(config) }, app.log),
  );
  app.decorate(
    'jobs',
    createJobs(
      {
        db: opts.db,
        kind: databaseKind(opts.db),
        providers: app.providers,
        log: app.log,
        config,
      },
      APP_JOBS,
    ),
  );
  // The queue's tables and queues exist before the first request can enqueue; runs under way finish on close.
  app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    // Then the SMTP pool's connections, once no job can send any more.
    app.providers.mail.close?.();
  });

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  // The change feed first: the request context's session cache follows it.
  await app.register(changeFeedPlugin);
  await app.register(requestContextPlugin);
  await app.register(rateLimitPlugin);
  await app.register(inputGuardPlugin);
  // Each module hears of the changes any instance made (its caches of stores, languages...).
  app.changeFeed.subscribe((event) => {
    for (const module of MODULES) module.onChange?.(event, app);
  });
  // A job committed on any instance wakes this instance's worker of its queue at once (jobs/runner.ts).
  app.changeFeed.onJobQueued((queue) => app.jobs.wake(queue));
  await app.register(swagger, {
    openapi: { info: { title: 'Vitrina API', version: '0.1.0', description: 'Storefront and admin API.' } },
    transform: jsonSchemaTransform,
  });
  // The API map is for developers; in production it is served only when API_DOCS=true.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: docsCsp });

  // `ok` stays true while the app serves, even degraded; `redis` tells whether rate limits are shared (decision 031).
  route(app, platformOps.health, async () => ({ ok: true, redis: app.redisState() }));
  // The payment provider's own pages (the sandbox bank and OXXO counter) exist only for a provider that has them.
  const payments = app.providers.payments;
  if (payments.routes) await app.register(payments.routes);
  if (app.providers.recurring?.routes) await app.register(app.providers.recurring.routes);
  await app.register(jobsRoutes);
  await registerModules(app, { serveWeb: opts.serveWeb ?? false, indexHtml: opts.indexHtml });
  // The sandbox sends its webhooks to this app's own endpoint, through the same signature check as any provider's.
  payments.connectWebhooks?.(async (body, headers) =>
    app.inject({ method: 'POST', url: `/api/payments/webhooks/${payments.name}`, payload: body, headers }),
  );
  return app;
}
