// The home page's demo media (SPEC.md "Home page"), made for this project and committed under
// apps/web/public/home/: four banner pictures drawn as SVG and rendered with sharp (WebP at
// 1600 and 800 px wide, and JPEG at both widths as the fallback), and the video banner's short
// seamless loop, drawn on a canvas in the system Chromium, encoded there to VP9 with WebCodecs
// and written out as WebM, plus its poster.
// Usage: npx tsx scripts/make-home-media.ts [--banners-only | --video-only]
// Re-runnable: everything is drawn from fixed seeds, so a run redraws the same pictures and frames.
// (Frames are encoded one by one with their own timestamps rather than recorded in real time with
// MediaRecorder: on a busy machine a real-time recording dropped most frames.)
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/home');

/** The banner pictures' size: 16:9, wide enough for a 1440 px screen at full width. */
const BANNER = { width: 1600, height: 900 };
const BANNER_WIDTHS = [1600, 800] as const;
/** Above this a banner WebP costs the first view too much; the run fails so we notice. */
const BANNER_WEBP_BUDGET = 120 * 1024;

const VIDEO = { width: 1280, height: 720, fps: 30, seconds: 6, bitsPerSecond: 1_600_000 };
const VIDEO_BUDGET = 1.5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Banner artwork: no text in the pictures (the page sets the headlines); the subject sits on the
// right, the left stays calm and dark for the headline.
// ---------------------------------------------------------------------------------------------

/** mulberry32 from a fixed seed: the same speckles on every run. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => n.toFixed(1);

/**
 * Draws `content` scaled by `k` and moved so its point (x, fromY) lands at (x, toY): the banner
 * shows as a wide strip on desktops, so subjects stay inside its middle band.
 */
function fitted(k: number, x: number, fromY: number, toY: number, content: string): string {
  return `<g transform="translate(${x} ${toY}) scale(${k}) translate(${-x} ${-fromY})">${content}</g>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER.width}" height="${BANNER.height}" viewBox="0 0 ${BANNER.width} ${BANNER.height}">
<defs>
  <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#eef3f7"/><stop offset="0.45" stop-color="#a9b7c4"/>
    <stop offset="0.55" stop-color="#7f8e9c"/><stop offset="1" stop-color="#3e4b58"/>
  </linearGradient>
  <linearGradient id="steelSide" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#55636f"/><stop offset="0.35" stop-color="#dfe7ee"/>
    <stop offset="0.7" stop-color="#8d9ba8"/><stop offset="1" stop-color="#3a4651"/>
  </linearGradient>
  <radialGradient id="disc" cx="0.42" cy="0.38" r="0.7">
    <stop offset="0" stop-color="#f6f8fa"/><stop offset="0.5" stop-color="#aebbc7"/>
    <stop offset="1" stop-color="#4a5763"/>
  </radialGradient>
  <linearGradient id="leftShade" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#06121f" stop-opacity="0.85"/>
    <stop offset="0.45" stop-color="#06121f" stop-opacity="0.25"/>
    <stop offset="1" stop-color="#06121f" stop-opacity="0"/>
  </linearGradient>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
  <filter id="blur6" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
  ${defs}
</defs>
${body}
<rect width="${BANNER.width}" height="${BANNER.height}" fill="url(#leftShade)"/>
</svg>`;
}

