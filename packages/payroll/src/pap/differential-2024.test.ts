/**
 * Differential test for the two 2024 PAPs (January-November and December), on fewer
 * random inputs than the current years. See differential-2026.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { countFromEnv, describeMismatches, runDifferential, seedFromEnv } from './test-support/differential.js';

const COUNT = Math.ceil(countFromEnv(100_000) / 4);

describe.each(['2024', '2024Dezember'] as const)('PAP %s: generated code vs reference interpreter', (version) => {
  it(`agrees on ${COUNT} random inputs`, () => {
    const result = runDifferential(version, COUNT, seedFromEnv(20240101));
    expect(result.mismatches, describeMismatches(version, result)).toEqual([]);
    expect(result.coverage['STS>0'] ?? 0).toBeGreaterThan(COUNT / 100);
  }, 180_000);
});
