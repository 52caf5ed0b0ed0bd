/**
 * Validates the generator itself on older PAPs: code generated from the BMF XML of
 * 2016-2023 (into a temporary directory, not the shipped registry) must reproduce the
 * official BMF Prüftabellen (annual wage tax in whole euro) and agree with the reference
 * interpreter on random inputs. None of this code is hand-tuned for those years.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePap } from '../../scripts/pap/generate.js';
import { scaleInputs } from './inputs.js';
import { createRng, randomPapInput } from './test-support/random-inputs.js';
import { loadReferencePap, type ReferencePap } from './test-support/reference-interpreter.js';
import type { PapModule } from './types.js';

const DATA = fileURLToPath(new URL('../../test-data/official-prueftabellen-2016-2023/', import.meta.url));
const XML_DIR = join(DATA, 'xml');
const RUNTIME = fileURLToPath(new URL('./runtime.ts', import.meta.url));
const TYPES = fileURLToPath(new URL('./types.ts', import.meta.url));

/** KVZ of the "general" tables per year, as documented with the tables. */
const KVZ: Readonly<Record<string, string>> = {
  '2016': '1.1',
  '2017': '1.1',
  '2018': '1.0',
  '2019': '0.9',
  '2020': '1.1',
  '2021': '1.3',
  '2022': '1.3',
  '2023': '1.6',
};
const CLASSES = ['I', 'II', 'III', 'IV', 'V', 'VI'];

type LegacyModule = PapModule<Readonly<Record<string, number>>>;

interface Table {
  readonly file: string;
  readonly year: string;
  readonly kind: 'general' | 'special';
  readonly xml: string;
  readonly rows: readonly (readonly number[])[];
}

function xmlFor(file: string, year: string): string {
  if (file.endsWith('-mai.csv')) return 'Lohnsteuer2022MaiBig.xml';
  if (file.endsWith('-januar.csv')) return 'Lohnsteuer2023JanuarBig.xml';
  return `Lohnsteuer${year}Big.xml`;
}

function readTables(): Table[] {
  return readdirSync(DATA)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((file) => {
      const [year = '', rest = ''] = file.replace('.csv', '').split('_');
      const lines = readFileSync(join(DATA, file), 'utf8').trim().split(/\r?\n/);
      expect(lines[0]?.split(',').slice(1)).toEqual(CLASSES);
      const rows = lines.slice(1).map((line) => line.split(',').map(Number));
      return { file, year, kind: rest.startsWith('general') ? 'general' : 'special', xml: xmlFor(file, year), rows };
    });
}

function inputsFor(table: Table, wage: number, stkl: number): Record<string, number | string> {
  const base = { LZZ: 1, RE4: wage * 100, STKL: stkl };
  if (table.kind === 'special') return { ...base, PKV: 1, KRV: 2, PKPV: 0 };
  return { ...base, KRV: 0, PKV: 0, PVZ: stkl === 2 ? 0 : 1, KVZ: KVZ[table.year] ?? '0' };
}

function calculate(module: LegacyModule, raw: Readonly<Record<string, number | string>>): Record<string, number> {
  const scaled = module.createInput();
  scaleInputs(module.meta, module.meta.papName, raw, scaled);
  return module.run(scaled);
}

const tables = readTables();
const modules = new Map<string, LegacyModule>();
let tempDir = '';

beforeAll(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'pap-legacy-'));
  for (const xml of readdirSync(XML_DIR).filter((f) => f.endsWith('.xml'))) {
    const generated = generatePap(readFileSync(join(XML_DIR, xml)), xml, {
      runtimeImport: RUNTIME,
      typesImport: TYPES,
    });
    const path = join(tempDir, generated.fileName);
    writeFileSync(path, generated.content);
    modules.set(xml, (await import(path)) as LegacyModule);
  }
}, 60_000);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe('official BMF Prüftabellen 2016-2023 with code generated from the old PAP XML', () => {
  it('covers 20 tables with 4,050 values', () => {
    expect(tables).toHaveLength(20);
    expect(tables.reduce((n, t) => n + t.rows.length * CLASSES.length, 0)).toBe(4050);
  });

  it.each(tables.map((t) => [t.file, t] as const))('%s: every value matches', (_file, table) => {
    const module = modules.get(table.xml);
    if (!module) throw new Error(`no module for ${table.xml}`);
    const failures: string[] = [];
    for (const [wage = 0, ...expected] of table.rows) {
      expected.forEach((euro, column) => {
        const out = calculate(module, inputsFor(table, wage, column + 1));
        if (out['LSTLZZ'] !== euro * 100)
          failures.push(`${wage} ${CLASSES[column] ?? ''}: ${out['LSTLZZ'] ?? '-'} != ${euro * 100}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it('the reference interpreter reproduces the tables as well', () => {
    const references = new Map<string, ReferencePap>();
    for (const table of tables) {
      let reference = references.get(table.xml);
      if (!reference) {
        reference = loadReferencePap(readFileSync(join(XML_DIR, table.xml), 'utf8'));
        references.set(table.xml, reference);
      }
      for (const [wage = 0, ...expected] of table.rows) {
        expected.forEach((euro, column) => {
          expect(reference.run(inputsFor(table, wage, column + 1))['LSTLZZ'], `${table.file} ${wage}`).toBe(
            String(euro * 100),
          );
        });
      }
    }
  });

  it('generated legacy code agrees with the reference interpreter on random inputs', () => {
    const rng = createRng(2016);
    for (const [xml, module] of modules) {
      const reference = loadReferencePap(readFileSync(join(XML_DIR, xml), 'utf8'));
      const names = new Set(module.meta.inputs.map((s) => s.name));
      for (let i = 0; i < 1000; i++) {
        const input = randomPapInput(rng, names);
        const actual = Object.fromEntries(Object.entries(calculate(module, input)).map(([k, v]) => [k, String(v)]));
        expect(actual, `${xml} ${JSON.stringify(input)}`).toEqual(reference.run(input));
      }
    }
  }, 120_000);
});
