import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

/** preact/compat in place of React, in the storefront's browser bundle only (decisions 069, 077). */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The web app: src/web, built twice for the browser (decision 077) and once for the server.
 * - `vite build`: the storefront bundle, on preact/compat, to dist/web (`/assets/`), served on store domains.
 * - `vite build --mode admin`: the same app on React 19, to dist/admin (`/admin-assets/`), served on the platform
 *   domain and under `/admin` (seller admin, platform home and sign-up).
 * - `vite build --ssr entry-server.tsx`: React's server renderer for the storefront's entry pages, to dist/ssr.
 * `npm run dev` serves everything on React and proxies /api and /uploads to the API on :3000.
 */
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const admin = mode === 'admin';
  const preact = command === 'build' && !admin && !isSsrBuild;
  return {
    root: 'src/web',
    publicDir: admin ? false : 'public',
    plugins: isSsrBuild ? [react()] : [react(), precompress()],
    // Which bundle this is (src/web/env.d.ts): the storefront bundle leaves the admin and platform trees out.
    define: {
      'import.meta.env.VITRINA_BUNDLE': JSON.stringify(
        command !== 'build' ? 'all' : admin ? 'admin' : isSsrBuild ? 'all' : 'storefront',
      ),
    },
    resolve: { alias: preact ? preactAliases : [] },
    // The manifest tells the server which chunks a server-rendered page preloads (src/server/modules/web/ssr.ts).
    build: {
      outDir: admin ? '../../dist/admin' : '../../dist/web',
      assetsDir: admin ? 'admin-assets' : 'assets',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      manifest: true,
    },
    server: {
      port: 5173,
      host: true,
      allowedHosts: ['.localhost'],
      proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
    },
  };
});
