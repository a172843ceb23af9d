/**
 * Builds the Fastify application: plugins first, then the domain modules (EXAMPLES "Layout").
 * `buildApp` does not listen; server.ts does. Tests call `buildApp({ db })` and use `app.inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
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
import requestContextPlugin from './plugins/request-context.js';
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
  app.decorate(
    'providers',
    opts.providers ?? createProviders(config, { db: opts.db, secret: loadAppSecret(config) }, app.log),
  );

  await app.register(errorsPlugin);
  await app.register(requestContextPlugin);
  // Shared counters in Redis when configured, so several instances enforce one limit (DESIGN.md "Scale-out").
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis)
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  await app.register(rateLimit, {
    global: true,
    redis,
    nameSpace: config.REDIS_KEY_PREFIX,
    skipOnError: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Vitrina API', version: '0.1.0', description: 'Storefront and admin API (SPEC §7).' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  // The payment provider's own pages (the sandbox bank and OXXO counter) exist only for a provider that has them.
  const payments = app.providers.payments;
  if (payments.routes) await app.register(payments.routes);
  await registerModules(app, { serveWeb: opts.serveWeb ?? false });
  // The sandbox sends its webhooks to this app's own endpoint, through the same signature check as any provider's.
  payments.connectWebhooks?.(async (body, headers) =>
    app.inject({ method: 'POST', url: `/api/payments/webhooks/${payments.name}`, payload: body, headers }),
  );
  return app;
}
