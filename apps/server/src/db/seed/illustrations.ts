import { groundShadow, mix, type Palette, type Rng } from './svg-kit.ts';

/**
 * Stylised drawings of the shop's product families. Each draws into a 400 x 400 box with the
 * ground line at y = 330, using the gradients of sharedDefs().
 */

export const ILLUSTRATION_KINDS = [
  'grinder',
  'vibrator',
  'lathe',
  'dustCollector',
  'trimmer',
  'sandblaster',
  'furnace',
  'motor',
  'handpiece',
  'mixer',
  'steamer',
  'burs',
  'brushes',
  'belts',
  'parts',
  'pins',
  'accessories',
] as const;

export type IllustrationKind = (typeof ILLUSTRATION_KINDS)[number];

type Draw = (palette: Palette, rng: Rng) => string;

export const GROUND_Y = 330;

export function drawIllustration(kind: IllustrationKind, palette: Palette, rng: Rng): string {
  return drawings[kind](palette, rng);
}

const drawings: Record<IllustrationKind, Draw> = {
  grinder: drawGrinder,
  vibrator: drawVibrator,
  lathe: drawLathe,
  dustCollector: drawDustCollector,
  trimmer: drawTrimmer,
  sandblaster: drawSandblaster,
  furnace: drawFurnace,
  motor: drawMotor,
  handpiece: drawHandpiece,
  mixer: drawMixer,
  steamer: drawSteamer,
  burs: drawBurs,
  brushes: drawBrushes,
  belts: drawBelts,
  parts: drawParts,
  pins: drawPins,
  accessories: drawAccessories,
};

/* ---------- shared pieces ---------- */

function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  fill: string,
  extra = '',
): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${fill}" ${extra}/>`;
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Vertical cooling fins across a horizontal motor housing. */
function fins(
  x1: number,
  x2: number,
  y1: number,
  y2: number,
  step: number,
  colour: string,
): string {
  const lines: string[] = [];
  for (let x = x1; x <= x2; x += step) {
    lines.push(`<line x1="${x}" y1="${y1}" x2="${x}" y2="${y2}"/>`);
  }
  return `<g stroke="${colour}" stroke-width="3" stroke-linecap="round" opacity="0.35">${lines.join('')}</g>`;
}

/** A highlight streak that makes flat shapes read as glossy. */
function sheen(x: number, y: number, w: number, h: number, rx: number): string {
  return rect(x, y, w, h, rx, '#ffffff', 'opacity="0.28"');
}

function knob(cx: number, cy: number, r: number): string {
  return `${circle(cx, cy, r + 3, '#2a3037')}${circle(cx, cy, r, 'url(#metal)')}<line x1="${cx}" y1="${cy}" x2="${cx + r * 0.55}" y2="${cy - r * 0.55}" stroke="#2a3037" stroke-width="3" stroke-linecap="round"/>`;
}

function led(cx: number, cy: number, colour: string): string {
  return `${circle(cx, cy, 6, colour)}${circle(cx - 1.5, cy - 1.5, 2, '#ffffff', 'opacity="0.7"')}`;
}

function feet(xs: number[], y: number): string {
  return xs.map((x) => rect(x - 14, y, 28, 8, 3, '#23282e')).join('');
}

/** Small dots scattered over a disc: the grain of stones and abrasive wheels. */
function speckles(
  cx: number,
  cy: number,
  radius: number,
  count: number,
  colour: string,
  rng: Rng,
): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const angle = rng() * Math.PI * 2;
    const distance = Math.sqrt(rng()) * radius;
    dots.push(
      circle(
        cx + Math.cos(angle) * distance,
        cy + Math.sin(angle) * distance,
        0.8 + rng() * 1.4,
        colour,
      ),
    );
  }
  return `<g opacity="0.45">${dots.join('')}</g>`;
}

function wheel(cx: number, cy: number, r: number, rng: Rng): string {
  return [
    circle(cx, cy, r, 'url(#stone)', 'stroke="#8d8372" stroke-width="2"'),
    speckles(cx, cy, r - 4, 70, '#6f6656', rng),
    circle(cx, cy, r * 0.34, 'url(#metal)', 'stroke="#7d8893" stroke-width="2"'),
    circle(cx, cy, r * 0.12, '#39414a'),
  ].join('');
}

