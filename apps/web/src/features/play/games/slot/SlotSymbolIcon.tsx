import type { SlotSymbol } from '@croupier/games';
import type { ReactNode } from 'react';

/** Twelve points around (50, 50) alternating between two radii: a star or a burst. */
function starPoints(points: number, outer: number, inner: number): string {
  return Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    return `${(50 + radius * Math.cos(angle)).toFixed(2)},${(50 + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

const WILD_STAR = starPoints(8, 34, 15);
const SCATTER_RAYS = starPoints(12, 46, 30);
const SCATTER_SPARKLE = starPoints(4, 24, 6);

/** A playing-card rank drawn as a bold glyph in its own colour. */
function rank(text: string, fill: string, stroke: string): ReactNode {
  return (
    <>
      <circle cx={50} cy={50} r={42} fill={fill} opacity={0.16} />
      <text
        x={50}
        y={54}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={text.length > 1 ? 52 : 66}
        fontWeight={900}
        fontFamily="Georgia, 'Times New Roman', serif"
        fill={fill}
        stroke={stroke}
        strokeWidth={4}
        paintOrder="stroke"
      >
        {text}
      </text>
    </>
  );
}

const DRAWINGS: Record<SlotSymbol, ReactNode> = {
  wild: (
    <>
      <circle cx={50} cy={50} r={44} fill="#6d28d9" stroke="#e9d5ff" strokeWidth={4} />
      <polygon points={WILD_STAR} fill="#ffd84d" stroke="#b45309" strokeWidth={2} strokeLinejoin="round" />
      <circle cx={50} cy={50} r={9} fill="#f0abfc" />
    </>
  ),
  scatter: (
    <>
      <polygon points={SCATTER_RAYS} fill="#22d3ee" opacity={0.9} />
      <circle cx={50} cy={50} r={28} fill="#0e7490" stroke="#cffafe" strokeWidth={3} />
      <polygon points={SCATTER_SPARKLE} fill="#ffffff" />
    </>
  ),
  crown: (
    <>
      <path
        d="M14 72 L10 30 L32 48 L50 20 L68 48 L90 30 L86 72 Z"
        fill="#facc15"
        stroke="#a16207"
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <rect x={14} y={70} width={72} height={12} rx={3} fill="#eab308" stroke="#a16207" strokeWidth={3} />
      <circle cx={50} cy={58} r={7} fill="#e11d48" />
      <circle cx={30} cy={62} r={5} fill="#2563eb" />
      <circle cx={70} cy={62} r={5} fill="#2563eb" />
      <circle cx={10} cy={30} r={4} fill="#fde68a" />
      <circle cx={50} cy={20} r={4} fill="#fde68a" />
      <circle cx={90} cy={30} r={4} fill="#fde68a" />
    </>
  ),
  ruby: (
    <>
      <polygon
        points="30,22 70,22 88,42 50,86 12,42"
        fill="#e11d48"
        stroke="#881337"
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <polygon points="30,22 70,22 62,42 38,42" fill="#fda4af" />
      <polygon points="12,42 38,42 50,86" fill="#be123c" />
      <polygon points="88,42 62,42 50,86" fill="#fb7185" />
    </>
  ),
  emerald: (
    <>
      <polygon
        points="30,12 70,12 86,28 86,72 70,88 30,88 14,72 14,28"
        fill="#059669"
        stroke="#064e3b"
        strokeWidth={3}
        strokeLinejoin="round"
      />
      <polygon points="36,24 64,24 74,34 74,66 64,76 36,76 26,66 26,34" fill="#34d399" />
      <polygon points="42,36 58,36 62,42 62,58 58,64 42,64 38,58 38,42" fill="#a7f3d0" />
    </>
  ),
  ace: rank('A', '#fb923c', '#431407'),
  king: rank('K', '#60a5fa', '#172554'),
  queen: rank('Q', '#f472b6', '#500724'),
  jack: rank('J', '#4ade80', '#052e16'),
  ten: rank('10', '#c084fc', '#3b0764'),
};

/** A slot symbol as an inline SVG (decorative: the cell around it carries the name). */
export function SlotSymbolIcon({ symbol, className }: { symbol: SlotSymbol; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      {DRAWINGS[symbol]}
    </svg>
  );
}
