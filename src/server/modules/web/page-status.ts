/**
 * The HTTP status of a storefront page (decision 107): 404 for a path the storefront's router does not have (and for
 * `/404` itself) and for a product code that names no listed product, 410 for an archived product, 200 otherwise.
 * The status is decided before any page cache is consulted, so a cached page can never answer for a missing one, and
 * a 404 or 410 gets the server-made not-found page (`notFoundBody`), never "Loading..." that the browser turns into
 * /404 later (a soft 404 that search engines index).
 */
import type { FastifyRequest } from 'fastify';
import { codigo as codigoSchema } from '../../../shared/contracts/common.js';
import { productDetail } from '../../../shared/contracts/catalog.js';
import { isStorefrontPath } from '../../../shared/storefront-paths.js';
import { AppError } from '../../lib/app-error.js';
import { escapeHtml } from './head-tags.js';
import { translator } from '../../lib/i18n.js';
import { storeContext } from '../../plugins/request-context.js';
import { loadProductDetail, productPageStatus } from '../catalog/index.js';

export type PageStatus = 200 | 404 | 410;

/**
 * The status of the storefront page `request` asks for. A store that is not active (suspended) keeps answering its
 * own page as before (200).
 */
export async function storefrontPageStatus(request: FastifyRequest): Promise<PageStatus> {
  if (!request.store || request.store.status !== 'active') return 200;
  const url = new URL(request.url, 'http://localhost');
  if (!isStorefrontPath(url.pathname)) return 404;
  if (url.pathname.replace(/\/+$/, '').toLowerCase() !== '/product') return 200;
  const codigo = codigoSchema.safeParse(url.searchParams.get('codigo') ?? '');
  if (!codigo.success) return 404;
  const ctx = storeContext(request);
  try {
    // The product's answer as GET /api/productos/:codigo and the page render cache it (decision 033): a listed
    // product's page costs no query; the change feed drops it when the product is archived or hidden.
    await request.server.answerCache.get(ctx.storeId, `product\u0000${codigo.data}`, async () => {
      const { id, detail } = await loadProductDetail(ctx, codigo.data);
      return { value: productDetail.parse(detail), productId: id };
    });
    return 200;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'PRODUCT_NOT_FOUND') throw err;
  }
  return (await productPageStatus(ctx, codigo.data)) === 'archived' ? 410 : 404;
}

/**
 * The not-found page's markup for `<div id="root">` in `lang` (the storefront's own "page not found" texts and a link
 * home). The app, once loaded, renders the same page inside the store's header and footer.
 */
export function notFoundBody(lang: 'es' | 'en'): string {
  const t = translator(lang);
  return (
    '<div class="container page empty-state">' +
    `<h1>${escapeHtml(t('storefront:notFound.title'))}</h1>` +
    `<p>${escapeHtml(t('storefront:notFound.text'))}</p>` +
    `<a class="btn btn-primary" href="/">${escapeHtml(t('storefront:notFound.home'))}</a>` +
    '</div>'
  );
}