/** A top half-cover over a wheel, open at the bottom as on real grinders. */
function wheelGuard(cx: number, cy: number, r: number): string {
  const outer = r + 10;
  return `<path d="M ${cx - outer} ${cy + 6} A ${outer} ${outer} 0 0 1 ${cx + outer} ${cy + 6} L ${cx + r - 4} ${cy + 6} A ${r - 4} ${r - 4} 0 0 0 ${cx - r + 4} ${cy + 6} Z" fill="url(#body)" stroke="rgba(0,0,0,0.25)" stroke-width="1.5"/>`;
}

function gearPath(cx: number, cy: number, outer: number, inner: number, teeth: number): string {
  const points: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i += 1) {
    const a = i * step;
    const corners: [number, number][] = [
      [a, inner],
      [a + step * 0.18, outer],
      [a + step * 0.5, outer],
      [a + step * 0.68, inner],
    ];
    for (const [angle, radius] of corners) {
      points.push(`${fmt(cx + Math.cos(angle) * radius)},${fmt(cy + Math.sin(angle) * radius)}`);
    }
  }
  return `M ${points.join(' L ')} Z`;
}

/* ---------- machines ---------- */

function drawGrinder(_palette: Palette, rng: Rng): string {
  return [
    groundShadow(200, GROUND_Y + 4, 170),
    // pedestal and foot plate
    `<path d="M 150 ${GROUND_Y - 8} L 168 262 L 232 262 L 250 ${GROUND_Y - 8} Z" fill="url(#body)"/>`,
    rect(112, GROUND_Y - 12, 176, 14, 5, 'url(#rubber)'),
    // shafts, then motor
    rect(70, 225, 260, 12, 4, 'url(#metal)'),
    rect(128, 196, 18, 70, 8, 'url(#metal)'),
    rect(254, 196, 18, 70, 8, 'url(#metal)'),
    rect(142, 186, 116, 90, 40, 'url(#body)'),
    fins(160, 240, 200, 262, 10, '#000000'),
    sheen(156, 194, 88, 10, 5),
    // wheels with guards and tool rests
    wheel(82, 231, 52, rng),
    wheelGuard(82, 231, 52),
    wheel(318, 231, 52, rng),
    wheelGuard(318, 231, 52),
    rect(52, 290, 60, 8, 3, 'url(#metal)'),
    rect(288, 290, 60, 8, 3, 'url(#metal)'),
    // eye shields
    `<path d="M 50 150 L 112 150 L 104 178 L 58 178 Z" fill="url(#glass)" stroke="#8fb0c6" stroke-width="2"/>`,
    `<path d="M 288 150 L 350 150 L 342 178 L 296 178 Z" fill="url(#glass)" stroke="#8fb0c6" stroke-width="2"/>`,
    // switch plate
    rect(184, 282, 32, 22, 4, '#2a3037'),
    rect(194, 286, 12, 14, 2, '#e4e8ec'),
  ].join('');
}

function drawVibrator(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 2, 150),
    // body
    rect(88, 244, 224, 80, 18, 'url(#body)'),
    sheen(104, 252, 192, 8, 4),
    // platform in slight perspective with ribs
    `<path d="M 112 196 L 288 196 L 322 244 L 78 244 Z" fill="url(#rubber)"/>`,
    ribs(),
    // impression tray resting on the platform
    `<path d="M 158 222 C 158 196, 242 196, 242 222 L 226 222 C 226 208, 174 208, 174 222 Z" fill="#f3d6cf" stroke="#c79a90" stroke-width="2"/>`,
    rect(194, 222, 12, 12, 2, '#c79a90'),
    // controls
    knob(128, 286, 13),
    rect(172, 272, 110, 28, 6, palette.dark),
    led(190, 286, '#5fd38a'),
    led(212, 286, '#f4c542'),
    led(234, 286, '#3d454d'),
    feet([112, 288], GROUND_Y - 6),
    // motion marks
    `<g fill="none" stroke="${palette.accent}" stroke-width="4" stroke-linecap="round" opacity="0.55">
      <path d="M 62 230 Q 52 250 62 270"/><path d="M 46 222 Q 32 250 46 278"/>
      <path d="M 338 230 Q 348 250 338 270"/><path d="M 354 222 Q 368 250 354 278"/>
    </g>`,
  ].join('');
}

function ribs(): string {
  const lines: string[] = [];
  for (let i = 0; i <= 10; i += 1) {
    const top = 122 + i * 15.6;
    const bottom = 92 + i * 21.6;
    lines.push(`<line x1="${fmt(top)}" y1="200" x2="${fmt(bottom)}" y2="240"/>`);
  }
  return `<g stroke="#6b737b" stroke-width="2" opacity="0.6">${lines.join('')}</g>`;
}

