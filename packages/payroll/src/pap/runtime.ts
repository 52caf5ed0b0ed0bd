/**
 * Arithmetic helpers for the generated PAP code.
 *
 * Generated code keeps every BigDecimal as a scaled integer (value x 10^scale). Where the
 * generator proved all magnitudes stay within 2^52 it uses JS numbers: integer +, -, * are
 * then exact, and the divisions below are exact too (see {@link truncDiv}). Elsewhere the
 * same operations run on bigint.
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

/**
 * Exact trunc(n / d) for integers |n|, |d| <= 2^52, d != 0, without the slow float `%`.
 * The float quotient is within one ulp of n/d, so its truncation is off by at most one, and
 * only by overshooting; q * d and n - q * d stay below 2^53 and are exact, so the sign of
 * the remainder detects and fixes the overshoot.
 */
function truncDiv(n: number, d: number): number {
  const q = Math.trunc(n / d) + 0; // + 0 turns -0 (from e.g. 0 / -1) into 0
  const r = n - q * d;
  if (r === 0 || r > 0 === n > 0) return q;
  return n > 0 === d > 0 ? q - 1 : q + 1;
}

/** n / d rounded toward zero (BigDecimal.ROUND_DOWN); integers with |n|, |d| <= 2^52. */
export function divDown(n: number, d: number): number {
  if (d === 0) divisionByZero();
  return truncDiv(n, d);
}

/** n / d rounded away from zero (BigDecimal.ROUND_UP); integers with |n|, |d| <= 2^52. */
export function divUp(n: number, d: number): number {
  if (d === 0) divisionByZero();
  const q = truncDiv(n, d);
  if (q * d === n) return q;
  return n > 0 === d > 0 ? q + 1 : q - 1;
}

/** n / d that must be exact (BigDecimal.divide without rounding); throws like Java otherwise. */
export function divExact(n: number, d: number): number {
  if (d === 0) divisionByZero();
  const q = truncDiv(n, d);
  if (q * d !== n) nonTerminating();
  return q;
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
