/**
 * The router. Storefront and admin are separate lazily loaded route trees, so a shopper's first load never
 * downloads admin code. Every navigation scrolls to the top; while a route loads "Loading..." shows (SPEC §2).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { Loading } from '../components/ui/loading';

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/admin/*', lazy: () => import('../admin/routes').then((m) => ({ Component: m.AdminRoutes })) },
      { path: '/*', lazy: () => import('../storefront/routes').then((m) => ({ Component: m.StorefrontRoutes })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