function drawLathe(palette: Palette, rng: Rng): string {
  return [
    groundShadow(200, GROUND_Y + 4, 160),
    `<path d="M 150 ${GROUND_Y - 8} L 170 266 L 230 266 L 250 ${GROUND_Y - 8} Z" fill="url(#body)"/>`,
    rect(116, GROUND_Y - 12, 168, 14, 5, 'url(#rubber)'),
    // long shaft with tapered spindles
    rect(70, 226, 260, 10, 4, 'url(#metal)'),
    `<path d="M 96 224 L 58 229 L 58 233 L 96 238 Z" fill="url(#metal)"/>`,
    `<path d="M 304 224 L 342 229 L 342 233 L 304 238 Z" fill="url(#metal)"/>`,
    rect(132, 200, 16, 62, 7, 'url(#metal)'),
    rect(252, 200, 16, 62, 7, 'url(#metal)'),
    rect(144, 190, 112, 82, 36, 'url(#body)'),
    fins(162, 238, 204, 258, 10, '#000000'),
    sheen(158, 198, 84, 9, 4),
    // cotton buff on the left, bristle brush on the right
    cottonBuff(70, 231, 50),
    bristleWheel(330, 231, 44, '#4a3426', rng),
    // switch
    rect(186, 282, 28, 20, 4, '#2a3037'),
    circle(200, 292, 5, palette.light),
  ].join('');
}

function cottonBuff(cx: number, cy: number, r: number): string {
  const rings: string[] = [];
  for (let ring = r - 8; ring > r * 0.35; ring -= 7) {
    rings.push(
      circle(cx, cy, ring, 'none', 'stroke="#c9b48f" stroke-width="1.5" stroke-dasharray="3 3"'),
    );
  }
  return [
    circle(cx, cy, r, '#f4ead6', 'stroke="#d6c3a0" stroke-width="2"'),
    ...rings,
    circle(cx, cy, r * 0.22, 'url(#metal)'),
    circle(cx, cy, r * 0.08, '#39414a'),
  ].join('');
}

function bristleWheel(cx: number, cy: number, r: number, colour: string, rng: Rng): string {
  const strokes: string[] = [];
  for (let i = 0; i < 90; i += 1) {
    const angle = (i / 90) * Math.PI * 2 + rng() * 0.03;
    const inner = r * 0.38;
    const outer = r * (0.92 + rng() * 0.1);
    strokes.push(
      `<line x1="${fmt(cx + Math.cos(angle) * inner)}" y1="${fmt(cy + Math.sin(angle) * inner)}" x2="${fmt(cx + Math.cos(angle) * outer)}" y2="${fmt(cy + Math.sin(angle) * outer)}"/>`,
    );
  }
  return [
    circle(cx, cy, r * 0.95, colour, 'opacity="0.35"'),
    `<g stroke="${colour}" stroke-width="2.2" stroke-linecap="round">${strokes.join('')}</g>`,
    circle(cx, cy, r * 0.4, 'url(#wood)', 'stroke="#8a6a48" stroke-width="2"'),
    circle(cx, cy, r * 0.12, '#39414a'),
  ].join('');
}

function drawDustCollector(palette: Palette): string {
  const slots: string[] = [];
  for (let y = 238; y <= 296; y += 12)
    slots.push(rect(160, y, 80, 5, 2.5, palette.dark, 'opacity="0.6"'));
  return [
    groundShadow(200, GROUND_Y + 4, 110),
    // hose behind the cabinet
    `<path d="M 200 104 C 200 50, 80 50, 84 150 L 84 250" fill="none" stroke="#59626b" stroke-width="26" stroke-linecap="round"/>`,
    `<path d="M 200 104 C 200 50, 80 50, 84 150 L 84 250" fill="none" stroke="#8b949c" stroke-width="26" stroke-dasharray="3 6" opacity="0.8"/>`,
    rect(66, 246, 36, 30, 6, 'url(#metal)'),
    // cabinet
    rect(130, 110, 140, 212, 16, 'url(#bodyX)'),
    rect(124, 98, 152, 26, 10, palette.dark),
    rect(186, 90, 28, 14, 4, 'url(#metal)'),
    rect(148, 136, 104, 70, 8, '#eef2f5', 'opacity="0.92"'),
    rect(160, 148, 50, 12, 3, '#2a3037'),
    `<text x="185" y="158" font-family="DejaVu Sans Mono, monospace" font-size="10" fill="#5fd38a" text-anchor="middle">160</text>`,
    led(230, 154, '#5fd38a'),
    knob(200, 184, 11),
    ...slots,
    circle(148, GROUND_Y - 2, 9, '#23282e'),
    circle(252, GROUND_Y - 2, 9, '#23282e'),
  ].join('');
}

