/**
 * Differential test: the generated PAP 2025 code against the independent decimal.js
 * interpreter of the same XML, on seeded random inputs covering every input.
 * Reproduce a failure with PAP_DIFF_SEED=<seed>; scale with PAP_DIFF_COUNT.
 */
import { describe, expect, it } from 'vitest';
import { countFromEnv, describeMismatches, runDifferential, seedFromEnv } from './test-support/differential.js';

const VERSION = '2025';
const COUNT = countFromEnv(100_000);

describe(`PAP ${VERSION}: generated code vs reference interpreter`, () => {
  it(`agrees on ${COUNT} random inputs`, () => {
    const result = runDifferential(VERSION, COUNT, seedFromEnv(20250101));
    expect(result.mismatches, describeMismatches(VERSION, result)).toEqual([]);
    // The random inputs must actually reach the interesting paths.
    const { coverage } = result;
    for (const key of ['STKL1', 'STKL2', 'STKL3', 'STKL4', 'STKL5', 'STKL6', 'LZZ1', 'LZZ2', 'LZZ3', 'LZZ4']) {
      expect(coverage[key] ?? 0, key).toBeGreaterThan(COUNT / 20);
    }
    for (const key of ['LSTLZZ>0', 'SOLZLZZ>0', 'STS>0', 'SOLZS>0', 'BK>0', 'VBEZ>0', 'ALTER1', 'PKV>0', 'MBV>0']) {
      expect(coverage[key] ?? 0, key).toBeGreaterThan(COUNT / 100);
    }
  }, 180_000);
});
