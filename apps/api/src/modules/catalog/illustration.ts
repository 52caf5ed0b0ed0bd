/**
 * Generated vehicle illustrations. We may not ship manufacturer photos, so every catalogue picture
 * is a stylised electric car drawn as SVG: the body shape follows the segment, the paint follows the
 * chosen colour, and brand, model and trim are printed on it. Output is deterministic, self-contained
 * (no external fonts, images or scripts) and treats every text as untrusted.
 */
import type { VehicleSegment } from './pricing.js';

/** Which picture of the carousel. */
export type VehicleView = 'side' | 'front34' | 'rear34';

export const VEHICLE_VIEWS: readonly VehicleView[] = ['side', 'front34', 'rear34'];

/** What one illustration shows. */
export interface VehicleIllustrationInput {
  brand: string;
  model: string;
  trimLevel?: string;
  segment: VehicleSegment;
  /** Paint colour as #rrggbb (or #rgb); anything else falls back to a neutral grey. */
  colorHex: string;
  colorName: string;
  view?: VehicleView;
}

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
function hash(text: string): number {
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

// ---------------------------------------------------------------------------------------------
// Text and colour helpers

/** Whether XML 1.0 allows a code point at all (even escaped); lone surrogates are not allowed. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Escapes text for element content and quoted attribute values. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Trims and shortens a label so it stays inside the picture, then escapes it. */
function label(text: string | undefined, max: number, upper = false): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(upper ? clean.toUpperCase() : clean);
  return escapeXml(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join(''));
}

type Rgb = readonly [number, number, number];

const FALLBACK_PAINT: Rgb = [138, 145, 153];

/** Parses #rrggbb or #rgb; anything else (including injection attempts) yields the fallback grey. */
function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return FALLBACK_PAINT;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** Lightens (amount > 0, towards white) or darkens (amount < 0, towards black). */
function shade(c: Rgb, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  return toHex([c[0] + (target - c[0]) * t, c[1] + (target - c[1]) * t, c[2] + (target - c[2]) * t]);
}

const luminance = (c: Rgb) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/** Compact number formatting: one decimal, no trailing zero. */
const f = (n: number) => String(Math.round(n * 10) / 10);

// ---------------------------------------------------------------------------------------------
// Body geometry: a side profile (car facing right) per segment, in a local frame where x runs from
// the rear bumper (0) to the nose (length) and y is the picture's y with the ground at GROUND.

const GROUND = 392;

type Pt = readonly [number, number];
/** Surface of an edge: decides the colour of the faces the 3/4 views extrude from it. */
type Surface = 'paint' | 'glass' | 'under';

interface Seg {
  to: Pt;
  /** Cubic control points; a straight line without. */
  c?: readonly [Pt, Pt];
  surface: Surface;
  /** Named edges used to place lamps on the front and rear faces. */
  part?: 'nose' | 'tail';
}

interface Outline {
  start: Pt;
  segs: Seg[];
}

interface Geometry {
  length: number;
  wheelR: number;
  rearAxle: number;
  frontAxle: number;
  clearance: number;
  tailTop: number;
  rearGlassX: number;
  beltRear: number;
  beltFront: number;
  cowlX: number;
  hoodY: number;
  noseY: number;
  roofY: number;
  roofRearX: number;
  roofFrontX: number;
  fastback: boolean;
  /** Black plastic wheel-arch cladding and sills (crossovers). */
  cladding: boolean;
  /** Body-coloured C-pillar behind this x (small hatch, saloon); else a black pillar there. */
  rearPillarX: number;
  solidRearPillar: boolean;
}

