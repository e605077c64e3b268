#!/usr/bin/env node
// Writes the catalogue's artwork as small SVG files: for every game a 200x300 vertical and
// a 200x200 square tile, and a 116x40 logo for every provider. The catalogue is read from
// the seed's JSON, so names on the tiles always match the database. Output is
// deterministic (palettes derive from the identities): re-running changes nothing unless
// the catalogue or this script changed.
//
//   node scripts/generate-artwork.mjs            write apps/web/public/images/{games,providers}
//   node scripts/generate-artwork.mjs --check    fail if a file is missing or out of date
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const catalogueFile = path.join(root, 'apps/server/src/seed/games-catalogue.json');
const gamesDir = path.join(root, 'apps/web/public/images/games');
const providersDir = path.join(root, 'apps/web/public/images/providers');
/** Tiles are shown by the hundred in the lobby: keep each one light. */
const MAX_FILE_BYTES = 6 * 1024;

const FONT = "'Helvetica Neue',Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif";

// ---------------------------------------------------------------------------------------
// Palette

/** Background hue and accent hue per theme; each game shifts them a little by its identity. */
const THEME_HUES = {
  anchor: [205, 42],
  badge: [22, 44],
  baccarat: [350, 44],
  bamboo: [128, 92],
  blackjack: [150, 44],
  buffalo: [24, 44],
  canyon: [16, 38],
  coral: [196, 350],
  balls: [275, 195],
  bolt: [232, 52],
  cactus: [28, 118],
  candy: [318, 188],
  cards: [152, 352],
  chili: [32, 2],
  chip: [282, 328],
  coins: [165, 44],
  comet: [228, 190],
  dice3: [256, 12],
  hilo: [222, 196],
  limbo: [236, 150],
  orbit: [250, 44],
  poker: [286, 352],
  prizewheel: [270, 44],
  skull: [204, 42],
  torch: [14, 36],
  crown: [245, 45],
  dice: [262, 42],
  dragon: [165, 132],
  eye: [218, 44],
  feather: [292, 48],
  fish: [192, 24],
  flame: [8, 36],
  flower: [322, 338],
  fruit: [335, 8],
  gem: [268, 188],
  horseshoe: [14, 44],
  lantern: [352, 28],
  leaf: [138, 78],
  mask: [284, 44],
  mines: [205, 152],
  moon: [248, 205],
  mountains: [214, 150],
  nugget: [28, 44],
  owl: [232, 42],
  planet: [258, 285],
  plinko: [288, 322],
  pyramid: [34, 44],
  rocket: [228, 22],
  rune: [222, 186],
  scarab: [196, 44],
  seven: [226, 356],
  shield: [12, 40],
  snake: [152, 108],
  snowflake: [206, 192],
  stars: [242, 54],
  suits: [346, 44],
  sun: [18, 46],
  towers: [258, 172],
  wave: [202, 186],
  wheel: [146, 44],
};

function hashBytes(text) {
  return createHash('sha256').update(text).digest();
}

/** Signed jitter in [-range, range] from one byte. */
const jitter = (byte, range) => Math.round(((byte / 255) * 2 - 1) * range);
const hsl = (h, s, l) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;

/** `variant` counts earlier games of the same theme: each one turns the background further round the wheel. */
function paletteFor(identity, theme, variant = 0) {
  const [bgBase, accentBase] = THEME_HUES[theme] ?? [230, 45];
  const bytes = hashBytes(identity);
  let bg = (bgBase + variant * 64 + jitter(bytes[0], 16) + 360) % 360;
  // Dark yellows look muddy: a turned background skips past them to greens, a themed one
  // settles on warm brown.
  if (bg > 42 && bg < 100) bg = variant > 0 ? bg + 60 : 36;
  const accent = accentBase + jitter(bytes[1], 12);
  return {
    bg,
    accent,
    bgTop: hsl(bg, 62, 33 + jitter(bytes[2], 4)),
    bgBottom: hsl(bg + 28, 70, 10),
    glow: hsl(accent, 95, 62),
    a: hsl(accent, 88, 57), // accent
    l: hsl(accent, 95, 80), // light accent
    d: hsl(accent, 72, 30), // dark accent
    s: hsl(accent + 150, 80, 62), // second colour
    k: hsl(bg, 60, 9), // near black of the background hue
    t: hsl(accent, 100, 90), // text tint
    bytes,
  };
}

// ---------------------------------------------------------------------------------------
// Geometry helpers (motifs are drawn in a 100x100 box centred on 50,50)

const r1 = (n) => Math.round(n * 10) / 10;

function starPoints(cx, cy, outer, inner, points = 5, rotation = -90) {
  const coords = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    coords.push(`${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`);
  }
  return coords.join(' ');
}

const star = (cx, cy, outer, fill, extra = '') =>
  `<polygon points="${starPoints(cx, cy, outer, outer * 0.45)}" fill="${fill}"${extra}/>`;

/** A four-pointed sparkle. */
const sparkle = (cx, cy, size, fill = '#fff') =>
  `<polygon points="${starPoints(cx, cy, size, size * 0.28, 4)}" fill="${fill}"/>`;

/** Pips of a die face (value 1–6) in a square at x,y of the given size. */
function pips(x, y, size, value, fill) {
  const q = size / 4;
  const at = {
    tl: [x + q, y + q],
    tr: [x + 3 * q, y + q],
    ml: [x + q, y + 2 * q],
    mr: [x + 3 * q, y + 2 * q],
    c: [x + 2 * q, y + 2 * q],
    bl: [x + q, y + 3 * q],
    br: [x + 3 * q, y + 3 * q],
  };
  const layout = {
    1: ['c'],
    2: ['tl', 'br'],
    3: ['tl', 'c', 'br'],
    4: ['tl', 'tr', 'bl', 'br'],
    5: ['tl', 'tr', 'c', 'bl', 'br'],
    6: ['tl', 'tr', 'ml', 'mr', 'bl', 'br'],
  }[value];
  return layout
    .map((k) => `<circle cx="${r1(at[k][0])}" cy="${r1(at[k][1])}" r="${r1(size / 11)}" fill="${fill}"/>`)
    .join('');
}

const HEART =
  'M50 88C22 66 10 50 10 34 10 20 21 11 32 11c8 0 14 4 18 11 4-7 10-11 18-11 11 0 22 9 22 23 0 16-12 32-40 54Z';
const suitHeart = (x, y, s, fill) => `<path transform="translate(${x} ${y}) scale(${s})" d="${HEART}" fill="${fill}"/>`;
const suitSpade = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><path transform="rotate(180 50 48)" d="${HEART}"/><path d="M50 60 L62 96 H38Z"/></g>`;
const suitDiamond = (x, y, s, fill) =>
  `<polygon transform="translate(${x} ${y}) scale(${s})" points="50,6 84,50 50,94 16,50" fill="${fill}"/>`;
const suitClub = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><circle cx="50" cy="28" r="19"/><circle cx="28" cy="58" r="19"/><circle cx="72" cy="58" r="19"/><path d="M50 48 L62 96 H38Z"/></g>`;

const SUITS = {
  spade: [suitSpade, '#1b1b24'],
  heart: [suitHeart, '#e0213a'],
  diamond: [suitDiamond, '#e0213a'],
  club: [suitClub, '#1b1b24'],
};

/** A playing card 42x60 with its top-left corner at x,y, turned about its bottom centre. */
function card(x, y, rotation, rank, suit) {
  const [draw, colour] = SUITS[suit];
  return (
    `<g transform="rotate(${rotation} ${x + 21} ${y + 60})"><rect x="${x}" y="${y}" width="42" height="60" rx="5" fill="#fbfbfd" stroke="#000" stroke-opacity=".25"/>` +
    `<text x="${x + 5}" y="${y + 13}" font-family="${FONT}" font-weight="800" font-size="11" fill="${colour}">${rank}</text>` +
    `${draw(x + 8, y + 18, 0.27, colour)}</g>`
  );
}

