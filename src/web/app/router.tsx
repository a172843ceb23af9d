/**
 * The router. Storefront and admin are separate lazily loaded route trees, so a shopper's first load never
 * downloads admin code. Every navigation scrolls to the top; while a route loads "Loading..." shows (SPEC §2).
 * A page the server rendered (decision 035) passes the storefront tree already loaded, so hydration renders the
 * same markup at once instead of a fallback.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { Loading } from '../components/ui/loading';
import { loadChunk } from '../lib/load-chunk';
import { RouteError } from './route-error';
import { isPlatformPage } from '../platform/is-platform';

/** The app's routes; `storefront` is the storefront tree when already loaded (server rendering, hydration). */
export function appRoutes(storefront?: ComponentType): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      hydrateFallbackElement: <Loading />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/admin/*',
          lazy: () => loadChunk(() => import('../admin/routes')).then((m) => ({ Component: m.AdminRoutes })),
        },
        // The platform domain serves Vitrina's own home and seller sign-up, never a store (issue 7).
        !storefront && isPlatformPage()
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