/** Proportions from typical cars of each class (about 128 px per metre, wheels slightly enlarged). */
const GEOMETRY: Readonly<Record<VehicleSegment, Geometry>> = {
  SMALL: {
    length: 502,
    wheelR: 45,
    rearAxle: 88,
    frontAxle: 410,
    clearance: 19,
    tailTop: 256,
    rearGlassX: 20,
    beltRear: 260,
    beltFront: 270,
    cowlX: 362,
    hoodY: 293,
    noseY: 318,
    roofY: 198,
    roofRearX: 50,
    roofFrontX: 282,
    fastback: false,
    cladding: false,
    rearPillarX: 86,
    solidRearPillar: true,
  },
  COMPACT: {
    length: 558,
    wheelR: 49,
    rearAxle: 94,
    frontAxle: 456,
    clearance: 20,
    tailTop: 250,
    rearGlassX: 22,
    beltRear: 254,
    beltFront: 264,
    cowlX: 408,
    hoodY: 290,
    noseY: 314,
    roofY: 186,
    roofRearX: 60,
    roofFrontX: 302,
    fastback: false,
    cladding: false,
    rearPillarX: 118,
    solidRearPillar: false,
  },
  SUV: {
    length: 586,
    wheelR: 53,
    rearAxle: 110,
    frontAxle: 470,
    clearance: 26,
    tailTop: 244,
    rearGlassX: 24,
    beltRear: 248,
    beltFront: 258,
    cowlX: 424,
    hoodY: 280,
    noseY: 305,
    roofY: 178,
    roofRearX: 60,
    roofFrontX: 322,
    fastback: false,
    cladding: true,
    rearPillarX: 128,
    solidRearPillar: false,
  },
  SEDAN: {
    length: 618,
    wheelR: 50,
    rearAxle: 128,
    frontAxle: 508,
    clearance: 18,
    tailTop: 260,
    rearGlassX: 112,
    beltRear: 256,
    beltFront: 268,
    cowlX: 444,
    hoodY: 298,
    noseY: 320,
    roofY: 203,
    roofRearX: 246,
    roofFrontX: 346,
    fastback: true,
    cladding: false,
    rearPillarX: 150,
    solidRearPillar: true,
  },
  LARGE_SUV: {
    length: 630,
    wheelR: 56,
    rearAxle: 120,
    frontAxle: 512,
    clearance: 26,
    tailTop: 234,
    rearGlassX: 16,
    beltRear: 238,
    beltFront: 250,
    cowlX: 462,
    hoodY: 270,
    noseY: 296,
    roofY: 166,
    roofRearX: 30,
    roofFrontX: 352,
    fastback: false,
    cladding: true,
    rearPillarX: 92,
    solidRearPillar: false,
  },
};

const archRadius = (g: Geometry) => g.wheelR + 8;
const sillY = (g: Geometry) => GROUND - g.clearance;
const wheelY = (g: Geometry) => GROUND - g.wheelR;

/** Circular arc as cubic segments, from angle a0 to a1 (radians, y up), counter-clockwise. */
function arcSegs(cx: number, cy: number, r: number, a0: number, a1: number, surface: Surface): Seg[] {
  const n = 4;
  const step = (a1 - a0) / n;
  const k = (4 / 3) * Math.tan(step / 4) * r;
  const at = (a: number): Pt => [cx + r * Math.cos(a), cy - r * Math.sin(a)];
  return Array.from({ length: n }, (_v, i) => {
    const s = a0 + i * step;
    const e = s + step;
    const p0 = at(s);
    const p3 = at(e);
    const c1: Pt = [p0[0] - k * Math.sin(s), p0[1] - k * Math.cos(s)];
    const c2: Pt = [p3[0] + k * Math.sin(e), p3[1] + k * Math.cos(e)];
    return { to: p3, c: [c1, c2] as const, surface };
  });
}

/** The wheel arch cut into the body's lower edge, from its front to its rear end. */
function archSegs(g: Geometry, axleX: number): Seg[] {
  const R = archRadius(g);
  const below = Math.asin(Math.min(1, (sillY(g) - wheelY(g)) / R));
  return arcSegs(axleX, wheelY(g), R, -below, Math.PI + below, 'under');
}

function archHalfWidth(g: Geometry): number {
  const R = archRadius(g);
  const dy = sillY(g) - wheelY(g);
  return Math.sqrt(Math.max(0, R * R - dy * dy));
}

/** The lower body: tail, shoulder, hood, nose and the underside with both wheel arches. */
function bodyOutline(g: Geometry): Outline {
  const L = g.length;
  const sill = sillY(g);
  const ax = archHalfWidth(g);
  return {
    start: [10, sill - 4],
    segs: [
      {
        to: [0, g.tailTop + 12],
        c: [
          [0, sill - 12],
          [-4, g.tailTop + 44],
        ],
        surface: 'paint',
        part: 'tail',
      },
      {
        to: [12, g.tailTop],
        c: [
          [0, g.tailTop + 4],
          [4, g.tailTop],
        ],
        surface: 'paint',
        part: 'tail',
      },
      { to: [g.rearGlassX, g.beltRear], surface: 'paint' },
      { to: [g.cowlX, g.beltFront], surface: 'paint' },
      {
        to: [L - 18, g.hoodY],
        c: [
          [g.cowlX + (L - g.cowlX) * 0.45, g.beltFront + 3],
          [L - 48, g.hoodY - 5],
        ],
        surface: 'paint',
      },
      {
        to: [L, g.noseY],
        c: [
          [L - 5, g.hoodY + 3],
          [L, g.noseY - 14],
        ],
        surface: 'paint',
        part: 'nose',
      },
      {
        to: [L - 14, sill - 2],
        c: [
          [L, g.noseY + 16],
          [L - 2, sill - 12],
        ],
        surface: 'paint',
        part: 'nose',
      },
      { to: [g.frontAxle + ax, sill], surface: 'under' },
      ...archSegs(g, g.frontAxle),
      { to: [g.rearAxle + ax, sill], surface: 'under' },
      ...archSegs(g, g.rearAxle),
      { to: [10, sill - 4], surface: 'under' },
    ],
  };
}

