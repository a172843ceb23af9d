/**
 * Server rendering of the storefront's entry pages (decision 035): home, search and product, and the store's content
 * pages (decision 066). The server module
 * (src/server/modules/web/ssr.ts) loads this bundle (dist/ssr/entry-server.js, built by `npm run build`), passes the
 * answers the page's queries would fetch under the same query keys, and gets the page markup plus the dehydrated
 * TanStack Query state the browser hydrates from (src/web/main.tsx).
 *
 * Written against React's API, it runs on Preact, as the storefront's browser bundle does (decision 131): the server
 * build and `npm run dev` alias `react` to preact/compat and `react-dom/server` to preact-render-to-string
 * (vite.config.ts), so the markup comes from the renderer that hydrates it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import i18n from './lib/i18n';
import esCatalogues from './lib/catalogues/es';
import enCatalogues from './lib/catalogues/en';
import './lib/catalogues/errors';
import { appRoutes } from './app/router';
import { setStoreContentPage, StorefrontRoutes } from './storefront/routes';
import { StoreContentPage } from './storefront/features/content/store-content-page';

export interface RenderInput {
  /** Absolute URL of the page (scheme, host, path and query). */
  url: string;
  /** The page language (the store's). */
  lang: 'es' | 'en';
  /** Query key and answer pairs, exactly as the pages' queries would cache them. */
  queries: [key: readonly unknown[], data: unknown][];
}

export interface RenderOutput {
  /** Markup for `<div id="root">`. */
  html: string;
  /** What the browser hydrates: the language and the dehydrated query cache. */
  state: { lang: string; queries: DehydratedState };
}

// The browser loads one language's catalogues as a chunk (lib/i18n.ts); the server holds both from the start.
for (const [lang, bundles] of [
  ['es', esCatalogues],
  ['en', enCatalogues],
] as const) {
  for (const [ns, resources] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, resources, true, true);
}

const handler = createStaticHandler(appRoutes(StorefrontRoutes));
// The content pages are a chunk of their own in the browser; here they render whole (decision 066).
setStoreContentPage(StoreContentPage);

/** Renders one page. Throws if the router answers with a redirect or error (the caller then serves the plain shell). */
export async function render(input: RenderInput): Promise<RenderOutput> {
  const context = await handler.query(new Request(input.url));
  if (context instanceof Response) throw new Error(`router answered ${context.status}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  for (const [key, data] of input.queries) queryClient.setQueryData(key, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  // preact-render-to-string's renderToString is synchronous, so switching the shared i18n instance's language cannot leak into another render.
  if (i18n.language !== input.lang) void i18n.changeLanguage(input.lang);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const state = { lang: input.lang, queries: dehydrate(queryClient) };
  queryClient.clear();
  return { html, state };
}
