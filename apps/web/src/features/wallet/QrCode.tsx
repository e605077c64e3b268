import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (one unit square per dark module), crisp at any size and
 * with no markup injected: the encoder only gives the module matrix.
 */
export function QrCode({ value, sizePx, label }: { value: string; sizePx: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const code = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    code.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: code.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={sizePx}
      height={sizePx}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
