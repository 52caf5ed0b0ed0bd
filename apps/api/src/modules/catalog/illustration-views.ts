/**
 * Views: the side view is the profile itself; the 3/4 views extrude it (oblique projection) towards
 * the far side, which is enough to show the front or rear face, the bonnet and the roof.
 */
import { type Geometry, type Outline, type Pt, sillY, type Surface } from './illustration-body.js';
import { type Edge, edges, normal, polyData } from './illustration-edges.js';
import { type Rgb, shade } from './illustration-paint.js';

/** Which picture of the carousel. */
export type VehicleView = 'side' | 'front34' | 'rear34';

export const VEHICLE_VIEWS: readonly VehicleView[] = ['side', 'front34', 'rear34'];

export interface Projection {
  /** Horizontal squeeze of the side. */
  c: number;
  /** Left edge of the near side on the canvas. */
  ox: number;
  /** Offset of the far side. */
  dx: number;
  dy: number;
}

export const WIDTH = 800;
export const HEIGHT = 450;

export function projection(view: VehicleView, g: Geometry): Projection {
  if (view === 'side') return { c: 1, ox: (WIDTH - g.length) / 2, dx: 0, dy: 0 };
  const c = 0.78;
  const dx = view === 'front34' ? 118 : -118;
  const span = c * g.length + Math.abs(dx);
  const left = (WIDTH - span) / 2;
  return { c, ox: dx > 0 ? left : left - dx, dx, dy: -36 };
}

/** A local point at depth t (0 near side, 1 far side) on the canvas. */
export const project = (p: Projection, pt: Pt, t: number): Pt => [p.ox + p.c * pt[0] + t * p.dx, pt[1] + t * p.dy];

/** Strip polygon between depths t0 and t1 along a run of edges. */
function strip(p: Projection, run: readonly Edge[], t0: number, t1: number): string {
  const first = run[0];
  if (!first) return '';
  const line = [first.a, ...run.map((e) => e.b)];
  const near = line.map((pt) => project(p, pt, t0));
  const far = line.map((pt) => project(p, pt, t1)).reverse();
  return polyData([...near, ...far]);
}

export interface Palette {
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
export function extrudedFaces(o: Outline, p: Projection, t0: number, t1: number, pal: Palette): string {
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
export function cabinGlass(o: Outline, p: Projection): string {
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
export function endFace(g: Geometry, body: Outline, p: Projection, id: string): string {
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
