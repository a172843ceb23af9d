/**
 * Security headers on every answer, page, asset and API alike, with @fastify/helmet. Decision 030
 * and docs/security.md "Requests and headers" give each value and why:
 * - Content-Security-Policy: everything from this origin only; no inline script or style except the two elements the
 *   server injects into index.html (store theme <style>, product JSON-LD), which carry this response's nonce
 *   (`reply.cspNonce`); no inline event handlers; no plugins; no framing by anyone (`frame-ancestors 'none'`).
 * - Strict-Transport-Security one year, without includeSubDomains: a store's custom domain must not force HTTPS on
 *   the merchant's other subdomains. Browsers ignore it over plain HTTP, so development on *.localhost is unaffected.
 * - X-Frame-Options DENY (older browsers), X-Content-Type-Options nosniff, Referrer-Policy no-referrer (URLs carry
 *   reset and order-view tokens), Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin.
 * Uploaded files get their own, stricter policy in the web module (`UPLOADS_CSP`). With uploads in an S3 bucket
 * (decision 144) the pages may show images from the bucket's public origin too.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { s3PublicBase } from '../providers/storage/s3.js';

/** The page policy before @fastify/helmet appends this response's nonces to script-src and style-src. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // React sets `style={…}` through the CSSOM, which CSP does not govern; markup style attributes stay refused.
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Uploaded files are served from the store's own origin, so a file that a browser would render as a document (an
 * SVG with a script, an HTML file) must not run there: a sandboxed, resource-less policy, and nosniff.
 */
export const UPLOADS_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * The API reference at /api/docs (Swagger UI) injects a <style> element from its bundle, whose content changes with
 * each release: its pages alone allow inline styles (a nonce would disable 'unsafe-inline'). Scripts stay strict.
 */
export function docsCsp(header: string): string {
  return header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
}

/**
 * With PAYMENT_PROVIDER=stripe the checkout page loads Stripe.js from js.stripe.com, which talks to api.stripe.com and
 * shows the card field and 3-D Secure in its own frames (Stripe's documented CSP; decision 056).
 */
export function stripeCspDirectives(): typeof CSP_DIRECTIVES {
  return {
    ...CSP_DIRECTIVES,
    'script-src': ["'self'", 'https://js.stripe.com'],
    'connect-src': ["'self'", 'https://api.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  };
}

export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const stripe = app.config?.PAYMENT_PROVIDER === 'stripe';
  const base = stripe ? stripeCspDirectives() : CSP_DIRECTIVES;
  // Stored image URLs point into the bucket (or its CDN): an <img> of the store must be allowed to load them.
  const bucket = app.config?.S3_BUCKET;
  const files = bucket ? new URL(s3PublicBase({ ...app.config, S3_BUCKET: bucket })).origin : null;
  const directives = files ? { ...base, 'img-src': [...base['img-src'], files] } : base;
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
});