function drawTrimmer(palette: Palette, rng: Rng): string {
  return [
    groundShadow(200, GROUND_Y + 4, 130),
    rect(100, 176, 200, 148, 20, 'url(#body)'),
    sheen(116, 184, 168, 8, 4),
    // water pipe over the top
    `<path d="M 288 190 C 300 130, 230 120, 214 152" fill="none" stroke="url(#metal)" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M 288 190 C 300 130, 230 120, 214 152" fill="none" stroke="#7d8893" stroke-width="1.5"/>`,
    // abrasive wheel and the clear splash cover
    circle(200, 236, 76, '#39414a'),
    circle(200, 236, 70, 'url(#stone)'),
    speckles(200, 236, 66, 140, '#5f574a', rng),
    circle(200, 236, 20, 'url(#metal)', 'stroke="#7d8893" stroke-width="2"'),
    circle(200, 236, 7, '#39414a'),
    `<path d="M 114 236 A 86 86 0 0 1 286 236 L 270 236 A 70 70 0 0 0 130 236 Z" fill="url(#glass)" opacity="0.85"/>`,
    // tilting table in front
    `<path d="M 118 296 L 282 296 L 304 318 L 96 318 Z" fill="url(#metal)" stroke="#8f9aa5" stroke-width="1.5"/>`,
    rect(270, 196, 22, 30, 4, palette.dark),
    rect(276, 202, 10, 14, 2, '#e4e8ec'),
    feet([124, 276], GROUND_Y - 6),
  ].join('');
}

function drawSandblaster(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 4, 140),
    // tanks behind
    rect(288, 120, 34, 90, 14, 'url(#metalX)'),
    rect(296, 110, 18, 14, 3, '#59626b'),
    // cabinet
    `<path d="M 112 126 L 288 126 L 304 312 L 96 312 Z" fill="url(#body)"/>`,
    `<path d="M 130 140 L 270 140 L 276 214 L 124 214 Z" fill="url(#glass)" stroke="${palette.dark}" stroke-width="4"/>`,
    `<path d="M 150 146 L 176 146 L 146 208 L 128 208 Z" fill="#ffffff" opacity="0.35"/>`,
    // blasting nozzle on its hose, aimed at a crown on the grid
    `<path d="M 262 144 C 250 170, 238 172, 224 180" fill="none" stroke="#3a434c" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M 226 176 L 212 188 L 216 192 L 230 181 Z" fill="url(#metal)" stroke="#59626b" stroke-width="1"/>`,
    `<path d="M 180 206 Q 180 190 192 190 Q 200 186 208 190 Q 218 190 218 206 Z" fill="url(#gold)" stroke="#8c6d27" stroke-width="1"/>`,
    `<line x1="132" y1="208" x2="268" y2="208" stroke="#59626b" stroke-width="3"/>`,
    // glove ports
    circle(158, 258, 27, '#2a3037'),
    circle(158, 258, 20, 'url(#rubber)'),
    circle(242, 258, 27, '#2a3037'),
    circle(242, 258, 20, 'url(#rubber)'),
    // gauge
    circle(200, 290, 12, '#ffffff', 'stroke="#59626b" stroke-width="3"'),
    `<line x1="200" y1="290" x2="206" y2="283" stroke="#c0392b" stroke-width="2"/>`,
    rect(104, 312, 192, 10, 3, 'url(#rubber)'),
    feet([118, 282], GROUND_Y - 8),
  ].join('');
}

function drawFurnace(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 4, 120),
    rect(184, 92, 32, 34, 4, 'url(#metalX)'),
    rect(104, 120, 192, 204, 18, 'url(#body)'),
    sheen(120, 128, 160, 8, 4),
    // door with glowing muffle
    rect(126, 142, 148, 112, 10, palette.dark),
    rect(146, 164, 108, 70, 6, 'url(#glow)'),
    `<g stroke="#ffd27a" stroke-width="2" opacity="0.6"><line x1="156" y1="212" x2="244" y2="212"/><line x1="156" y1="222" x2="244" y2="222"/></g>`,
    rect(262, 176, 10, 46, 4, 'url(#metal)'),
    // control panel
    rect(126, 266, 148, 44, 8, '#1f262d'),
    rect(136, 274, 72, 26, 4, '#0d1114'),
    `<text x="172" y="294" font-family="DejaVu Sans Mono, monospace" font-size="19" fill="#ff9a3c" text-anchor="middle">1450</text>`,
    circle(228, 287, 8, '#5fd38a'),
    circle(254, 287, 8, '#e4e8ec'),
    feet([126, 274], GROUND_Y - 6),
  ].join('');
}

