/**
 * Property tests (fast-check) of the wage tax engine. They also pin down two facts of the
 * official PAP itself: tax is not monotone at cent resolution (the Vorsorgepauschale is
 * rounded up to whole euros, tax is computed on whole euros), and with pension payments the
 * employee allowance phases in, so more wage can mean less tax there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLohnsteuer } from './calculate.js';
import type { PapVersionId } from './generated/index.js';
import { referenceFor } from './test-support/differential.js';

type Inputs = Record<string, number | string>;
const VERSIONS = ['2025', '2026'] as const;
const PERIODS_PER_YEAR = [1, 12, 360 / 7, 360];

function run(version: PapVersionId, inputs: Inputs): Record<string, number> {
  return calculateLohnsteuer({ version, ...inputs } as never) as unknown as Record<string, number>;
}

/** An employee without pension payments and without other payments. */
function employee(version: PapVersionId, stkl?: number): fc.Arbitrary<Inputs> {
  return fc
    .record({
      STKL: stkl === undefined ? fc.integer({ min: 1, max: 6 }) : fc.constant(stkl),
      LZZ: fc.integer({ min: 1, max: 4 }),
      RE4: fc.integer({ min: 0, max: 30_000_000 }),
      ZKF: fc.integer({ min: 0, max: 60 }).map((tenths) => (tenths / 10).toFixed(1)),
      R: fc.constantFrom(0, 1),
      KVZ: fc.integer({ min: 0, max: 400 }).map((cents) => (cents / 100).toFixed(2)),
      PVZ: fc.constantFrom(0, 1),
      PVS: fc.constantFrom(0, 1),
      PVA: fc.integer({ min: 0, max: 4 }),
      PKV: fc.constantFrom(0, 0, 1),
      PKPV: fc.integer({ min: 0, max: 150_000 }),
      KRV: fc.constantFrom(0, 1),
      ALTER1: fc.constantFrom(0, 0, 0, 1),
      AJAHR: fc.integer({ min: 2000, max: 2060 }),
      LZZFREIB: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
      LZZHINZU: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })),
      ...(version === '2026' ? { ALV: fc.constantFrom(0, 1), PKPVAGZ: fc.integer({ min: 0, max: 60_000 }) } : {}),
    })
    .map((inputs) => inputs as Inputs);
}