// ---------------------------------------------------------------------------------------
// Motifs: each returns SVG drawn in the 100x100 box, using the palette `c` and the
// motif gradient `url(#m)` (light accent at the top to dark accent at the bottom).

const M = 'url(#m)';

const MOTIFS = {
  dice: (c) =>
    `<g transform="rotate(-14 36 60)"><rect x="10" y="34" width="50" height="50" rx="11" fill="#fff"/>${pips(10, 34, 50, 5, c.k)}</g>` +
    `<g transform="rotate(16 66 38)"><rect x="44" y="14" width="44" height="44" rx="10" fill="${M}" stroke="#fff" stroke-width="2"/>${pips(44, 14, 44, 3, '#fff')}</g>` +
    sparkle(16, 18, 7) +
    sparkle(88, 82, 5, c.l),

  rocket: (c) =>
    `<g transform="rotate(38 50 50)"><path d="M41 70Q50 104 59 70Z" fill="${c.s}"/><path d="M44 70Q50 90 56 70Z" fill="#fff8c0"/>` +
    `<path d="M36 52 22 72 37 68ZM64 52 78 72 63 68Z" fill="${c.d}"/>` +
    `<path d="M50 4C66 18 70 42 64 70H36C30 42 34 18 50 4Z" fill="#f4f6fb"/><path d="M50 4C58 12 62 22 63 32H37C38 22 42 12 50 4Z" fill="${M}"/>` +
    `<circle cx="50" cy="44" r="8" fill="${c.a}" stroke="${c.d}" stroke-width="3"/><rect x="44" y="62" width="12" height="8" fill="${c.d}"/></g>` +
    sparkle(14, 20, 6) +
    sparkle(86, 76, 5, c.l) +
    `<circle cx="20" cy="78" r="2" fill="#fff"/><circle cx="84" cy="16" r="2" fill="#fff"/>`,

  mines: (c) => {
    let tiles = '';
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) {
        const x = 7 + col * 30;
        const y = 7 + row * 30;
        const revealed = (row === 0 && col === 1) || (row === 1 && col === 2) || (row === 2 && col === 0);
        const bomb = row === 1 && col === 0;
        tiles += `<rect x="${x}" y="${y}" width="26" height="26" rx="6" fill="${revealed || bomb ? c.k : M}" stroke="#fff" stroke-opacity=".5"/>`;
        if (revealed)
          tiles += `<polygon points="${x + 5},${y + 11} ${x + 9},${y + 6} ${x + 17},${y + 6} ${x + 21},${y + 11} ${x + 13},${y + 21}" fill="${c.s}"/><polygon points="${x + 5},${y + 11} ${x + 21},${y + 11} ${x + 13},${y + 21}" fill="#fff" opacity=".35"/>`;
        if (bomb)
          tiles += `<circle cx="${x + 13}" cy="${y + 15}" r="7" fill="#1b1b24" stroke="#ff5a4e" stroke-width="1.5"/><path d="M${x + 17} ${y + 9}l3-4" stroke="#ffcf4a" stroke-width="2"/>`;
      }
    }
    return tiles;
  },

  plinko: () => {
    let pegs = '';
    for (let row = 0; row < 6; row++) {
      for (let i = 0; i <= row + 1; i++) {
        const x = 50 + (i - (row + 1) / 2) * 13;
        pegs += `<circle cx="${r1(x)}" cy="${16 + row * 12}" r="2.6" fill="#fff" opacity=".9"/>`;
      }
    }
    const slots = ['#ff4d5e', '#ff9f43', '#ffd84a', '#7be07b', '#ffd84a', '#ff9f43', '#ff4d5e'];
    const slotRow = slots
      .map((fill, i) => `<rect x="${r1(6 + i * 12.6)}" y="88" width="11" height="8" rx="2" fill="${fill}"/>`)
      .join('');
    return `${pegs}${slotRow}<circle cx="56" cy="40" r="6.5" fill="${M}" stroke="#fff" stroke-width="1.5"/><circle cx="54" cy="38" r="2" fill="#fff"/>`;
  },

  wheel: (c) => {
    const ring = 2 * Math.PI * 36;
    const seg = r1(ring / 36);
    return (
      `<circle cx="50" cy="50" r="47" fill="${c.d}" stroke="${c.l}" stroke-width="2"/>` +
      `<circle cx="50" cy="50" r="36" fill="none" stroke="#d21f3c" stroke-width="14"/>` +
      `<circle cx="50" cy="50" r="36" fill="none" stroke="#15151d" stroke-width="14" stroke-dasharray="${seg} ${seg}"/>` +
      `<circle cx="50" cy="50" r="36" fill="none" stroke="#14a35a" stroke-width="14" stroke-dasharray="${seg} ${r1(ring - seg)}" stroke-dashoffset="${r1(seg / 2)}"/>` +
      `<circle cx="50" cy="50" r="28" fill="${M}"/><path d="M50 24V76M24 50H76" stroke="${c.d}" stroke-width="4"/>` +
      `<circle cx="50" cy="50" r="8" fill="${c.l}" stroke="${c.d}" stroke-width="2"/><circle cx="76" cy="28" r="4.5" fill="#fff"/>`
    );
  },

  fruit: () =>
    `<path d="M36 54Q44 26 64 12M66 58Q64 34 64 12" stroke="#3f9e3a" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M64 12Q84 6 90 22Q74 28 64 12Z" fill="#58c447"/>` +
    `<circle cx="34" cy="68" r="19" fill="#e0213a"/><circle cx="66" cy="72" r="19" fill="#c8142f"/>` +
    `<ellipse cx="27" cy="61" rx="6" ry="4" fill="#fff" opacity=".7" transform="rotate(-30 27 61)"/>` +
    `<ellipse cx="59" cy="65" rx="6" ry="4" fill="#fff" opacity=".6" transform="rotate(-30 59 65)"/>` +
    sparkle(14, 28, 6) +
    sparkle(88, 44, 5, '#ffe37a'),

  stars: (c) =>
    star(50, 52, 36, M, ` stroke="#fff" stroke-width="2"`) +
    star(16, 20, 11, c.s) +
    star(84, 82, 9, c.l) +
    sparkle(86, 20, 6),

  crown: (c) =>
    `<path d="M12 74 18 28 36 50 50 18 64 50 82 28 88 74Z" fill="${M}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>` +
    `<rect x="12" y="72" width="76" height="14" rx="3" fill="${c.d}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="18" cy="28" r="5" fill="${c.s}"/><circle cx="50" cy="18" r="6" fill="${c.s}"/><circle cx="82" cy="28" r="5" fill="${c.s}"/>` +
    `<polygon points="50,73 56,79 50,85 44,79" fill="${c.s}"/><circle cx="30" cy="79" r="3" fill="#fff"/><circle cx="70" cy="79" r="3" fill="#fff"/>` +
    sparkle(88, 12, 6),

  coins: (c) => {
    let stack = '';
    for (let i = 0; i < 5; i++)
      stack += `<ellipse cx="74" cy="${84 - i * 8}" rx="20" ry="7" fill="${i % 2 ? c.a : c.d}" stroke="${c.l}"/>`;
    return (
      stack +
      `<circle cx="40" cy="48" r="32" fill="${M}" stroke="${c.l}" stroke-width="3"/><circle cx="40" cy="48" r="23" fill="none" stroke="${c.d}" stroke-width="3" stroke-dasharray="4 3"/>` +
      star(40, 49, 14, c.d) +
      sparkle(80, 22, 7)
    );
  },

  bolt: (c) =>
    `<polygon points="60,4 18,56 44,56 34,96 84,38 56,38 70,4" fill="${M}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="60,10 28,52 50,52 44,80" fill="#fff" opacity=".35"/>` +
    sparkle(18, 22, 7, c.l) +
    sparkle(86, 76, 6),

  flame: () =>
    `<path d="M50 4C58 26 80 36 80 62 80 82 66 96 50 96S20 82 20 62C20 46 30 40 32 24 40 34 44 40 46 46 48 30 46 16 50 4Z" fill="url(#fl)"/>` +
    `<path d="M50 48C57 60 66 66 66 78 66 88 59 95 50 95S34 88 34 78C34 66 46 62 50 48Z" fill="#fff2a8"/>`,

  moon: (c) =>
    `<path d="M60 8A42 42 0 1 0 92 70 34 34 0 1 1 60 8Z" fill="${M}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="70" cy="40" r="11" fill="#fff" opacity=".9"/><circle cx="67" cy="37" r="4" fill="#fff"/>` +
    star(22, 20, 7, c.l) +
    sparkle(88, 14, 5),

  suits: () =>
    suitSpade(6, 4, 0.42, '#fff') +
    suitHeart(52, 6, 0.42, '#ff3b55') +
    suitDiamond(6, 50, 0.42, '#ff3b55') +
    suitClub(52, 50, 0.42, '#fff') +
    `<circle cx="50" cy="50" r="9" fill="${M}" stroke="#fff" stroke-width="1.5"/>`,

  sun: (c) => {
    let rays = '';
    for (let i = 0; i < 12; i++)
      rays += `<polygon points="46,22 54,22 50,2" transform="rotate(${i * 30} 50 50)" fill="${i % 2 ? c.l : c.a}"/>`;
    return `${rays}<circle cx="50" cy="50" r="26" fill="${M}" stroke="#fff" stroke-width="3"/><circle cx="50" cy="50" r="17" fill="${c.l}" opacity=".55"/>`;
  },

  pyramid: (c) =>
    `<circle cx="70" cy="24" r="14" fill="${c.l}"/>` +
    `<polygon points="10,88 30,56 50,88" fill="${c.d}"/>` +
    `<polygon points="26,88 56,30 86,88" fill="${c.a}"/><polygon points="56,30 86,88 62,88" fill="${c.d}"/>` +
    `<path d="M40 60H72M34 72H78" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>` +
    `<rect x="4" y="88" width="92" height="5" rx="2" fill="${c.l}" opacity=".6"/>`,

  snowflake: (c) => {
    let arms = '';
    for (let i = 0; i < 6; i++)
      arms += `<path transform="rotate(${i * 60} 50 50)" d="M50 50V8M50 22 40 13M50 22 60 13M50 34 42 27M50 34 58 27"/>`;
    return `<g stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none">${arms}</g><polygon points="${starPoints(50, 50, 10, 10, 3, 0)}" fill="${c.a}"/><circle cx="50" cy="50" r="6" fill="${c.l}"/>`;
  },

  fish: (c) =>
    `<g transform="rotate(-18 50 50)"><path d="M74 48 96 30 90 50 96 70Z" fill="${c.a}"/>` +
    `<path d="M8 50C20 26 56 22 78 48 56 74 20 74 8 50Z" fill="#fff"/>` +
    `<path d="M30 36C40 30 52 32 58 40 50 48 40 46 30 36ZM40 62C50 58 60 60 64 56 60 66 48 70 40 62Z" fill="${c.a}"/>` +
    `<path d="M46 66 40 84 56 70Z" fill="${c.d}"/><circle cx="20" cy="46" r="3.5" fill="${c.k}"/></g>` +
    `<circle cx="24" cy="16" r="4" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="2"/><circle cx="14" cy="28" r="2.5" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>`,

  lantern: (c) =>
    `<path d="M50 2V14" stroke="${c.l}" stroke-width="3"/>` +
    `<rect x="34" y="12" width="32" height="8" rx="2" fill="${c.l}"/><rect x="34" y="80" width="32" height="8" rx="2" fill="${c.l}"/>` +
    `<ellipse cx="50" cy="50" rx="36" ry="32" fill="#e3263d"/><ellipse cx="50" cy="50" rx="36" ry="32" fill="url(#g)" opacity=".6"/>` +
    `<g fill="none" stroke="#ffcf5a" stroke-width="2"><ellipse cx="50" cy="50" rx="22" ry="32"/><ellipse cx="50" cy="50" rx="8" ry="32"/></g>` +
    `<path d="M50 88V98M46 98H54" stroke="#ffcf5a" stroke-width="3"/>`,

  shield: (c) => {
    // Planks as chords of the inner circle, so no clipping is needed.
    const planks = [26, 38, 50, 62, 74]
      .map((x) => {
        const half = r1(Math.sqrt(41 * 41 - (x - 50) ** 2));
        return `M${x} ${r1(50 - half)}V${r1(50 + half)}`;
      })
      .join('');
    const studs = [0, 45, 90, 135, 180, 225, 270, 315]
      .map((a) => `<circle cx="50" cy="7" r="2.5" transform="rotate(${a} 50 50)"/>`)
      .join('');
    return (
      `<circle cx="50" cy="50" r="47" fill="${c.l}"/>` +
      `<path d="M50 9A41 41 0 0 0 50 91Z" fill="${c.a}"/><path d="M50 9A41 41 0 0 1 50 91Z" fill="${c.d}"/>` +
      `<path d="M16 26 84 74" stroke="#fff" stroke-opacity=".85" stroke-width="9"/>` +
      `<path d="${planks}" stroke="${c.k}" stroke-opacity=".3" stroke-width="1.5"/>` +
      `<g fill="${c.d}">${studs}</g>` +
      `<circle cx="50" cy="50" r="14" fill="${M}" stroke="#fff" stroke-width="2.5"/><circle cx="46" cy="46" r="4" fill="#fff" opacity=".7"/>`
    );
  },

  mountains: (c) =>
    `<path d="M4 40Q30 16 50 34T96 24" stroke="${c.a}" stroke-width="8" fill="none" opacity=".8" stroke-linecap="round"/>` +
    `<path d="M8 52Q34 30 56 46T96 38" stroke="${c.s}" stroke-width="5" fill="none" opacity=".6" stroke-linecap="round"/>` +
    `<polygon points="0,92 34,48 62,92" fill="${c.d}"/><polygon points="34,92 68,40 100,92" fill="#eaf3ff"/>` +
    `<polygon points="68,40 100,92 80,92 70,60" fill="#b8c8de"/><polygon points="68,40 58,56 64,54 70,60 76,52" fill="#fff"/>` +
    sparkle(22, 14, 5) +
    sparkle(82, 10, 4),

  flower: () => {
    const petals = [0, 72, 144, 216, 288]
      .map((a) => `<ellipse cx="50" cy="27" rx="15" ry="23" transform="rotate(${a} 50 50)"/>`)
      .join('');
    return (
      `<g fill="#ffb3cf" stroke="#fff" stroke-width="2">${petals}</g>` +
      `<circle cx="50" cy="50" r="11" fill="#ffd84a"/>` +
      `<g fill="#ffd0e2"><ellipse cx="86" cy="18" rx="5" ry="8" transform="rotate(40 86 18)"/><ellipse cx="14" cy="84" rx="5" ry="8" transform="rotate(-30 14 84)"/></g>`
    );
  },

  nugget: (c) =>
    `<polygon points="18,62 30,36 56,28 80,40 86,66 64,84 32,82" fill="${M}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>` +
    `<polygon points="30,36 56,28 50,52 32,56" fill="#fff" opacity=".35"/><polygon points="50,52 80,40 86,66 64,84" fill="${c.d}" opacity=".45"/>` +
    `<polygon points="6,86 14,74 26,78 24,90" fill="${c.a}"/>` +
    sparkle(80, 18, 7) +
    sparkle(20, 24, 5, c.l),

  badge: (c) => {
    const tips = [0, 60, 120, 180, 240, 300]
      .map((a) => `<circle cx="50" cy="6" r="6" transform="rotate(${a} 50 50)"/>`)
      .join('');
    return (
      `<polygon points="${starPoints(50, 50, 44, 24, 6)}" fill="${M}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>` +
      `<g fill="${c.l}">${tips}</g><circle cx="50" cy="50" r="17" fill="${c.d}" stroke="${c.l}" stroke-width="2"/>` +
      star(50, 51, 10, c.l)
    );
  },

  cactus: () =>
    `<ellipse cx="50" cy="92" rx="36" ry="5" fill="#000" opacity=".25"/>` +
    `<g stroke="#2f9e55" stroke-width="14" stroke-linecap="round" fill="none"><path d="M50 90V20M50 62H30V40M50 52H72V32"/></g>` +
    `<g stroke="#6fd68e" stroke-width="2" fill="none"><path d="M48 86V22M28 42V58M70 34V48"/></g>` +
    `<circle cx="50" cy="14" r="6" fill="#ff5fa2"/><circle cx="50" cy="14" r="2.5" fill="#ffd84a"/>`,

  horseshoe: (c) =>
    `<path d="M24 14V50A26 26 0 0 0 76 50V14" fill="none" stroke="${M}" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M24 14V50A26 26 0 0 0 76 50V14" fill="none" stroke="#fff" stroke-width="2" stroke-opacity=".5"/>` +
    `<g fill="${c.k}">${[
      [24, 26],
      [24, 46],
      [34, 68],
      [66, 68],
      [76, 46],
      [76, 26],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.5"/>`)
      .join('')}</g>` +
    sparkle(50, 22, 9, c.l) +
    sparkle(86, 86, 5),

  cards: (c) => card(8, 20, -16, 'A', 'spade') + card(48, 18, 12, 'A', 'heart') + sparkle(88, 12, 6, c.l),
  blackjack: (c) =>
    card(8, 20, -14, 'A', 'spade') +
    card(46, 16, 10, 'K', 'heart') +
    `<circle cx="80" cy="84" r="13" fill="${c.a}" stroke="#fff" stroke-width="3" stroke-dasharray="4 3"/><circle cx="80" cy="84" r="7" fill="${c.d}"/>`,
  baccarat: (c) =>
    card(10, 18, -10, '9', 'diamond') + card(48, 20, 14, 'K', 'club') + `${star(86, 14, 8, c.l)}${sparkle(12, 90, 5)}`,
  poker: (c) =>
    card(2, 26, -22, 'Q', 'diamond') +
    card(29, 14, 0, 'K', 'diamond') +
    card(56, 26, 22, 'A', 'diamond') +
    sparkle(90, 10, 6, c.l),
  hilo: (c) =>
    card(29, 18, 0, '7', 'club') +
    `<path d="M12 44 22 30 32 44Z" fill="#3fd07a" stroke="#fff" stroke-width="2"/><path d="M68 56 78 70 88 56Z" fill="#ff4d5e" stroke="#fff" stroke-width="2"/>` +
    sparkle(86, 20, 6, c.l),

  chip: (c) => {
    const ring = r1((2 * Math.PI * 38) / 16);
    return (
      `<circle cx="50" cy="50" r="46" fill="${c.a}"/><circle cx="50" cy="50" r="38" fill="none" stroke="#fff" stroke-width="12" stroke-dasharray="${ring} ${ring}"/>` +
      `<circle cx="50" cy="50" r="28" fill="${c.d}" stroke="#fff" stroke-width="2" stroke-dasharray="3 3"/>` +
      star(50, 52, 16, M)
    );
  },

  planet: (c) =>
    `<ellipse cx="50" cy="52" rx="46" ry="12" fill="none" stroke="${c.l}" stroke-width="5" transform="rotate(-18 50 52)"/>` +
    `<circle cx="50" cy="50" r="28" fill="${M}"/><path d="M26 42Q50 36 74 44M24 56Q50 50 76 60" stroke="#fff" stroke-opacity=".3" stroke-width="4" fill="none"/>` +
    `<path d="M8 64A46 12 0 0 0 92 40" fill="none" stroke="${c.l}" stroke-width="5" transform="rotate(-18 50 52) translate(0 -2)"/>` +
    `<circle cx="86" cy="16" r="6" fill="${c.s}"/>` +
    sparkle(14, 16, 5),

  eye: (c) =>
    `<path d="M18 30Q50 10 86 30" stroke="${c.l}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M8 52Q50 20 92 52Q50 80 8 52Z" fill="#fff" stroke="${c.a}" stroke-width="4"/>` +
    `<circle cx="50" cy="52" r="17" fill="${M}"/><circle cx="50" cy="52" r="7" fill="${c.k}"/><circle cx="45" cy="47" r="3" fill="#fff"/>` +
    `<path d="M40 70 34 90Q32 96 24 92M58 70Q70 82 84 80" stroke="${c.a}" stroke-width="5" fill="none" stroke-linecap="round"/>`,

  seven: (c) =>
    `<path d="M30 20H86V30L62 88H48L70 32H30Z" fill="${c.d}" opacity=".5" transform="translate(10 -6) scale(.8)"/>` +
    `<path d="M14 16H82V30L52 92H34L62 32H14Z" fill="url(#r)" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
    sparkle(86, 70, 7) +
    sparkle(14, 80, 5, c.l),

  chili: () =>
    `<path d="M34 30C18 52 28 84 78 94 60 78 52 62 54 38 54 26 42 22 34 30Z" fill="url(#r)" stroke="#fff" stroke-width="2"/>` +
    `<path d="M38 36C34 50 38 66 52 78" stroke="#fff" stroke-opacity=".45" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M34 30C34 20 38 14 48 12M30 30Q42 22 54 32" stroke="#3f9e3a" stroke-width="6" fill="none" stroke-linecap="round"/>`,

  candy: (c) =>
    `<g transform="rotate(-28 50 50)"><polygon points="22,50 4,36 8,50 4,64" fill="${c.s}"/><polygon points="78,50 96,36 92,50 96,64" fill="${c.s}"/>` +
    `<circle cx="50" cy="50" r="28" fill="#ff5fa2"/><circle cx="50" cy="50" r="20" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="10 8"/>` +
    `<circle cx="50" cy="50" r="8" fill="#fff"/></g>` +
    `<circle cx="16" cy="16" r="6" fill="${c.a}"/><circle cx="86" cy="86" r="5" fill="#ffd84a"/>`,

  wave: (c) =>
    `<path d="M2 86C14 60 30 34 58 30 82 28 96 46 90 60 84 70 70 64 74 52 62 52 52 64 56 86Z" fill="${M}" stroke="#fff" stroke-width="2"/>` +
    `<path d="M58 30C76 28 92 40 90 58" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M2 92Q26 82 50 92T98 92" stroke="${c.l}" stroke-width="5" fill="none"/>` +
    `<circle cx="30" cy="20" r="4" fill="#fff"/><circle cx="18" cy="34" r="3" fill="${c.l}"/>`,

  anchor: (c) =>
    `<g stroke="${M}" stroke-width="8" fill="none" stroke-linecap="round"><circle cx="50" cy="16" r="9"/><path d="M50 26V88M32 38H68M16 62Q20 88 50 88Q80 88 84 62"/></g>` +
    `<g fill="${c.l}"><polygon points="8,66 24,58 20,74"/><polygon points="92,66 76,58 80,74"/></g>` +
    sparkle(86, 20, 6),

  leaf: () => {
    const leaf = (rotation, fill) =>
      `<g transform="rotate(${rotation} 50 90)"><path d="M50 90C24 70 22 36 50 8 78 36 76 70 50 90Z" fill="${fill}"/><path d="M50 86V16" stroke="#fff" stroke-opacity=".5" stroke-width="2"/></g>`;
    return (
      leaf(-38, '#2f9e55') +
      leaf(38, '#3fbf6a') +
      leaf(0, '#5bd98a') +
      `<circle cx="76" cy="22" r="9" fill="${M}" stroke="#fff" stroke-width="2"/>`
    );
  },

  feather: () => {
    const colours = ['#ff5fa2', '#ffd84a', '#36d6c3', '#a66bff', '#ff8a3d'];
    return (
      colours
        .map(
          (fill, i) =>
            `<g transform="rotate(${-48 + i * 24} 50 92)"><ellipse cx="50" cy="42" rx="11" ry="36" fill="${fill}"/><path d="M50 90V12" stroke="#fff" stroke-width="1.5"/></g>`,
        )
        .join('') + `<circle cx="50" cy="90" r="7" fill="#ffd84a" stroke="#fff" stroke-width="2"/>`
    );
  },

  mask: (c) =>
    `<g transform="rotate(-8 50 50)"><ellipse cx="30" cy="22" rx="6" ry="18" fill="#ff5fa2" transform="rotate(-24 30 22)"/><ellipse cx="70" cy="22" rx="6" ry="18" fill="#36d6c3" transform="rotate(24 70 22)"/><ellipse cx="50" cy="18" rx="6" ry="18" fill="#ffd84a"/>` +
    `<path d="M8 42Q50 28 92 42Q90 72 64 70Q56 62 50 66Q44 62 36 70Q10 72 8 42Z" fill="${M}" stroke="#fff" stroke-width="2"/>` +
    `<ellipse cx="32" cy="50" rx="10" ry="6" fill="${c.k}"/><ellipse cx="68" cy="50" rx="10" ry="6" fill="${c.k}"/>` +
    `<path d="M88 58 96 94" stroke="${c.l}" stroke-width="4" stroke-linecap="round"/></g>`,

  rune: (c) =>
    `<path d="M24 94 22 34Q24 8 50 8 76 8 78 34L76 94Z" fill="url(#st)" stroke="#fff" stroke-opacity=".4" stroke-width="2"/>` +
    `<g stroke="${c.a}" stroke-width="6" stroke-linecap="round" fill="none"><path d="M42 26V80M42 38 60 26M42 52 60 40"/></g>` +
    `<g stroke="#fff" stroke-width="2" stroke-linecap="round" fill="none"><path d="M42 26V80M42 38 60 26M42 52 60 40"/></g>`,

  dragon: (c) => {
    // A serpent body along two cubic curves, with spines set along its upper side.
    const segments = [
      [
        [8, 88],
        [26, 52],
        [44, 98],
        [58, 66],
      ],
      [
        [58, 66],
        [70, 40],
        [48, 34],
        [64, 22],
      ],
    ];
    const at = ([p0, p1, p2, p3], t) => {
      const u = 1 - t;
      const point = [0, 1].map(
        (k) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k],
      );
      const tangent = [0, 1].map(
        (k) => 3 * u * u * (p1[k] - p0[k]) + 6 * u * t * (p2[k] - p1[k]) + 3 * t * t * (p3[k] - p2[k]),
      );
      const length = Math.hypot(tangent[0], tangent[1]);
      return { point, tangent: [tangent[0] / length, tangent[1] / length] };
    };
    let spines = '';
    for (const segment of segments) {
      for (const t of [0.2, 0.45, 0.7, 0.95]) {
        const { point, tangent } = at(segment, t);
        const normal = [tangent[1], -tangent[0]];
        const base = (sign) =>
          `${r1(point[0] + normal[0] * 6 + tangent[0] * 4 * sign)},${r1(point[1] + normal[1] * 6 + tangent[1] * 4 * sign)}`;
        spines += `${base(-1)} ${r1(point[0] + normal[0] * 14)},${r1(point[1] + normal[1] * 14)} ${base(1)} `;
      }
    }
    const spinePolys = spines
      .trim()
      .split(' ')
      .reduce((groups, point, i) => (i % 3 === 0 ? [...groups, [point]] : (groups.at(-1).push(point), groups)), [])
      .map((points) => `<polygon points="${points.join(' ')}"/>`)
      .join('');
    const body = 'M8 88C26 52 44 98 58 66C70 40 48 34 64 22';
    return (
      `<circle cx="24" cy="30" r="13" fill="#fff"/><circle cx="24" cy="30" r="13" fill="url(#g)"/>` +
      `<g fill="${c.s}">${spinePolys}</g>` +
      `<path d="${body}" stroke="${M}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
      `<path d="${body}" stroke="${c.l}" stroke-width="4" fill="none" stroke-dasharray="1 6" stroke-linecap="round"/>` +
      `<g transform="translate(64 22) rotate(-30)"><path d="M-4-9Q12-12 22-5L30-3Q32 4 22 6Q10 12-4 9Z" fill="${c.a}" stroke="#fff" stroke-width="1.5"/>` +
      `<path d="M2-9-8-22M8-10 2-24" stroke="${c.l}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M26 5Q38 12 32 24" stroke="#fff" stroke-width="1.5" fill="none"/><circle cx="9" cy="-3" r="3" fill="#fff"/><circle cx="10" cy="-3" r="1.5" fill="${c.k}"/></g>`
    );
  },

  snake: (c) => {
    const snake = (rotation, flip) =>
      `<g transform="rotate(${rotation} 50 92)${flip ? ' translate(100 0) scale(-1 1)' : ''}">` +
      `<path d="M50 92C36 78 64 66 50 50 38 38 56 28 50 18" stroke="${M}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
      `<ellipse cx="50" cy="12" rx="7" ry="10" fill="${c.a}" stroke="#fff" stroke-width="1.5"/>` +
      `<path d="M50 4V-3M50-3 47-6M50-3 53-6" stroke="#ff4d5e" stroke-width="1.5" fill="none"/><circle cx="47" cy="12" r="1.5" fill="#ffe14a"/><circle cx="53" cy="12" r="1.5" fill="#ffe14a"/></g>`;
    return (
      snake(-42, false) +
      snake(42, true) +
      snake(0, false) +
      `<path d="M30 90Q50 74 70 90Q50 104 30 90Z" fill="#fff" stroke="${c.a}" stroke-width="2"/><circle cx="50" cy="90" r="6" fill="${c.d}"/><circle cx="50" cy="90" r="2.5" fill="${c.k}"/>`
    );
  },

  scarab: (c) =>
    `<circle cx="50" cy="12" r="11" fill="#ffb347" stroke="#fff" stroke-width="2"/>` +
    `<g fill="${c.s}" opacity=".55"><ellipse cx="24" cy="52" rx="10" ry="28" transform="rotate(-38 24 52)"/><ellipse cx="76" cy="52" rx="10" ry="28" transform="rotate(38 76 52)"/></g>` +
    `<g stroke="${c.l}" stroke-width="3.5" stroke-linecap="round" fill="none"><path d="M36 50 24 44 18 48M35 64 22 70 20 78M38 78 30 90M64 50 76 44 82 48M65 64 78 70 80 78M62 78 70 90"/></g>` +
    `<circle cx="50" cy="29" r="6" fill="${c.d}" stroke="#fff" stroke-width="1.5"/>` +
    `<path d="M36 42A14 10 0 0 1 64 42Z" fill="${c.d}" stroke="#fff" stroke-width="1.5"/>` +
    `<path d="M49 44H36C32 68 38 86 49 90Z" fill="${M}" stroke="#fff" stroke-width="1.5"/><path d="M51 44H64C68 68 62 86 51 90Z" fill="${M}" stroke="#fff" stroke-width="1.5"/>` +
    `<path d="M42 52Q40 70 46 82" stroke="#fff" stroke-opacity=".55" stroke-width="3" fill="none"/>`,

  owl: (c) =>
    `<path d="M26 24 20 6 38 18ZM74 24 80 6 62 18Z" fill="${c.d}"/>` +
    `<ellipse cx="50" cy="56" rx="32" ry="40" fill="${c.d}"/><ellipse cx="50" cy="66" rx="20" ry="26" fill="${c.a}" opacity=".55"/>` +
    `<circle cx="36" cy="40" r="14" fill="#fff"/><circle cx="64" cy="40" r="14" fill="#fff"/>` +
    `<circle cx="36" cy="40" r="8" fill="${M}"/><circle cx="64" cy="40" r="8" fill="${M}"/><circle cx="36" cy="40" r="4" fill="${c.k}"/><circle cx="64" cy="40" r="4" fill="${c.k}"/>` +
    `<polygon points="44,52 56,52 50,62" fill="${c.l}"/><path d="M36 76Q50 84 64 76M38 86Q50 92 62 86" stroke="${c.l}" stroke-width="2" fill="none"/>`,

  balls: () => {
    const balls = [
      [30, 34, 20, '#ff5a6e', 7],
      [70, 30, 18, '#ffd84a', 21],
      [50, 68, 22, '#36d6c3', 40],
      [16, 76, 11, '#a66bff', 3],
      [86, 72, 12, '#ff9f43', 12],
    ];
    return balls
      .map(
        ([x, y, r, fill, n]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#fff" stroke-width="2"/><circle cx="${x}" cy="${y}" r="${r1(r * 0.55)}" fill="#fff"/>` +
          `<text x="${x}" y="${r1(y + r * 0.22)}" font-family="${FONT}" font-weight="700" font-size="${r1(r * 0.62)}" text-anchor="middle" fill="#1b1b24">${n}</text>`,
      )
      .join('');
  },

  comet: (c) =>
    `<path d="M8 92 64 28 76 40Z" fill="url(#tl)"/><path d="M20 96 66 36 72 44Z" fill="url(#tl)" opacity=".7"/>` +
    `<circle cx="72" cy="32" r="16" fill="${M}" stroke="#fff" stroke-width="3"/><circle cx="67" cy="27" r="5" fill="#fff" opacity=".8"/>` +
    sparkle(22, 20, 7) +
    sparkle(88, 78, 5, c.l),

  towers: (c) => {
    let blocks = '';
    const columns = [
      [10, 4, c.d],
      [38, 6, c.a],
      [66, 3, c.d],
    ];
    for (const [x, floors, fill] of columns)
      for (let i = 0; i < floors; i++)
        blocks += `<rect x="${x}" y="${86 - i * 13}" width="24" height="11" rx="2" fill="${fill}" stroke="#fff" stroke-opacity=".55"/>`;
    return `${blocks}<polygon points="50,3 58,10 50,17 42,10" fill="${c.s}" stroke="#fff" stroke-width="1.5"/>${sparkle(84, 40, 6)}`;
  },

  dice3: (c) => {
    const die = (x, y, size, rotation, value, fill, pip) =>
      `<g transform="rotate(${rotation} ${x + size / 2} ${y + size / 2})"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 5}" fill="${fill}" stroke="#fff" stroke-width="1.5"/>${pips(x, y, size, value, pip)}</g>`;
    return (
      die(6, 44, 38, -12, 6, '#fff', c.k) + die(52, 48, 38, 10, 4, '#fff', '#e0213a') + die(30, 8, 38, 4, 2, M, '#fff')
    );
  },

  limbo: (c) =>
    `<path d="M6 62H94" stroke="#fff" stroke-opacity=".6" stroke-width="2" stroke-dasharray="5 4"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="10"><path d="M24 92 50 70 76 92" stroke="${c.d}"/><path d="M24 70 50 48 76 70" stroke="${c.a}"/><path d="M24 48 50 26 76 48" stroke="${M}"/></g>` +
    `<path d="M50 4 62 20H38Z" fill="#fff"/>` +
    sparkle(14, 22, 6) +
    sparkle(88, 34, 5, c.l),

  prizewheel: (c) => {
    const colours = ['#ff4d5e', '#ffd84a', '#36d6c3', '#a66bff', '#ff9f43', '#4da3ff', '#7be07b', '#ff5fa2'];
    const wedges = colours
      .map((fill, i) => {
        const a0 = ((i * 45 - 90) * Math.PI) / 180;
        const a1 = (((i + 1) * 45 - 90) * Math.PI) / 180;
        return `<path d="M50 52L${r1(50 + 40 * Math.cos(a0))} ${r1(52 + 40 * Math.sin(a0))}A40 40 0 0 1 ${r1(50 + 40 * Math.cos(a1))} ${r1(52 + 40 * Math.sin(a1))}Z" fill="${fill}"/>`;
      })
      .join('');
    const bulbs = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330]
      .map((a) => `<circle cx="50" cy="8" r="2.2" transform="rotate(${a} 50 52)"/>`)
      .join('');
    return (
      `<circle cx="50" cy="52" r="46" fill="${c.d}" stroke="${c.l}" stroke-width="2"/>${wedges}<g fill="#fff">${bulbs}</g>` +
      `<circle cx="50" cy="52" r="9" fill="${M}" stroke="#fff" stroke-width="2"/><path d="M41 0H59L50 16Z" fill="#fff" stroke="${c.d}" stroke-width="1.5"/>`
    );
  },

  orbit: (c) =>
    `<g fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2"><ellipse cx="50" cy="50" rx="46" ry="16" transform="rotate(-24 50 50)"/><ellipse cx="50" cy="50" rx="46" ry="16" transform="rotate(36 50 50)"/><ellipse cx="50" cy="50" rx="46" ry="16" transform="rotate(96 50 50)"/></g>` +
    `<circle cx="50" cy="50" r="16" fill="${M}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="90" cy="34" r="6" fill="${c.s}"/><circle cx="24" cy="84" r="5" fill="#ff9f43"/><circle cx="36" cy="12" r="4" fill="${c.l}"/>`,

  torch: () =>
    `<path d="M42 60H58L54 96H46Z" fill="#8a5a33" stroke="#fff" stroke-opacity=".4"/>` +
    `<path d="M30 50H70L62 64H38Z" fill="${M}" stroke="#fff" stroke-width="1.5"/>` +
    `<path d="M50 2C55 16 68 22 68 38 68 48 60 54 50 54S32 48 32 38C32 28 38 24 40 14 44 22 46 26 47 30 48 20 48 12 50 2Z" fill="url(#fl)"/>` +
    `<path d="M50 28C54 36 59 40 59 46 59 51 55 54 50 54S41 51 41 46C41 40 48 37 50 28Z" fill="#fff2a8"/>` +
    sparkle(82, 18, 5, '#ffd23f') +
    sparkle(18, 30, 4, '#ffd23f'),

  canyon: () =>
    `<circle cx="50" cy="44" r="26" fill="${M}"/>` +
    `<polygon points="0,96 0,58 10,58 16,50 34,50 40,62 48,62 52,96" fill="#b8432f"/>` +
    `<polygon points="40,96 50,70 60,68 64,56 82,56 86,66 100,66 100,96" fill="#8c2f22"/>` +
    `<path d="M0 72H48M56 80H100" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>` +
    `<path d="M76 96V82M76 88H71V84M76 86H81V82" stroke="#2f9e55" stroke-width="3" stroke-linecap="round" fill="none"/>`,

  buffalo: (c) =>
    `<polygon points="70,2 56,26 66,26 58,44 80,18 70,18 78,2" fill="#ffe14a" opacity=".9"/>` +
    `<path d="M34 34Q10 38 6 16Q16 28 34 26ZM66 34Q90 38 94 16Q84 28 66 26Z" fill="${c.l}" stroke="#fff" stroke-width="1.5"/>` +
    `<path d="M30 30Q50 20 70 30Q74 52 64 74Q58 92 50 92Q42 92 36 74Q26 52 30 30Z" fill="#5b3a22" stroke="${c.a}" stroke-width="2"/>` +
    `<path d="M32 32Q50 14 68 32Q60 44 50 40Q40 44 32 32Z" fill="#3b2414"/>` +
    `<circle cx="40" cy="50" r="3" fill="#fff"/><circle cx="60" cy="50" r="3" fill="#fff"/>` +
    `<ellipse cx="50" cy="80" rx="10" ry="7" fill="#2a1a0e"/><circle cx="46" cy="80" r="2" fill="#5b3a22"/><circle cx="54" cy="80" r="2" fill="#5b3a22"/>`,

  coral: (c) =>
    `<g stroke="#ff6f91" stroke-width="7" stroke-linecap="round" fill="none"><path d="M28 96V62M28 76Q14 68 14 50M28 66Q40 58 38 42M14 58 6 50"/></g>` +
    `<g stroke="#ffb347" stroke-width="6" stroke-linecap="round" fill="none"><path d="M74 96V70M74 80Q88 74 88 58M74 72Q62 62 64 50"/></g>` +
    `<g transform="translate(46 14) scale(.42)"><path d="M74 48 96 30 90 50 96 70Z" fill="${c.a}"/><path d="M8 50C20 26 56 22 78 48 56 74 20 74 8 50Z" fill="#ffd84a"/><path d="M36 30V70M52 30V68" stroke="${c.k}" stroke-width="6"/><circle cx="20" cy="46" r="4" fill="${c.k}"/></g>` +
    `<circle cx="40" cy="24" r="3" fill="none" stroke="#fff" stroke-width="1.5"/><circle cx="34" cy="34" r="2" fill="none" stroke="#fff" stroke-width="1.5"/>`,

  skull: (c) =>
    `<g stroke="#f2ead8" stroke-width="9" stroke-linecap="round"><path d="M14 58 86 92M86 58 14 92"/></g>` +
    `<g fill="#f2ead8"><circle cx="10" cy="54" r="6"/><circle cx="14" cy="62" r="6"/><circle cx="90" cy="54" r="6"/><circle cx="86" cy="62" r="6"/><circle cx="10" cy="94" r="6"/><circle cx="90" cy="94" r="6"/></g>` +
    `<path d="M50 6C28 6 18 22 20 40 22 52 30 56 32 62V74H68V62C70 56 78 52 80 40 82 22 72 6 50 6Z" fill="#fff" stroke="${c.d}" stroke-width="2"/>` +
    `<path d="M20 30Q50 0 80 30Q66 20 50 20 34 20 20 30Z" fill="#e0213a"/>` +
    `<ellipse cx="38" cy="42" rx="8" ry="9" fill="${c.k}"/><ellipse cx="62" cy="42" rx="8" ry="9" fill="${c.k}"/><path d="M50 50 45 60H55Z" fill="${c.k}"/>` +
    `<path d="M42 64V74M50 64V74M58 64V74" stroke="${c.k}" stroke-width="2"/>`,

  bamboo: () => {
    const stalk = (x, top, fill) =>
      `<rect x="${x}" y="${top}" width="12" height="${96 - top}" rx="5" fill="${fill}"/>` +
      [top + 18, top + 40, top + 62]
        .filter((y) => y < 92)
        .map((y) => `<rect x="${x - 1.5}" y="${y}" width="15" height="4" rx="2" fill="#1f6e3a"/>`)
        .join('');
    return (
      stalk(22, 16, '#5bd98a') +
      stalk(46, 4, '#3fbf6a') +
      stalk(70, 24, '#6fe39a') +
      `<g fill="#2f9e55"><ellipse cx="40" cy="26" rx="12" ry="4" transform="rotate(-30 40 26)"/><ellipse cx="66" cy="14" rx="12" ry="4" transform="rotate(25 66 14)"/><ellipse cx="88" cy="40" rx="11" ry="4" transform="rotate(-25 88 40)"/><ellipse cx="14" cy="46" rx="11" ry="4" transform="rotate(30 14 46)"/></g>`
    );
  },

  gem: (c) =>
    `<polygon points="14,38 30,16 70,16 86,38 50,90" fill="${c.a}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>` +
    `<polygon points="30,16 50,38 70,16" fill="${c.l}"/><polygon points="14,38 30,16 50,38" fill="#fff" opacity=".55"/>` +
    `<polygon points="70,16 86,38 50,38" fill="${c.d}" opacity=".6"/><polygon points="14,38 50,38 50,90" fill="#fff" opacity=".25"/>` +
    `<polygon points="50,38 86,38 50,90" fill="${c.d}" opacity=".55"/>` +
    sparkle(84, 14, 8) +
    sparkle(16, 78, 5, c.l),
};

