/**
 * Serves the built web app and uploaded files (DATA_DIR/uploads), and answers every other non-API GET with an
 * index.html carrying the store's head tags (head-tags.ts). Two browser bundles (decision 077): the storefront's
 * (dist/web, preact/compat) on store domains, the admin's (dist/admin, React 19, assets under /admin-assets/) on the
 * platform domain and under `/admin`. The storefront's entry pages come rendered on the server with their data for
 * hydration when the server bundle dist/ssr exists (ssr.ts, decision 035). With WEB_DEV (`npm run dev`) the same pages
 * come from the sources through Vite's dev servers (dev-server.ts). Unknown /api paths answer a translated 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/i18n.js';
import { normaliseHost, requestOrigin, STORE_DOMAIN_HEADER, storeContext } from '../../plugins/request-context.js';
import { getWebsiteConfig } from '../stores/index.js';
import { getProductDetail } from '../catalog/index.js';
import { deferredScripts, escapeHtml, injectHead, renderHead } from './head-tags.js';
import { loadEntryServer, renderEntryPage, type EntryServer, type RenderedPage } from './ssr.js';
import { startDevWeb } from './dev-server.js';
import { useBuiltInlineScripts } from './inline-scripts.js';
import { cachedPage } from './page-cache.js';
import { notFoundBody, storefrontPageStatus, type PageStatus } from './page-status.js';
import { codigo as codigoSchema } from '../../../shared/contracts/common.js';
import { UPLOADS_CSP } from '../../plugins/security-headers.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist/web');
const SSR_DIST = path.resolve(DIST, '../ssr');
const ADMIN_DIST = path.resolve(DIST, '../admin');

/** Whether a page gets the admin bundle: the platform domain (home, sign-up, admin) and `/admin` on any domain. */
export function isAdminBundlePage(pathname: string, platform: boolean): boolean {
  return platform || pathname === '/admin' || pathname.startsWith('/admin/');
}

