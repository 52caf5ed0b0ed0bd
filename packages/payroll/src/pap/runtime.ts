/**
 * Arithmetic helpers for the generated PAP code.
 *
 * Generated code keeps every BigDecimal as a scaled integer (value x 10^scale). Where the
 * generator proved all magnitudes stay below 2^53 it uses JS numbers; there integer
 * +, -, * are exact, and the helpers below implement the divisions exactly: `n % d` is
 * exact for integers in a double, so `n - n % d` is an exact multiple of d and the final
 * division is exact too. Elsewhere the same helpers exist for bigint.
 *
 * Rounding follows java.math.BigDecimal: ROUND_DOWN truncates toward zero, ROUND_UP
 * rounds away from zero.
 */
import { PapArithmeticError } from './errors.js';

function divisionByZero(): never {
  throw new PapArithmeticError('Division by zero');
}

function nonTerminating(): never {
  throw new PapArithmeticError('Non-terminating decimal expansion; no exact representable decimal result.');
}

/** n / d rounded toward zero (BigDecimal.ROUND_DOWN); n, d safe integers. */
export function divDown(n: number, d: number): number {
  if (d === 0) divisionByZero();
  return (n - (n % d)) / d;
}

/** n / d rounded away from zero (BigDecimal.ROUND_UP); n, d safe integers. */
export function divUp(n: number, d: number): number {
  if (d === 0) divisionByZero();
  const r = n % d;
  const q = (n - r) / d;
  if (r === 0) return q;
  return r > 0 === d > 0 ? q + 1 : q - 1;
}

/** n / d that must be exact (BigDecimal.divide without rounding); throws like Java otherwise. */
export function divExact(n: number, d: number): number {
  if (d === 0) divisionByZero();
  if (n % d !== 0) nonTerminating();
  return n / d;
}

/** bigint variant of {@link divDown}. */
export function bigDivDown(n: bigint, d: bigint): bigint {
  if (d === 0n) divisionByZero();
  return n / d;
}

/** bigint variant of {@link divUp}. */
export function bigDivUp(n: bigint, d: bigint): bigint {
  if (d === 0n) divisionByZero();
  const q = n / d;
  if (q * d === n) return q;
  return n < 0n === d < 0n ? q + 1n : q - 1n;
}

/** bigint variant of {@link divExact}. */
export function bigDivExact(n: bigint, d: bigint): bigint {
  if (d === 0n) divisionByZero();
  if (n % d !== 0n) nonTerminating();
  return n / d;
}