/** Extra gradients some motifs use, written only when the motif refers to them. */
function motifDefs(svg, c) {
  let defs = '';
  if (svg.includes('url(#fl)'))
    defs += `<linearGradient id="fl" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ff3b2f"/><stop offset=".6" stop-color="#ff8a1f"/><stop offset="1" stop-color="#ffd23f"/></linearGradient>`;
  if (svg.includes('url(#r)'))
    defs += `<linearGradient id="r" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b3001b"/></linearGradient>`;
  if (svg.includes('url(#st)'))
    defs += `<linearGradient id="st" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9aa7b8"/><stop offset="1" stop-color="#4a5568"/></linearGradient>`;
  if (svg.includes('url(#tl)'))
    defs += `<linearGradient id="tl" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.l}"/><stop offset="1" stop-color="${c.l}" stop-opacity="0"/></linearGradient>`;
  return defs;
}

// ---------------------------------------------------------------------------------------
// Text: names are set in capitals, wrapped and sized to fit.

/** Advance widths of Helvetica/Arial Bold capitals, in em. */
const CAP_WIDTHS = {
  A: 0.722,
  B: 0.722,
  C: 0.722,
  D: 0.722,
  E: 0.667,
  F: 0.611,
  G: 0.778,
  H: 0.722,
  I: 0.278,
  J: 0.556,
  K: 0.722,
  L: 0.611,
  M: 0.833,
  N: 0.722,
  O: 0.778,
  P: 0.667,
  Q: 0.778,
  R: 0.722,
  S: 0.667,
  T: 0.611,
  U: 0.722,
  V: 0.667,
  W: 0.944,
  X: 0.667,
  Y: 0.667,
  Z: 0.611,
  ' ': 0.278,
  "'": 0.238,
  '&': 0.722,
  '-': 0.333,
  '.': 0.278,
  ':': 0.333,
  '!': 0.333,
};
const textEm = (text, letterSpacingEm = 0) =>
  [...text].reduce((sum, ch) => sum + (CAP_WIDTHS[ch] ?? 0.556) + letterSpacingEm, 0);

