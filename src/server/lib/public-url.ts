/**
 * Origins of the links the platform writes (emails, canonical and Open Graph URLs, the dashboard's domain buttons).
 * They come from a known hostname and the configured scheme and port, never from a request header: a forged Host or
 * X-Forwarded-Host must not be able to point a password-reset email at an attacker's site.
 */
import type { AppConfig } from '../config.js';

/**
 * The absolute URL of a stored file's URL: `origin` + a path on this site (`/uploads/...`), or the URL itself when
 * storage already gave an absolute one (an S3 bucket or CDN, decision 144).
 */
export function absoluteFileUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

/** `https://demo.vitrina.mx`, `http://demo.localhost:3000`: no port when it is the scheme's default. */
export function publicOrigin(config: Pick<AppConfig, 'PUBLIC_SCHEME' | 'PUBLIC_PORT'>, hostname: string): string {
  const defaultPort = config.PUBLIC_SCHEME === 'https' ? 443 : 80;
  const port = config.PUBLIC_PORT && config.PUBLIC_PORT !== defaultPort ? `:${config.PUBLIC_PORT}` : '';
  return `${config.PUBLIC_SCHEME}://${hostname}${port}`;
}
