/**
 * The router. Storefront and admin are separate lazily loaded route trees, so a shopper's first load never
 * downloads admin code. Every navigation scrolls to the top; while a route loads "Loading..." shows (SPEC §2).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { Loading } from '../components/ui/loading';
import { loadChunk } from '../lib/load-chunk';
import { RouteError } from './route-error';

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/admin/*',
        lazy: () => loadChunk(() => import('../admin/routes')).then((m) => ({ Component: m.AdminRoutes })),
      },
      {
        path: '/*',
        lazy: () => loadChunk(() => import('../storefront/routes')).then((m) => ({ Component: m.StorefrontRoutes })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