/** The greenhouse on the belt line: rear glass, roof, windscreen. */
function cabinOutline(g: Geometry): Outline {
  const h = g.beltRear - g.roofY;
  const back = g.roofRearX - g.rearGlassX;
  const front = g.cowlX - g.roofFrontX;
  const hf = g.beltFront - g.roofY;
  const width = g.roofFrontX - g.roofRearX;
  const rear: Seg = g.fastback
    ? {
        to: [g.roofRearX, g.roofY],
        c: [
          [g.rearGlassX + back * 0.4, g.beltRear - h * 0.32],
          [g.roofRearX - back * 0.3, g.roofY + 1],
        ],
        surface: 'glass',
      }
    : {
        to: [g.roofRearX, g.roofY + 4],
        c: [
          [g.rearGlassX + back * 0.1, g.beltRear - h * 0.45],
          [g.roofRearX - back * 0.55, g.roofY + 8],
        ],
        surface: 'glass',
      };
  return {
    start: [g.rearGlassX, g.beltRear],
    segs: [
      rear,
      {
        to: [g.roofFrontX, g.roofY],
        c: [
          [g.roofRearX + width * 0.3, g.roofY - 4],
          [g.roofFrontX - width * 0.25, g.roofY - 3],
        ],
        surface: 'paint',
      },
      {
        to: [g.cowlX, g.beltFront],
        c: [
          [g.roofFrontX + front * 0.35, g.roofY + hf * 0.06],
          [g.cowlX - front * 0.3, g.beltFront - hf * 0.3],
        ],
        surface: 'glass',
      },
      { to: [g.rearGlassX, g.beltRear], surface: 'under' },
    ],
  };
}

const pt = (q: Pt) => `${f(q[0])} ${f(q[1])}`;

/** SVG path data of an outline, mapped to the canvas by `to` (affine, so curves stay exact). */
function pathData(o: Outline, to: (q: Pt) => Pt): string {
  const parts = [`M${pt(to(o.start))}`];
  for (const s of o.segs) {
    parts.push(s.c ? `C${pt(to(s.c[0]))} ${pt(to(s.c[1]))} ${pt(to(s.to))}` : `L${pt(to(s.to))}`);
  }
  return `${parts.join('')}Z`;
}

interface Edge {
  a: Pt;
  b: Pt;
  surface: Surface;
  part: Seg['part'];
}

/** Flattens an outline into short straight edges (8 per curve). */
function edges(o: Outline): Edge[] {
  const out: Edge[] = [];
  let from = o.start;
  for (const s of o.segs) {
    const steps = s.c ? 8 : 1;
    let prev = from;
    for (let i = 1; i <= steps; i++) {
      const p = s.c ? cubicAt(from, s.c[0], s.c[1], s.to, i / steps) : s.to;
      out.push({ a: prev, b: p, surface: s.surface, part: s.part });
      prev = p;
    }
    from = s.to;
  }
  return out;
}

function cubicAt(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
  return [
    w[0] * p0[0] + w[1] * p1[0] + w[2] * p2[0] + w[3] * p3[0],
    w[0] * p0[1] + w[1] * p1[1] + w[2] * p2[1] + w[3] * p3[1],
  ];
}

/** Outward unit normal of an edge of a clockwise (on screen) outline. */
function normal(e: Edge): Pt {
  const dx = e.b[0] - e.a[0];
  const dy = e.b[1] - e.a[1];
  const len = Math.hypot(dx, dy) || 1;
  return [dy / len, -dx / len];
}

/** Window opening: the cabin outline pulled inwards by `inset` pixels. */
function insetPolygon(o: Outline, inset: number): Pt[] {
  const es = edges(o).filter((e) => Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]) > 0.01);
  return es.map((e, i) => {
    const prev = es[(i + es.length - 1) % es.length] ?? e;
    const n1 = normal(prev);
    const n2 = normal(e);
    const nx = n1[0] + n2[0];
    const ny = n1[1] + n2[1];
    const len = Math.hypot(nx, ny) || 1;
    // Miter length, limited so sharp corners do not shoot out.
    const cos = Math.max(0.55, (nx / len) * n2[0] + (ny / len) * n2[1]);
    const d = inset / cos;
    return [e.a[0] - (nx / len) * d, e.a[1] - (ny / len) * d] as Pt;
  });
}