/**
 * Splits words into at most maxLines lines so that the font size that fits maxWidth is as
 * large as possible (fewer lines win a tie).
 */
function fitText(text, { maxWidth, maxLines, maxSize, minSize, maxHeight }) {
  const words = text.toUpperCase().split(/\s+/).filter(Boolean);
  let best;
  const consider = (lines) => {
    const widest = Math.max(...lines.map((line) => textEm(line)));
    const byWidth = maxWidth / widest;
    const byHeight = maxHeight / (lines.length * 1.05);
    const size = Math.max(minSize, Math.min(maxSize, byWidth, byHeight));
    if (!best || size > best.size + 0.01) best = { lines, size };
  };
  const split = (start, lines) => {
    if (start === words.length) return consider(lines);
    if (lines.length === maxLines) return;
    for (let end = start + 1; end <= words.length; end++) split(end, [...lines, words.slice(start, end).join(' ')]);
  };
  split(0, []);
  return best;
}

const escapeXml = (text) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);

/** Lines of text centred on cx around the vertical centre cy; long lines are held to maxWidth. */
function textBlock(fit, { cx, cy, maxWidth, lineGap = 1.05 }) {
  const lineHeight = fit.size * lineGap;
  // Capitals sit ~0.72em above the baseline: centre the cap height, not the em box.
  const firstBaseline = cy - ((fit.lines.length - 1) * lineHeight) / 2 + fit.size * 0.36;
  return fit.lines
    .map((line, i) => {
      const width = textEm(line) * fit.size;
      // Fonts differ from the metrics above: a line near the limit is pinned to its width.
      const pinned =
        width > maxWidth * 0.82 ? ` textLength="${r1(Math.min(width, maxWidth))}" lengthAdjust="spacingAndGlyphs"` : '';
      return `<text x="${cx}" y="${r1(firstBaseline + i * lineHeight)}"${pinned}>${escapeXml(line)}</text>`;
    })
    .join('');
}

