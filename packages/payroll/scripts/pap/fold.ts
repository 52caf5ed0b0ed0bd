/** Exact constant folding of IR expressions (BigDecimal and int). */
import type { DecExpr, IntExpr } from './ir.js';
import { Rational } from './rational.js';

/** Folds operations whose operands are all constants (exactly, as BigDecimal would). */
export function fold(expr: DecExpr): DecExpr {
  const c = (e: DecExpr): Rational | undefined => (e.k === 'const' ? e.value : undefined);
  switch (expr.k) {
    case 'fromInt':
      return expr.operand.k === 'int' ? { k: 'const', value: Rational.of(BigInt(expr.operand.value)) } : expr;
    case 'add':
    case 'sub':
    case 'mul': {
      const a = c(expr.a);
      const b = c(expr.b);
      if (!a || !b) return expr;
      const value = expr.k === 'add' ? a.add(b) : expr.k === 'sub' ? a.sub(b) : a.mul(b);
      return { k: 'const', value };
    }
    case 'neg': {
      const a = c(expr.a);
      return a ? { k: 'const', value: a.neg() } : expr;
    }
    case 'div': {
      const a = c(expr.a);
      const b = c(expr.b);
      // Dividing by 2^i * 5^j / 10^k always terminates and equals multiplying by the
      // (finite decimal) reciprocal, e.g. x.divide(ZAHL100) == x * 0.01: no division needed.
      if (!a && b && onlyTwosAndFives(b))
        return { k: 'mul', a: expr.a, b: { k: 'const', value: Rational.of(1n).div(b) } };
      if (!a || !b || b.isZero()) return expr;
      const value = a.div(b);
      // A non-terminating constant quotient would throw in Java; leave it to run time.
      return value.decimalPlaces() === undefined ? expr : { k: 'const', value };
    }
    case 'divRound': {
      const a = c(expr.a);
      const b = c(expr.b);
      // Same idea: x.divide(ZAHL100, 2, mode) == (x * 0.01).setScale(2, mode).
      if (!a && b && onlyTwosAndFives(b)) {
        const product: DecExpr = { k: 'mul', a: expr.a, b: { k: 'const', value: Rational.of(1n).div(b) } };
        return { k: 'round', a: product, scale: expr.scale, mode: expr.mode };
      }
      if (!a || !b || b.isZero()) return expr;
      return { k: 'const', value: a.div(b).round(expr.scale, expr.mode) };
    }
    case 'round': {
      const a = c(expr.a);
      return a ? { k: 'const', value: a.round(expr.scale, expr.mode) } : expr;
    }
    default:
      return expr;
  }
}

/** True if every exact division by this (non-zero) constant terminates. */
function onlyTwosAndFives(value: Rational): boolean {
  if (value.isZero()) return false;
  let n = value.n < 0n ? -value.n : value.n;
  while (n % 2n === 0n) n /= 2n;
  while (n % 5n === 0n) n /= 5n;
  return n === 1n;
}

export function foldInt(expr: IntExpr): IntExpr {
  if (expr.k === 'ineg' && expr.a.k === 'int') return { k: 'int', value: -expr.a.value };
  if (expr.k === 'ibin' && expr.a.k === 'int' && expr.b.k === 'int') {
    const a = expr.a.value;
    const b = expr.b.value;
    return { k: 'int', value: expr.op === '+' ? a + b : expr.op === '-' ? a - b : a * b };
  }
  return expr;
}