/** Dental lab equipment: a twin-wheel polishing lathe under a warm spotlight. */
function bannerLathe(): string {
  const defs = `
  <linearGradient id="bg1" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#061a2c"/><stop offset="0.6" stop-color="#0d3450"/>
    <stop offset="1" stop-color="#124a66"/>
  </linearGradient>
  <radialGradient id="spot1" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#f0a04b" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#f0a04b" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="buff" cx="0.45" cy="0.4" r="0.6">
    <stop offset="0" stop-color="#fbf3e4"/><stop offset="0.7" stop-color="#e5d3b3"/>
    <stop offset="1" stop-color="#a8916c"/>
  </radialGradient>`;
  const cx = 1040;
  const cy = 470;
  const wheel = (x: number) => {
    const rings = Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="${x}" cy="${cy}" r="${150 - i * 14}" fill="none" stroke="#8a7453" stroke-opacity="${0.18 + (i % 2) * 0.12}" stroke-width="2"/>`,
    ).join('');
    return `<ellipse cx="${x + 8}" cy="${cy}" rx="34" ry="158" fill="#6d5a40"/>
      <circle cx="${x}" cy="${cy}" r="158" fill="url(#buff)"/>${rings}
      <circle cx="${x}" cy="${cy}" r="26" fill="url(#disc)" stroke="#33404c" stroke-width="3"/>`;
  };
  const body = `
  <rect width="1600" height="900" fill="url(#bg1)"/>
  <circle cx="${cx}" cy="${cy - 40}" r="520" fill="url(#spot1)"/>
  <g opacity="0.08" stroke="#cfe3f2" stroke-width="1">
    ${Array.from({ length: 24 }, (_, i) => `<line x1="${i * 70}" y1="0" x2="${i * 70 - 300}" y2="900"/>`).join('')}
  </g>
  ${fitted(
    0.74,
    cx,
    563,
    460,
    `
  <ellipse cx="${cx}" cy="805" rx="520" ry="40" fill="#02080f" opacity="0.55" filter="url(#blur6)"/>
  <rect x="${cx - 470}" y="${cy - 9}" width="940" height="18" rx="9" fill="url(#steel)"/>
  ${wheel(cx - 380)}
  ${wheel(cx + 380)}
  <rect x="${cx - 190}" y="${cy - 150}" width="380" height="300" rx="70" fill="url(#steelSide)"/>
  <rect x="${cx - 190}" y="${cy - 150}" width="380" height="300" rx="70" fill="none" stroke="#dfe7ee" stroke-opacity="0.5" stroke-width="3"/>
  ${Array.from({ length: 7 }, (_, i) => `<rect x="${cx - 120 + i * 36}" y="${cy - 100}" width="10" height="200" rx="5" fill="#2e3a45" opacity="0.55"/>`).join('')}
  <path d="M ${cx - 140} ${cy + 150} L ${cx - 230} 790 L ${cx + 230} 790 L ${cx + 140} ${cy + 150} Z" fill="url(#steelSide)"/>
  <rect x="${cx - 300}" y="780" width="600" height="34" rx="10" fill="url(#steel)"/>
  <circle cx="${cx}" cy="${cy + 215}" r="22" fill="#c26f16"/>
  <circle cx="${cx}" cy="${cy + 215}" r="10" fill="#f0a04b"/>`,
  )}`;
  return svg(defs, body);
}

/** Workshop: a pegboard wall with hung tools above a wooden bench, under a work lamp. */
function bannerWorkshop(): string {
  const random = rng(2);
  const defs = `
  <linearGradient id="bg2" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#1b1612"/><stop offset="0.55" stop-color="#3a2a1c"/>
    <stop offset="1" stop-color="#5a3d22"/>
  </linearGradient>
  <radialGradient id="lamp" gradientUnits="userSpaceOnUse" cx="1150" cy="-40" r="820">
    <stop offset="0" stop-color="#ffd9a0" stop-opacity="0.65"/>
    <stop offset="0.6" stop-color="#f0a04b" stop-opacity="0.12"/>
    <stop offset="1" stop-color="#f0a04b" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="bench" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#b98552"/><stop offset="0.25" stop-color="#8a5a30"/>
    <stop offset="1" stop-color="#3d2614"/>
  </linearGradient>
  <pattern id="peg" width="40" height="40" patternUnits="userSpaceOnUse">
    <circle cx="20" cy="20" r="4" fill="#120d09" opacity="0.55"/>
  </pattern>`;
  const tool = (x: number, y: number, kind: number, angle: number) => {
    const shapes = [
      // wrench
      `<path d="M -12 0 L 12 0 L 10 190 L -10 190 Z" fill="url(#steelSide)"/><circle cx="0" cy="-10" r="34" fill="url(#steel)"/><rect x="-12" y="-48" width="24" height="44" fill="#2b1f15"/><circle cx="0" cy="200" r="22" fill="url(#steel)"/><circle cx="0" cy="200" r="11" fill="#2b1f15"/>`,
      // pliers
      `<path d="M -8 0 L -30 200 L -14 202 L 6 20 Z" fill="#c26f16"/><path d="M 8 0 L 30 200 L 14 202 L -6 20 Z" fill="#97520c"/><path d="M -12 -70 L 12 -70 L 10 5 L -10 5 Z" fill="url(#steelSide)"/><circle cx="0" cy="0" r="9" fill="#dfe7ee"/>`,
      // screwdriver
      `<rect x="-18" y="0" width="36" height="110" rx="14" fill="#1f6fa8"/><rect x="-18" y="0" width="10" height="110" rx="5" fill="#aacfe6" opacity="0.5"/><rect x="-5" y="110" width="10" height="140" fill="url(#steelSide)"/>`,
      // caliper-ish rule
      `<rect x="-10" y="0" width="20" height="260" fill="url(#steelSide)"/>${Array.from({ length: 13 }, (_, i) => `<line x1="-10" y1="${10 + i * 20}" x2="${i % 2 ? -2 : 4}" y2="${10 + i * 20}" stroke="#2b1f15" stroke-width="2"/>`).join('')}<rect x="-30" y="60" width="60" height="22" fill="url(#steel)"/>`,
    ];
    return `<g transform="translate(${x} ${y}) rotate(${angle})"><circle cx="0" cy="-78" r="7" fill="#d8c3a5"/>${shapes[kind]}</g>`;
  };
  const tools = [
    [820, 200, 0, -4],
    [960, 220, 2, 3],
    [1090, 190, 1, -2],
    [1230, 210, 3, 2],
    [1360, 230, 2, -3],
    [1480, 190, 0, 5],
  ]
    .map(([x, y, k, a]) => tool(x!, y!, k!, a!))
    .join('');
  const dust = Array.from({ length: 40 }, () => {
    const x = 700 + random() * 900;
    const y = 60 + random() * 600;
    return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(1 + random() * 2.5)}" fill="#ffe1b3" opacity="${f(0.15 + random() * 0.35)}"/>`;
  }).join('');
  const body = `
  <rect width="1600" height="900" fill="url(#bg2)"/>
  <rect x="0" y="0" width="1600" height="660" fill="#6b4a2d" opacity="0.45"/>
  <rect x="0" y="0" width="1600" height="660" fill="url(#peg)"/>
  <rect width="1600" height="900" fill="url(#lamp)"/>
  ${tools}
  ${dust}
  <rect x="0" y="660" width="1600" height="40" fill="#c99463"/>
  <rect x="0" y="700" width="1600" height="200" fill="url(#bench)"/>
  ${Array.from({ length: 6 }, (_, i) => `<path d="M 0 ${735 + i * 28} C 400 ${725 + i * 28}, 900 ${750 + i * 28}, 1600 ${730 + i * 28}" stroke="#2a190c" stroke-opacity="0.25" stroke-width="2" fill="none"/>`).join('')}
  <g transform="translate(1020 560)">
    <rect x="0" y="0" width="250" height="100" rx="18" fill="url(#steelSide)"/>
    <rect x="-40" y="70" width="330" height="30" rx="8" fill="url(#steel)"/>
    <circle cx="60" cy="50" r="16" fill="#c26f16"/>
  </g>`;
  return svg(defs, body);
}

