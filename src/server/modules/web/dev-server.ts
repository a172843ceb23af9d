/**
 * `npm run dev` (WEB_DEV=true, scripts/dev.mjs): the web app served from its sources by two Vite dev servers inside
 * this Fastify server, with the configurations of the production bundles (vite.config.ts, decisions 077 and 131): the
 * storefront on preact/compat, whose entry pages the server renders through Vite's module loader with Preact and the
 * browser hydrates with Preact, as in production; the admin and platform pages on React under `/admin-assets/`. The
 * pages go through the same routes as the built ones (web.routes.ts): head tags, server rendering, the tap keeper and
 * the CSP nonces of each response (the dev servers' own inline and injected elements get them too). Code edits reload
 * the page (the admin keeps React Fast Refresh).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { EntryServer } from './ssr.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What Vite writes where the response's nonce goes (its `html.cspNonce`), replaced per response. */
const NONCE = 'vitrina-dev-nonce';

/** The dev servers behind the web routes. */
export interface DevWeb {
  /** Whether `request` asks for a module or file of a dev server (not a page). */
  serves(request: FastifyRequest): boolean;
  /** Answers such a request from its dev server. */
  serve(request: FastifyRequest, reply: FastifyReply): void;
  /** The storefront's or the admin's index.html for `url`, with the dev client, carrying this response's nonces. */
  indexHtml(bundle: 'storefront' | 'admin', url: string, nonce: { script: string; style: string }): Promise<string>;
  /** The storefront's server renderer (src/web/entry-server.tsx), loaded afresh after an edit. */
  entry: EntryServer;
}

/**
 * Starts both dev servers on `app`'s HTTP server (their hot-reload sockets too); they close with `app`. Throws with
 * NODE_ENV=production: a dev server hands out the sources and any file under the project.
 */
export async function startDevWeb(app: FastifyInstance): Promise<DevWeb> {
  if (app.config.NODE_ENV === 'production') throw new Error('WEB_DEV=true is for development only, not production');
  const { createServer } = await import('vite');
  const start = (mode: 'development' | 'admin') =>
    createServer({
      configFile: path.join(ROOT, 'vite.config.ts'),
      // Loaded in memory: no temporary file beside it for a file watcher to see.
      configLoader: 'runner',
      mode,
      // Each its own pre-bundled dependencies: the storefront's are built on preact/compat, the admin's on React.
      cacheDir: path.join(ROOT, 'node_modules/.vite', mode),
      appType: 'custom',
      html: { cspNonce: NONCE },
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
  const storefront = await start('development');
  const admin = await start('admin');
  app.addHook('onClose', async () => {
    await Promise.all([storefront.close(), admin.close()]);
  });

  const devServerOf = (url: string): ViteDevServer | null => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.startsWith('/admin-assets/')) return admin;
    if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) return null;
    // Vite's own paths, and source files (a page path has no file extension).
    return pathname.startsWith('/@') || pathname.startsWith('/node_modules/') || /\.[a-z0-9]+$/i.test(pathname)
      ? storefront
      : null;
  };

  return {
    serves: (request) => request.method === 'GET' && devServerOf(request.url) !== null,
    serve(request, reply) {
      reply.hijack();
      devServerOf(request.url)!.middlewares(request.raw, reply.raw, () => {
        reply.raw.statusCode = 404;
        reply.raw.end();
      });
    },
    async indexHtml(bundle, url, nonce) {
      const vite = bundle === 'admin' ? admin : storefront;
      const html = await vite.transformIndexHtml(url, await fs.readFile(path.join(ROOT, 'src/web/index.html'), 'utf8'));
      // The dev client sets the meta's nonce on the stylesheets it injects; every script Vite writes gets the script's.
      return html
        .replace(
          `<meta property="csp-nonce" nonce="${NONCE}">`,
          () => `<meta property="csp-nonce" nonce="${nonce.style}">`,
        )
        .replaceAll(`nonce="${NONCE}"`, () => `nonce="${nonce.script}"`);
    },
    entry: {
      async render(input) {
        const module = (await storefront.ssrLoadModule('/entry-server.tsx')) as EntryServer;
        return module.render(input);
      },
    },
  };
}
