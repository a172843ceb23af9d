import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileInlineScripts, INLINE_SCRIPTS_FILE } from './src/server/modules/web/inline-scripts.js';

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every built script and stylesheet;
 * the server sends them to browsers that accept them (@fastify/static `preCompressed`, decision 077). The storefront's
 * first-load scripts are ~210 KB raw and ~70 KB compressed, a difference a phone on a slow network feels.
 */
function precompress(): Plugin {
  return {
    name: 'vitrina-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const raw = fs.readFileSync(full);
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Compiles the inline scripts of server-rendered pages (src/web/lib/inline: the tap keeper, the script loader) into
 * dist/web/.vite/inline-scripts.json, which the server inlines with each response's nonce (decision 131).
 */
function inlineScripts(): Plugin {
  return {
    name: 'vitrina-inline-scripts',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: INLINE_SCRIPTS_FILE,
        source: JSON.stringify(compileInlineScripts()),
      });
    },
  };
}

/**
 * preact/compat in place of React for the storefront, in the browser bundle, the server-rendering bundle and the dev
 * server alike (decisions 077, 131): the server renders with Preact (`preact-render-to-string`) what the browser
 * hydrates with Preact.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim of `useSyncExternalStore`, which preact/compat has (on the server the shim, left to Node,
  // would load React itself).
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * Libraries that import `react`, bundled into the server-rendering bundle (not loaded by Node from node_modules) so
 * that the aliases reach their imports too: one Preact on the server, never React beside it.
 */
const REACT_LIBRARIES = [
  'react-router',
  '@tanstack/react-query',
  'react-i18next',
  'react-hook-form',
  '@hookform/resolvers',
  'zustand',
];

/**
 * The web app: src/web, built twice for the browser (decision 077) and once for the server.
 * - `vite build`: the storefront bundle, on preact/compat, to dist/web (`/assets/`), served on store domains; also
 *   the page's inline scripts (src/web/lib/inline, decision 131), compiled into dist/web/.vite/inline-scripts.json.
 * - `vite build --mode admin`: the same app on React 19, to dist/admin (`/admin-assets/`), served on the platform
 *   domain and under `/admin` (seller admin, platform home and sign-up).
 * - `vite build --ssr entry-server.tsx`: the storefront's entry pages rendered on the server with Preact, to dist/ssr.
 * `npm run dev` (scripts/dev.mjs) runs the same two browser configurations as dev servers inside the API server
 * (src/server/modules/web/dev-server.ts): the storefront on Preact, server-rendered and hydrated as in production;
 * the admin on React under `/admin-assets/`.
 */
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const admin = mode === 'admin';
  return {
    root: 'src/web',
    base: admin && command === 'serve' ? '/admin-assets/' : '/',
    publicDir: admin ? false : 'public',
    // React Fast Refresh needs React: on the storefront's Preact an edit in `npm run dev` reloads the page instead.
    plugins: [
      react(admin ? {} : { refreshExclude: /./ }),
      ...(isSsrBuild ? [] : [precompress()]),
      ...(admin || isSsrBuild ? [] : [inlineScripts()]),
    ],
    // Which bundle this is (src/web/env.d.ts): the storefront bundle leaves the admin and platform trees out.
    define: {
      'import.meta.env.VITRINA_BUNDLE': JSON.stringify(admin ? 'admin' : isSsrBuild ? 'all' : 'storefront'),
    },
    resolve: { alias: admin ? [] : preactAliases },
    ssr: { noExternal: REACT_LIBRARIES },
    // The manifest tells the server which chunks a server-rendered page preloads (src/server/modules/web/ssr.ts).
    build: {
      outDir: admin ? '../../dist/admin' : '../../dist/web',
      assetsDir: admin ? 'admin-assets' : 'assets',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      manifest: true,
      // zod in a chunk of its own with lib/zod-csp.ts, which turns zod's `new Function` off as the chunk loads: every
      // module that builds schemas (the shared contracts, at their top level) imports zod, so runs after it. Merged
      // with the contracts, their schemas were built first, and each page load reported a CSP eval violation.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]web[\\/]lib[\\/]zod-csp\.ts$/ }],
          },
        },
      },
    },
  };
});
