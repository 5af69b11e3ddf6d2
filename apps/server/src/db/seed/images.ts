import { initialsOf } from '@labshop/shared/text';
import sharp from 'sharp';
import { drawIllustration, type IllustrationKind } from './illustrations.ts';
import {
  escapeXml,
  FONT,
  hashString,
  mix,
  MONO_FONT,
  paletteFor,
  pick,
  seededRng,
  sharedDefs,
  type Palette,
  type Rng,
} from './svg-kit.ts';

/**
 * Demo pictures drawn as SVG in code and encoded to JPEG with sharp: no downloads and no binary
 * files in the repository, and the same input always gives the same bytes.
 */

export type { IllustrationKind } from './illustrations.ts';

export const IMAGE_SIZES = {
  product: 800,
  thumbnail: 400,
  gallery: { width: 1200, height: 800 },
  avatar: 200,
} as const;

/** How a drawn picture is encoded before it is stored as an upload would be. */
export const DRAWING_JPEG_OPTIONS = { quality: 78, mozjpeg: false } as const;

export interface ProductArt {
  number: string;
  kind: IllustrationKind;
  accent: string;
}

type ProductView = 'detail' | 'studio' | 'main';

/** One to three pictures per product, fixed by its number so every reseed agrees. */
export function productImageCount(productNumber: string): number {
  return (hashString(productNumber) % 3) + 1;
}

export function svgToJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg(DRAWING_JPEG_OPTIONS).toBuffer();
}

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of results. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/* ---------- products ---------- */

/** The views in display order; the last one is the main picture. */
function productViews(count: number): ProductView[] {
  const all: ProductView[] = ['detail', 'studio', 'main'];
  return all.slice(all.length - count);
}

/** Products of one category differ a little in shade so a listing does not look cloned. */
function productPalette(art: ProductArt): Palette {
  const shade = (hashString(`${art.number}:shade`) % 5) - 2;
  const accent =
    shade >= 0
      ? mix(art.accent, '#ffffff', shade * 0.08)
      : mix(art.accent, '#000000', -shade * 0.08);
  return paletteFor(accent);
}

