/** Parts drawn in the local frame: wheels, wells, doors, lamps, sills, mirror and side windows. */
import { archRadius, type Geometry, type Outline, type Pt, sillY, wheelY } from './illustration-body.js';
import { insetPolygon, pathData, polyData } from './illustration-edges.js';
import { shade } from './illustration-paint.js';
import { f } from './illustration-svg.js';
import type { Palette } from './illustration-views.js';

export function wheel(cx: number, cy: number, r: number, id: string, far: boolean): string {
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

export function wheels(g: Geometry, id: string, far: boolean): string {
  return [g.rearAxle, g.frontAxle].map((x) => wheel(x, wheelY(g), g.wheelR, id, far)).join('');
}

/** Dark wheel wells behind the near wheels. */
export function wheelWells(g: Geometry): string {
  return [g.rearAxle, g.frontAxle]
    .map((x) => `<circle cx="${f(x)}" cy="${f(wheelY(g))}" r="${f(archRadius(g) - 1)}" fill="#0f1113"/>`)
    .join('');
}

/** Doors, handles, lamps, sills and mirror on the near side. */
export function sideDetails(g: Geometry, pal: Palette): string {
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

export function mirror(g: Geometry, pal: Palette): string {
  const line = pal.dark ? 'rgba(255,255,255,.2)' : 'rgba(0,0,0,.3)';
  return `<path d="M${f(g.cowlX - 32)} ${f(g.beltFront - 1)}c2-11 15-14 25-11l4 10c-8 4-19 5-29 1z" fill="${shade(pal.paint, pal.dark ? 0.08 : -0.04)}" stroke="${line}"/>`;
}

/** Side windows: the opening, its pillars and a sky reflection, clipped to the opening. */
export function sideWindows(g: Geometry, cabin: Outline, id: string, paintFill: string): string {
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