// ---------------------------------------------------------------------------------------
// Tiles

function tile(game, providerName, width, height, variant) {
  const c = paletteFor(game.identity, game.theme, variant);
  const draw = MOTIFS[game.theme];
  if (!draw) throw new Error(`${game.identity}: no motif for theme "${game.theme}"`);
  const motif = draw(c);
  const vertical = height > width;
  const motifSize = vertical ? 132 : 100;
  const motifCentre = vertical ? { x: 100, y: 112 } : { x: 100, y: 74 };
  const scale = motifSize / 100;
  const glowCentreY = motifCentre.y;
  const nameFit = fitText(game.name, {
    maxWidth: 180,
    maxLines: vertical ? 3 : 2,
    maxSize: vertical ? 30 : 25,
    minSize: vertical ? 15 : 13,
    maxHeight: vertical ? 78 : 48,
  });
  const nameCentreY = vertical ? 228 : 154;
  const provider = providerName.toUpperCase();
  const providerSize = vertical ? 9.5 : 8.5;
  const providerWidth = textEm(provider, 0.14) * providerSize;
  const providerPinned = providerWidth > 180 ? ` textLength="180" lengthAdjust="spacingAndGlyphs"` : '';
  const rays = 2 * Math.PI * 110;
  const bokeh = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = (c.bytes[4 + i * 3] / 255) * width;
      const y = (c.bytes[5 + i * 3] / 255) * height * 0.6;
      const r = 3 + (c.bytes[6 + i * 3] / 255) * 9;
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${i % 2 ? c.l : '#fff'}" opacity=".12"/>`;
    })
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${escapeXml(game.name)}</title>` +
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${c.bgTop}"/><stop offset="1" stop-color="${c.bgBottom}"/></linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="${c.glow}" stop-opacity=".75"/><stop offset="1" stop-color="${c.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.l}"/><stop offset=".5" stop-color="${c.a}"/><stop offset="1" stop-color="${c.d}"/></linearGradient>` +
    `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.k}" stop-opacity="0"/><stop offset="1" stop-color="${c.k}" stop-opacity=".85"/></linearGradient>` +
    `<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset=".3" stop-color="#fff"/><stop offset="1" stop-color="${c.t}"/></linearGradient>` +
    motifDefs(motif, c) +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#b)"/>` +
    `<circle cx="${motifCentre.x}" cy="${glowCentreY}" r="110" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="220" stroke-dasharray="${r1(rays / 40)} ${r1(rays / 40)}"/>` +
    bokeh +
    `<circle cx="${motifCentre.x}" cy="${glowCentreY}" r="${vertical ? 96 : 74}" fill="url(#g)"/>` +
    `<g transform="translate(${motifCentre.x - motifSize / 2} ${motifCentre.y - motifSize / 2}) scale(${scale})">${motif}</g>` +
    `<rect y="${vertical ? 150 : 104}" width="${width}" height="${vertical ? 150 : 96}" fill="url(#f)"/>` +
    (game.type === 'live'
      ? `<g transform="translate(${width - 50} 10)"><rect width="40" height="16" rx="8" fill="#e0213a"/><circle cx="9" cy="8" r="3" fill="#fff"/>` +
        `<text x="15" y="11.5" font-family="${FONT}" font-size="9" font-weight="800" fill="#fff">LIVE</text></g>`
      : '') +
    `<g font-family="${FONT}" font-weight="800" text-anchor="middle">` +
    `<g font-size="${r1(nameFit.size)}" fill="url(#t)" stroke="${c.k}" stroke-width="${r1(nameFit.size / 6)}" stroke-linejoin="round" paint-order="stroke">` +
    textBlock(nameFit, { cx: 100, cy: nameCentreY, maxWidth: 180 }) +
    `</g>` +
    `<text x="100" y="${vertical ? 286 : 190}" font-size="${providerSize}" font-weight="700" letter-spacing="${r1(providerSize * 0.14)}" fill="#fff" fill-opacity=".72"${providerPinned}>${escapeXml(provider)}</text>` +
    `</g>` +
    `</svg>\n`
  );
}

