import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  VEHICLE_COLORS,
  VEHICLE_VIEWS,
  colorsFor,
  escapeXml,
  renderVehicleSvg,
  type VehicleIllustrationInput,
} from './illustration.js';
import { VEHICLE_SEGMENTS } from './pricing.js';

interface Element {
  name: string;
  attrs: Map<string, string>;
  /** Text directly inside the element. */
  text: string;
}

const NAME = /[A-Za-z_][\w:.-]*/;
const TAG = new RegExp(`<(/?)(${NAME.source})((?:\\s+${NAME.source}="[^"<]*")*)\\s*(/?)>`, 'y');
const ATTR = new RegExp(`\\s+(${NAME.source})="([^"<]*)"`, 'g');
/** Text and attribute values may only contain the five predefined or numeric entities. */
const BAD_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i;

/**
 * A strict little XML checker for our own output: one root, balanced tags, quoted attributes
 * without duplicates, no raw `<` or stray `&` in text or values. Returns every element.
 */
function parseXml(xml: string): Element[] {
  const elements: Element[] = [];
  const stack: Element[] = [];
  let pos = 0;
  let roots = 0;
  const addText = (text: string) => {
    if (BAD_AMPERSAND.test(text)) throw new Error(`unescaped & in text: ${text}`);
    if (text.includes('>')) throw new Error(`raw > in text: ${text}`);
    const parent = stack[stack.length - 1];
    if (parent) parent.text += text;
    else if (text.trim() !== '') throw new Error(`text outside the root: ${text}`);
  };
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    addText(xml.slice(pos, lt === -1 ? xml.length : lt));
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [whole, closing, name, attrText = '', selfClosing] = m;
    pos = lt + whole.length;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const attrs = new Map<string, string>();
    for (const [, key, value] of attrText.matchAll(ATTR)) {
      if (attrs.has(key!)) throw new Error(`duplicate attribute ${key} on <${name}>`);
      if (BAD_AMPERSAND.test(value!)) throw new Error(`unescaped & in ${key}`);
      attrs.set(key!, value!);
    }
    const element: Element = { name: name!, attrs, text: '' };
    elements.push(element);
    if (stack.length === 0) roots++;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
  return elements;
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'title',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'text',
]);

/** Fails on anything that could run code or fetch something. */
function expectSafe(elements: Element[]): void {
  for (const el of elements) {
    expect(ALLOWED_ELEMENTS.has(el.name), `element <${el.name}>`).toBe(true);
    for (const [key, value] of el.attrs) {
      expect(key.toLowerCase().startsWith('on'), `attribute ${key}`).toBe(false);
      expect(key, `attribute ${key}`).not.toMatch(/href|style/i);
      // Only document-internal references: url(#id).
      for (const ref of value.matchAll(/url\(([^)]*)\)/g)) expect(ref[1]).toMatch(/^#[\w-]+$/);
      if (key !== 'xmlns') expect(value).not.toMatch(/https?:|javascript:|data:/i);
    }
  }
}

const base: VehicleIllustrationInput = {
  brand: 'Volkswagen',
  model: 'ID.3',
  trimLevel: 'Pro S',
  segment: 'COMPACT',
  colorHex: '#23879c',
  colorName: 'Aquamarinblau',
};

/** The d attribute of the painted body side (the first path filled with the paint gradient). */
function bodyPath(svg: string): string {
  const paint = /<linearGradient id="(\w+p)"/.exec(svg)?.[1];
  const d = new RegExp(`<path d="([^"]+)" fill="url\\(#${paint}\\)"`).exec(svg)?.[1];
  if (!d) throw new Error('no body path');
  return d;
}