function gearPath(cx: number, cy: number, teeth: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < teeth; i += 1) {
    const a = (i / teeth) * Math.PI * 2;
    const step = (Math.PI * 2) / teeth;
    for (const [da, r] of [
      [0, inner],
      [step * 0.18, outer],
      [step * 0.5, outer],
      [step * 0.68, inner],
    ] as const) {
      points.push(`${f(cx + Math.cos(a + da) * r)} ${f(cy + Math.sin(a + da) * r)}`);
    }
  }
  return `M ${points.join(' L ')} Z`;
}

/** Metal: brushed steel and two meshed gears catching a cool light. */
function bannerMetal(): string {
  const random = rng(3);
  const defs = `
  <linearGradient id="bg3" x1="0" y1="0" x2="1" y2="0.6">
    <stop offset="0" stop-color="#0c1620"/><stop offset="0.5" stop-color="#2a3947"/>
    <stop offset="0.75" stop-color="#5d6f80"/><stop offset="1" stop-color="#33424f"/>
  </linearGradient>
  <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="0.5" stop-color="#ffffff" stop-opacity="0.22"/>
    <stop offset="0.7" stop-color="#ffffff" stop-opacity="0"/>
  </linearGradient>
  <radialGradient id="gearFace" cx="0.4" cy="0.35" r="0.75">
    <stop offset="0" stop-color="#e9eef2"/><stop offset="0.55" stop-color="#8997a4"/>
    <stop offset="1" stop-color="#39454f"/>
  </radialGradient>
  <radialGradient id="brass" cx="0.4" cy="0.35" r="0.75">
    <stop offset="0" stop-color="#ffe0a8"/><stop offset="0.55" stop-color="#c98a34"/>
    <stop offset="1" stop-color="#6b4310"/>
  </radialGradient>`;
  // Brushed grain: long faint horizontal strokes.
  const grain = Array.from({ length: 90 }, () => {
    const y = random() * 900;
    const x = random() * 1600 - 200;
    return `<rect x="${f(x)}" y="${f(y)}" width="${f(300 + random() * 900)}" height="1.2" fill="#ffffff" opacity="${f(0.03 + random() * 0.06)}"/>`;
  }).join('');
  const big = { cx: 1130, cy: 420, r: 270 };
  const small = { cx: 1130 + 270 + 130 - 18, cy: 420 + 230, r: 150 };
  const holes = (cx: number, cy: number, count: number, r: number, size: number) =>
    Array.from({ length: count }, (_, i) => {
      const a = (i / count) * Math.PI * 2 + 0.3;
      return `<circle cx="${f(cx + Math.cos(a) * r)}" cy="${f(cy + Math.sin(a) * r)}" r="${size}" fill="#1a232c"/>`;
    }).join('');
  const body = `
  <rect width="1600" height="900" fill="url(#bg3)"/>
  ${grain}
  ${fitted(
    0.8,
    1200,
    475,
    450,
    `
  <g opacity="0.5" filter="url(#blur6)">
    <path d="${gearPath(big.cx + 18, big.cy + 24, 28, big.r, big.r - 30)}" fill="#000"/>
    <path d="${gearPath(small.cx + 18, small.cy + 24, 16, small.r, small.r - 28)}" fill="#000"/>
  </g>
  <path d="${gearPath(big.cx, big.cy, 28, big.r, big.r - 30)}" fill="url(#gearFace)" stroke="#1e2831" stroke-width="3"/>
  <circle cx="${big.cx}" cy="${big.cy}" r="${big.r - 70}" fill="none" stroke="#2c3842" stroke-opacity="0.5" stroke-width="6"/>
  ${holes(big.cx, big.cy, 6, 130, 38)}
  <circle cx="${big.cx}" cy="${big.cy}" r="62" fill="url(#steel)" stroke="#1e2831" stroke-width="4"/>
  <circle cx="${big.cx}" cy="${big.cy}" r="24" fill="#1a232c"/>
  <path d="${gearPath(small.cx, small.cy, 16, small.r, small.r - 28)}" fill="url(#brass)" stroke="#3d2708" stroke-width="3"/>
  ${holes(small.cx, small.cy, 5, 72, 22)}
  <circle cx="${small.cx}" cy="${small.cy}" r="36" fill="url(#steel)" stroke="#3d2708" stroke-width="3"/>
  <circle cx="${small.cx}" cy="${small.cy}" r="13" fill="#1a232c"/>`,
  )}
  <rect width="1600" height="900" fill="url(#sheen)"/>`;
  return svg(defs, body);
}

