/**
 * Differential check of the generated PAP code against the reference interpreter on
 * seeded random inputs. Used by the differential-*.test.ts files.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calculateLohnsteuer } from '../calculate.js';
import type { PapVersionId } from '../generated/index.js';
import { papVersionMeta } from '../registry.js';
import { createRng, domainInput, randomPapInput } from './random-inputs.js';
import { loadReferencePap, type ReferencePap } from './reference-interpreter.js';

/** Directory of the PAP XML files. */
export const PAP_XML_DIR = fileURLToPath(new URL('../../../pap-xml/', import.meta.url));

/** Loads the reference interpreter for a registered version from its XML file. */
export function referenceFor(version: PapVersionId): ReferencePap {
  return loadReferencePap(readFileSync(`${PAP_XML_DIR}${papVersionMeta(version).xmlFile}`, 'utf8'));
}

/** A disagreement between engine and reference. */
export interface Mismatch {
  readonly index: number;
  readonly input: Record<string, number | string>;
  readonly engine: Record<string, string>;
  readonly reference: Record<string, string>;
}

/** Result of a differential run. */
export interface DifferentialResult {
  readonly seed: number;
  readonly count: number;
  readonly mismatches: readonly Mismatch[];
  /** How often each interesting path was hit, to show the random inputs reach it. */
  readonly coverage: Readonly<Record<string, number>>;
}

function outcome(run: () => Record<string, unknown>): Record<string, string> {
  try {
    const out = run();
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, String(v)]));
  } catch (error) {
    return { error: error instanceof Error ? error.constructor.name : 'unknown' };
  }
}

function sameOutcome(a: Record<string, string>, b: Record<string, string>): boolean {
  // Both failing counts as agreement (Java would throw ArithmeticException in both).
  if ('error' in a || 'error' in b) return 'error' in a && 'error' in b;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

function countCoverage(
  coverage: Record<string, number>,
  input: Record<string, number | string>,
  out: Record<string, string>,
): void {
  const bump = (key: string): void => {
    coverage[key] = (coverage[key] ?? 0) + 1;
  };
  bump(`STKL${String(input['STKL'])}`);
  bump(`LZZ${String(input['LZZ'])}`);
  if (Number(out['LSTLZZ'] ?? 0) > 0) bump('LSTLZZ>0');
  if (Number(out['SOLZLZZ'] ?? 0) > 0) bump('SOLZLZZ>0');
  if (Number(out['STS'] ?? 0) > 0) bump('STS>0');
  if (Number(out['SOLZS'] ?? 0) > 0) bump('SOLZS>0');
  if (Number(out['BK'] ?? 0) > 0) bump('BK>0');
  if (Number(input['VBEZ'] ?? 0) > 0) bump('VBEZ>0');
  if (Number(input['ALTER1'] ?? 0) === 1) bump('ALTER1');
  if (Number(input['PKV'] ?? 0) > 0) bump('PKV>0');
  if (Number(input['MBV'] ?? 0) > 0) bump('MBV>0');
  if ('error' in out) bump('error');
}

/**
 * Runs `count` random inputs through calculateLohnsteuer and the reference interpreter.
 * Stops collecting after `maxMismatches` disagreements.
 */
export function runDifferential(
  version: PapVersionId,
  count: number,
  seed: number,
  maxMismatches = 5,
): DifferentialResult {
  const reference = referenceFor(version);
  const specs = papVersionMeta(version).inputs;
  const names = new Set(specs.map((s) => s.name));
  const rng = createRng(seed);
  const mismatches: Mismatch[] = [];
  const coverage: Record<string, number> = {};
  for (let index = 0; index < count && mismatches.length < maxMismatches; index++) {
    // Every 20th case ignores realism and draws from the whole domain of every input.
    const input = index % 20 === 19 ? domainInput(rng, specs) : randomPapInput(rng, names);
    const engine = outcome(() => calculateLohnsteuer({ version, ...input }) as unknown as Record<string, unknown>);
    const expected = outcome(() => reference.run(input));
    countCoverage(coverage, input, expected);
    if (!sameOutcome(engine, expected)) mismatches.push({ index, input, engine, reference: expected });
  }
  return { seed, count, mismatches, coverage };
}

/** Human-readable report of mismatches, with everything needed to reproduce them. */
export function describeMismatches(version: PapVersionId, result: DifferentialResult): string {
  const lines = [
    `PAP ${version}: ${result.mismatches.length} mismatch(es); seed ${result.seed} (set PAP_DIFF_SEED to reproduce)`,
  ];
  for (const m of result.mismatches) {
    lines.push(`#${m.index} input ${JSON.stringify({ version, ...m.input })}`);
    const keys = Object.keys(m.reference).filter((k) => m.engine[k] !== m.reference[k]);
    for (const k of keys.length > 0 ? keys : Object.keys(m.engine)) {
      lines.push(`   ${k}: engine ${m.engine[k] ?? '-'} reference ${m.reference[k] ?? '-'}`);
    }
  }
  return lines.join('\n');
}

/** Seed from PAP_DIFF_SEED, else the given default. */
export function seedFromEnv(defaultSeed: number): number {
  const text = process.env['PAP_DIFF_SEED'];
  return text !== undefined && text !== '' ? Number(text) >>> 0 : defaultSeed;
}

/** Number of cases from PAP_DIFF_COUNT, else the given default. */
export function countFromEnv(defaultCount: number): number {
  const text = process.env['PAP_DIFF_COUNT'];
  return text !== undefined && text !== '' ? Number(text) : defaultCount;
}