describe('the XML checker of this test', () => {
  it('rejects what a parser would reject', () => {
    for (const bad of [
      '<svg><g></svg>',
      '<svg a="1" a="2"/>',
      '<svg>&foo</svg>',
      '<svg><text>a<b</text></svg>',
      '<svg/><svg/>',
      '<svg x=1/>',
      '<svg><g>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
    expect(parseXml('<svg a="&amp;&#60;"><text>x &lt; y</text></svg>')).toHaveLength(2);
  });
});

describe('renderVehicleSvg', () => {
  it.each(VEHICLE_SEGMENTS.flatMap((segment) => VEHICLE_VIEWS.map((view) => [segment, view] as const)))(
    '%s %s: well-formed, safe, 800 × 450 and under 15 KB',
    (segment, view) => {
      const svg = renderVehicleSvg({ ...base, segment, view });
      const elements = parseXml(svg);
      expect(elements[0]?.name).toBe('svg');
      expect(elements[0]?.attrs.get('viewBox')).toBe('0 0 800 450');
      expect(elements[0]?.attrs.get('xmlns')).toBe('http://www.w3.org/2000/svg');
      expectSafe(elements);
      expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(15_000);
      const texts = elements.filter((e) => e.name === 'text').map((e) => e.text);
      expect(texts).toEqual(expect.arrayContaining(['VOLKSWAGEN', 'ID.3', 'Pro S', 'Aquamarinblau']));
    },
  );

  it('escapes hostile brand, model, trim and colour names', () => {
    const svg = renderVehicleSvg({
      ...base,
      brand: '<script>alert(1)</script>',
      model: '" onload="alert(1)',
      trimLevel: "Tom & Jerry's <b>",
      colorName: '</text><script>x</script>',
      view: 'front34',
    });
    const elements = parseXml(svg);
    expectSafe(elements);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    const texts = elements.filter((e) => e.name === 'text').map((e) => e.text);
    expect(texts).toContain('&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;');
    expect(texts).toContain('&quot; onload=&quot;alert(1)');
    expect(texts).toContain('Tom &amp; Jerry&apos;s &lt;b&gt;');
    expect(texts).toContain('&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;');
  });

  it('rejects colour values that are not hex colours instead of putting them into attributes', () => {
    for (const colorHex of ['#fff" onload="x', 'red', 'url(https://example.com/x.svg)', '#12345g', '']) {
      const svg = renderVehicleSvg({ ...base, colorHex });
      expectSafe(parseXml(svg));
      expect(svg).not.toContain('example.com');
      expect(svg).toContain('#8a9199');
    }
    expect(renderVehicleSvg({ ...base, colorHex: '#abc' })).toContain('#aabbcc');
  });

  it('drops characters XML cannot carry and shortens very long names', () => {
    const svg = renderVehicleSvg({
      ...base,
      brand: 'Bad\u0000\u0001\u001f\uFFFEBrand\uD800',
      model: 'M'.repeat(500),
      trimLevel: '&'.repeat(500),
      colorName: '<'.repeat(500),
      view: 'rear34',
    });
    const elements = parseXml(svg);
    expect(elements.filter((e) => e.name === 'text').map((e) => e.text)).toContain('BADBRAND');
    expect(svg).toContain(`${'M'.repeat(27)}…`);
    expect(svg).not.toContain('M'.repeat(28));
    expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(15_000);
  });

  it('leaves out the trim line when there is no trim level', () => {
    const { trimLevel: _omit, ...withoutTrim } = base;
    const texts = parseXml(renderVehicleSvg(withoutTrim))
      .filter((e) => e.name === 'text')
      .map((e) => e.text);
    expect(texts).toEqual(['VOLKSWAGEN', 'ID.3', 'Aquamarinblau', 'Symbolbild']);
  });

  it('is deterministic', () => {
    for (const view of VEHICLE_VIEWS) {
      expect(renderVehicleSvg({ ...base, view })).toBe(renderVehicleSvg({ ...base, view }));
    }
  });

  it('draws a different body for every segment and a different picture for every view', () => {
    const bodies = VEHICLE_SEGMENTS.map((segment) => bodyPath(renderVehicleSvg({ ...base, segment })));
    expect(new Set(bodies).size).toBe(VEHICLE_SEGMENTS.length);
    const views = VEHICLE_VIEWS.map((view) => renderVehicleSvg({ ...base, view }));
    expect(new Set(views.map(bodyPath)).size).toBe(VEHICLE_VIEWS.length);
  });

  it('paints the car in the given colour', () => {
    const red = renderVehicleSvg({ ...base, colorHex: '#ad1a2c' });
    const blue = renderVehicleSvg({ ...base, colorHex: '#1f4f9e' });
    expect(red).toContain('#ad1a2c');
    expect(blue).toContain('#1f4f9e');
    expect(red).not.toBe(blue);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials and keeps umlauts', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a> Königsrot`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt; Königsrot',
    );
  });

  it('keeps characters outside the BMP and drops lone surrogates', () => {
    expect(escapeXml('a\u{1F697}b\uDC00c')).toBe('a\u{1F697}bc');
  });
});

describe('colours', () => {
  it('has unique German names with valid hex values', () => {
    expect(new Set(VEHICLE_COLORS.map((c) => c.name)).size).toBe(VEHICLE_COLORS.length);
    for (const c of VEHICLE_COLORS) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(VEHICLE_COLORS.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Gletscherweiß', 'Mondsteingrau', 'Tiefschwarz', 'Aquamarinblau', 'Königsrot']),
    );
  });

  it('offers every demo vehicle 3-5 distinct known colours, deterministically', () => {
    const csv = readFileSync(new URL('../../../demo-data/vehicles-demo.csv', import.meta.url), 'utf8');
    const names = new Set(VEHICLE_COLORS.map((c) => c.name));
    const firsts = new Set<string>();
    const rows = csv.split(/\r?\n/).slice(1).filter(Boolean);
    expect(rows).toHaveLength(33);
    for (const row of rows) {
      const [brand = '', model = ''] = row.split(',');
      const colors = colorsFor(brand, model);
      expect(colors.length).toBeGreaterThanOrEqual(3);
      expect(colors.length).toBeLessThanOrEqual(5);
      expect(new Set(colors).size).toBe(colors.length);
      for (const name of colors) expect(names.has(name), name).toBe(true);
      expect(colorsFor(brand, model)).toEqual(colors);
      firsts.add(colors[0]!);
    }
    // The main pictures do not all come in the same colour.
    expect(firsts.size).toBeGreaterThanOrEqual(4);
  });
});
