// Piece pictures for the redfool web board, drawn for the project (see
// LICENSE-pieces.txt). Every picture is SVG markup in a 100x100 box; the
// page places one per square. Orthodox pieces are the Unicode chess
// figures in the DejaVu Sans font, outlined; Tam Ruat's own pieces and the
// Fool (fool.svg) are drawn as paths. Checkered pieces are filled with a
// black-and-white check so that they read as belonging to both sides.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Filled figures: white pieces take a white fill, black ones a dark one.
const FIGURES = { king: '\u265A', queen: '\u265B', rook: '\u265C', bishop: '\u265D', knight: '\u265E', pawn: '\u265F' };

function star(cx, cy, outer, inner, points) {
  const parts = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    parts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${parts.join('L')}Z`;
}

// Tam Ruat's pieces without an orthodox figure: a silhouette each.
const PATHS = {
  emperor: 'M20 78 L20 36 L35 55 L50 24 L65 55 L80 36 L80 78 Z M26 70 L74 70',
  paladin: 'M28 22 L72 22 L72 50 Q72 74 50 84 Q28 74 28 50 Z M50 30 L50 72 M36 46 L64 46',
  wizard: star(50, 54, 34, 14, 5) + ' M36 20 L64 20 L50 6 Z',
  warlock: 'M62 16 A34 34 0 1 0 62 84 A42 42 0 0 1 62 16 Z',
  ghost: 'M26 84 L26 44 A24 24 0 0 1 74 44 L74 84 L66 76 L58 84 L50 76 L42 84 L34 76 Z',
  barbarian: 'M22 62 A28 28 0 0 1 78 62 Z M24 50 Q8 36 16 16 Q22 34 34 40 M76 50 Q92 36 84 16 Q78 34 66 40 M30 62 L30 80 L70 80 L70 62',
};
// Small marks drawn over the silhouettes in the contrasting colour.
const MARKS = {
  ghost: '<circle cx="41" cy="48" r="5"/><circle cx="59" cy="48" r="5"/>',
  emperor: '<circle cx="50" cy="62" r="6"/>',
};

function fillFor(colour) {
  if (colour === 'checkered') return 'url(#checker)';
  return colour === 'white' ? '#fbfbf7' : '#262421';
}

// The SVG markup of a piece of `role` and `colour` (white, black, checkered).
function pieceMarkup(role, colour) {
  const fill = fillFor(colour);
  const stroke = colour === 'black' ? '#000' : '#111';
  const figure = FIGURES[role];
  if (figure) {
    return `<text x="50" y="84" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="84" ` +
      `fill="${fill}" stroke="${stroke}" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${figure}\uFE0E</text>`;
  }
  const mark = colour === 'black' ? '#e8e6df' : '#262421';
  return `<path d="${PATHS[role]}" fill="${fill}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round"/>` +
    (MARKS[role] ? `<g fill="${mark}">${MARKS[role]}</g>` : '');
}

// The Red Fool: a red jester with a three-pointed cap and bells (fool.svg).
function foolMarkup() {
  return '<image href="/assets/fool.svg" width="100" height="100"/>';
}

// The checker pattern that checkered pieces are filled with.
function checkerPattern() {
  return '<pattern id="checker" width="16" height="16" patternUnits="userSpaceOnUse">' +
    '<rect width="16" height="16" fill="#fbfbf7"/><rect width="8" height="8" fill="#262421"/>' +
    '<rect x="8" y="8" width="8" height="8" fill="#262421"/></pattern>';
}
