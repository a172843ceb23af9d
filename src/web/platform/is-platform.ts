/**
 * Whether this page is on the platform domain (Vitrina's own home and seller sign-up) rather than a store's: the
 * server marks platform pages with `<meta name="vitrina-area" content="platform">`; the dev server (no server
 * rendering of index.html) falls back to the bare local host names.
 */
export function isPlatformPage(): boolean {
  if (typeof document === 'undefined') return false;
  const meta = document.querySelector('meta[name="vitrina-area"]')?.getAttribute('content');
  if (meta) return meta === 'platform';
  return location.hostname === 'localhost' || location.hostname === '127.0.0.1';
}
