/**
 * Golden vectors: official BMF values and derived regression vectors (see
 * packages/payroll/test-data/README.md for sources and trust levels). Every listed
 * output must match exactly, for the generated engine and for the reference interpreter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateLohnsteuer } from './calculate.js';
import type { PapVersionId } from './generated/index.js';
import { referenceFor } from './test-support/differential.js';

interface Vector {
  readonly year?: number;
  readonly profile?: string;
  readonly source?: string;
  readonly inputs: Readonly<Record<string, number | string>>;
  readonly expected: Readonly<Record<string, number>>;
}

function load(file: string): Vector[] {
  return JSON.parse(readFileSync(new URL(`../../test-data/${file}`, import.meta.url), 'utf8')) as Vector[];
}

function versionOf(vector: Vector, fallback: PapVersionId): PapVersionId {
  return vector.year === undefined ? fallback : (String(vector.year) as PapVersionId);
}

/** The outputs of `actual` named in `expected`, for a readable toEqual diff. */
function selected(
  actual: Readonly<Record<string, unknown>>,
  expected: Readonly<Record<string, number>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.keys(expected).map((k) => [k, actual[k]]));
}

const SETS = [
  { file: 'bmf-api-2026-fixtures.json', fallback: '2026', minimum: 207 },
  { file: 'bmf-individual-vectors.json', fallback: '2026', minimum: 11 },
  { file: 'derived-pap-2025.json', fallback: '2025', minimum: 1272 },
  { file: 'derived-pap-2026.json', fallback: '2026', minimum: 1271 },
] as const;

describe.each(SETS)('golden vectors $file', ({ file, fallback, minimum }) => {
  const vectors = load(file);

  it(`has all ${minimum} vectors`, () => {
    expect(vectors.length).toBe(minimum);
  });

  it('engine reproduces every expected output exactly', () => {
    const failures: string[] = [];
    for (const [i, vector] of vectors.entries()) {
      const version = versionOf(vector, fallback);
      const actual = calculateLohnsteuer({ version, ...vector.inputs } as never) as unknown as Record<string, unknown>;
      if (JSON.stringify(selected(actual, vector.expected)) !== JSON.stringify(vector.expected)) {
        failures.push(
          `#${i} ${version} ${JSON.stringify(vector.inputs)} -> ${JSON.stringify(selected(actual, vector.expected))}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('engine returns exactly the outputs the PAP declares, as integers', () => {
    for (const vector of vectors.slice(0, 50)) {
      const actual = calculateLohnsteuer({
        version: versionOf(vector, fallback),
        ...vector.inputs,
      } as never) as unknown as Record<string, number>;
      for (const key of Object.keys(vector.expected)) expect(Number.isInteger(actual[key]), key).toBe(true);
      if (Object.keys(vector.expected).length >= 12)
        expect(Object.keys(actual).sort()).toEqual(Object.keys(vector.expected).sort());
    }
  });

  it('reference interpreter reproduces them too (it is a valid oracle)', () => {
    const references = new Map<PapVersionId, ReturnType<typeof referenceFor>>();
    for (const vector of vectors) {
      const version = versionOf(vector, fallback);
      let reference = references.get(version);
      if (!reference) {
        reference = referenceFor(version);
        references.set(version, reference);
      }
      const actual = reference.run(vector.inputs);
      const expected = Object.fromEntries(Object.entries(vector.expected).map(([k, v]) => [k, String(v)]));
      expect(selected(actual, vector.expected), JSON.stringify(vector.inputs)).toEqual(expected);
    }
  });
});
