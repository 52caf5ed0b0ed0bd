/**
 * Generated vehicle illustrations. We may not ship manufacturer photos, so every catalogue picture
 * is a stylised electric car drawn as SVG: the body shape follows the segment, the paint follows the
 * chosen colour, and brand, model and trim are printed on it. Output is deterministic, self-contained
 * (no external fonts, images or scripts) and treats every text as untrusted.
 *
 * The parts: body shapes per segment (`illustration-body.ts`), their edges and path data
 * (`illustration-edges.ts`), the side and 3/4 views (`illustration-views.ts`), wheels, doors and
 * windows (`illustration-parts.ts`), paint (`illustration-paint.ts`) and safe SVG text
 * (`illustration-svg.ts`); this file puts the picture together.
 */
import { bodyOutline, cabinOutline, type Geometry, GEOMETRY, GROUND, type Pt, sillY } from './illustration-body.js';
import { pathData } from './illustration-edges.js';
import { hash, luminance, parseHex, shade, toHex } from './illustration-paint.js';
import { mirror, sideDetails, sideWindows, wheels, wheelWells } from './illustration-parts.js';
import { f, label } from './illustration-svg.js';
import {
  cabinGlass,
  endFace,
  extrudedFaces,
  HEIGHT,
  type Palette,
  project,
  projection,
  VEHICLE_VIEWS,
  type VehicleView,
  WIDTH,
} from './illustration-views.js';
import type { VehicleSegment } from './pricing.js';

export { colorsFor, VEHICLE_COLORS, type VehicleColor } from './illustration-paint.js';
export { escapeXml } from './illustration-svg.js';
export { VEHICLE_VIEWS, type VehicleView } from './illustration-views.js';

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