/** Precision: a blueprint with a measured part, dimension lines and a caliper. */
function bannerPrecision(): string {
  const defs = `
  <linearGradient id="bg4" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#071f3a"/><stop offset="0.6" stop-color="#0b3a6a"/>
    <stop offset="1" stop-color="#0f4f86"/>
  </linearGradient>
  <pattern id="gridS" width="20" height="20" patternUnits="userSpaceOnUse">
    <path d="M 20 0 L 0 0 0 20" fill="none" stroke="#9fd0ff" stroke-opacity="0.08" stroke-width="1"/>
  </pattern>
  <pattern id="gridL" width="100" height="100" patternUnits="userSpaceOnUse">
    <path d="M 100 0 L 0 0 0 100" fill="none" stroke="#9fd0ff" stroke-opacity="0.18" stroke-width="1.5"/>
  </pattern>
  <radialGradient id="glow4" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#5fb4ff" stop-opacity="0.35"/>
    <stop offset="1" stop-color="#5fb4ff" stop-opacity="0"/>
  </radialGradient>`;
  const cx = 1100;
  const cy = 390;
  const line = 'stroke="#d6ecff" stroke-width="2.5" fill="none"';
  const thin = 'stroke="#d6ecff" stroke-opacity="0.6" stroke-width="1.5" fill="none"';
  const ticks = Array.from({ length: 72 }, (_, i) => {
    const a = (i / 72) * Math.PI * 2;
    const r1 = 300;
    const r2 = i % 6 === 0 ? 322 : 310;
    return `<line x1="${f(cx + Math.cos(a) * r1)}" y1="${f(cy + Math.sin(a) * r1)}" x2="${f(cx + Math.cos(a) * r2)}" y2="${f(cy + Math.sin(a) * r2)}" stroke="#d6ecff" stroke-opacity="0.5" stroke-width="1.5"/>`;
  }).join('');
  const body = `
  <rect width="1600" height="900" fill="url(#bg4)"/>
  <rect width="1600" height="900" fill="url(#gridS)"/>
  <rect width="1600" height="900" fill="url(#gridL)"/>
  <circle cx="${cx}" cy="${cy}" r="460" fill="url(#glow4)"/>
  ${fitted(
    0.8,
    cx,
    475,
    450,
    `
  ${ticks}
  <circle cx="${cx}" cy="${cy}" r="300" ${thin}/>
  <circle cx="${cx}" cy="${cy}" r="220" ${line}/>
  <circle cx="${cx}" cy="${cy}" r="150" ${line}/>
  <circle cx="${cx}" cy="${cy}" r="62" ${line}/>
  ${Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2;
    return `<circle cx="${f(cx + Math.cos(a) * 185)}" cy="${f(cy + Math.sin(a) * 185)}" r="16" ${line}/>`;
  }).join('')}
  <line x1="${cx - 360}" y1="${cy}" x2="${cx + 360}" y2="${cy}" ${thin} stroke-dasharray="24 8 4 8"/>
  <line x1="${cx}" y1="${cy - 360}" x2="${cx}" y2="${cy + 360}" ${thin} stroke-dasharray="24 8 4 8"/>
  <g stroke="#f0a04b" stroke-width="2.5" fill="#f0a04b">
    <line x1="${cx - 220}" y1="${cy + 270}" x2="${cx + 220}" y2="${cy + 270}"/>
    <path d="M ${cx - 220} ${cy + 270} l 18 -8 v 16 z"/><path d="M ${cx + 220} ${cy + 270} l -18 -8 v 16 z"/>
    <line x1="${cx - 220}" y1="${cy + 20}" x2="${cx - 220}" y2="${cy + 290}" stroke-opacity="0.6" stroke-width="1.5"/>
    <line x1="${cx + 220}" y1="${cy + 20}" x2="${cx + 220}" y2="${cy + 290}" stroke-opacity="0.6" stroke-width="1.5"/>
    <line x1="${cx + 330}" y1="${cy - 150}" x2="${cx + 330}" y2="${cy + 150}"/>
    <path d="M ${cx + 330} ${cy - 150} l -8 18 h 16 z"/><path d="M ${cx + 330} ${cy + 150} l -8 -18 h 16 z"/>
    <line x1="${cx + 160}" y1="${cy - 150}" x2="${cx + 350}" y2="${cy - 150}" stroke-opacity="0.6" stroke-width="1.5"/>
    <line x1="${cx + 160}" y1="${cy + 150}" x2="${cx + 350}" y2="${cy + 150}" stroke-opacity="0.6" stroke-width="1.5"/>
  </g>
  <g transform="translate(760 880) rotate(-6) scale(1 -1)">
    <rect x="0" y="0" width="640" height="44" rx="6" fill="url(#steel)" opacity="0.95"/>
    ${Array.from({ length: 31 }, (_, i) => `<line x1="${60 + i * 18}" y1="0" x2="${60 + i * 18}" y2="${i % 5 === 0 ? 20 : 11}" stroke="#26323d" stroke-width="2"/>`).join('')}
    <path d="M 0 0 L 0 150 L 26 150 L 46 44 L 46 0 Z" fill="url(#steelSide)"/>
    <rect x="250" y="-14" width="110" height="72" rx="8" fill="url(#steelSide)"/>
    <path d="M 250 58 L 250 150 L 276 150 L 296 58 Z" fill="url(#steelSide)"/>
    <circle cx="305" cy="22" r="12" fill="#c26f16"/>
  </g>`,
  )}`;
  return svg(defs, body);
}