function drawMotor(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 4, 150),
    `<path d="M 140 ${GROUND_Y - 8} L 160 268 L 240 268 L 260 ${GROUND_Y - 8} Z" fill="url(#body)"/>`,
    rect(112, GROUND_Y - 12, 176, 14, 5, 'url(#rubber)'),
    // threaded shafts and chuck
    rect(52, 224, 300, 12, 4, 'url(#metal)'),
    `<g stroke="#7d8893" stroke-width="1.5">${[60, 66, 72, 78, 84, 322, 328, 334, 340].map((x) => `<line x1="${x}" y1="224" x2="${x - 3}" y2="236"/>`).join('')}</g>`,
    rect(326, 216, 30, 28, 6, 'url(#metal)', 'stroke="#8f9aa5" stroke-width="1.5"'),
    rect(106, 190, 22, 80, 9, 'url(#metal)'),
    rect(272, 190, 22, 80, 9, 'url(#metal)'),
    rect(120, 176, 160, 108, 48, 'url(#body)'),
    fins(142, 258, 192, 268, 9, '#000000'),
    sheen(138, 184, 124, 10, 5),
    // switch box and cord
    rect(178, 150, 44, 30, 6, palette.dark),
    rect(195, 140, 10, 16, 3, 'url(#metal)'),
    `<path d="M 280 270 C 320 300, 330 318, 360 322" fill="none" stroke="#23282e" stroke-width="6" stroke-linecap="round"/>`,
  ].join('');
}

function drawHandpiece(palette: Palette): string {
  return [
    groundShadow(210, GROUND_Y + 4, 160),
    // control unit
    rect(222, 240, 136, 84, 14, 'url(#body)'),
    sheen(234, 246, 112, 7, 3),
    rect(238, 258, 70, 28, 4, '#0d1114'),
    `<text x="273" y="278" font-family="DejaVu Sans Mono, monospace" font-size="16" fill="#5fd38a" text-anchor="middle">35K</text>`,
    knob(330, 272, 13),
    rect(238, 298, 26, 12, 3, palette.dark),
    rect(272, 298, 26, 12, 3, palette.dark),
    // cord from handpiece to the unit
    `<path d="M 234 178 C 290 150, 330 190, 300 240" fill="none" stroke="#23282e" stroke-width="7" stroke-linecap="round"/>`,
    // handpiece, drawn level then tilted
    `<g transform="rotate(-28 150 200)">
      ${rect(70, 184, 170, 32, 16, 'url(#metal)', 'stroke="#8f9aa5" stroke-width="1.5"')}
      ${rect(200, 186, 46, 28, 10, palette.accent)}
      ${[96, 108, 120, 132].map((x) => rect(x, 184, 5, 32, 2, '#9aa5b0')).join('')}
      <path d="M 72 188 L 40 195 L 40 205 L 72 212 Z" fill="url(#metal)" stroke="#8f9aa5" stroke-width="1.5"/>
      ${rect(10, 197, 32, 6, 2, '#b7c0c8')}
      ${circle(10, 200, 7, 'url(#gold)')}
    </g>`,
  ].join('');
}

function drawMixer(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 4, 130),
    // column and head
    rect(246, 120, 36, 170, 8, 'url(#bodyX)'),
    rect(118, 108, 172, 40, 14, 'url(#body)'),
    sheen(132, 114, 140, 7, 3),
    rect(164, 148, 72, 12, 4, 'url(#metal)'),
    // bowl with mixed stone inside
    `<path d="M 158 162 L 242 162 L 232 236 Q 200 252 168 236 Z" fill="url(#glass)" stroke="#8fb0c6" stroke-width="2"/>`,
    `<path d="M 163 200 L 237 200 L 232 236 Q 200 252 168 236 Z" fill="#e9dcc0" opacity="0.9"/>`,
    `<line x1="200" y1="160" x2="200" y2="228" stroke="#7d8893" stroke-width="4"/>`,
    // vacuum hose
    `<path d="M 236 152 C 250 170, 266 168, 264 150" fill="none" stroke="#59626b" stroke-width="6"/>`,
    // base with panel
    rect(104, 268, 192, 56, 14, 'url(#body)'),
    rect(122, 282, 70, 24, 4, '#0d1114'),
    `<text x="157" y="300" font-family="DejaVu Sans Mono, monospace" font-size="15" fill="#5fd38a" text-anchor="middle">0:45</text>`,
    circle(216, 294, 8, '#e4e8ec'),
    circle(240, 294, 8, palette.light),
    feet([124, 276], GROUND_Y - 6),
  ].join('');
}

