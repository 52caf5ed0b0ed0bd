/**
 * Unit tests of the generator (scripts/pap): XML and expression parsing, BigDecimal
 * lowering rules, scale inference, method-local splitting, bigint fallback and errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { constantProductScale } from '../../scripts/pap/analyze.js';
import { generatePap, versionId } from '../../scripts/pap/generate.js';
import { parseJavaAssignment, parseJavaExpression } from '../../scripts/pap/java-expr.js';
import { splitMethodLocals } from '../../scripts/pap/locals.js';
import { lowerPap } from '../../scripts/pap/lower.js';
import { readPapModel } from '../../scripts/pap/model.js';
import { Rational } from '../../scripts/pap/rational.js';
import { parseXml } from '../../scripts/pap/xml.js';
import { scaleInputs } from './inputs.js';
import { loadReferencePap } from './test-support/reference-interpreter.js';
import type { PapModule } from './types.js';

const RUNTIME = fileURLToPath(new URL('./runtime.ts', import.meta.url));
const TYPES = fileURLToPath(new URL('./types.ts', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'pap-generator-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A small synthetic PAP: wide products, ROUND_UP, negative values, int arithmetic, &&. */
function syntheticPap(body: string, name = 'LohnsteuerTest', extraInternals = ''): string {
  return `\uFEFF<PAP name="${name}" version="1.0" versionNummer="1.0">
  <VARIABLES>
    <INPUTS>
      <!-- Arbeitslohn -->
      <INPUT name="RE4" type="BigDecimal" default="BigDecimal.ZERO"/>
      <INPUT name="LZZ" type="int" default="1"/>
      <INPUT name="KVZ" type="BigDecimal"/>
    </INPUTS>
    <OUTPUTS type="STANDARD">
      <OUTPUT name="BIG" type="BigDecimal" default="BigDecimal.ZERO"/>
      <OUTPUT name="UP" type="BigDecimal" default="new BigDecimal(0)"/>
      <OUTPUT name="NEG" type="BigDecimal" default="0"/>
    </OUTPUTS>
    <INTERNALS>
      <INTERNAL name="T" type="BigDecimal" default="BigDecimal.ZERO"/>
      <INTERNAL name="N" type="int" default="0"/>
      ${extraInternals}
    </INTERNALS>
  </VARIABLES>
  <CONSTANTS>
    <CONSTANT name="ZAHL7" type="BigDecimal" value="BigDecimal.valueOf(7)"/>
    <CONSTANT name="TAB" type="BigDecimal[]" value="{BigDecimal.ZERO, BigDecimal.valueOf(0.5), BigDecimal.valueOf(1.25)}"/>
  </CONSTANTS>
  <METHODS>
    <MAIN><EXECUTE method="M1"/></MAIN>
    ${body}
  </METHODS>
</PAP>`;
}

const SYNTHETIC = syntheticPap(`
    <METHOD name="M1">
      <EVAL exec="T = RE4.multiply(RE4).multiply(BigDecimal.valueOf(0.123457))"/>
      <EVAL exec="BIG = T.divide(ZAHL7, 0, BigDecimal.ROUND_DOWN).divide(BigDecimal.valueOf(1000000000), 0, BigDecimal.ROUND_DOWN)"/>
      <IF expr="LZZ &lt; 3">
        <THEN><EVAL exec="UP = RE4.multiply(KVZ).multiply(TAB[LZZ]).divide(ZAHL7, 0, BigDecimal.ROUND_UP)"/></THEN>
      </IF>
      <IF expr="LZZ &gt; 2 &amp;&amp; RE4.compareTo(BigDecimal.valueOf(500)) &gt;= 0">
        <THEN><EVAL exec="NEG = BigDecimal.valueOf(BigDecimal.ZERO.subtract(RE4).divide(ZAHL7, 2, BigDecimal.ROUND_DOWN).longValue())"/></THEN>
        <ELSE><EVAL exec="N = LZZ * 3 - 1"/><EVAL exec="NEG = BigDecimal.valueOf(N).negate()"/></ELSE>
      </IF>
    </METHOD>`);

