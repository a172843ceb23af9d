/**
 * Web entry: i18n, TanStack Query and the router. Storefront and admin trees load lazily.
 * A page the server rendered (decision 035) carries its data in `<script id="vitrina-state">`: the query cache is
 * filled from it and the markup hydrated, in steps (lib/hydrate-in-steps.tsx, decision 088); otherwise the app
 * renders from scratch. Either waits for the page language's catalogues (a chunk of their own, lib/i18n.ts); if they
 * cannot load the app renders anyway.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import i18n, { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
import { loadChunk } from './lib/load-chunk';
import { dropTapsBeforeHydration, replayTapsBeforeHydration } from './lib/taps-before-hydration';
import { hydrateInSteps } from './lib/hydrate-in-steps';
import './styles.css';

/** What the server embeds for hydration (src/server/modules/web/ssr.ts). */
interface ServerState {
  lang: string;
  queries: DehydratedState;
}

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Resolves in a later task (a timer), so that what comes next is not part of the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const root = document.getElementById('root')!;
const stateEl = document.getElementById('vitrina-state');
const state: ServerState | null = stateEl?.textContent ? (JSON.parse(stateEl.textContent) as ServerState) : null;

/** Resolves after the browser has painted the server's markup, so hydration never delays the first paint. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** `<html data-hydrated>`: a server-rendered page is now the app's (for tests and tools; decision 085). */
const markHydrated = () => document.documentElement.setAttribute('data-hydrated', '');

const catalogues = loadChunk(() => i18nReady).catch((err: unknown) => console.error('catalogues failed', err));

if (state && root.firstElementChild) {
  hydrate(queryClient, state.queries);
  Promise.all([loadChunk(() => import('./storefront/routes')), afterPaint(), catalogues]).then(
    ([m]) => {
      // A shopper who chose the other language than the page was rendered in gets a fresh render in theirs.
      // Product cards hydrate after the rest of the page, one per task (decision 088).
      // Taps and typing made before hydration are handed to the page once its first pass is done (decision 085).
      // The router (ranking the route table) is made in a task before hydration's, which it would lengthen.
      if (i18n.language === state.lang) {
        const router = createAppRouter(m.StorefrontRoutes);
        void nextTask().then(async () => {
          const steps = hydrateInSteps(() => startTransition(() => void hydrateRoot(root, app(router))));
          await afterPaint();
          await replayTapsBeforeHydration(root);
          await steps;
          markHydrated();
        });
      } else {
        dropTapsBeforeHydration();
        root.textContent = '';
        createRoot(root).render(app(createAppRouter(m.StorefrontRoutes)));
        void afterPaint().then(markHydrated);
      }
    },
    () => {
      dropTapsBeforeHydration();
      root.textContent = '';
      createRoot(root).render(app(createAppRouter()));
      void afterPaint().then(markHydrated);
    },
  );
} else {
  void catalogues.then(() => createRoot(root).render(app(createAppRouter())));
}