function drawSteamer(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 4, 140),
    // steam puffs
    `<g fill="#ffffff" stroke="#cfd8e1" stroke-width="2">
      ${circle(336, 172, 16, '#ffffff')}${circle(352, 150, 20, '#ffffff')}${circle(330, 128, 14, '#ffffff')}
    </g>`,
    // nozzle pipe
    `<path d="M 290 226 L 322 226 L 330 196" fill="none" stroke="url(#metal)" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M 290 226 L 322 226 L 330 196" fill="none" stroke="#7d8893" stroke-width="1.5"/>`,
    // body
    rect(104, 160, 192, 164, 20, 'url(#body)'),
    rect(130, 142, 140, 26, 10, palette.dark),
    sheen(118, 170, 164, 8, 4),
    // gauge
    circle(160, 222, 33, 'url(#metal)'),
    circle(160, 222, 26, '#ffffff'),
    gaugeTicks(160, 222, 22),
    `<line x1="160" y1="222" x2="174" y2="208" stroke="#c0392b" stroke-width="3" stroke-linecap="round"/>`,
    circle(160, 222, 4, '#2a3037'),
    // water level window and controls
    rect(232, 190, 22, 80, 6, 'url(#glass)', 'stroke="#ffffff" stroke-width="2"'),
    rect(235, 232, 16, 35, 4, '#6fb1dc', 'opacity="0.8"'),
    led(142, 292, '#5fd38a'),
    rect(160, 282, 60, 20, 4, '#2a3037'),
    feet([130, 270], GROUND_Y - 6),
  ].join('');
}

function gaugeTicks(cx: number, cy: number, r: number): string {
  const ticks: string[] = [];
  for (let i = 0; i <= 8; i += 1) {
    const angle = Math.PI * (0.75 + (i / 8) * 1.5);
    ticks.push(
      `<line x1="${fmt(cx + Math.cos(angle) * r)}" y1="${fmt(cy + Math.sin(angle) * r)}" x2="${fmt(cx + Math.cos(angle) * (r - 6))}" y2="${fmt(cy + Math.sin(angle) * (r - 6))}"/>`,
    );
  }
  return `<g stroke="#39414a" stroke-width="2">${ticks.join('')}</g>`;
}

/* ---------- parts and consumables ---------- */

type BurHead = (neckTop: number) => string;

/** A bur on a shank standing on the ground line, fanned out by `angle`. */
function bur(angle: number, length: number, head: BurHead): string {
  const shankTop = 318 - length;
  const neckTop = shankTop - 18;
  return `<g transform="rotate(${angle} 200 318)">
    ${rect(194, shankTop, 12, length, 3, 'url(#metalX)')}
    <path d="M 194 ${shankTop} L 197 ${neckTop} L 203 ${neckTop} L 206 ${shankTop} Z" fill="#b7c0c8"/>
    ${head(neckTop)}
  </g>`;
}

const carbideHead: BurHead = (top) => {
  const flutes: string[] = [];
  for (let y = top - 32; y < top; y += 6) {
    flutes.push(`<line x1="190" y1="${y + 6}" x2="210" y2="${y}"/>`);
  }
  return `${rect(189, top - 36, 22, 38, 9, '#59626b')}<g stroke="#c3cbd3" stroke-width="1.5" opacity="0.7">${flutes.join('')}</g>`;
};

const diamondHead: BurHead = (top) =>
  `<path d="M 188 ${top} L 188 ${top - 28} Q 200 ${top - 48} 212 ${top - 28} L 212 ${top} Z" fill="url(#gold)" stroke="#8c6d27" stroke-width="1.5"/>`;

const stoneHead: BurHead = (top) =>
  `<path d="M 186 ${top} Q 184 ${top - 30} 200 ${top - 50} Q 216 ${top - 30} 214 ${top} Z" fill="#3f8f5a" stroke="#2c6a41" stroke-width="1.5"/>`;

