/**
 * Body shapes: a side profile (car facing right) per segment, in a local frame where x runs from
 * the rear bumper (0) to the nose (length) and y is the picture's y with the ground at GROUND.
 */
import type { VehicleSegment } from './pricing.js';

export const GROUND = 392;

export type Pt = readonly [number, number];
/** Surface of an edge: decides the colour of the faces the 3/4 views extrude from it. */
export type Surface = 'paint' | 'glass' | 'under';

export interface Seg {
  to: Pt;
  /** Cubic control points; a straight line without. */
  c?: readonly [Pt, Pt];
  surface: Surface;
  /** Named edges used to place lamps on the front and rear faces. */
  part?: 'nose' | 'tail';
}

export interface Outline {
  start: Pt;
  segs: Seg[];
}

export interface Geometry {
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
export const GEOMETRY: Readonly<Record<VehicleSegment, Geometry>> = {
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

export const archRadius = (g: Geometry) => g.wheelR + 8;
export const sillY = (g: Geometry) => GROUND - g.clearance;
export const wheelY = (g: Geometry) => GROUND - g.wheelR;

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
export function bodyOutline(g: Geometry): Outline {
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
export function cabinOutline(g: Geometry): Outline {
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
