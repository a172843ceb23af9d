import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** VITRINA_PREACT=1: preact/compat in place of React in the browser bundle (decision 069; off: the admin wizard failed on it). */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The web app: src/web, built to dist/web. `npm run dev` proxies /api and /uploads to the API on :3000. */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  resolve: { alias: !isSsrBuild && process.env.VITRINA_PREACT === '1' ? preactAliases : [] },
  // The manifest tells the server which chunks a server-rendered page preloads (src/server/modules/web/ssr.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  server: {
    port: 5173,
    host: true,
    allowedHosts: ['.localhost'],
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
