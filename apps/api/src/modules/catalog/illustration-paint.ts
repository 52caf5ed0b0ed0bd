/**
 * Paint: the colours a vehicle is offered in (deterministic per brand and model) and the RGB
 * arithmetic the picture shades its faces with.
 */

/** A paint colour with its German catalogue name. */
export interface VehicleColor {
  name: string;
  hex: string;
}

/** Paint colours of the demo catalogue (generic names, no manufacturer trade names). */
export const VEHICLE_COLORS: readonly VehicleColor[] = [
  { name: 'Gletscherweiß', hex: '#eceeed' },
  { name: 'Perlmuttweiß', hex: '#e6e1d6' },
  { name: 'Reflexsilber', hex: '#b7bcc2' },
  { name: 'Mondsteingrau', hex: '#7b838c' },
  { name: 'Graphitgrau', hex: '#474d55' },
  { name: 'Tiefschwarz', hex: '#17191c' },
  { name: 'Aquamarinblau', hex: '#23879c' },
  { name: 'Kobaltblau', hex: '#1f4f9e' },
  { name: 'Nachtblau', hex: '#1d2b47' },
  { name: 'Königsrot', hex: '#ad1a2c' },
  { name: 'Kupferorange', hex: '#c0622c' },
  { name: 'Olivgrün', hex: '#5b6a44' },
  { name: 'Salbeigrün', hex: '#8ca488' },
];

const NEUTRAL_COLORS = ['Gletscherweiß', 'Mondsteingrau', 'Tiefschwarz', 'Reflexsilber', 'Graphitgrau', 'Perlmuttweiß'];
const ACCENT_COLORS = [
  'Aquamarinblau',
  'Königsrot',
  'Kobaltblau',
  'Kupferorange',
  'Nachtblau',
  'Olivgrün',
  'Salbeigrün',
];

/** FNV-1a: a tiny stable hash, so colour choices never change between runs or machines. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text.normalize('NFC').toLowerCase()) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick(list: readonly string[], start: number, count: number): string[] {
  return Array.from({ length: count }, (_v, i) => list[(start + i) % list.length] ?? '');
}

/**
 * The 3-5 colour names a vehicle is offered in, deterministic per brand and model. The first one,
 * used for the main pictures, is a signature colour; the others are whites, greys and black.
 */
export function colorsFor(brand: string, model: string): string[] {
  const h = hash(`${brand.trim()} ${model.trim()}`);
  const count = 3 + (h % 3);
  const accents = pick(ACCENT_COLORS, (h >>> 4) % ACCENT_COLORS.length, count === 5 ? 2 : 1);
  const neutrals = pick(NEUTRAL_COLORS, (h >>> 9) % NEUTRAL_COLORS.length, count - accents.length);
  return [accents[0] ?? '', ...neutrals, ...accents.slice(1)];
}

export type Rgb = readonly [number, number, number];

const FALLBACK_PAINT: Rgb = [138, 145, 153];

/** Parses #rrggbb or #rgb; anything else (including injection attempts) yields the fallback grey. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return FALLBACK_PAINT;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Lightens (amount > 0, towards white) or darkens (amount < 0, towards black). */
export function shade(c: Rgb, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  return toHex([c[0] + (target - c[0]) * t, c[1] + (target - c[1]) * t, c[2] + (target - c[2]) * t]);
}

export const luminance = (c: Rgb) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