export function productImageSvg(art: ProductArt, index: number, count: number): string {
  const view = productViews(count)[index] ?? 'main';
  const palette = productPalette(art);
  const size = IMAGE_SIZES.product;
  const drawing = drawIllustration(art.kind, palette, seededRng(`${art.number}:${index}`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${sharedDefs(palette)}${productBackdropDefs(palette)}</defs>
  ${productBackdrop(view, palette)}
  <g transform="${productTransform(view)}">${drawing}</g>
  ${wordmark(36, 34, palette)}
  ${numberLabel(art.number, view)}
</svg>`;
}

function productBackdropDefs(palette: Palette): string {
  return `
    <radialGradient id="backdrop" cx="0.5" cy="0.42" r="0.75">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="${mix(palette.wash, '#dfe5ea', 0.5)}"/>
    </radialGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${mix(palette.wash, '#ffffff', 0.3)}"/>
      <stop offset="1" stop-color="${mix(palette.wash, '#d7dee5', 0.45)}"/>
    </linearGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f7f8fa"/>
      <stop offset="1" stop-color="#e3e8ed"/>
    </linearGradient>`;
}

function productBackdrop(view: ProductView, palette: Palette): string {
  if (view === 'studio') {
    return `<rect width="800" height="800" fill="url(#wall)"/>
      <rect y="470" width="800" height="330" fill="url(#table)"/>
      <rect y="468" width="800" height="3" fill="${mix(palette.wash, '#b8c2cc', 0.6)}"/>`;
  }
  if (view === 'detail') {
    return `<rect width="800" height="800" fill="${mix(palette.wash, '#ffffff', 0.35)}"/>
      <circle cx="400" cy="400" r="360" fill="#ffffff" opacity="0.7"/>`;
  }
  return `<rect width="800" height="800" fill="url(#backdrop)"/>`;
}

function productTransform(view: ProductView): string {
  switch (view) {
    case 'detail':
      return 'translate(-80 -150) scale(2.4)';
    case 'studio':
      return 'translate(120 158) scale(1.4)';
    case 'main':
      return 'translate(80 66) scale(1.6)';
  }
}

function wordmark(x: number, y: number, palette: Palette): string {
  return `<g transform="translate(${x} ${y})">
    <rect width="30" height="30" rx="8" fill="${palette.accent}"/>
    <circle cx="15" cy="15" r="7" fill="none" stroke="#ffffff" stroke-width="3"/>
    <text x="40" y="23" font-family="${FONT}" font-size="22" font-weight="bold" fill="#2a3037" letter-spacing="0.5">labshop</text>
  </g>`;
}

function numberLabel(productNumber: string, view: ProductView): string {
  const text = escapeXml(productNumber);
  const width = Math.round(productNumber.length * 13.3 + 30);
  const caption = view === 'main' ? '' : view === 'detail' ? 'detail' : 'bench view';
  const captionSvg = caption
    ? `<text x="${width + 14}" y="27" font-family="${FONT}" font-size="16" fill="#6b7580">${caption}</text>`
    : '';
  return `<g transform="translate(36 730)">
    <rect width="${width}" height="38" rx="19" fill="#ffffff" stroke="#cfd6dd" stroke-width="1.5"/>
    <text x="${width / 2}" y="26" font-family="${MONO_FONT}" font-size="20" font-weight="bold" fill="#3a434c" text-anchor="middle">${text}</text>
    ${captionSvg}
  </g>`;
}

/* ---------- categories ---------- */

export function categoryThumbnailSvg(kind: IllustrationKind, accent: string): string {
  const palette = paletteFor(accent);
  const size = IMAGE_SIZES.thumbnail;
  const drawing = drawIllustration(kind, palette, seededRng(`category:${kind}`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${sharedDefs(palette)}
    <linearGradient id="thumbBg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="${palette.wash}"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#thumbBg)"/>
  <circle cx="200" cy="196" r="158" fill="${mix(palette.wash, palette.accent, 0.08)}"/>
  <g transform="translate(26 10) scale(0.87)">${drawing}</g>
</svg>`;
}

/* ---------- gallery ---------- */

const SCENE_WALLS = ['#efe6d8', '#e3ebf1', '#e7efe6', '#f1e9e4', '#e6e6ee', '#f3eee2'];
const SCENE_ACCENTS = ['#1f5fa8', '#0f8a7e', '#2f7d4f', '#b5532a', '#34495e', '#6a4fa3', '#c0392b'];
const SCENE_MACHINES: IllustrationKind[] = [
  'grinder',
  'vibrator',
  'lathe',
  'dustCollector',
  'trimmer',
  'sandblaster',
  'furnace',
  'motor',
  'mixer',
  'steamer',
];

const BENCH_TOP = 540;

/** A stylised lab interior: window light, shelves, a lamp, and machines on a workbench. */
export function gallerySvg(index: number): string {
  const rng = seededRng(`gallery:${index}`);
  const palette = paletteFor(SCENE_ACCENTS[index % SCENE_ACCENTS.length] ?? '#1f5fa8');
  const wall = SCENE_WALLS[index % SCENE_WALLS.length] ?? '#efe6d8';
  const windowX = 80 + Math.floor(rng() * 3) * 330;
  const { width, height } = IMAGE_SIZES.gallery;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${sharedDefs(palette)}${sceneDefs(wall)}</defs>
  <rect width="${width}" height="${height}" fill="url(#sceneWall)"/>
  ${sceneWindow(windowX)}
  ${sceneShelf(windowX, palette, rng)}
  ${sceneLamp(windowX, rng)}
  ${sceneBench()}
  ${sceneMachines(index, palette, rng)}
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

function sceneDefs(wall: string): string {
  return `
    <linearGradient id="sceneWall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${mix(wall, '#ffffff', 0.35)}"/>
      <stop offset="1" stop-color="${mix(wall, '#000000', 0.06)}"/>
    </linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#bcdcf2"/>
      <stop offset="1" stop-color="#eef7fc"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="cabinet" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5d6b78"/>
      <stop offset="1" stop-color="#45515c"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b9b3aa"/>
      <stop offset="1" stop-color="#8f897f"/>
    </linearGradient>
    <radialGradient id="lampGlow" cx="0.5" cy="0" r="1">
      <stop offset="0" stop-color="#fff6d8" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#fff6d8" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
    </radialGradient>`;
}

function sceneWindow(x: number): string {
  const panes: string[] = [];
  for (let row = 0; row < 2; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      panes.push(
        `<rect x="${x + 14 + column * 76}" y="${86 + row * 118}" width="68" height="108" fill="url(#sky)"/>`,
      );
    }
  }
  return `<rect x="${x}" y="72" width="256" height="264" rx="4" fill="#f7f7f5" stroke="#c9c4bb" stroke-width="3"/>
    ${panes.join('')}
    <path d="M ${x + 20} 90 L ${x + 70} 90 L ${x + 20} 170 Z" fill="#ffffff" opacity="0.5"/>
    <polygon points="${x},336 ${x + 256},336 ${x + 420},${BENCH_TOP} ${x + 60},${BENCH_TOP}" fill="url(#beam)"/>`;
}

/** Shelves go to whichever side of the window has room. */
function sceneShelf(windowX: number, palette: Palette, rng: Rng): string {
  const shelfX = windowX > 500 ? 80 : 760;
  const boxColours = [palette.accent, palette.light, '#d9c7a7', '#9fb3c4', '#e0a458', '#cfd6dd'];
  const shelves: string[] = [];
  for (const y of [190, 330]) {
    let x = shelfX + 12;
    while (x < shelfX + 330) {
      const w = 40 + Math.floor(rng() * 50);
      const h = 40 + Math.floor(rng() * 55);
      if (x + w > shelfX + 348) break;
      shelves.push(
        `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" rx="3" fill="${pick(boxColours, rng)}" stroke="rgba(0,0,0,0.15)"/>`,
      );
      shelves.push(
        `<rect x="${x + 8}" y="${y - h + 10}" width="${Math.max(10, w - 16)}" height="8" rx="2" fill="#ffffff" opacity="0.55"/>`,
      );
      x += w + 8 + Math.floor(rng() * 14);
    }
    shelves.push(`<rect x="${shelfX}" y="${y}" width="360" height="12" rx="2" fill="url(#wood)"/>`);
    shelves.push(
      `<rect x="${shelfX + 20}" y="${y + 12}" width="8" height="22" fill="#8a6a48"/><rect x="${shelfX + 332}" y="${y + 12}" width="8" height="22" fill="#8a6a48"/>`,
    );
  }
  return shelves.join('');
}

function sceneLamp(windowX: number, rng: Rng): string {
  const x = windowX > 500 ? 520 + Math.floor(rng() * 60) : 600 + Math.floor(rng() * 60);
  return `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="#3a434c" stroke-width="3"/>
    <polygon points="${x - 150},${BENCH_TOP} ${x + 150},${BENCH_TOP} ${x + 40},186 ${x - 40},186" fill="url(#lampGlow)"/>
    <path d="M ${x - 44} 188 L ${x - 20} 150 L ${x + 20} 150 L ${x + 44} 188 Z" fill="#2f3840"/>
    <ellipse cx="${x}" cy="188" rx="44" ry="6" fill="#fff2c2"/>`;
}

function sceneBench(): string {
  const drawers: string[] = [];
  for (let column = 0; column < 4; column += 1) {
    const x = 90 + column * 260;
    drawers.push(
      `<rect x="${x}" y="${BENCH_TOP + 46}" width="240" height="120" rx="4" fill="url(#cabinet)" stroke="#3a444e"/>`,
    );
    drawers.push(
      `<rect x="${x + 90}" y="${BENCH_TOP + 64}" width="60" height="8" rx="4" fill="#c9d1d8"/>`,
    );
  }
  return `<rect y="${BENCH_TOP + 30}" width="1200" height="${800 - BENCH_TOP - 30}" fill="url(#floor)"/>
    <rect x="60" y="${BENCH_TOP + 24}" width="1080" height="160" fill="#3f4a54"/>
    ${drawers.join('')}
    <rect x="40" y="${BENCH_TOP - 4}" width="1120" height="30" rx="3" fill="url(#wood)"/>
    <rect x="40" y="${BENCH_TOP + 22}" width="1120" height="6" fill="#8a6a48"/>`;
}

/** Two or three machines along the bench, standing on its top. */
function sceneMachines(index: number, palette: Palette, rng: Rng): string {
  const count = 2 + (index % 2);
  const slots = count === 2 ? [300, 860] : [220, 600, 980];
  return slots
    .map((centre, slot) => {
      const kind = SCENE_MACHINES[(index * 3 + slot * 4) % SCENE_MACHINES.length] ?? 'grinder';
      const scale = 0.9 + rng() * 0.15;
      const x = centre - 200 * scale;
      const y = BENCH_TOP + 2 - 330 * scale;
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})">${drawIllustration(kind, palette, rng)}</g>`;
    })
    .join('');
}

/* ---------- testimonial avatars ---------- */

const AVATAR_COLOURS = [
  '#1f5fa8',
  '#0f8a7e',
  '#b5532a',
  '#6a4fa3',
  '#2f7d4f',
  '#c0392b',
  '#34495e',
  '#a07a1f',
  '#1d7fa6',
  '#8c3b2e',
];

export function avatarSvg(name: string, index: number): string {
  const colour = AVATAR_COLOURS[index % AVATAR_COLOURS.length] ?? '#1f5fa8';
  const size = IMAGE_SIZES.avatar;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="avatarBg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${mix(colour, '#ffffff', 0.25)}"/>
      <stop offset="1" stop-color="${mix(colour, '#000000', 0.2)}"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="#f4f6f8"/>
  <circle cx="100" cy="100" r="96" fill="url(#avatarBg)"/>
  <circle cx="100" cy="100" r="96" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.5"/>
  <text x="100" y="126" font-family="${FONT}" font-size="72" font-weight="bold" fill="#ffffff" text-anchor="middle" letter-spacing="1">${escapeXml(initialsOf(name))}</text>
</svg>`;
}