describe('XML reader', () => {
  it('keeps comments for docs, decodes entities and accepts a raw ">" inside attributes', () => {
    const root = parseXml('\uFEFF<?xml version="1.0"?><A><!-- Doc --><B expr = "R > 0 &amp;&amp; X &lt; 1"/><C/></A>');
    expect(root.children[0]?.attrs['expr']).toBe('R > 0 && X < 1');
    expect(root.children[0]?.comments).toEqual(['Doc']);
    expect(root.children[1]?.comments).toEqual([]);
  });

  it('rejects malformed documents', () => {
    expect(() => parseXml('<A><B></A>')).toThrow(/unexpected <\/A>/);
    expect(() => parseXml('<A>')).toThrow(/unclosed/);
    expect(() => parseXml('<A><B x=1/></A>')).toThrow(/malformed/);
  });
});

describe('Java expression parser', () => {
  it('follows Java precedence and member-call chains', () => {
    expect(parseJavaExpression('a + b * c == d && !e || f')).toMatchObject({ t: 'binary', op: '||' });
    expect(
      parseJavaAssignment('X= (ZX.multiply (BigDecimal.valueOf(1.25))).setScale (0, BigDecimal.ROUND_DOWN)'),
    ).toMatchObject({
      target: 'X',
      value: { t: 'call', name: 'setScale' },
    });
    expect(() => parseJavaExpression('a +')).toThrow(/unexpected end/);
    expect(() => parseJavaExpression('a # b')).toThrow(/cannot tokenize/);
  });
});

describe('lowering', () => {
  const program = lowerPap(readPapModel(SYNTHETIC));

  it('folds constants exactly and turns division by 2^i*5^j into multiplication', () => {
    const m1 = program.methods.get('M1')?.body ?? [];
    expect(m1[1]).toMatchObject({ k: 'setDec', value: { k: 'round', a: { k: 'mul' } } });
    expect(program.tables.get('TAB')?.map(String)).toEqual(['0', '1/2', '5/4']);
  });

  it('normalises compareTo(..) relations', () => {
    const pap = (expr: string): unknown =>
      lowerPap(readPapModel(syntheticPap(`<METHOD name="M1"><IF expr="${expr}"><THEN/></IF></METHOD>`))).methods.get(
        'M1',
      )?.body[0];
    expect(pap('RE4.compareTo(KVZ) == -1')).toMatchObject({ cond: { k: 'cmp', op: '<' } });
    expect(pap('RE4.compareTo(KVZ) &gt;= 0')).toMatchObject({ cond: { k: 'cmp', op: '>=' } });
    expect(pap('RE4.compareTo(KVZ) != 1')).toMatchObject({ cond: { k: 'cmp', op: '<=' } });
    expect(pap('0 == RE4.compareTo(KVZ)')).toMatchObject({ cond: { k: 'cmp', op: '==' } });
    expect(pap('RE4.compareTo(KVZ) == 2')).toMatchObject({ cond: { k: 'bool', value: false } });
  });

  it('evaluates BigDecimal.valueOf(double + double) with IEEE doubles like Java', () => {
    const p = lowerPap(
      readPapModel(syntheticPap('<METHOD name="M1"><EVAL exec="T = BigDecimal.valueOf(0.0065+0.07)"/></METHOD>')),
    );
    expect(p.methods.get('M1')?.body[0]).toMatchObject({
      value: { k: 'const', value: Rational.parse(String(0.0065 + 0.07)) },
    });
  });

  it('splits method-local scratch fields into independent variables', () => {
    const body = `<METHOD name="M1">
        <EVAL exec="T = RE4.multiply(BigDecimal.valueOf(0.5))"/>
        <EVAL exec="T = T.multiply(T)"/>
        <EVAL exec="BIG = T.setScale(0, BigDecimal.ROUND_DOWN)"/>
      </METHOD>`;
    const { locals } = splitMethodLocals(lowerPap(readPapModel(syntheticPap(body))));
    expect(locals.map((l) => l.name)).toEqual(['T$1', 'T$2']);
  });
});

