import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PapArithmeticError } from './errors.js';
import { bigDivDown, bigDivExact, bigDivUp, divDown, divExact, divUp } from './runtime.js';

const LIMIT = 2n ** 52n;
const safe = fc.bigInt({ min: -LIMIT, max: LIMIT });
const divisor = fc
  .oneof(
    fc.constantFrom(1n, 2n, 7n, 10n, 12n, 100n, 360n, 700n, 1000n, 10n ** 13n, 10n ** 14n),
    fc.bigInt({ min: 1n, max: LIMIT }),
  )
  .chain((d) => fc.constantFrom(d, -d));

/** Java BigDecimal rounding of n/d, computed with bigint. */
function javaDiv(n: bigint, d: bigint, mode: 'DOWN' | 'UP'): bigint {
  const q = n / d;
  if (mode === 'DOWN' || q * d === n) return q;
  return n < 0n === d < 0n ? q + 1n : q - 1n;
}

describe('runtime division helpers', () => {
  it('divDown / divUp on numbers equal exact bigint rounding for all |n|, |d| <= 2^52', () => {
    fc.assert(
      fc.property(safe, divisor, (n, d) => {
        expect(divDown(Number(n), Number(d))).toBe(Number(javaDiv(n, d, 'DOWN')));
        expect(divUp(Number(n), Number(d))).toBe(Number(javaDiv(n, d, 'UP')));
      }),
      { numRuns: 20_000 },
    );
  });

  it('handles quotients just below an integer, where the float quotient rounds up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 20n }), fc.bigInt({ min: 2n, max: 2n ** 32n }), (q, d) => {
        // A plain predicate (fast-check shrinks and reports the failing pair): 200,000 expect calls
        // would cost seconds on their own.
        return [q * d - 1n, q * d, q * d + 1n, -(q * d - 1n), -(q * d + 1n)]
          .filter((n) => n <= LIMIT && n >= -LIMIT)
          .every(
            (n) =>
              Object.is(divDown(Number(n), Number(d)), Number(javaDiv(n, d, 'DOWN'))) &&
              Object.is(divUp(Number(n), Number(d)), Number(javaDiv(n, d, 'UP'))),
          );
      }),
      { numRuns: 20_000 },
    );
  });

  it('divExact returns exact quotients and throws like BigDecimal otherwise', () => {
    expect(divExact(300_000, 12)).toBe(25_000);
    expect(divExact(-120, 12)).toBe(-10);
    expect(() => divExact(100, 12)).toThrow(PapArithmeticError);
    expect(() => divExact(100, 12)).toThrow(/Non-terminating decimal expansion/);
    expect(bigDivExact(300_000n, 12n)).toBe(25_000n);
    expect(() => bigDivExact(100n, 12n)).toThrow(PapArithmeticError);
  });

  it('throws on division by zero', () => {
    for (const fn of [
      () => divDown(1, 0),
      () => divUp(1, 0),
      () => divExact(1, 0),
      () => bigDivDown(1n, 0n),
      () => bigDivUp(1n, 0n),
      () => bigDivExact(1n, 0n),
    ]) {
      expect(fn).toThrow(/Division by zero/);
    }
  });

  it('bigint variants round like BigDecimal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), divisor, (n, d) => {
        expect(bigDivDown(n, d)).toBe(javaDiv(n, d, 'DOWN'));
        expect(bigDivUp(n, d)).toBe(javaDiv(n, d, 'UP'));
      }),
      { numRuns: 5000 },
    );
  });
});
