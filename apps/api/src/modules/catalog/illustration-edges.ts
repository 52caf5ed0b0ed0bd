/**
 * Outlines as drawing material: SVG path data, straight edges with their normals (for the extruded
 * faces of the 3/4 views) and window openings pulled inwards.
 */
import type { Outline, Pt, Seg, Surface } from './illustration-body.js';
import { f } from './illustration-svg.js';

export const pt = (q: Pt) => `${f(q[0])} ${f(q[1])}`;

/** SVG path data of an outline, mapped to the canvas by `to` (affine, so curves stay exact). */
export function pathData(o: Outline, to: (q: Pt) => Pt): string {
  const parts = [`M${pt(to(o.start))}`];
  for (const s of o.segs) {
    parts.push(s.c ? `C${pt(to(s.c[0]))} ${pt(to(s.c[1]))} ${pt(to(s.to))}` : `L${pt(to(s.to))}`);
  }
  return `${parts.join('')}Z`;
}

export interface Edge {
  a: Pt;
  b: Pt;
  surface: Surface;
  part: Seg['part'];
}

/** Flattens an outline into short straight edges (8 per curve). */
export function edges(o: Outline): Edge[] {
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
export function normal(e: Edge): Pt {
  const dx = e.b[0] - e.a[0];
  const dy = e.b[1] - e.a[1];
  const len = Math.hypot(dx, dy) || 1;
  return [dy / len, -dx / len];
}

/** Window opening: the cabin outline pulled inwards by `inset` pixels. */
export function insetPolygon(o: Outline, inset: number): Pt[] {
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

export const polyData = (pts: readonly Pt[]) => `M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z`;
