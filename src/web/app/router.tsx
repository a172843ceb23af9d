/**
 * The router. Storefront and admin are separate lazily loaded route trees, so a shopper's first load never
 * downloads admin code. Every navigation scrolls to the top; while a route loads "Loading..." shows.
 * A page the server rendered (decision 035) passes the storefront tree already loaded, so hydration renders the
 * same markup at once instead of a fallback.
 * The storefront's browser bundle (preact/compat, decision 077) holds no admin or platform tree: a link into `/admin`
 * loads the page from the server, which answers it with the admin bundle (React).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { Loading } from '../components/ui/loading';
import { loadChunk } from '../lib/load-chunk';
import { RouteError } from './route-error';
import { isPlatformPage } from '../platform/is-platform';

/** The storefront's browser bundle (vite.config.ts): no admin or platform routes in it. */
const STOREFRONT_BUNDLE = import.meta.env.VITRINA_BUNDLE === 'storefront';

/**
 * In the storefront bundle, a navigation into `/admin` becomes a full page load (the server answers it with the admin
 * bundle). Null when this page already is that URL, so a misrouted first load shows an empty page instead of
 * reloading forever.
 */
function adminDocument({ request }: LoaderFunctionArgs) {
  return request.url === window.location.href ? null : redirectDocument(request.url);
}

/** The app's routes; `storefront` is the storefront tree when already loaded (server rendering, hydration). */
export function appRoutes(storefront?: ComponentType): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <Loading />,
      errorElement: <RouteError />,
      children: [
        STOREFRONT_BUNDLE
          ? { path: '/admin/*', loader: adminDocument }
          : {
              path: '/admin/*',
              lazy: () => loadChunk(() => import('../admin/routes')).then((m) => ({ Component: m.AdminRoutes })),
            },
        // The platform domain serves Vitrina's own home and seller sign-up, never a store.
        !STOREFRONT_BUNDLE && !storefront && isPlatformPage()
          ? {
              path: '/*',
              lazy: () => loadChunk(() => import('../platform/routes')).then((m) => ({ Component: m.PlatformRoutes })),
            }
          : storefront
            ? { path: '/*', Component: storefront }
            : {
                path: '/*',
                lazy: () =>
                  loadChunk(() => import('../storefront/routes')).then((m) => ({ Component: m.StorefrontRoutes })),
              },
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter(storefront?: ComponentType) {
  return createBrowserRouter(appRoutes(storefront));
}
