/**
 * Serves the built web app (dist/web) and uploaded files (DATA_DIR/uploads), and answers every other non-API GET
 * with index.html carrying the store's head tags (head-tags.ts). Unknown /api paths answer a translated 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../../lib/app-error.js';
import { storeContext } from '../../plugins/request-context.js';
import { getWebsiteConfig } from '../stores/index.js';
import { getProductDetail } from '../catalog/index.js';
import { injectHead, renderHead } from './head-tags.js';
import { codigo as codigoSchema } from '../../../shared/contracts/common.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist/web');

async function renderIndex(request: FastifyRequest, template: string): Promise<string> {
  let config = null;
  let product = null;
  if (request.store && request.store.status !== 'suspended') {
    const ctx = storeContext(request);
    config = await getWebsiteConfig(ctx);
    const codigo = codigoSchema.safeParse((request.query as Record<string, unknown>)?.codigo);
    if (request.url.startsWith('/product') && codigo.success) {
      product = await getProductDetail(ctx, codigo.data).catch(() => null);
    }
  }
  const origin = `${request.protocol}://${request.host}`;
  return injectHead(template, renderHead({ config, product, origin, path: request.url }));
}

const routes: FastifyPluginAsync<{ serveWeb: boolean }> = async (app, opts) => {
  const indexFile = path.join(DIST, 'index.html');
  const serveWeb = opts.serveWeb && fs.existsSync(indexFile);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: DIST,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (res, file) =>
        res.raw.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    const uploads = path.join(app.config.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, maxAge: '7d' });
  }
  const template = serveWeb ? fs.readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/uploads/') ||
      request.method !== 'GET' ||
      !serveWeb
    ) {
      throw new AppError('NOT_FOUND');
    }
    // The store's resolution normally runs for /api only; pages need it for the head tags.
    if (!request.store) await app.resolveStore(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await renderIndex(request, template));
  });
};
export default routes;
