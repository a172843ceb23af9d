/**
 * Serves the built web app (dist/web) and uploaded files (DATA_DIR/uploads), and answers every other non-API GET
 * with index.html carrying the store's head tags (head-tags.ts). Unknown /api paths answer a translated 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../../lib/app-error.js';
import { requestOrigin, storeContext } from '../../plugins/request-context.js';
import { getWebsiteConfig } from '../stores/index.js';
import { getProductDetail } from '../catalog/index.js';
import { injectHead, renderHead } from './head-tags.js';
import { codigo as codigoSchema } from '../../../shared/contracts/common.js';
import { UPLOADS_CSP } from '../../plugins/security-headers.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist/web');

async function renderIndex(request: FastifyRequest, reply: FastifyReply, template: string): Promise<string> {
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
  // Canonical and og:image URLs name the store's own domain, never the Host or X-Forwarded-Host a client sent.
  const origin = requestOrigin(request);
  return injectHead(template, renderHead({ config, product, origin, path: request.url, nonce: reply.cspNonce }));
}

/** `indexHtml` replaces dist/web/index.html as the page template (tests of the head tags without a web build). */
const routes: FastifyPluginAsync<{ serveWeb: boolean; indexHtml?: string }> = async (app, opts) => {
  const indexFile = path.join(DIST, 'index.html');
  const serveWeb = opts.serveWeb && fs.existsSync(indexFile);
  if (opts.serveWeb) {
    // Uploads get a sandboxing policy (an SVG or HTML file must not run as a page of the store) and may be shown by
    // other origins (mail clients, link previews) (plugins/security-headers.ts).
    const uploads = path.join(app.config.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
      setHeaders: (res) => {
        res.raw.setHeader('content-security-policy', UPLOADS_CSP);
        res.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
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
  }
  const template = opts.indexHtml ?? (serveWeb ? fs.readFileSync(indexFile, 'utf8') : '');

  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/uploads/') ||
      request.method !== 'GET' ||
      !template
    ) {
      throw new AppError('NOT_FOUND');
    }
    // The store's resolution normally runs for /api only; pages need it for the head tags.
    if (!request.store) await app.resolveStore(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await renderIndex(request, reply, template));
  });
};
export default routes;
