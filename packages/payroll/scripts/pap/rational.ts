/**
 * Exact rationals and closed intervals over them, used by the generator's range analysis.
 * Only the generator uses these; the generated code works on scaled integers.
 */

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** An exact rational number n/d with d > 0, always reduced. */
export class Rational {
  private constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}

  static of(n: bigint, d = 1n): Rational {
    if (d === 0n) throw new Error('Rational with zero denominator');
    const sign = d < 0n ? -1n : 1n;
    const g = gcd(n, d) || 1n;
    return new Rational((sign * n) / g, (sign * d) / g);
  }

  /** Parses a plain decimal literal such as "-12.340". */
  static parse(text: string): Rational {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) throw new Error(`not a decimal literal: ${text}`);
    const fraction = match[3] ?? '';
    const n = BigInt((match[2] ?? '') + fraction) * (match[1] === '-' ? -1n : 1n);
    return Rational.of(n, 10n ** BigInt(fraction.length));
  }

  static readonly ZERO = Rational.of(0n);

  add(o: Rational): Rational {
    return Rational.of(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o: Rational): Rational {
    return Rational.of(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o: Rational): Rational {
    return Rational.of(this.n * o.n, this.d * o.d);
  }
  div(o: Rational): Rational {
    return Rational.of(this.n * o.d, this.d * o.n);
  }
  neg(): Rational {
    return Rational.of(-this.n, this.d);
  }
  cmp(o: Rational): number {
    const diff = this.n * o.d - o.n * this.d;
    return diff < 0n ? -1 : diff > 0n ? 1 : 0;
  }
  isZero(): boolean {
    return this.n === 0n;
  }
  isInteger(): boolean {
    return this.d === 1n;
  }
  abs(): Rational {
    return this.n < 0n ? this.neg() : this;
  }
  /** Value times 10^scale, which must be an integer. */
  scaled(scale: number): bigint {
    const value = this.n * 10n ** BigInt(scale);
    if (value % this.d !== 0n) throw new Error(`${this.toString()} has more than ${scale} decimal places`);
    return value / this.d;
  }
  /** floor(value * 10^scale). */
  floorScaled(scale: number): bigint {
    const numerator = this.n * 10n ** BigInt(scale);
    const q = numerator / this.d;
    return q * this.d > numerator ? q - 1n : q;
  }
  /** ceil(value * 10^scale). */
  ceilScaled(scale: number): bigint {
    const numerator = this.n * 10n ** BigInt(scale);
    const q = numerator / this.d;
    return q * this.d < numerator ? q + 1n : q;
  }
  /** Smallest scale s such that value * 10^s is an integer, or undefined if none exists. */
  decimalPlaces(): number | undefined {
    let d = this.d;
    let twos = 0;
    let fives = 0;
    while (d % 2n === 0n) {
      d /= 2n;
      twos++;
    }
    while (d % 5n === 0n) {
      d /= 5n;
      fives++;
    }
    return d === 1n ? Math.max(twos, fives) : undefined;
  }
  /** Rounds to `scale` decimal places toward zero (DOWN) or away from zero (UP). */
  round(scale: number, mode: 'DOWN' | 'UP'): Rational {
    const factor = 10n ** BigInt(scale);
    const numerator = this.n * factor;
    let q = numerator / this.d; // truncates toward zero
    if (mode === 'UP' && q * this.d !== numerator) q += numerator < 0n ? -1n : 1n;
    return Rational.of(q, factor);
  }
  toString(): string {
    return this.d === 1n ? this.n.toString() : `${this.n}/${this.d}`;
  }
  static min(a: Rational, b: Rational): Rational {
    return a.cmp(b) <= 0 ? a : b;
  }
  static max(a: Rational, b: Rational): Rational {
    return a.cmp(b) >= 0 ? a : b;
  }
}

/** A closed interval [lo, hi] of rationals; used for value-range analysis. */
export class Interval {
  constructor(
    readonly lo: Rational,
    readonly hi: Rational,
  ) {
    if (lo.cmp(hi) > 0) throw new Error(`empty interval [${lo}, ${hi}]`);
  }

  static point(value: Rational): Interval {
    return new Interval(value, value);
  }

  static of(lo: Rational, hi: Rational): Interval | undefined {
    return lo.cmp(hi) > 0 ? undefined : new Interval(lo, hi);
  }

  union(o: Interval): Interval {
    return new Interval(Rational.min(this.lo, o.lo), Rational.max(this.hi, o.hi));
  }
  add(o: Interval): Interval {
    return new Interval(this.lo.add(o.lo), this.hi.add(o.hi));
  }
  sub(o: Interval): Interval {
    return new Interval(this.lo.sub(o.hi), this.hi.sub(o.lo));
  }
  neg(): Interval {
    return new Interval(this.hi.neg(), this.lo.neg());
  }
  mul(o: Interval): Interval {
    const products = [this.lo.mul(o.lo), this.lo.mul(o.hi), this.hi.mul(o.lo), this.hi.mul(o.hi)];
    return new Interval(products.reduce(Rational.min), products.reduce(Rational.max));
  }
  /** Interval of this / o; undefined when o contains zero (unbounded result). */
  div(o: Interval): Interval | undefined {
    if (o.lo.cmp(Rational.ZERO) <= 0 && o.hi.cmp(Rational.ZERO) >= 0) return undefined;
    const quotients = [this.lo.div(o.lo), this.lo.div(o.hi), this.hi.div(o.lo), this.hi.div(o.hi)];
    return new Interval(quotients.reduce(Rational.min), quotients.reduce(Rational.max));
  }
  /** Applies a monotonically non-decreasing function to both ends. */
  map(fn: (value: Rational) => Rational): Interval {
    return new Interval(fn(this.lo), fn(this.hi));
  }
  /** Largest absolute value in the interval. */
  magnitude(): Rational {
    return Rational.max(this.lo.abs(), this.hi.abs());
  }
  isPoint(): boolean {
    return this.lo.cmp(this.hi) === 0;
  }
  toString(): string {
    return `[${this.lo}, ${this.hi}]`;
  }
}