type Entry = EntryServer | null;

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Vite's manifest of the web build, or null without one. */
function readManifest(): Manifest | null {
  const file = path.join(DIST, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

/**
 * The chunk of each language's first-load catalogues (src/web/lib/catalogues, decision 069), preloaded by
 * server-rendered pages in their language.
 */
function catalogueChunks(): Partial<Record<string, string>> {
  const manifest = readManifest();
  const out: Partial<Record<string, string>> = {};
  for (const lang of ['es', 'en']) {
    const chunk = manifest?.[`lib/catalogues/${lang}.ts`];
    if (chunk) out[lang] = `/${chunk.file}`;
  }
  return out;
}

/** The storefront route chunk and what it imports (Vite's manifest), preloaded by server-rendered pages. */
function storefrontChunks(): string[] {
  const manifest = readManifest();
  if (!manifest) return [];
  const out = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || out.has(`/${chunk.file}`)) return;
    out.add(`/${chunk.file}`);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit('storefront/routes.tsx');
  return [...out];
}

/**
 * The app's stylesheet link in index.html and the stylesheet itself, inlined by server-rendered pages (decision 070):
 * ~19 KB (5 KB gzip), which saves the first paint a render-blocking request. Null without a build.
 */
function entryStylesheet(template: string): { link: string; css: string } | null {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(template);
  if (!link) return null;
  const file = path.join(DIST, link[1]);
  if (!fs.existsSync(file)) return null;
  const css = fs.readFileSync(file, 'utf8');
  return css.includes('</') ? null : { link: link[0], css };
}

/**
 * The app's entry `<script type="module" crossorigin src="/assets/index-….js">` in index.html, which server-rendered
 * pages load through `deferredScripts` instead (decision 084). Null without a build or when Vite writes it otherwise.
 */
function entryScript(template: string): { tag: string; src: string } | null {
  const tag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(template);
  return tag ? { tag: tag[0], src: tag[1] } : null;
}

/**
 * How pages are compressed (@fastify/compress; decisions 077, 133): Brotli at quality 5, else gzip, as the client's
 * Accept-Encoding prefers with its q values, for pages over 1 KB. A storefront page is ~55 KB of HTML, ~10 KB
 * compressed, which a phone on a slow network feels.
 */
const PAGE_COMPRESSION = {
  global: false,
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
} satisfies FastifyCompressOptions;

/** Sends a page as HTML, compressed by `reply.compress` when the client accepts it (PAGE_COMPRESSION). */
function sendPage(reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  reply.compress(html);
  return reply;
}

/** The platform domain serves Vitrina's own home and seller sign-up, not a store. */
function isPlatform(request: FastifyRequest): boolean {
  return !request.store && normaliseHost(request.headers.host) === normaliseHost(request.server.config.PLATFORM_DOMAIN);
}

async function renderIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  entry: Entry,
  preloadScripts: string[],
  catalogues: Partial<Record<string, string>>,
  stylesheet: { link: string; css: string } | null,
  script: { tag: string; src: string } | null = null,
): Promise<string> {
  let config = null;
  let product = null;
  let page: RenderedPage | null = null;
  // An unpublished store (decision 100) gets the shell only: the app shows its "not published yet" page.
  if (request.store && request.store.status !== 'suspended' && request.store.published) {
    const ctx = storeContext(request);
    config = await getWebsiteConfig(ctx);
    if (entry) {
      page = await renderEntryPage(entry, request, config).catch((err: unknown) => {
        request.log.error({ err }, 'server rendering failed; serving the shell');
        return null;
      });
      product = page?.product ?? null;
    }
    const codigo = codigoSchema.safeParse((request.query as Record<string, unknown>)?.codigo);
    if (!product && request.url.startsWith('/product') && codigo.success) {
      product = await getProductDetail(ctx, codigo.data).catch(() => null);
    }
  }
  // Canonical and og:image URLs name the store's own domain, never the Host or X-Forwarded-Host a client sent.
  const origin = requestOrigin(request);
  const head = renderHead({
    config,
    product,
    origin,
    path: request.url,
    nonce: reply.cspNonce,
    preload: page?.preload,
    // A suspended or unpublished store's page is still in the store's language.
    storeLang: request.store?.lang,
  });
  if (isPlatform(request)) head.head += '<meta name="vitrina-area" content="platform">';
  const scripts = catalogues[head.lang] ? [...preloadScripts, catalogues[head.lang]!] : preloadScripts;
  // A server-rendered page loads its scripts once its largest image is painted (decision 084), when the entry script
  // is where it is expected; otherwise they are preloaded from the head as before.
  // A tap made before the scripts have run is kept and made again once hydrated (decision 085); DEFER_SCRIPTS=false
  // turns the loader off.
  const deferred = page && script && request.server.config.DEFER_SCRIPTS ? script : null;
  let html = injectHead(
    template,
    head,
    page
      ? {
          html: page.html,
          stateJson: page.stateJson,
          nonce: reply.cspNonce.script,
          preloadScripts: deferred ? [] : scripts,
        }
      : undefined,
  );
  if (deferred) {
    const loader = deferredScripts({
      entry: deferred.src,
      preload: scripts,
      image: page?.preload?.href ?? null,
      nonce: reply.cspNonce.script,
    });
    html = html.replace(deferred.tag, '');
    // Before the template's own </body>, the last one in the page.
    const end = html.lastIndexOf('</body>');
    html = end < 0 ? html + loader : html.slice(0, end) + loader + html.slice(end);
  }
  return page && stylesheet
    ? html.replace(stylesheet.link, () => `<style nonce="${reply.cspNonce.style}">${stylesheet.css}</style>`)
    : html;
}

/**
 * The storefront's not-found page for a 404 or 410 (decision 107): the shell with the store's head tags (title "page
 * not found | store", `noindex`) and the not-found text and home link in the store's language (or `?lang=`) inside
 * `#root`, made on the server without the app's render: the same for every missing path, so a flood of made-up URLs
 * costs little. The shell's scripts load the app, which shows the same page inside the store's header and footer (or,
 * for /product, asks the API and goes to /404, decision 008).
 */
async function renderNotFound(request: FastifyRequest, reply: FastifyReply, template: string): Promise<string> {
  const config = await getWebsiteConfig(storeContext(request));
  const head = renderHead({ config, origin: requestOrigin(request), path: request.url, nonce: reply.cspNonce });
  const lang = head.lang === 'en' ? 'en' : 'es';
  const title = `${translator(lang)('storefront:notFound.title')} | ${config.nombretienda}`;
  const tags = head.head.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  const html = injectHead(template, { lang, head: `${tags}\n    <meta name="robots" content="noindex" />` });
  return html.replace('<div id="root"></div>', () => `<div id="root">${notFoundBody(lang)}</div>`);
}

/**
 * `indexHtml` replaces both bundles' index.html as the page template (tests of the head tags without a web build).
 * Without dist/admin (a build older than decision 077) every page gets dist/web's.
 */
