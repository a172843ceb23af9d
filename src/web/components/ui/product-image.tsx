/**
 * A product image from its URL base (the server stores "-160.webp", "-480.webp" and "-960.webp" sizes).
 * Lazy unless `eager`; `priority` (a page's largest image) also asks the browser for it first. Fixed aspect ratio from
 * CSS so nothing jumps while loading.
 */
export function ProductImage({
  base,
  alt,
  sizes = '(min-width: 1000px) 25vw, 50vw',
  eager = false,
  priority = false,
}: {
  base: string | null;
  alt: string;
  sizes?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  if (!base) return <div className="noimg" role="img" aria-label={alt} />;
  return (
    <img
      src={`${base}-480.webp`}
      srcSet={`${base}-160.webp 160w, ${base}-480.webp 480w, ${base}-960.webp 960w`}
      sizes={sizes}
      alt={alt}
      width={480}
      height={480}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