const BANNERS = [bannerLathe, bannerWorkshop, bannerMetal, bannerPrecision];

async function makeBanners(): Promise<void> {
  for (const [index, draw] of BANNERS.entries()) {
    const base = path.join(OUT_DIR, `banner-${index + 1}`);
    const picture = sharp(Buffer.from(draw()));
    for (const width of BANNER_WIDTHS) {
      const file = `${base}-${width}.webp`;
      await picture.clone().resize(width).webp({ quality: 82, effort: 6 }).toFile(file);
      report(file, BANNER_WEBP_BUDGET);
    }
    // The JPEG fallback for browsers without WebP: the widest one is `banner-N.jpg` (the <img src>).
    for (const width of BANNER_WIDTHS) {
      const jpeg = width === BANNER_WIDTHS[0] ? `${base}.jpg` : `${base}-${width}.jpg`;
      await picture
        .clone()
        .resize(width)
        .jpeg({ quality: 74, mozjpeg: true, progressive: true })
        .toFile(jpeg);
      report(jpeg);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The video: a spinning steel wheel throwing sparks, drawn frame by frame from the frame number
// so the loop is seamless (every motion repeats exactly once per loop).
// ---------------------------------------------------------------------------------------------

/** Runs in the page. A string, so no bundler helper can leak into it. */
const PAGE_SCRIPT = String.raw`
window.makeVideo = async ({ width, height, fps, seconds, bitsPerSecond, codec }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const T = seconds;
  const TAU = Math.PI * 2;
  const s = width / 1280;

  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const wheel = { x: 860 * s, y: 360 * s, r: 235 * s };
  const gear = { x: 1150 * s, y: 610 * s, r: 120 * s, teeth: 18 };
  const contact = Math.PI * 1.12;
  const sparks = Array.from({ length: 220 }, (_, i) => ({
    born: (i / 220) * T,
    life: 0.5 + random() * 0.7,
    speed: (380 + random() * 520) * s,
    spread: (random() - 0.5) * 1.1,
    hot: random(),
  }));
  const motes = Array.from({ length: 46 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (1 + random() * 3) * s,
    laps: 1 + Math.floor(random() * 2),
    bob: random() * TAU,
    a: 0.08 + random() * 0.25,
  }));

  function gearPath(cx, cy, teeth, outer, inner, turn) {
    g.beginPath();
    const step = TAU / teeth;
    for (let i = 0; i < teeth; i++) {
      const a = i * step + turn;
      const pts = [[0, inner], [step * 0.18, outer], [step * 0.5, outer], [step * 0.68, inner]];
      for (const [da, r] of pts) {
        const x = cx + Math.cos(a + da) * r;
        const y = cy + Math.sin(a + da) * r;
        if (i === 0 && da === 0) g.moveTo(x, y); else g.lineTo(x, y);
      }
    }
    g.closePath();
  }

  // A blurred drop shadow without shadowBlur, which is slow on a software canvas.
  function softShadow(x, y, r, alpha) {
    const shade = g.createRadialGradient(x, y, r * 0.7, x, y, r);
    shade.addColorStop(0, 'rgba(0, 0, 0, ' + alpha + ')');
    shade.addColorStop(1, 'rgba(0, 0, 0, 0)');
    g.fillStyle = shade;
    g.fillRect(x - r, y - r, r * 2, r * 2);
  }

  function draw(t) {
    const p = t / T;
    const bg = g.createLinearGradient(0, 0, width, height);
    bg.addColorStop(0, '#050f1a');
    bg.addColorStop(0.55, '#0b2a42');
    bg.addColorStop(1, '#103a58');
    g.globalCompositeOperation = 'source-over';
    g.fillStyle = bg;
    g.fillRect(0, 0, width, height);

    // Blueprint grid drifting one cell per loop.
    const cell = 64 * s;
    g.strokeStyle = 'rgba(159, 208, 255, 0.06)';
    g.lineWidth = 1;
    g.beginPath();
    for (let x = -cell + (p * cell) % cell; x < width; x += cell) { g.moveTo(x, 0); g.lineTo(x, height); }
    for (let y = 0; y < height; y += cell) { g.moveTo(0, y); g.lineTo(width, y); }
    g.stroke();

    // Warm glow behind the wheel, breathing twice per loop.
    const glowR = wheel.r * (2.3 + 0.12 * Math.sin(p * TAU * 2));
    const glow = g.createRadialGradient(wheel.x, wheel.y, 0, wheel.x, wheel.y, glowR);
    glow.addColorStop(0, 'rgba(240, 160, 75, 0.42)');
    glow.addColorStop(1, 'rgba(240, 160, 75, 0)');
    g.fillStyle = glow;
    g.fillRect(0, 0, width, height);

    // The gear, turning backwards once per loop.
    const gearTurn = -p * TAU;
    softShadow(gear.x, gear.y + 14 * s, gear.r * 1.15, 0.5);
    gearPath(gear.x, gear.y, gear.teeth, gear.r, gear.r - 20 * s, gearTurn);
    const brass = g.createRadialGradient(gear.x - 40 * s, gear.y - 40 * s, 10 * s, gear.x, gear.y, gear.r * 1.2);
    brass.addColorStop(0, '#ffe0a8');
    brass.addColorStop(0.55, '#c98a34');
    brass.addColorStop(1, '#6b4310');
    g.fillStyle = brass;
    g.fill();
    g.fillStyle = '#1a232c';
    for (let i = 0; i < 5; i++) {
      const a = gearTurn + (i / 5) * TAU;
      g.beginPath();
      g.arc(gear.x + Math.cos(a) * 58 * s, gear.y + Math.sin(a) * 58 * s, 17 * s, 0, TAU);
      g.fill();
    }

    // The wheel: steel disc, turning back three times per loop (its rim runs down past the
    // sparks), with a light band that stays put.
    const turn = -p * TAU * 3;
    softShadow(wheel.x, wheel.y + 24 * s, wheel.r * 1.18, 0.55);
    g.beginPath();
    g.arc(wheel.x, wheel.y, wheel.r, 0, TAU);
    const disc = g.createRadialGradient(wheel.x - 70 * s, wheel.y - 80 * s, 10 * s, wheel.x, wheel.y, wheel.r);
    disc.addColorStop(0, '#f4f7fa');
    disc.addColorStop(0.55, '#9fadba');
    disc.addColorStop(1, '#44515d');
    g.fillStyle = disc;
    g.fill();
    const shine = g.createConicGradient(-0.6, wheel.x, wheel.y);
    shine.addColorStop(0, 'rgba(255,255,255,0)');
    shine.addColorStop(0.08, 'rgba(255,255,255,0.35)');
    shine.addColorStop(0.18, 'rgba(255,255,255,0)');
    shine.addColorStop(0.5, 'rgba(255,255,255,0)');
    shine.addColorStop(0.58, 'rgba(255,255,255,0.22)');
    shine.addColorStop(0.68, 'rgba(255,255,255,0)');
    shine.addColorStop(1, 'rgba(255,255,255,0)');
    g.beginPath();
    g.arc(wheel.x, wheel.y, wheel.r, 0, TAU);
    g.fillStyle = shine;
    g.fill();
    g.lineWidth = 2 * s;
    for (let i = 1; i < 8; i++) {
      g.strokeStyle = 'rgba(40, 52, 64, ' + (0.12 + (i % 2) * 0.1) + ')';
      g.beginPath();
      g.arc(wheel.x, wheel.y, wheel.r - i * 16 * s, 0, TAU);
      g.stroke();
    }
    // Slots that show the turning.
    g.fillStyle = 'rgba(20, 30, 40, 0.5)';
    for (let i = 0; i < 6; i++) {
      const a = turn + (i / 6) * TAU;
      g.save();
      g.translate(wheel.x, wheel.y);
      g.rotate(a);
      g.beginPath();
      g.roundRect(80 * s, -9 * s, 60 * s, 18 * s, 9 * s);
      g.fill();
      g.restore();
    }
    g.beginPath();
    g.arc(wheel.x, wheel.y, 46 * s, 0, TAU);
    g.fillStyle = '#2a3540';
    g.fill();
    g.beginPath();
    g.arc(wheel.x, wheel.y, 20 * s, 0, TAU);
    g.fillStyle = '#c26f16';
    g.fill();

    // Sparks from the rim, thrown along the tangent and pulled down.
    const cx = wheel.x + Math.cos(contact) * wheel.r;
    const cy = wheel.y + Math.sin(contact) * wheel.r;
    g.globalCompositeOperation = 'lighter';
    g.lineCap = 'round';
    for (const spark of sparks) {
      const age = (((t - spark.born) % T) + T) % T;
      if (age > spark.life) continue;
      const dir = contact - Math.PI / 2 + spark.spread;
      const vx = Math.cos(dir) * spark.speed;
      const vy = Math.sin(dir) * spark.speed;
      const gy = 900 * s;
      const x = cx + vx * age;
      const y = cy + vy * age + 0.5 * gy * age * age;
      const tail = 0.05;
      const px = cx + vx * (age - tail);
      const py = cy + vy * (age - tail) + 0.5 * gy * (age - tail) * (age - tail);
      const fade = 1 - age / spark.life;
      const hue = 28 + spark.hot * 22;
      g.strokeStyle = 'hsla(' + hue + ', 100%, ' + (60 + 30 * fade) + '%, ' + fade + ')';
      g.lineWidth = (1.2 + 1.8 * fade) * s;
      g.beginPath();
      g.moveTo(age > tail ? px : cx, age > tail ? py : cy);
      g.lineTo(x, y);
      g.stroke();
    }
    const hot = g.createRadialGradient(cx, cy, 0, cx, cy, 60 * s);
    hot.addColorStop(0, 'rgba(255, 220, 160, 0.9)');
    hot.addColorStop(1, 'rgba(255, 160, 60, 0)');
    g.fillStyle = hot;
    g.fillRect(cx - 60 * s, cy - 60 * s, 120 * s, 120 * s);

    // Dust in the light, drifting across once or twice per loop.
    for (const mote of motes) {
      const x = (mote.x + p * width * mote.laps) % width;
      const y = mote.y + Math.sin(p * TAU + mote.bob) * 12 * s;
      g.fillStyle = 'rgba(255, 225, 180, ' + mote.a + ')';
      g.beginPath();
      g.arc(x, y, mote.r, 0, TAU);
      g.fill();
    }
    g.globalCompositeOperation = 'source-over';

    // Vignette.
    const v = g.createRadialGradient(width * 0.6, height * 0.5, height * 0.3, width * 0.6, height * 0.5, width * 0.8);
    v.addColorStop(0, 'rgba(0,0,0,0)');
    v.addColorStop(1, 'rgba(0,0,0,0.55)');
    g.fillStyle = v;
    g.fillRect(0, 0, width, height);
  }

  draw(0);
  const poster = canvas.toDataURL('image/png');

  // Encoded frame by frame with explicit timestamps: nothing depends on how fast this machine is.
  const chunks = [];
  let failure = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const bytes = new Uint8Array(chunk.byteLength);
      chunk.copyTo(bytes);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      chunks.push({ key: chunk.type === 'key', timestampUs: chunk.timestamp, data: btoa(binary) });
    },
    error: (error) => { failure = error; },
  });
  encoder.configure({ codec, width, height, bitrate: bitsPerSecond, framerate: fps, bitrateMode: 'variable', latencyMode: 'quality' });
  const frames = fps * seconds;
  for (let i = 0; i < frames; i++) {
    draw(i / fps);
    const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) });
    encoder.encode(frame, { keyFrame: i % (fps * 2) === 0 });
    frame.close();
    if (encoder.encodeQueueSize > 4) await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  return { chunks, poster: poster.split(',')[1] };
};
`;

interface EncodedFrame {
  key: boolean;
  timestampUs: number;
  /** base64 */
  data: string;
}

/** VP9 profile 0, level 3.1 (up to 1280x720 at 30 fps), 8 bits. */
const VP9_CODEC = 'vp09.00.31.08';

async function makeVideo(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: VIDEO.width, height: VIDEO.height } });
    // WebCodecs needs a secure context: serve the blank page from an https address of our own.
    const origin = 'https://make-home-media.invalid/';
    await page.route(origin, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><body style="margin:0;background:#000"></body>',
      }),
    );
    await page.goto(origin);
    await page.addScriptTag({ content: PAGE_SCRIPT });
    const started = Date.now();
    const { chunks, poster } = (await page.evaluate(
      `window.makeVideo(${JSON.stringify({ ...VIDEO, codec: VP9_CODEC })})`,
    )) as { chunks: EncodedFrame[]; poster: string };
    console.log(`encoded ${chunks.length} frames in ${Date.now() - started} ms`);
    if (chunks.length !== VIDEO.fps * VIDEO.seconds) {
      throw new Error(`expected ${VIDEO.fps * VIDEO.seconds} frames, got ${chunks.length}`);
    }
    const videoFile = path.join(OUT_DIR, 'workshop-loop.webm');
    writeFileSync(videoFile, webm(chunks));
    report(videoFile, VIDEO_BUDGET);
    const posterFile = path.join(OUT_DIR, 'workshop-loop-poster.webp');
    await sharp(Buffer.from(poster, 'base64')).webp({ quality: 80, effort: 6 }).toFile(posterFile);
    report(posterFile);
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A minimal WebM writer for one VP9 track: header, Segment with SeekHead, Info (with Duration),
// Tracks, one Cluster per key frame and Cues, so players know the length and can seek and loop.
// Every size is written in 8 bytes, which keeps the offsets simple to compute.
// ---------------------------------------------------------------------------------------------

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
} as const;

