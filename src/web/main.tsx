/**
 * Web entry: i18n, TanStack Query and the router. Storefront and admin trees load lazily (DESIGN.md "Web").
 * A page the server rendered (decision 035) carries its data in `<script id="vitrina-state">`: the query cache is
 * filled from it and the markup hydrated; otherwise the app renders from scratch.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import i18n from './lib/i18n';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
import { loadChunk } from './lib/load-chunk';
import './styles.css';

/** What the server embeds for hydration (src/server/modules/web/ssr.ts). */
interface ServerState {
  lang: string;
  queries: DehydratedState;
}

function app(storefront?: ComponentType) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter(storefront)} />
      </QueryClientProvider>
    </StrictMode>
  );
}

const root = document.getElementById('root')!;
const stateEl = document.getElementById('vitrina-state');
const state: ServerState | null = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as ServerState) : null;

if (state && root.firstElementChild) {
  hydrate(queryClient, state.queries);
  loadChunk(() => import('./storefront/routes')).then(
    (m) => {
      // A shopper who chose the other language than the page was rendered in gets a fresh render in theirs.
      if (i18n.language === state.lang) hydrateRoot(root, app(m.StorefrontRoutes));
      else {
        root.textContent = '';
        createRoot(root).render(app(m.StorefrontRoutes));
      }
    },
    () => {
      root.textContent = '';
      createRoot(root).render(app());
    },
  );
} else {
  createRoot(root).render(app());
}