const routes: FastifyPluginAsync<{ serveWeb: boolean; indexHtml?: string }> = async (app, opts) => {
  const indexFile = path.join(DIST, 'index.html');
  const dev = opts.serveWeb && !opts.indexHtml && app.config.WEB_DEV ? await startDevWeb(app) : null;
  const serveWeb = opts.serveWeb && !dev && fs.existsSync(indexFile);
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
  const adminIndexFile = path.join(ADMIN_DIST, 'index.html');
  const serveAdmin = serveWeb && fs.existsSync(adminIndexFile);
  // Hashed assets are cached for good, the rest revalidated. On the reply, not its raw response: @fastify/static has
  // already put its own `cache-control` (max-age=0) on the reply, which would win over a raw header.
  const setHeaders = (reply: FastifyReply, file: string) =>
    reply.header(
      'cache-control',
      /[\\/](admin-)?assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: DIST,
      prefix: '/',
      index: false,
      wildcard: false,
      // The .br and .gz copies `npm run build` writes next to each script and stylesheet (vite.config.ts).
      preCompressed: true,
      setHeaders,
    });
  }
  if (serveAdmin) {
    await app.register(fastifyStatic, {
      root: path.join(ADMIN_DIST, 'admin-assets'),
      prefix: '/admin-assets/',
      index: false,
      wildcard: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders,
    });
  }
  const template = opts.indexHtml ?? (serveWeb ? fs.readFileSync(indexFile, 'utf8') : '');
  const adminTemplate = opts.indexHtml ?? (serveAdmin ? fs.readFileSync(adminIndexFile, 'utf8') : template);
  // Server rendering needs the built web app and its server bundle (`npm run build`), or the dev servers.
  const entry = dev ? dev.entry : serveWeb && !opts.indexHtml ? await loadEntryServer(SSR_DIST) : null;
  // The inline scripts compiled with this build (decision 131); without a build they are compiled from their sources.
  if (serveWeb) useBuiltInlineScripts(DIST);
  // What a server-rendered page takes from the build: its chunks, inlined stylesheet and deferred entry script.
  const built = serveWeb && entry !== null;
  const preloadScripts = built ? storefrontChunks() : [];
  const catalogues = built ? catalogueChunks() : {};
  const stylesheet = built ? entryStylesheet(template) : null;
  const script = built ? entryScript(template) : null;

  // Pages are a GET route, not the not-found handler: @fastify/compress gives `reply.compress` only to routes, and only
  // to those registered after it in this scope, so the static files above keep their pre-compressed copies and a page
  // is compressed once (decision 133). No HEAD route, hidden from the API docs, not rate limited (limits are for /api).
  await app.register(fastifyCompress, PAGE_COMPRESSION);
  app.setNotFoundHandler(async (request, reply) => {
    if (dev?.serves(request)) return dev.serve(request, reply);
    throw new AppError('NOT_FOUND');
  });
  const pageRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    if (dev?.serves(request)) return dev.serve(request, reply);
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/uploads/') ||
      request.method !== 'GET' ||
      (!template && !dev)
    ) {
      throw new AppError('NOT_FOUND');
    }
    // The store's resolution normally runs for /api only; pages need it for the head tags.
    if (!request.store) await app.resolveStore(request);
    const page = (bundle: 'storefront' | 'admin') =>
      dev ? dev.indexHtml(bundle, request.url, reply.cspNonce) : bundle === 'admin' ? adminTemplate : template;
    if (isAdminBundlePage(new URL(request.url, 'http://localhost').pathname, isPlatform(request))) {
      return sendPage(reply, await renderIndex(request, reply, await page('admin'), null, [], {}, null));
    }
    // A storefront page asked on another of the store's addresses goes to its primary one (decision 145), so links,
    // search engines and the certificate all see one site. The admin stays where the seller signed in.
    const asked =
      normaliseHost(request.headers[STORE_DOMAIN_HEADER] as string | undefined) ?? normaliseHost(request.headers.host);
    // Permanent for search engines, but never kept by browsers without asking again: the seller may remove the
    // domain or change the primary one at any time, and a cached 308 would keep sending shoppers to the old one.
    if (request.store && asked && asked !== request.store.primaryHost)
      return reply.header('cache-control', 'no-cache').redirect(`${requestOrigin(request)}${request.url}`, 308);
    // A page that does not exist is a real 404 (410 for an archived product), decided before any cached page.
    const status: PageStatus = isPlatform(request) ? 200 : await storefrontPageStatus(request);
    if (status !== 200) {
      return sendPage(reply.code(status), await renderNotFound(request, reply, await page('storefront')));
    }
    const shell = await page('storefront');
    const render = () => renderIndex(request, reply, shell, entry, preloadScripts, catalogues, stylesheet, script);
    // In development a page is rendered afresh every time: an edit to the sources shows at the next load.
    return sendPage(reply, await (dev ? render() : cachedPage(request, reply, render)));
  };
  app.get('/*', { exposeHeadRoute: false, schema: { hide: true }, config: { rateLimit: false } }, pageRoute);
};
export default routes;