describe('scales', () => {
  it('lets trailing zeros of a constant factor cancel decimals', () => {
    expect(constantProductScale(2, Rational.of(100n))).toBe(0);
    expect(constantProductScale(2, Rational.parse('0.01'))).toBe(4);
    expect(constantProductScale(0, Rational.parse('1.25'))).toBe(2);
    expect(constantProductScale(3, Rational.parse('-20'))).toBe(2);
  });
});

describe('generated code for a synthetic PAP', () => {
  const xml = SYNTHETIC;
  const generated = generatePap(new TextEncoder().encode(xml), 'LohnsteuerTest.xml', {
    runtimeImport: RUNTIME,
    typesImport: TYPES,
  });

  it('derives id and file name from the PAP name', () => {
    expect(generated.id).toBe('Test');
    expect(versionId('Lohnsteuer2024Dezember')).toBe('2024Dezember');
    expect(
      generatePap(new TextEncoder().encode(xml.replace('LohnsteuerTest', 'Lohnsteuer2024Dezember')), 'x.xml').fileName,
    ).toBe('lohnsteuer-2024-dezember.ts');
  });

  it('falls back to bigint exactly where a value may exceed 2^52, and stays exact', async () => {
    expect(generated.content).toContain('BigInt(');
    expect(generated.content).toMatch(/GENERATED FILE - DO NOT EDIT/);
    const path = join(temp, generated.fileName);
    writeFileSync(path, generated.content);
    const module = (await import(path)) as PapModule<Readonly<Record<string, number>>>;
    const reference = loadReferencePap(xml);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 4 }),
        (re4, kvz, lzz) => {
          const raw = { RE4: re4, KVZ: (kvz / 100).toFixed(2), LZZ: lzz };
          const scaled = module.createInput();
          scaleInputs(module.meta, 'Test', raw, scaled);
          const actual = Object.fromEntries(Object.entries(module.run(scaled)).map(([k, v]) => [k, String(v)]));
          expect(actual).toEqual(reference.run(raw));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('generator errors are explicit', () => {
  const generate = (xml: string): unknown => generatePap(new TextEncoder().encode(xml), 'x.xml');

  it('for an input without a declared domain', () => {
    const xml = SYNTHETIC.replace(
      '<INPUT name="KVZ" type="BigDecimal"/>',
      '<INPUT name="KVZ" type="BigDecimal"/><INPUT name="NEUINPUT" type="int"/>',
    );
    expect(() => generate(xml)).toThrow(/No domain declared for PAP input NEUINPUT.*input-domains\.ts/);
  });

  it('for an unsupported rounding mode', () => {
    const xml = syntheticPap(
      '<METHOD name="M1"><EVAL exec="BIG = RE4.setScale(0, BigDecimal.ROUND_HALF_UP)"/></METHOD>',
    );
    expect(() => generate(xml)).toThrow(/unsupported rounding mode BigDecimal.ROUND_HALF_UP/);
  });

  it('for a table index the analysis cannot bound', () => {
    const xml = syntheticPap('<METHOD name="M1"><EVAL exec="BIG = TAB[LZZ]"/></METHOD>');
    expect(() => generate(xml)).toThrow(/cannot prove that the index of TAB stays within 0..2 \(range \[1, 4\]\)/);
  });

  it('for recursion, unknown methods and undeclared fields', () => {
    expect(() => generate(syntheticPap('<METHOD name="M1"><EXECUTE method="M1"/></METHOD>'))).toThrow(
      /recursive method M1/,
    );
    expect(() => generate(syntheticPap('<METHOD name="M1"><EXECUTE method="M2"/></METHOD>'))).toThrow(
      /unknown method M2/,
    );
    expect(() => generate(syntheticPap('<METHOD name="M1"><EVAL exec="Q = RE4"/></METHOD>'))).toThrow(/undeclared Q/);
  });

  it('for a field whose decimals would grow without bound', () => {
    const xml = syntheticPap(`
      <METHOD name="M1"><EVAL exec="T = T.multiply(BigDecimal.valueOf(0.5))"/><EXECUTE method="M2"/></METHOD>
      <METHOD name="M2"><EVAL exec="BIG = T.setScale(0, BigDecimal.ROUND_DOWN)"/></METHOD>`);
    expect(() => generate(xml)).toThrow(/keep gaining decimals: T/);
  });
});
