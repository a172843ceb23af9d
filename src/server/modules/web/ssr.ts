/**
 * Server rendering of the storefront's entry pages (decision 035). For `/`, the search pages (`/search`,
 * `/search/keyword`, `/deps`, `/deps/departamento`, `/cat`), `/product` and the content pages (`/aviso`,
 * `/politicas_compras`, `/pagos_envios`, `/faq`, `/glosario`, decision 066), the data the page's queries would fetch is
 * loaded here with the same functions (and answer cache, decision 033) as the API routes, rendered to HTML by the
 * web app's server bundle (dist/ssr/entry-server.js, src/web/entry-server.tsx, on Preact like the browser: decision
 * 131; in `npm run dev` the same module through Vite, dev-server.ts) and embedded as JSON for hydration. Any other page,
 * a store that is suspended or under construction, or a missing server bundle gets the plain shell as before. A render
 * that fails is logged and also falls back to the shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { WebsiteConfig } from '../../../shared/contracts/stores.js';
import { contentKind, contentResponse } from '../../../shared/contracts/website.js';
import {
  departmentTree,
  homeResponse,
  productDetail,
  searchQuery,
  searchResponse,
  type ProductDetail,
} from '../../../shared/contracts/catalog.js';
import { BANNER_SIZES } from '../../../shared/responsive-images.js';
import { storeContext } from '../../plugins/request-context.js';
import { getDepartmentTree, getHome, loadProductDetail } from '../catalog/index.js';
import { searchProducts, words } from '../search/index.js';
import { getContent } from '../stores/index.js';

/** The server bundle's interface (src/web/entry-server.tsx). */
export interface EntryServer {
  render(input: {
    url: string;
    lang: 'es' | 'en';
    queries: [key: readonly unknown[], data: unknown][];
  }): Promise<{ html: string; state: { lang: string; queries: unknown } }>;
}

/** What a rendered page adds to the shell. */
export interface RenderedPage {
  /** Markup inside `<div id="root">`. */
  html: string;
  /** JSON for `<script id="vitrina-state">`, safe to place inside a script element. */
  stateJson: string;
  /** The image to preload (the page's largest contentful paint), as `<link rel="preload">` attributes. */
  preload: { href: string; srcset?: string; sizes?: string } | null;
  /** The product shown (for the head tags), when /product. */
  product: ProductDetail | null;
}

const SEARCH_PATHS = new Set(['/search', '/search/keyword', '/deps', '/deps/departamento', '/cat']);
/** The store's content pages (decision 066): /aviso, /politicas_compras, /pagos_envios, /faq, /glosario. */
const CONTENT_PATHS = new Set(contentKind.options.map((k) => `/${k}`));

/** Loads dist/ssr/entry-server.js when it exists (a production build); null otherwise. */
export async function loadEntryServer(dir: string): Promise<EntryServer | null> {
  const file = path.join(dir, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as EntryServer;
}

/**
 * JSON that cannot end the script element it sits in nor open a comment: "<", ">", "&" and the line separators
 * U+2028/2029 are written as \u escapes (still the same JSON value).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** True for the pages rendered on the server. */
export function isEntryPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/product' || SEARCH_PATHS.has(pathname) || CONTENT_PATHS.has(pathname);
}

/**
 * Renders an entry page of the request's store, or returns null (not an entry page, no store, inactive website).
 * `config` is the store's website configuration, already loaded for the head tags.
 */
export async function renderEntryPage(
  entry: EntryServer,
  request: FastifyRequest,
  config: WebsiteConfig | null,
): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://localhost');
  if (!config || !config.websiteActive || !isEntryPage(url.pathname)) return null;
  const app = request.server;
  const ctx = storeContext(request);
  const queries: [readonly unknown[], unknown][] = [
    [['configwebsite'], config],
    [['departments'], departmentTree.parse(await getDepartmentTree(ctx))],
  ];
  let preload: RenderedPage['preload'] = null;
  let product: ProductDetail | null = null;
  const image = (base: string, sizes: string) => ({
    href: `${base}-480.webp`,
    srcset: `${base}-160.webp 160w, ${base}-480.webp 480w, ${base}-960.webp 960w`,
    sizes,
  });

  if (url.pathname === '/') {
    const home = homeResponse.parse(await getHome(ctx));
    queries.push([['home'], JSON.parse(JSON.stringify(home))]);
    const banner = config.banners[0];
    const first = home.featured[0]?.image;
    // The same srcset and sizes as the carousel's first image (src/web/storefront/features/home/carousel.tsx).
    preload = banner
      ? { href: banner.url, ...(banner.srcset ? { srcset: banner.srcset, sizes: BANNER_SIZES } : {}) }
      : first
        ? image(first, '(min-width: 1000px) 25vw, 50vw')
        : null;
  } else if (url.pathname === '/product') {
    const codigo = url.searchParams.get('codigo') ?? '';
    if (codigo) {
      const answer = await app.answerCache
        .get(ctx.storeId, `product\u0000${codigo}`, async () => {
          const { id, detail } = await loadProductDetail(ctx, codigo);
          return { value: productDetail.parse(detail), productId: id };
        })
        .catch(() => null);
      if (answer) {
        product = JSON.parse(answer.body) as ProductDetail;
        queries.push([['product', codigo], product]);
        if (product.image) preload = image(product.image, '(min-width: 900px) 50vw, 100vw');
      }
    }
  } else if (CONTENT_PATHS.has(url.pathname)) {
    // The same answer and query key as the content page's own request (src/web/storefront/features/content).
    const kind = contentKind.parse(url.pathname.slice(1));
    queries.push([['content', kind], contentResponse.parse(await getContent(ctx, kind))]);
  } else {
    // The same parameters, defaults and query key as the search page (src/web/storefront/features/search).
    const p = url.searchParams;
    const q = p.get('q') ?? '';
    const departamento = p.get('departamento') ?? '';
    const categoria = p.get('categoria') ?? '';
    const sorts = ['relevance', 'price_asc', 'price_desc', 'newest', 'best_seller'];
    const sort = sorts.includes(p.get('sort') ?? '') ? p.get('sort')! : 'relevance';
    const page = Math.max(1, Number(p.get('page')) || 1);
    const parsed = searchQuery.safeParse({
      q: q || undefined,
      departamento: departamento || undefined,
      categoria: categoria || undefined,
      sort,
      page,
    });
    if (parsed.success) {
      const s = parsed.data;
      const key = ['search', words(s.q ?? '').join(' '), s.departamento, s.categoria, s.sort, s.page, s.pageSize].join(
        '\u0000',
      );
      const answer = await app.answerCache
        .get(ctx.storeId, key, async () => ({
          value: searchResponse.parse(
            await searchProducts(ctx, s, { indexes: app.searchIndexes, engine: app.config.SEARCH_ENGINE }),
          ),
        }))
        .catch(() => null);
      if (answer) {
        const result = JSON.parse(answer.body) as { items: { image: string | null }[] };
        queries.push([['search', q, departamento, categoria, sort, page], result]);
        const first = result.items[0]?.image;
        if (first) preload = image(first, '(min-width: 1000px) 25vw, 50vw');
      }
    }
  }

  const rendered = await entry.render({
    url: url.toString(),
    // `?lang=` (the hreflang alternates, head-tags.ts) wins over the store's language, as in src/web/lib/i18n.ts.
    lang: (url.searchParams.get('lang') ?? config.lang) === 'en' ? 'en' : 'es',
    queries: queries.map(([k, v]) => [k, JSON.parse(JSON.stringify(v))]),
  });
  return { html: rendered.html, stateJson: scriptSafeJson(rendered.state), preload, product };
}