function logo(provider) {
  const c = paletteFor(provider.identity, provider.theme);
  const draw = MOTIFS[provider.theme];
  if (!draw) throw new Error(`${provider.identity}: no motif for theme "${provider.theme}"`);
  const motif = draw(c);
  const [main, sub = ''] = provider.wordmark.map((part) => part.toUpperCase());
  const textLeft = 40;
  const textWidth = 116 - textLeft - 6;
  const mainSize = Math.min(13, textWidth / textEm(main));
  const subSize = Math.min(7, textWidth / textEm(sub, 0.12));
  const mainBaseline = sub ? 19.5 : 24.5;
  const pinned = (em, size) =>
    em * size > textWidth * 0.82
      ? ` textLength="${r1(Math.min(em * size, textWidth))}" lengthAdjust="spacingAndGlyphs"`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="116" height="40" viewBox="0 0 116 40">` +
    `<title>${escapeXml(provider.name)}</title>` +
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(c.bg, 48, 17)}"/><stop offset="1" stop-color="${hsl(c.bg - 24, 55, 27)}"/></linearGradient>` +
    `<radialGradient id="g"><stop offset="0" stop-color="${c.glow}" stop-opacity=".6"/><stop offset="1" stop-color="${c.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.l}"/><stop offset=".5" stop-color="${c.a}"/><stop offset="1" stop-color="${c.d}"/></linearGradient>` +
    motifDefs(motif, c) +
    `</defs>` +
    `<rect x=".5" y=".5" width="115" height="39" rx="8" fill="url(#b)" stroke="${c.a}" stroke-opacity=".55"/>` +
    `<circle cx="20" cy="20" r="15" fill="${c.k}" stroke="${c.a}" stroke-width="1.5"/><circle cx="20" cy="20" r="14" fill="url(#g)"/>` +
    `<g transform="translate(9 9) scale(.22)">${motif}</g>` +
    `<g font-family="${FONT}" text-anchor="start">` +
    `<text x="${textLeft}" y="${mainBaseline}" font-size="${r1(mainSize)}" font-weight="800" fill="#fff"${pinned(textEm(main), mainSize)}>${escapeXml(main)}</text>` +
    (sub
      ? `<text x="${textLeft}" y="30.5" font-size="${r1(subSize)}" font-weight="700" letter-spacing="${r1(subSize * 0.12)}" fill="${c.l}"${pinned(textEm(sub, 0.12), subSize)}>${escapeXml(sub)}</text>`
      : '') +
    `</g>` +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------

function main() {
  const check = process.argv.includes('--check');
  const catalogue = JSON.parse(fs.readFileSync(catalogueFile, 'utf8'));
  const providerNames = new Map(catalogue.providers.map((p) => [p.identity, p.name]));
  const files = new Map();
  const themeUses = new Map();
  for (const game of catalogue.games) {
    const providerName = providerNames.get(game.provider);
    if (!providerName) throw new Error(`${game.identity}: unknown provider ${game.provider}`);
    const variant = themeUses.get(game.theme) ?? 0;
    themeUses.set(game.theme, variant + 1);
    files.set(path.join(gamesDir, `${game.identity}-200x300.svg`), tile(game, providerName, 200, 300, variant));
    files.set(path.join(gamesDir, `${game.identity}-200x200.svg`), tile(game, providerName, 200, 200, variant));
  }
  for (const provider of catalogue.providers)
    files.set(path.join(providersDir, `${provider.identity}.svg`), logo(provider));

  const problems = [];
  let written = 0;
  for (const [file, svg] of files) {
    const bytes = Buffer.byteLength(svg);
    if (bytes > MAX_FILE_BYTES)
      problems.push(`${path.relative(root, file)} is ${bytes} bytes (limit ${MAX_FILE_BYTES})`);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (current === svg) continue;
    if (check) problems.push(`${path.relative(root, file)} is ${current === undefined ? 'missing' : 'out of date'}`);
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, svg);
      written++;
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const largest = Math.max(...[...files.values()].map((svg) => Buffer.byteLength(svg)));
  console.log(
    check
      ? `artwork up to date (${files.size} files, largest ${largest} bytes)`
      : `wrote ${written} of ${files.size} artwork files (largest ${largest} bytes)`,
  );
}

main();