const polyData = (pts: readonly Pt[]) => `M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z`;

// ---------------------------------------------------------------------------------------------
// Views: the side view is the profile itself; the 3/4 views extrude it (oblique projection) towards
// the far side, which is enough to show the front or rear face, the bonnet and the roof.

interface Projection {
  /** Horizontal squeeze of the side. */
  c: number;
  /** Left edge of the near side on the canvas. */
  ox: number;
  /** Offset of the far side. */
  dx: number;
  dy: number;
}

const WIDTH = 800;
const HEIGHT = 450;

function projection(view: VehicleView, g: Geometry): Projection {
  if (view === 'side') return { c: 1, ox: (WIDTH - g.length) / 2, dx: 0, dy: 0 };
  const c = 0.78;
  const dx = view === 'front34' ? 118 : -118;
  const span = c * g.length + Math.abs(dx);
  const left = (WIDTH - span) / 2;
  return { c, ox: dx > 0 ? left : left - dx, dx, dy: -36 };
}

/** A local point at depth t (0 near side, 1 far side) on the canvas. */
const project = (p: Projection, pt: Pt, t: number): Pt => [p.ox + p.c * pt[0] + t * p.dx, pt[1] + t * p.dy];

/** Strip polygon between depths t0 and t1 along a run of edges. */
function strip(p: Projection, run: readonly Edge[], t0: number, t1: number): string {
  const first = run[0];
  if (!first) return '';
  const line = [first.a, ...run.map((e) => e.b)];
  const near = line.map((pt) => project(p, pt, t0));
  const far = line.map((pt) => project(p, pt, t1)).reverse();
  return polyData([...near, ...far]);
}

interface Palette {
  paint: Rgb;
  dark: boolean;
}

/** Light falls from the upper left: top faces are light, front and rear faces darker. */
function faceShade(n: Pt): number {
  const light = n[0] * -0.29 + n[1] * -0.96;
  return Math.round((light * 0.34 - 0.06) * 20) / 20;
}

function faceFill(surface: Surface, level: number, pal: Palette): string {
  if (surface === 'glass') return shade([38, 50, 64], Math.max(-0.2, level * 0.9));
  return shade(pal.paint, pal.dark ? level * 1.1 : level);
}

/** Edges whose extruded faces the viewer sees; glass seen at a grazing angle is drawn as paint. */
function visibleEdges(o: Outline, p: Projection): Edge[] {
  const depth = Math.hypot(p.dx, p.dy) || 1;
  return edges(o).flatMap((e) => {
    const n = normal(e);
    const facing = (n[0] * p.dx + n[1] * p.dy) / depth;
    if (facing <= 0.01 || e.surface === 'under') return [];
    return [e.surface === 'glass' && facing < 0.3 ? { ...e, surface: 'paint' as const } : e];
  });
}

/** Faces of an extruded outline that face the viewer, merged into strips of equal shade. */
function extrudedFaces(o: Outline, p: Projection, t0: number, t1: number, pal: Palette): string {
  const out: string[] = [];
  let run: Edge[] = [];
  let key = '';
  const flush = () => {
    const [surface, level] = key.split('|');
    if (run.length > 0 && surface && level) {
      const fill = faceFill(surface as Surface, Number(level), pal);
      out.push(`<path d="${strip(p, run, t0, t1)}" fill="${fill}" stroke="${fill}"/>`);
    }
    run = [];
  };
  let last: Pt | undefined;
  for (const e of visibleEdges(o, p)) {
    const k = `${e.surface}|${faceShade(normal(e))}`;
    // A new strip starts where the shade changes or the visible run is interrupted.
    if (k !== key || last !== e.a) flush();
    key = k;
    run.push(e);
    last = e.b;
  }
  flush();
  // The hairline stroke in the face's own colour closes anti-aliasing seams between strips.
  return out.length > 0 ? `<g stroke-width=".8">${out.join('')}</g>` : '';
}

/** Panoramic glass roof and reflections on the windscreen or rear window. */
function cabinGlass(o: Outline, p: Projection): string {
  const visible = visibleEdges(o, p);
  const roof = visible.filter((e) => e.surface === 'paint');
  const glass = visible.filter((e) => e.surface === 'glass');
  const cut = Math.round(roof.length * 0.18);
  const panorama = roof.slice(cut, roof.length - cut);
  return [
    panorama.length > 1 ? `<path d="${strip(p, panorama, 0.3, 0.7)}" fill="#27313c" opacity=".9"/>` : '',
    glass.length > 1
      ? `<path d="${strip(p, glass, 0.56, 0.66)}${strip(p, glass, 0.7, 0.73)}" fill="#fff" opacity=".13"/>`
      : '',
  ].join('');
}

