/**
 * Small helpers for writing SVG by hand: colours, deterministic randomness and shared
 * gradients. Everything is deterministic so a reseed writes byte-identical images.
 */

export interface Palette {
  accent: string;
  light: string;
  dark: string;
  /** A very pale tint for backgrounds. */
  wash: string;
}

export type Rng = () => number;

export const FONT = "DejaVu Sans, 'Helvetica Neue', Arial, sans-serif";
export const MONO_FONT = "DejaVu Sans Mono, 'Courier New', monospace";

/** FNV-1a: a stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded generator, good enough for speckles and layout jitter. */
export function seededRng(seed: string): Rng {
  let state = hashString(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(channels: [number, number, number]): string {
  return `#${channels
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix: 0 gives `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex([
    a[0] + (b[0] - a[0]) * amount,
    a[1] + (b[1] - a[1]) * amount,
    a[2] + (b[2] - a[2]) * amount,
  ]);
}

export function paletteFor(accent: string): Palette {
  return {
    accent,
    light: mix(accent, '#ffffff', 0.35),
    dark: mix(accent, '#000000', 0.35),
    wash: mix(accent, '#ffffff', 0.92),
  };
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Gradients and filters the illustrations refer to by id. */
export function sharedDefs(palette: Palette): string {
  return `
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.light}"/>
      <stop offset="0.45" stop-color="${palette.accent}"/>
      <stop offset="1" stop-color="${palette.dark}"/>
    </linearGradient>
    <linearGradient id="bodyX" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${palette.dark}"/>
      <stop offset="0.35" stop-color="${palette.light}"/>
      <stop offset="1" stop-color="${palette.dark}"/>
    </linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fbfcfd"/>
      <stop offset="0.5" stop-color="#d3d9df"/>
      <stop offset="1" stop-color="#9aa5b0"/>
    </linearGradient>
    <linearGradient id="metalX" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#9aa5b0"/>
      <stop offset="0.4" stop-color="#f4f6f8"/>
      <stop offset="1" stop-color="#8f9aa5"/>
    </linearGradient>
    <linearGradient id="rubber" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#50565d"/>
      <stop offset="1" stop-color="#1e2226"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#eaf4fb" stop-opacity="0.95"/>
      <stop offset="1" stop-color="#a9c7dc" stop-opacity="0.8"/>
    </linearGradient>
    <radialGradient id="stone" cx="0.45" cy="0.4" r="0.65">
      <stop offset="0" stop-color="#e4ddd0"/>
      <stop offset="1" stop-color="#a99f8e"/>
    </radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.55" r="0.6">
      <stop offset="0" stop-color="#ffe39a"/>
      <stop offset="0.5" stop-color="#ff9a3c"/>
      <stop offset="1" stop-color="#b8321c"/>
    </radialGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#9c7a2c"/>
      <stop offset="0.45" stop-color="#f1d98a"/>
      <stop offset="1" stop-color="#a88332"/>
    </linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d8b98f"/>
      <stop offset="1" stop-color="#a9825a"/>
    </linearGradient>
    <filter id="soft" x="-30%" y="-100%" width="160%" height="300%">
      <feGaussianBlur stdDeviation="9"/>
    </filter>`;
}

/** The soft contact shadow under an object standing on the ground line of a 400-unit box. */
export function groundShadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx * 0.12)}" fill="#1b2733" opacity="0.28" filter="url(#soft)"/>`;
}
