/**
 * Responsive image attributes shared by the server (the preload of a page's largest image, ssr.ts) and the web's
 * components, so the preload and the `<img>` choose the same file (decision 084).
 */

/** Widths of an uploaded banner or carousel image offered to the browser (`<base>-<w>.webp`, files module). */
export const BANNER_WIDTHS = [480, 960, 1600] as const;

/** The home carousel's width: the page container (1200 px less 1 rem padding each side), or the viewport less 2 rem. */
export const BANNER_SIZES = '(min-width: 1200px) 1168px, calc(100vw - 2rem)';

/** `srcset` of an uploaded banner or carousel image from its URL base, e.g. "/uploads/s/files/id-480.webp 480w, …". */
export function bannerSrcset(base: string): string {
  return BANNER_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', ');
}
