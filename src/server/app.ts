/**
 * Builds the Fastify application: plugins first, then the domain modules (EXAMPLES "Layout").
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
import errorsPlugin from './plugins/errors.js';
import securityHeadersPlugin, { docsCsp } from './plugins/security-headers.js';
import requestContextPlugin from './plugins/request-context.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import inputGuardPlugin from './plugins/input-guard.js';
import { registerModules } from './modules/index.js';

export interface BuildAppOptions {
  db: Db;
  config?: AppConfig;
  providers?: Providers;
  /** Pino logger options; false silences logs (tests). */
  logger?: boolean | object;
  /** Serve the built web app and uploads (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'body.card', 'body.password'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate('providers', opts.providers ?? createProviders(config, app.log));

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(requestContextPlugin);
  await app.register(rateLimitPlugin);
  await app.register(inputGuardPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Vitrina API', version: '0.1.0', description: 'Storefront and admin API (SPEC §7).' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', transformStaticCSP: docsCsp });

  // `ok` stays true while the app serves, even degraded; `redis` tells whether rate limits are shared (decision 024).
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, redis: app.redisState() }));
  await registerModules(app, { serveWeb: opts.serveWeb ?? false });
  return app;
}