function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function element(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length));
  size[0] = 0x01; // an 8-byte size marker
  return Buffer.concat([idBytes(id), size, body]);
}

function uint(id: number, value: number, bytes = 0): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  let start = 0;
  while (start < 7 && out[start] === 0 && 8 - start > bytes) start += 1;
  return element(id, out.subarray(start));
}

function float(id: number, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return element(id, out);
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'utf8'));

function webm(frames: EncodedFrame[]): Buffer {
  const frameMs = 1000 / VIDEO.fps;
  const header = element(
    ID.ebml,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  );
  const info = element(
    ID.info,
    uint(0x2ad7b1, 1_000_000), // timestamps in milliseconds
    float(0x4489, frames.length * frameMs),
    text(0x4d80, 'labshop make-home-media'),
    text(0x5741, 'labshop make-home-media'),
  );
  const tracks = element(
    ID.tracks,
    element(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1), // video
      uint(0x9c, 0), // no lacing
      text(0x86, 'V_VP9'),
      uint(0x23e383, Math.round(frameMs * 1e6)),
      element(0xe0, uint(0xb0, VIDEO.width), uint(0xba, VIDEO.height)),
    ),
  );
  // One cluster per key frame.
  const groups: EncodedFrame[][] = [];
  for (const frame of frames) {
    if (frame.key || groups.length === 0) groups.push([]);
    groups.at(-1)!.push(frame);
  }
  const clusters = groups.map((group) => {
    const clusterMs = Math.round(group[0]!.timestampUs / 1000);
    const blocks = group.map((frame) => {
      const head = Buffer.alloc(4);
      head[0] = 0x81; // track 1
      head.writeInt16BE(Math.round(frame.timestampUs / 1000) - clusterMs, 1);
      head[3] = frame.key ? 0x80 : 0x00;
      return element(0xa3, head, Buffer.from(frame.data, 'base64'));
    });
    return { ms: clusterMs, bytes: element(ID.cluster, uint(0xe7, clusterMs), ...blocks) };
  });

  // Positions are from the start of the Segment's content. SeekHead comes first; its size does
  // not depend on the positions (fixed-width), so it is built once with zeros to measure it.
  const seekHead = (positions: number[]) =>
    element(
      ID.seekHead,
      ...[ID.info, ID.tracks, ID.cues].map((id, i) =>
        element(0x4dbb, element(0x53ab, idBytes(id)), uint(0x53ac, positions[i]!, 8)),
      ),
    );
  const seekHeadLength = seekHead([0, 0, 0]).length;
  const infoAt = seekHeadLength;
  const tracksAt = infoAt + info.length;
  let offset = tracksAt + tracks.length;
  const cuePoints = clusters.map((cluster) => {
    const at = offset;
    offset += cluster.bytes.length;
    return element(0xbb, uint(0xb3, cluster.ms), element(0xb7, uint(0xf7, 1), uint(0xf1, at, 8)));
  });
  const cuesAt = offset;
  const segment = element(
    ID.segment,
    seekHead([infoAt, tracksAt, cuesAt]),
    info,
    tracks,
    ...clusters.map((cluster) => cluster.bytes),
    element(ID.cues, ...cuePoints),
  );
  return Buffer.concat([header, segment]);
}

function report(file: string, budget?: number): void {
  const bytes = statSync(file).size;
  console.log(`${path.relative(process.cwd(), file)}: ${Math.round(bytes / 1024)} KB`);
  if (budget !== undefined && bytes > budget) {
    throw new Error(`${file} is ${bytes} bytes, over its budget of ${budget}`);
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const only = process.argv[2];
if (only !== '--video-only') await makeBanners();
if (only !== '--banners-only') await makeVideo();
