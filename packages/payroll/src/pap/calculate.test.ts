import { describe, expect, it } from 'vitest';
import { calculateLohnsteuer, type LohnsteuerDynamicInput } from './calculate.js';
import { PapError, PapInputError, PapVersionNotFoundError } from './errors.js';
import { papVersionMeta } from './registry.js';

const MONTHLY = { LZZ: 2, STKL: 1, RE4: 500_000, KVZ: '2.50', PVZ: 1 } as const;

function inputError(input: LohnsteuerDynamicInput): PapInputError {
  try {
    calculateLohnsteuer(input);
  } catch (error) {
    expect(error).toBeInstanceOf(PapInputError);
    expect(error).toBeInstanceOf(PapError);
    return error as PapInputError;
  }
  throw new Error(`no error for ${JSON.stringify(input)}`);
}

describe('calculateLohnsteuer', () => {
  it('reproduces the BMF interface value for a monthly wage (LZZ 2, KVZ 2.50, PVZ 1)', () => {
    expect(calculateLohnsteuer({ version: '2026', ...MONTHLY }).LSTLZZ).toBe(78583);
  });

  it('selects the same PAP by payment date as by version', () => {
    expect(calculateLohnsteuer({ date: '2026-03-01', ...MONTHLY })).toEqual(
      calculateLohnsteuer({ version: '2026', ...MONTHLY }),
    );
    expect(calculateLohnsteuer({ date: '2024-12-15', ...MONTHLY, KRV: 0 })).toEqual(
      calculateLohnsteuer({ version: '2024Dezember', ...MONTHLY, KRV: 0 }),
    );
  });

  it('returns every output the PAP declares, as integer cents', () => {
    for (const version of ['2024', '2024Dezember', '2025', '2026'] as const) {
      const out = calculateLohnsteuer({ version, ...MONTHLY, KRV: 0 }) as unknown as Record<string, number>;
      expect(Object.keys(out)).toEqual(papVersionMeta(version).outputs);
      for (const value of Object.values(out)) expect(Number.isSafeInteger(value)).toBe(true);
    }
    expect(calculateLohnsteuer({ version: '2025', ...MONTHLY, KRV: 0 })).toHaveProperty('VKVLZZ');
    expect(calculateLohnsteuer({ version: '2026', ...MONTHLY })).not.toHaveProperty('VKVLZZ');
  });

  it('accepts decimals as numbers or strings with the same result', () => {
    const asString = calculateLohnsteuer({ version: '2026', ...MONTHLY, KVZ: '2.90', ZKF: '1.5', STKL: 4, f: '0.875' });
    const asNumber = calculateLohnsteuer({ version: '2026', ...MONTHLY, KVZ: 2.9, ZKF: 1.5, STKL: 4, f: 0.875 });
    expect(asNumber).toEqual(asString);
    expect(calculateLohnsteuer({ version: '2026', ...MONTHLY, KVZ: ' 2.500 ' })).toEqual(
      calculateLohnsteuer({ version: '2026', ...MONTHLY }),
    );
  });

  it('uses the XML defaults for inputs left out', () => {
    // 2026 declares LZZ=1 and STKL=1 as defaults, f=1.0 and af=1.
    expect(calculateLohnsteuer({ version: '2026', RE4: 2_500_000 }).LSTLZZ).toBe(137_600);
    expect(calculateLohnsteuer({ version: '2026', RE4: 2_500_000, LZZ: 1, STKL: 1, f: 1, af: 1, R: 0 }).LSTLZZ).toBe(
      137_600,
    );
  });

  it('requires inputs that have no default and no valid zero (2025: LZZ, STKL)', () => {
    expect(inputError({ version: '2025', RE4: 100 }).message).toMatch(/Input LZZ is required for PAP 2025/);
    expect(inputError({ version: '2025', RE4: 100, LZZ: 1 }).field).toBe('STKL');
  });

  it('rejects unknown input names, also those of another year', () => {
    const error = inputError({ version: '2026', ...MONTHLY, RE5: 1 });
    expect(error.message).toMatch(/Unknown input "RE5" for PAP 2026/);
    expect(error.field).toBe('RE5');
    expect(inputError({ version: '2025', ...MONTHLY, KRV: 0, ALV: 0 }).field).toBe('ALV');
    expect(inputError({ date: '2025-06-01', ...MONTHLY, KRV: 0, PKPVAGZ: 0 }).field).toBe('PKPVAGZ');
  });

  it.each([
    ['STKL', 0, /STKL .*between 1 and 6/],
    ['STKL', 7, /STKL .*between 1 and 6/],
    ['LZZ', 5, /LZZ .*between 1 and 4/],
    ['RE4', -1, /RE4 .*between 0 and 100000000000 cent/],
    ['RE4', 100_000_000_001, /RE4 .*between/],
    ['RE4', 1.5, /RE4 .*whole number of cents/],
    ['RE4', 'abc', /RE4 .*must be a number/],
    ['RE4', '', /RE4 .*must be a number/],
    ['RE4', Number.NaN, /finite/],
    ['RE4', Number.POSITIVE_INFINITY, /finite/],
    ['RE4', true, /must be a number/],
    ['RE4', null, /must be a number/],
    ['RE4', {}, /must be a number/],
    ['KVZ', '2.905', /KVZ .*at most 2 decimal places/],
    ['KVZ', 0.1 + 0.2, /KVZ .*at most 2 decimal places/],
    ['KVZ', 1e-7, /KVZ .*at most 2 decimal places/],
    ['KVZ', 25, /KVZ .*between 0 and 20/],
    ['ZKF', '1.25', /ZKF .*at most 1 decimal places/],
    ['f', 0, /f .*between 0.001 and 1/],
    ['f', 1.5, /f .*between 0.001 and 1/],
    ['PKV', 2, /PKV .*between 0 and 1/],
    ['R', 1.5, /R .*whole number/],
  ])('rejects %s = %s', (name, value, message) => {
    const error = inputError({ version: '2026', ...MONTHLY, [name]: value });
    expect(error.message).toMatch(message);
    expect(error.field).toBe(name);
  });

  it('accepts PKV 2 only where the PAP knows it (2025)', () => {
    expect(calculateLohnsteuer({ version: '2025', ...MONTHLY, KRV: 0, PKV: 2, PKPV: 40_000 }).LSTLZZ).toBeGreaterThan(
      0,
    );
  });

  it('rejects a bad selector with clear messages', () => {
    expect(inputError({ ...MONTHLY }).message).toMatch(/Missing "version" or "date"/);
    expect(inputError({ version: '2027', ...MONTHLY }).message).toMatch(
      /Unknown PAP version "2027"; known versions: 2024, 2024Dezember, 2025, 2026/,
    );
    expect(inputError({ version: '2026', date: '2026-01-01', ...MONTHLY }).message).toMatch(
      /either "version" or "date"/,
    );
    expect(inputError({ date: '1.3.2026', ...MONTHLY }).message).toMatch(/YYYY-MM-DD/);
    expect(() => calculateLohnsteuer({ date: '2023-06-30', ...MONTHLY })).toThrow(PapVersionNotFoundError);
    expect(() => calculateLohnsteuer(null as never)).toThrow(PapInputError);
    expect(() => calculateLohnsteuer([] as never)).toThrow(/must be an object/);
  });

  it('neither mutates the input nor shares result objects', () => {
    const input = { version: '2026', ...MONTHLY } as const;
    const copy = { ...input };
    const first = calculateLohnsteuer(input);
    const second = calculateLohnsteuer(input);
    expect(input).toEqual(copy);
    expect(first).not.toBe(second);
    expect(first).toEqual(second);
  });

  it('is not disturbed by a failing call in between (no state leaks)', () => {
    const before = calculateLohnsteuer({ version: '2026', ...MONTHLY, STKL: 3, ZKF: 2 });
    expect(() => calculateLohnsteuer({ version: '2026', ...MONTHLY, STKL: 9 })).toThrow(PapInputError);
    calculateLohnsteuer({ version: '2026', LZZ: 1, RE4: 99_000_000, STKL: 5, SONSTB: 5_000_000, JRE4: 99_000_000 });
    expect(calculateLohnsteuer({ version: '2026', ...MONTHLY, STKL: 3, ZKF: 2 })).toEqual(before);
  });
});

describe('calculateLohnsteuer types (checked by tsc, run by vitest)', () => {
  it('types a literal version strictly and still admits dynamic inputs', () => {
    // @ts-expect-error ALV is not an input of the 2025 PAP
    expect(() => calculateLohnsteuer({ version: '2025', LZZ: 1, STKL: 1, ALV: 0 })).toThrow(PapInputError);
    // @ts-expect-error STKL is an int input: number only in the static type
    expect(calculateLohnsteuer({ version: '2026', STKL: '1' }).LSTLZZ).toBe(0);
    // @ts-expect-error unknown input name
    expect(() => calculateLohnsteuer({ version: '2026', FOO: 1 })).toThrow(/Unknown input "FOO"/);
    const wide: { readonly version: string; readonly [name: string]: number | string } = {
      version: '2026',
      RE4: 2_500_000,
    };
    expect(calculateLohnsteuer(wide).LSTLZZ).toBe(137_600);
    const parsed = JSON.parse('{"date":"2026-05-01","RE4":2500000}') as LohnsteuerDynamicInput;
    expect(calculateLohnsteuer(parsed).LSTLZZ).toBe(137_600);
  });
});
