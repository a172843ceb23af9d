/**
 * A local HTTP server of images for the catalogue import's downloads (decision 080), standing in for Shopify's CDN:
 * `/luma/<file>.webp` and `/vendure/<file>.webp` serve the committed dataset photos (seed-data/images), and a few
 * paths serve what a bad file points at (not an image, too big, too small, too wide, missing, redirects). It counts
 * the requests of each path and query. Listens on 127.0.0.1 (and answers any loopback address, see `listen`).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data/images');

export interface ImageServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Requests per path and query. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Starts the server. `host` '0.0.0.0' makes it answer every loopback address too (127.0.0.2…), so a test can name one
 * the import is not allowed to reach and prove it was never asked.
 */
export async function startImageServer(host = '127.0.0.1'): Promise<ImageServer> {
  const small = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = url.pathname + url.search;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const m = /^\/(luma|vendure)\/([\w.-]+\.webp)$/.exec(url.pathname);
    if (m) {
      const file = path.join(IMAGES, m[1]!, m[2]!);
      if (!fs.existsSync(file)) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'image/webp' }).end(fs.readFileSync(file));
    }
    switch (url.pathname) {
      case '/not-an-image.jpg':
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>Página no encontrada</html>');
      case '/huge.jpg':
        // Declared size over 5 MB: refused before reading.
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(6 * 1024 * 1024) });
        return res.end(Buffer.alloc(6 * 1024 * 1024, 1));
      case '/huge-streamed.jpg': {
        // No declared size: the download stops once it passes 5 MB.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(256 * 1024, 2);
        let sent = 0;
        const more = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => {});
        return more();
      }
      case '/small.png':
        return res.writeHead(200, { 'content-type': 'image/png' }).end(small);
      case '/slow.jpg':
        // Headers, then nothing: the download's time limit ends it.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.write(Buffer.alloc(10));
      case '/missing.jpg':
        return res.writeHead(404).end();
      case '/moved.webp':
        return res.writeHead(302, { location: '/luma/MH03.webp?from=moved' }).end();
      case '/to-metadata.webp':
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/to-file.webp':
        return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
