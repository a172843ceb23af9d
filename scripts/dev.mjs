// `npm run dev`: the server under tsx watch (restarted on a server edit) with WEB_DEV=true, which serves the web app
// from its sources through Vite's dev servers on the same port (src/server/modules/web/dev-server.ts): the storefront
// on Preact, server-rendered and hydrated as in production, the admin on React. Open http://demo.localhost:3000/.
import { spawn } from 'node:child_process';

// The web sources are Vite's to watch (they reload the page, not the server); node_modules holds Vite's temporary files.
const watch = ['--clear-screen=false', '--exclude', 'src/web/**', '--exclude', '**/node_modules/**'];
// A process group of its own, stopped as a whole: npx, tsx watch and the server it runs.
const server = spawn('npx', ['tsx', 'watch', ...watch, 'src/server/server.ts'], {
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, WEB_DEV: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