/** A mounted rubber polishing wheel, seen face-on. */
function rubberWheelHead(colour: string): BurHead {
  return (top) =>
    `${circle(200, top - 22, 26, colour, 'stroke="rgba(0,0,0,0.25)" stroke-width="2"')}${circle(200, top - 22, 17, 'none', 'stroke="#ffffff" stroke-width="2" opacity="0.3"')}${circle(200, top - 22, 7, 'url(#metal)')}`;
}

function drawBurs(palette: Palette, rng: Rng): string {
  return [
    groundShadow(200, GROUND_Y + 2, 150),
    bur(-34, 140, carbideHead),
    bur(-12, 168, diamondHead),
    bur(12, 156, stoneHead),
    bur(34, 130, rubberWheelHead(palette.accent)),
    diamondDisc(78, 286, 40, rng),
  ].join('');
}

function diamondDisc(cx: number, cy: number, r: number, rng: Rng): string {
  return [
    circle(cx, cy, r, 'url(#gold)', 'stroke="#8c6d27" stroke-width="2"'),
    speckles(cx, cy, r - 3, 80, '#6b5220', rng),
    circle(cx, cy, r * 0.3, 'url(#metal)'),
    circle(cx, cy, r * 0.1, '#39414a'),
  ].join('');
}

function drawBrushes(palette: Palette, rng: Rng): string {
  return [
    groundShadow(210, GROUND_Y + 2, 150),
    bristleWheel(150, 214, 92, '#3f2d20', rng),
    cottonBuff(292, 256, 62),
    // small mounted brush on a mandrel
    `<g transform="rotate(-18 300 150)">
      ${rect(230, 146, 90, 8, 3, 'url(#metal)')}
      ${rect(316, 134, 40, 32, 10, palette.accent)}
      ${bristleTuft(356, 150)}
    </g>`,
  ].join('');
}

function bristleTuft(x: number, cy: number): string {
  const strokes: string[] = [];
  for (let i = -6; i <= 6; i += 1) {
    strokes.push(`<line x1="${x}" y1="${cy + i * 2}" x2="${x + 22}" y2="${cy + i * 2.6}"/>`);
  }
  return `<g stroke="#f0e6d0" stroke-width="2.2" stroke-linecap="round">${strokes.join('')}</g>`;
}

function drawBelts(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 2, 160),
    belt(210, 200, 118, 52, -8, '#6e4f32', '#8f6c47'),
    belt(186, 262, 132, 54, 6, palette.dark, palette.accent),
    // a ribbed drive belt coil
    `<g transform="translate(300 120)">
      ${circle(0, 0, 44, 'none', 'stroke="#2a3037" stroke-width="16"')}
      ${circle(0, 0, 44, 'none', 'stroke="#59626b" stroke-width="3" stroke-dasharray="4 5"')}
    </g>`,
  ].join('');
}

function belt(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  angle: number,
  edge: string,
  face: string,
): string {
  return `<g transform="rotate(${angle} ${cx} ${cy})">
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${edge}" stroke-width="30"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${face}" stroke-width="24"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#000000" stroke-width="22" stroke-dasharray="1 3" opacity="0.18"/>
    ${rect(cx - 30, cy + ry - 12, 60, 24, 3, '#f4ead6', 'opacity="0.9"')}
  </g>`;
}

function drawParts(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 2, 160),
    `<path d="${gearPath(140, 196, 82, 66, 14)}" fill="url(#metal)" stroke="#7d8893" stroke-width="2"/>`,
    circle(140, 196, 40, 'none', 'stroke="#9aa5b0" stroke-width="3"'),
    circle(140, 196, 20, '#f4f6f8', 'stroke="#7d8893" stroke-width="2"'),
    rect(134, 172, 12, 8, 2, '#7d8893'),
    bearing(286, 246, 56, palette),
    // a hex bolt lying in front
    `<g transform="rotate(-6 150 306)">
      ${rect(96, 296, 110, 20, 4, 'url(#metal)')}
      <g stroke="#7d8893" stroke-width="1.5">${[110, 120, 130, 140, 150, 160, 170, 180, 190].map((x) => `<line x1="${x}" y1="296" x2="${x - 5}" y2="316"/>`).join('')}</g>
      <path d="M 206 288 L 232 288 L 240 306 L 232 324 L 206 324 Z" fill="url(#metal)" stroke="#7d8893" stroke-width="1.5"/>
    </g>`,
  ].join('');
}