/** Any input including pensions and other payments. */
function anyInput(version: PapVersionId): fc.Arbitrary<Inputs> {
  return fc
    .tuple(
      employee(version),
      fc.record(
        {
          VBEZ: fc.integer({ min: 0, max: 5_000_000 }),
          VJAHR: fc.integer({ min: 2000, max: 2070 }),
          VBEZM: fc.integer({ min: 0, max: 500_000 }),
          ZMVB: fc.integer({ min: 0, max: 12 }),
          SONSTB: fc.integer({ min: 0, max: 20_000_000 }),
          JRE4: fc.integer({ min: 0, max: 50_000_000 }),
          STERBE: fc.integer({ min: 0, max: 1_000_000 }),
          MBV: fc.integer({ min: 0, max: 1_000_000 }),
          JFREIB: fc.integer({ min: 0, max: 1_000_000 }),
          f: fc.integer({ min: 1, max: 1000 }).map((m) => (m / 1000).toFixed(3)),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([base, extra]) => ({ ...base, ...extra }));
}

/** RE4 step worth `euroPerYear` in the pay period of the inputs. */
function step(inputs: Inputs, euroPerYear: number): number {
  return Math.ceil((euroPerYear * 100) / (PERIODS_PER_YEAR[Number(inputs['LZZ']) - 1] ?? 1));
}

describe.each(VERSIONS)('PAP %s properties', (version) => {
  it.each([1, 2, 3, 4, 5, 6])('STKL %i: more wage (>= 10 euro a year more) never means less wage tax', (stkl) => {
    fc.assert(
      fc.property(employee(version, stkl), fc.integer({ min: 10, max: 100_000 }), (inputs, euro) => {
        const more = { ...inputs, RE4: Number(inputs['RE4']) + step(inputs, euro) };
        expect(run(version, more)['LSTLZZ']).toBeGreaterThanOrEqual(run(version, inputs)['LSTLZZ'] ?? 0);
      }),
      { numRuns: 20000000 },
    );
  });

  it('any raise, even one cent, lowers the wage tax by at most the PAP euro rounding (2 euro a year)', () => {
    fc.assert(
      fc.property(employee(version), fc.integer({ min: 1, max: 1000 }), (inputs, cents) => {
        const tolerance = Math.ceil(200 / (PERIODS_PER_YEAR[Number(inputs['LZZ']) - 1] ?? 1));
        const more = { ...inputs, RE4: Number(inputs['RE4']) + cents };
        expect(run(version, more)['LSTLZZ']).toBeGreaterThanOrEqual((run(version, inputs)['LSTLZZ'] ?? 0) - tolerance);
      }),
      { numRuns: 2000000 },
    );
  });

  // Without multi-year pay (MBV): the PAP (STSMIN) books a negative tax on other payments with
  // MBV against the current period's tax, and the factor scales that credit down as well, so
  // with MBV the period's tax with factor can legally be a cent higher than without.
  it('STKL IV with factor never costs more than STKL IV without factor (no multi-year pay)', () => {
    fc.assert(
      fc.property(anyInput(version), fc.integer({ min: 1, max: 1000 }), (anyInputs, permille) => {
        const inputs = { ...anyInputs, MBV: 0 };
        const without = run(version, { ...inputs, STKL: 4, af: 0 });
        const withFactor = run(version, { ...inputs, STKL: 4, af: 1, f: (permille / 1000).toFixed(3) });
        for (const key of ['LSTLZZ', 'SOLZLZZ', 'BK', 'STS', 'SOLZS', 'BKS']) {
          expect(withFactor[key], key).toBeLessThanOrEqual(without[key] ?? 0);
        }
      }),
      { numRuns: 20000000 },
    );
  });

  it('outputs are non-negative integers (solidarity surcharge never negative)', () => {
    fc.assert(
      fc.property(anyInput(version), (inputs) => {
        const out = run(version, inputs);
        for (const [key, value] of Object.entries(out))
          expect(Number.isSafeInteger(value) && value >= 0, `${key}=${value}`).toBe(true);
      }),
      { numRuns: 300000 },
    );
  });

  it('no church membership means no church tax base; no other payments mean no tax on them', () => {
    fc.assert(
      fc.property(anyInput(version), (inputs) => {
        const noChurch = run(version, { ...inputs, R: 0 });
        expect([noChurch['BK'], noChurch['BKS']]).toEqual([0, 0]);
        const noOther = run(version, { ...inputs, SONSTB: 0, MBV: 0 });
        expect([noOther['STS'], noOther['SOLZS'], noOther['BKS']]).toEqual([0, 0, 0]);
      }),
      { numRuns: 20000 },
    );
  });

  it('agrees with the reference interpreter (with shrinking to a minimal counterexample)', () => {
    const reference = referenceFor(version);
    fc.assert(
      fc.property(anyInput(version), (inputs) => {
        const actual = Object.fromEntries(Object.entries(run(version, inputs)).map(([k, v]) => [k, String(v)]));
        expect(actual).toEqual(reference.run(inputs));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('facts of the official PAP (pinned, verified against the reference interpreter)', () => {
  it('a few cents more can cost up to 2 euro less annual tax (whole-euro rounding of the Vorsorgepauschale)', () => {
    const inputs = { LZZ: 1, STKL: 3, ZKF: 0, PKV: 0, KVZ: '2.90', PVZ: 1, R: 1, RE4: 4_788_591 };
    const base = run('2026', inputs)['LSTLZZ'] ?? 0;
    const more = run('2026', { ...inputs, RE4: inputs.RE4 + 1 })['LSTLZZ'] ?? 0;
    expect(base - more).toBe(200);
    expect(referenceFor('2026').run({ ...inputs, RE4: inputs.RE4 + 1 })['LSTLZZ']).toBe(String(more));
  });

  it('with pension payments the employee allowance phases in, so a higher wage can lower the tax', () => {
    const inputs = {
      LZZ: 1,
      STKL: 5,
      R: 0,
      ZKF: 3,
      KVZ: '5.72',
      PVS: 1,
      PVZ: 1,
      VBEZ: 3_022_460,
      VJAHR: 2018,
      VBEZM: 6,
      ZMVB: 4,
      RE4: 3_091_211,
    };
    const taxes = [0, 10_000, 50_000].map((extra) => run('2026', { ...inputs, RE4: inputs.RE4 + extra })['LSTLZZ']);
    expect(taxes).toEqual([583_000, 582_100, 578_400]);
  });

  it('the factor also scales the credit for multi-year pay (MBV), so the period tax can be higher with factor', () => {
    const inputs = { STKL: 4, LZZ: 3, RE4: 0, VBEZ: 34_594, VJAHR: 2000, LZZHINZU: 34_594, JRE4: 1_706_800, MBV: 69_502 };
    const without = run('2026', { ...inputs, af: 0 });
    const withFactor = run('2026', { ...inputs, af: 1, f: '0.001' });
    expect(withFactor['LSTLZZ']).toBeGreaterThan(without['LSTLZZ'] ?? 0);
    expect(referenceFor('2026').run({ ...inputs, af: 1, f: '0.001' })['LSTLZZ']).toBe(String(withFactor['LSTLZZ']));
  });
});