/** Local points of a named edge run (nose or tail), top to bottom. */
function partPoints(o: Outline, part: 'nose' | 'tail'): Pt[] {
  const run = edges(o).filter((e) => e.part === part);
  const pts = [run[0]?.a, ...run.map((e) => e.b)].filter((pt): pt is Pt => pt !== undefined);
  return pts.sort((a, b) => a[1] - b[1]);
}

/** The point of a run nearest to height y. */
function atHeight(pts: readonly Pt[], y: number): Pt {
  let best: Pt = pts[0] ?? [0, y];
  for (const pt of pts) if (Math.abs(pt[1] - y) < Math.abs(best[1] - y)) best = pt;
  return best;
}

/** A band across the front or rear face between heights y0 and y1 and depths t0 and t1. */
function faceBand(p: Projection, pts: readonly Pt[], y0: number, y1: number, t0: number, t1: number): string {
  const a = atHeight(pts, y0);
  const b = atHeight(pts, y1);
  return polyData([project(p, a, t0), project(p, a, t1), project(p, b, t1), project(p, b, t0)]);
}

/** Light bar and air intake on the nose, or light bar and diffuser on the tail. */
function endFace(g: Geometry, body: Outline, p: Projection, id: string): string {
  if (p.dx > 0) {
    const pts = partPoints(body, 'nose');
    const top = g.hoodY + 3;
    const sill = sillY(g);
    return [
      `<path d="${faceBand(p, pts, top, top + 9, 0.03, 0.97)}" fill="#dfe9f2" opacity=".8"/>`,
      `<path d="${faceBand(p, pts, top, top + 12, 0.02, 0.24)}" fill="url(#${id}l)"/>`,
      `<path d="${faceBand(p, pts, top, top + 12, 0.76, 0.98)}" fill="url(#${id}l)"/>`,
      `<path d="${faceBand(p, pts, sill - 30, sill - 12, 0.18, 0.82)}" fill="#1d2126"/>`,
    ].join('');
  }
  const pts = partPoints(body, 'tail');
  const top = g.tailTop + 5;
  const sill = sillY(g);
  return [
    `<path d="${faceBand(p, pts, top, top + 11, 0.02, 0.98)}" fill="#8e0f1b"/>`,
    `<path d="${faceBand(p, pts, top + 2, top + 6, 0.04, 0.96)}" fill="#ff4a4f"/>`,
    `<path d="${faceBand(p, pts, sill - 22, sill - 6, 0.12, 0.88)}" fill="#202328"/>`,
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Parts drawn in the local frame

function wheel(cx: number, cy: number, r: number, id: string, far: boolean): string {
  const rim = r * 0.66;
  const holes = Array.from({ length: 5 }, (_v, i) => {
    const a = (i * 2 * Math.PI) / 5;
    const pts: Pt[] = [
      [cx + rim * 0.32 * Math.cos(a + 0.3), cy + rim * 0.32 * Math.sin(a + 0.3)],
      [cx + rim * 0.86 * Math.cos(a + 0.22), cy + rim * 0.86 * Math.sin(a + 0.22)],
      [cx + rim * 0.86 * Math.cos(a + 0.98), cy + rim * 0.86 * Math.sin(a + 0.98)],
      [cx + rim * 0.32 * Math.cos(a + 0.9), cy + rim * 0.32 * Math.sin(a + 0.9)],
    ];
    return polyData(pts);
  }).join('');
  return [
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#16181b"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - 4)}" fill="none" stroke="#2c3036" stroke-width="2"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="${far ? '#5d636b' : `url(#${id}r)`}"/>`,
    `<path d="${holes}" fill="#262a30"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.13)}" fill="#c9ced4" stroke="#7d848c"/>`,
  ].join('');
}

function wheels(g: Geometry, id: string, far: boolean): string {
  return [g.rearAxle, g.frontAxle].map((x) => wheel(x, wheelY(g), g.wheelR, id, far)).join('');
}

/** Dark wheel wells behind the near wheels. */
function wheelWells(g: Geometry): string {
  return [g.rearAxle, g.frontAxle]
    .map((x) => `<circle cx="${f(x)}" cy="${f(wheelY(g))}" r="${f(archRadius(g) - 1)}" fill="#0f1113"/>`)
    .join('');
}

/** Doors, handles, lamps, sills and mirror on the near side. */
function sideDetails(g: Geometry, pal: Palette): string {
  const L = g.length;
  const sill = sillY(g);
  const R = archRadius(g);
  const wy = wheelY(g);
  const bX = g.roofFrontX - (g.roofFrontX - g.roofRearX) * 0.16;
  const beltAt = (x: number) =>
    g.beltRear + ((g.beltFront - g.beltRear) * (x - g.rearGlassX)) / (g.cowlX - g.rearGlassX);
  const frontDoor = g.frontAxle - R - 4;
  const rearDoor = g.rearAxle + R * 0.62;
  const line = pal.dark ? 'rgba(255,255,255,.16)' : 'rgba(0,0,0,.3)';
  const handle = shade(pal.paint, pal.dark ? 0.22 : -0.28);
  const trim = g.cladding ? 15 : 9;
  const parts = [
    // Shoulder highlight and door cuts.
    `<path d="M14 ${f(g.tailTop + 14)}L${f(g.cowlX)} ${f(g.beltFront + 12)}Q${f(L - 60)} ${f(g.beltFront + 16)} ${f(L - 22)} ${f(g.hoodY + 10)}" fill="none" stroke="#fff" stroke-opacity="${pal.dark ? '.28' : '.5'}" stroke-width="2"/>`,
    `<path d="M${f(g.cowlX - 6)} ${f(g.beltFront + 1)}C${f(frontDoor + 6)} ${f(g.beltFront + 40)} ${f(frontDoor)} ${f(sill - 40)} ${f(frontDoor)} ${f(sill - trim)}M${f(bX + 2)} ${f(beltAt(bX) + 1)}L${f(bX - 4)} ${f(sill - trim)}M${f(rearDoor + 28)} ${f(beltAt(rearDoor + 28) + 1)}C${f(rearDoor + 20)} ${f(wy - R - 8)} ${f(rearDoor + 8)} ${f(wy - R * 0.8)} ${f(rearDoor)} ${f(wy - R * 0.78)}" fill="none" stroke="${line}" stroke-width="1.5"/>`,
    `<rect x="${f(bX - 58)}" y="${f(beltAt(bX) + 17)}" width="26" height="5" rx="2.5" fill="${handle}"/>`,
    `<rect x="${f(rearDoor + 36)}" y="${f(beltAt(rearDoor) + 17)}" width="24" height="5" rx="2.5" fill="${handle}"/>`,
    // Charging flap on the rear wing.
    `<rect x="${f(g.rearAxle - 36)}" y="${f(g.beltRear + 16)}" width="24" height="15" rx="4" fill="none" stroke="${line}" stroke-width="1.2"/>`,
    // Sill trim between the wheels.
    `<path d="M${f(g.rearAxle + R - 6)} ${f(sill - trim)}L${f(g.frontAxle - R + 6)} ${f(sill - trim)}L${f(g.frontAxle - R + 2)} ${f(sill)}L${f(g.rearAxle + R - 2)} ${f(sill)}Z" fill="#202328" opacity=".9"/>`,
    // Headlamp and tail lamp.
    `<path d="M${f(L - 62)} ${f(g.hoodY - 1)}Q${f(L - 30)} ${f(g.hoodY - 2)} ${f(L - 9)} ${f(g.hoodY + 4)}L${f(L - 14)} ${f(g.hoodY + 12)}Q${f(L - 36)} ${f(g.hoodY + 8)} ${f(L - 58)} ${f(g.hoodY + 6)}Z" fill="#e9f1f8" stroke="#8795a3" stroke-width="1"/>`,
    `<path d="M${f(L - 56)} ${f(g.hoodY + 3)}Q${f(L - 32)} ${f(g.hoodY + 2)} ${f(L - 14)} ${f(g.hoodY + 7)}" fill="none" stroke="#fff" stroke-width="2"/>`,
    `<path d="M2 ${f(g.tailTop + 6)}L44 ${f(g.tailTop + 3)}L44 ${f(g.tailTop + 11)}L3 ${f(g.tailTop + 16)}Z" fill="#b3121f"/>`,
    `<path d="M4 ${f(g.tailTop + 9)}L42 ${f(g.tailTop + 6)}" stroke="#ff5a5f" stroke-width="2"/>`,
  ];
  if (g.cladding) {
    for (const x of [g.rearAxle, g.frontAxle]) {
      const a = Math.asin(Math.min(1, (sill - wy) / (R + 4)));
      const from: Pt = [x + (R + 4) * Math.cos(a), wy + (R + 4) * Math.sin(a)];
      const to: Pt = [x - (R + 4) * Math.cos(a), from[1]];
      parts.push(
        `<path d="M${f(from[0])} ${f(from[1])}A${f(R + 4)} ${f(R + 4)} 0 1 0 ${f(to[0])} ${f(to[1])}" fill="none" stroke="#23262b" stroke-width="9"/>`,
      );
    }
  }
  return parts.join('');
}

function mirror(g: Geometry, pal: Palette): string {
  const line = pal.dark ? 'rgba(255,255,255,.2)' : 'rgba(0,0,0,.3)';
  return `<path d="M${f(g.cowlX - 32)} ${f(g.beltFront - 1)}c2-11 15-14 25-11l4 10c-8 4-19 5-29 1z" fill="${shade(pal.paint, pal.dark ? 0.08 : -0.04)}" stroke="${line}"/>`;
}

/** Side windows: the opening, its pillars and a sky reflection, clipped to the opening. */
function sideWindows(g: Geometry, cabin: Outline, id: string, paintFill: string): string {
  const dlo = polyData(insetPolygon(cabin, 7));
  const bX = g.roofFrontX - (g.roofFrontX - g.roofRearX) * 0.16;
  const top = g.roofY - 10;
  const bottom = g.beltFront + 4;
  const solid = g.solidRearPillar
    ? [
        `<clipPath id="${id}c"><path d="${pathData(cabin, (q) => q)}"/></clipPath>`,
        `<path clip-path="url(#${id}c)" d="M${f(g.rearPillarX + 16)} ${f(top)}L${f(g.rearPillarX)} ${f(bottom)}L0 ${f(bottom)}L0 ${f(top)}Z" fill="${paintFill}"/>`,
      ].join('')
    : '';
  const pillar = (x: number) =>
    `<path d="M${f(x + 8)} ${f(top)}L${f(x + 1)} ${f(bottom)}L${f(x - 11)} ${f(bottom)}L${f(x - 4)} ${f(top)}Z" fill="#15181c"/>`;
  return [
    `<clipPath id="${id}w"><path d="${dlo}"/></clipPath>`,
    `<path d="${dlo}" fill="url(#${id}g)" stroke="#15181c" stroke-width="3"/>`,
    `<g clip-path="url(#${id}w)">`,
    `<path d="M${f(g.rearGlassX + 40)} ${f(bottom)}L${f(g.roofRearX + 120)} ${f(top)}L${f(g.roofRearX + 175)} ${f(top)}L${f(g.rearGlassX + 105)} ${f(bottom)}Z" fill="#fff" opacity=".12"/>`,
    pillar(bX),
    g.solidRearPillar ? '' : pillar(g.rearPillarX),
    '</g>',
    solid,
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// The picture

function defs(id: string, pal: Palette, g: Geometry): string {
  const c = pal.paint;
  const lift = pal.dark ? 0.32 : 0.28;
  const sill = sillY(g);
  return [
    '<defs>',
    `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f7fa"/><stop offset=".62" stop-color="#e8ecf1"/><stop offset=".86" stop-color="#dce2e9"/><stop offset="1" stop-color="#d3dae2"/></linearGradient>`,
    `<radialGradient id="${id}h"><stop offset="0" stop-color="${toHex(c)}" stop-opacity=".16"/><stop offset="1" stop-color="${toHex(c)}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${id}s"><stop offset="0" stop-color="#000" stop-opacity=".42"/><stop offset=".6" stop-color="#000" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${id}p" gradientUnits="userSpaceOnUse" x1="0" y1="${f(g.roofY)}" x2="0" y2="${f(sill)}">`,
    `<stop offset="0" stop-color="${shade(c, lift)}"/>`,
    `<stop offset="${f(((g.beltFront - g.roofY) / (sill - g.roofY)) * 100 + 2)}%" stop-color="${shade(c, lift * 0.7)}"/>`,
    `<stop offset="${f(((g.beltFront + 20 - g.roofY) / (sill - g.roofY)) * 100)}%" stop-color="${toHex(c)}"/>`,
    `<stop offset=".78" stop-color="${shade(c, -0.12)}"/>`,
    `<stop offset="1" stop-color="${shade(c, pal.dark ? -0.5 : -0.38)}"/>`,
    '</linearGradient>',
    `<linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a5a6c"/><stop offset=".55" stop-color="#26313d"/><stop offset="1" stop-color="#161c23"/></linearGradient>`,
    `<radialGradient id="${id}r" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="#f3f5f7"/><stop offset=".6" stop-color="#a7aeb6"/><stop offset="1" stop-color="#5f666e"/></radialGradient>`,
    `<linearGradient id="${id}l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#cfe3f5"/></linearGradient>`,
    '</defs>',
  ].join('');
}

const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"`;

function texts(input: VehicleIllustrationInput, paint: string): string {
  const trim = label(input.trimLevel, 42);
  return [
    `<text x="40" y="52" ${FONT} font-size="17" font-weight="600" letter-spacing="3" fill="#5b6470">${label(input.brand, 30, true)}</text>`,
    `<text x="40" y="90" ${FONT} font-size="34" font-weight="700" fill="#1b2230">${label(input.model, 28)}</text>`,
    trim ? `<text x="40" y="118" ${FONT} font-size="17" fill="#4a5360">${trim}</text>` : '',
    `<circle cx="47" cy="425" r="7" fill="${paint}" stroke="#9aa3ad"/>`,
    `<text x="62" y="430" ${FONT} font-size="14" fill="#4a5360">${label(input.colorName, 32)}</text>`,
    `<text x="760" y="430" ${FONT} font-size="12" fill="#8a939e" text-anchor="end">Symbolbild</text>`,
  ].join('');
}

/** A short deterministic id prefix, so several inlined pictures never share gradient ids. */
function idPrefix(input: VehicleIllustrationInput, view: VehicleView): string {
  return `v${hash(`${input.brand}|${input.model}|${input.segment}|${input.colorHex}|${view}`).toString(36)}`;
}

/**
 * Renders the illustration of a vehicle as a standalone SVG document (800 × 450). All text is
 * XML-escaped, the colour is validated, and nothing outside the document is referenced.
 */
export function renderVehicleSvg(input: VehicleIllustrationInput): string {
  const view: VehicleView = VEHICLE_VIEWS.includes(input.view ?? 'side') ? (input.view ?? 'side') : 'side';
  const g = GEOMETRY[input.segment] ?? GEOMETRY.COMPACT;
  const rgb = parseHex(input.colorHex);
  const pal: Palette = { paint: rgb, dark: luminance(rgb) < 0.2 };
  const id = idPrefix(input, view);
  const p = projection(view, g);
  const body = bodyOutline(g);
  const cabin = cabinOutline(g);
  const paintFill = `url(#${id}p)`;
  const near = (t: number) => `translate(${f(p.ox + t * p.dx)} ${f(t * p.dy)}) scale(${p.c} 1)`;
  const at = (t: number) => (q: Pt) => project(p, q, t);
  const outline = `fill="none" stroke="#000" stroke-opacity=".2" stroke-width="1.6"`;
  const cabinDepth = p.dx === 0 ? 0 : 0.1;
  const shadowX = p.ox + (p.c * g.length) / 2 + p.dx / 2;
  const title = `${label(input.brand, 30)} ${label(input.model, 28)} ${label(input.trimLevel, 42)}`.trim();
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">`,
    `<title>${title}, ${label(input.colorName, 32)}</title>`,
    defs(id, pal, g),
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}b)"/>`,
    `<ellipse cx="${f(WIDTH / 2)}" cy="${GROUND - 110}" rx="380" ry="190" fill="url(#${id}h)"/>`,
    texts(input, toHex(rgb)),
    `<ellipse cx="${f(shadowX)}" cy="${f(GROUND + p.dy / 2 + 2)}" rx="${f((p.c * g.length + Math.abs(p.dx)) / 2 + 24)}" ry="${f(16 + Math.abs(p.dy) * 0.45)}" fill="url(#${id}s)"/>`,
    p.dx === 0
      ? ''
      : `<g transform="${near(1)}">${wheels(g, id, true)}</g><path d="${pathData(body, at(1))}${pathData(cabin, at(1 - cabinDepth))}" ${outline}/>`,
    extrudedFaces(body, p, 0, 1, pal),
    p.dx === 0 ? '' : endFace(g, body, p, id),
    `<g transform="${near(0)}">${wheelWells(g)}${wheels(g, id, false)}</g>`,
    `<path d="${pathData(body, at(0))}" fill="${paintFill}" stroke="#000" stroke-opacity=".2"/>`,
    `<g transform="${near(0)}">${sideDetails(g, pal)}</g>`,
    extrudedFaces(cabin, p, cabinDepth, 1 - cabinDepth, pal),
    p.dx === 0 ? '' : cabinGlass(cabin, p),
    `<path d="${pathData(cabin, at(cabinDepth))}" fill="${paintFill}" stroke="#000" stroke-opacity=".2"/>`,
    `<g transform="${near(cabinDepth)}">${sideWindows(g, cabin, id, paintFill)}${mirror(g, pal)}</g>`,
    '</svg>',
  ].join('');
}
