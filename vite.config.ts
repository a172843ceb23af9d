import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The web app: src/web, built to dist/web. `npm run dev` proxies /api and /uploads to the API on :3000. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  // The manifest tells the server which chunks a server-rendered page preloads (src/server/modules/web/ssr.ts).
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  server: {
    port: 5173,
    host: true,
    allowedHosts: ['.localhost'],
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
