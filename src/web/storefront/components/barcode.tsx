/** A Code 128 barcode of `value` as inline SVG, drawn by bwip-js (loaded only where a voucher is shown). */
import { useEffect, useState } from 'react';

export function Barcode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The named encoder + SVG drawing keep the chunk to Code 128 instead of bwip-js's 100+ symbologies.
    void import('bwip-js/browser').then(({ code128, drawingSVG }) => {
      if (!cancelled)
        setSvg(
          code128(
            { bcid: 'code128', text: value, height: 14, includetext: true, textxalign: 'center', scale: 2 },
            drawingSVG(),
          ),
        );
    });
    return () => {
      cancelled = true;
    };
  }, [value]);
  if (!svg) return <div style={{ height: 90 }} aria-hidden="true" />;
  return <div role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