function bearing(cx: number, cy: number, r: number, palette: Palette): string {
  const balls: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const angle = (i / 10) * Math.PI * 2;
    const bx = cx + Math.cos(angle) * r * 0.66;
    const by = cy + Math.sin(angle) * r * 0.66;
    balls.push(circle(bx, by, r * 0.13, 'url(#metal)', 'stroke="#7d8893" stroke-width="1"'));
  }
  return [
    circle(cx, cy, r, 'url(#metal)', 'stroke="#7d8893" stroke-width="2"'),
    circle(cx, cy, r * 0.84, palette.dark),
    ...balls,
    circle(cx, cy, r * 0.46, 'url(#metal)', 'stroke="#7d8893" stroke-width="2"'),
    circle(cx, cy, r * 0.3, '#f4f6f8', 'stroke="#9aa5b0" stroke-width="1.5"'),
  ].join('');
}

function drawPins(palette: Palette): string {
  const back = Array.from({ length: 6 }, (_unused, i) => pin(105 + i * 38, 262, 0.85, palette));
  const front = Array.from({ length: 7 }, (_unused, i) => pin(86 + i * 38, 296, 1, palette));
  return [
    groundShadow(200, GROUND_Y + 2, 170),
    `<path d="M 84 244 L 316 244 L 352 312 L 48 312 Z" fill="url(#body)"/>`,
    `<path d="M 48 312 L 352 312 L 352 324 L 48 324 Z" fill="${palette.dark}"/>`,
    sheen(96, 248, 208, 4, 2),
    ...back,
    ...front,
  ].join('');
}

/** A dowel pin standing in its sleeve, the sleeve seated in a hole of the base plate at `baseY`. */
function pin(x: number, baseY: number, scale: number, palette: Palette): string {
  const pinWidth = 8 * scale;
  const sleeveWidth = 16 * scale;
  const sleeveHeight = 26 * scale;
  const pinHeight = 46 * scale;
  const sleeveTop = baseY - sleeveHeight;
  return [
    `<ellipse cx="${fmt(x)}" cy="${fmt(baseY)}" rx="${fmt(sleeveWidth * 0.7)}" ry="${fmt(4 * scale)}" fill="#10161c" opacity="0.45"/>`,
    rect(
      x - pinWidth / 2,
      sleeveTop - pinHeight,
      pinWidth,
      pinHeight + 4,
      pinWidth / 2,
      'url(#gold)',
    ),
    rect(
      x - sleeveWidth / 2,
      sleeveTop,
      sleeveWidth,
      sleeveHeight,
      3,
      mix(palette.light, '#ffffff', 0.55),
      `stroke="${palette.dark}" stroke-width="1" stroke-opacity="0.35"`,
    ),
    rect(
      x - sleeveWidth / 2 + 2,
      sleeveTop + 3,
      3 * scale,
      sleeveHeight - 6,
      1.5,
      '#ffffff',
      'opacity="0.7"',
    ),
  ].join('');
}

function drawAccessories(palette: Palette): string {
  return [
    groundShadow(200, GROUND_Y + 2, 170),
    // work pan tray
    `<path d="M 70 250 L 330 250 L 350 320 L 50 320 Z" fill="url(#body)"/>`,
    `<path d="M 84 258 L 316 258 L 330 308 L 70 308 Z" fill="${palette.light}"/>`,
    // safety glasses resting in the tray
    `<g transform="translate(0 16)">
      <path d="M 108 180 C 100 150, 188 146, 192 176 C 194 204, 176 226, 148 226 C 120 226, 112 204, 108 180 Z" fill="url(#glass)" stroke="#2a3037" stroke-width="6"/>
      <path d="M 292 180 C 300 150, 212 146, 208 176 C 206 204, 224 226, 252 226 C 280 226, 288 204, 292 180 Z" fill="url(#glass)" stroke="#2a3037" stroke-width="6"/>
      <path d="M 190 170 Q 200 160 210 170" fill="none" stroke="#2a3037" stroke-width="6"/>
      <path d="M 108 176 L 70 210 L 74 250" fill="none" stroke="#2a3037" stroke-width="6" stroke-linecap="round"/>
      <path d="M 292 176 L 330 210 L 326 250" fill="none" stroke="#2a3037" stroke-width="6" stroke-linecap="round"/>
      <path d="M 124 170 L 140 170 L 124 206 Z" fill="#ffffff" opacity="0.5"/>
      <path d="M 226 170 L 242 170 L 226 206 Z" fill="#ffffff" opacity="0.5"/>
    </g>`,
  ].join('');
}
