/**
 * Static analysis of a lowered PAP, run by the generator:
 *
 * 1. Value ranges: an abstract interpretation over exact rational intervals. It walks
 *    MAIN and every EXECUTEd method in its calling context, narrows variables by IF
 *    conditions and records, for every expression node, the union of all values it can
 *    take for inputs inside their domains.
 * 2. Scales: every BigDecimal field gets one fixed number of decimals, large enough for
 *    every value assigned to it, so the generated code can hold it as an integer
 *    (value x 10^scale).
 *
 * With both, the emitter can prove for each operation whether the scaled integers stay
 * within 2^52 (exact in a JS number) or need BigInt.
 */
import type { BoolExpr, DecExpr, IntExpr, IrProgram, RelOp, Stmt } from './ir.js';
import { Interval, Rational } from './rational.js';

/** Abstract value: an interval, or null when no bound is known. */
export type Range = Interval | null;
type State = Map<string, Range>;

/** Result of the analysis, consumed by the emitter. */
export interface Analysis {
  /** Union of the values of every visited decimal node; absent = never reached. */
  readonly decRanges: ReadonlyMap<DecExpr, Range>;
  /** Union of the values of every visited int node. */
  readonly intRanges: ReadonlyMap<IntExpr, Range>;
  /** Union of all values a field ever holds. */
  readonly fieldRanges: ReadonlyMap<string, Range>;
  /** Fixed decimal scale of every decimal field. */
  readonly fieldScales: ReadonlyMap<string, number>;
  /** Statements reached by some valid input. */
  readonly reached: ReadonlySet<Stmt>;
}

function unionRange(a: Range | undefined, b: Range): Range {
  if (a === undefined) return b;
  if (a === null || b === null) return null;
  return a.union(b);
}

const NEGATED: Readonly<Record<RelOp, RelOp>> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };
const MIRRORED: Readonly<Record<RelOp, RelOp>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** Whether `a op b` holds for all values (true), none (false), or it depends (undefined). */
function decide(op: RelOp, a: Range, b: Range): boolean | undefined {
  if (!a || !b) return undefined;
  const holdsAlways = (o: RelOp): boolean => {
    switch (o) {
      case '<':
        return a.hi.cmp(b.lo) < 0;
      case '<=':
        return a.hi.cmp(b.lo) <= 0;
      case '>':
        return a.lo.cmp(b.hi) > 0;
      case '>=':
        return a.lo.cmp(b.hi) >= 0;
      case '==':
        return a.isPoint() && b.isPoint() && a.lo.cmp(b.lo) === 0;
      case '!=':
        return a.hi.cmp(b.lo) < 0 || a.lo.cmp(b.hi) > 0;
    }
  };
  if (holdsAlways(op)) return true;
  if (holdsAlways(NEGATED[op])) return false;
  return undefined;
}

/**
 * Narrows x under `x op y`. `integral` allows strict bounds to move by one (ints).
 * Returns undefined when no value of x can satisfy the relation.
 */
function narrow(x: Range, op: RelOp, y: Range, integral: boolean): Range | undefined {
  if (!x || !y) return x;
  const one = Rational.of(1n);
  let lo = x.lo;
  let hi = x.hi;
  if (op === '<' || op === '<=' || op === '==') {
    const bound = op === '<' && integral ? y.hi.sub(one) : y.hi;
    hi = Rational.min(hi, bound);
  }
  if (op === '>' || op === '>=' || op === '==') {
    const bound = op === '>' && integral ? y.lo.add(one) : y.lo;
    lo = Rational.max(lo, bound);
  }
  return Interval.of(lo, hi);
}

class RangeAnalyzer {
  readonly decRanges = new Map<DecExpr, Range>();
  readonly intRanges = new Map<IntExpr, Range>();
  readonly fieldRanges = new Map<string, Range>();
  readonly reached = new Set<Stmt>();

  constructor(private readonly program: IrProgram) {}

  run(initial: State): void {
    for (const [name, range] of initial) this.fieldRanges.set(name, range);
    this.block(this.program.main, initial);
  }

  block(statements: readonly Stmt[], state: State | undefined): State | undefined {
    let current = state;
    for (const statement of statements) {
      if (!current) return undefined;
      current = this.statement(statement, current);
    }
    return current;
  }

  statement(statement: Stmt, state: State): State | undefined {
    this.reached.add(statement);
    switch (statement.k) {
      case 'setDec':
        return this.assign(state, statement.target, this.dec(statement.value, state));
      case 'setInt':
        return this.assign(state, statement.target, this.int(statement.value, state));
      case 'call': {
        const method = this.program.methods.get(statement.method);
        if (!method) throw new Error(`unknown method ${statement.method}`);
        return this.block(method.body, state);
      }
      case 'if': {
        const [thenState, elseState] = this.refine(statement.cond, state);
        const afterThen = this.block(statement.then, thenState);
        const afterElse = this.block(statement.else, elseState);
        return joinStates(afterThen, afterElse);
      }
    }
  }

  assign(state: State, name: string, range: Range): State {
    const next = new Map(state);
    next.set(name, range);
    this.fieldRanges.set(name, unionRange(this.fieldRanges.get(name), range));
    return next;
  }

  record<T>(map: Map<T, Range>, node: T, range: Range): Range {
    map.set(node, unionRange(map.get(node), range));
    return range;
  }

  dec(node: DecExpr, state: State): Range {
    return this.record(this.decRanges, node, this.decValue(node, state));
  }

  decValue(node: DecExpr, state: State): Range {
    switch (node.k) {
      case 'const':
        return Interval.point(node.value);
      case 'var':
        return state.get(node.name) ?? null;
      case 'elem':
        return this.element(node.table, this.int(node.index, state));
      case 'fromInt':
        return this.int(node.operand, state);
      case 'neg': {
        const a = this.dec(node.a, state);
        return a && a.neg();
      }
      case 'add':
      case 'sub':
      case 'mul': {
        const a = this.dec(node.a, state);
        const b = this.dec(node.b, state);
        if (!a || !b) return null;
        return node.k === 'add' ? a.add(b) : node.k === 'sub' ? a.sub(b) : a.mul(b);
      }
      case 'div':
      case 'divRound': {
        const a = this.dec(node.a, state);
        const b = this.dec(node.b, state);
        const quotient = a && b ? (a.div(b) ?? null) : null;
        if (node.k === 'div' || !quotient) return quotient;
        return quotient.map((v) => v.round(node.scale, node.mode));
      }
      case 'round': {
        const a = this.dec(node.a, state);
        return a && a.map((v) => v.round(node.scale, node.mode));
      }
    }
  }

  element(table: string, index: Range): Range {
    const values = this.program.tables.get(table);
    if (!values) throw new Error(`unknown table ${table}`);
    if (!index || index.lo.cmp(Rational.ZERO) < 0 || index.hi.cmp(Rational.of(BigInt(values.length - 1))) > 0) {
      throw new Error(
        `cannot prove that the index of ${table} stays within 0..${values.length - 1} (range ${String(index)})`,
      );
    }
    let range: Interval | undefined;
    for (let i = Number(index.lo.n / index.lo.d); i <= Number(index.hi.n / index.hi.d); i++) {
      const value = Interval.point(values[i] as Rational);
      range = range ? range.union(value) : value;
    }
    return range ?? null;
  }

  int(node: IntExpr, state: State): Range {
    return this.record(this.intRanges, node, this.intValue(node, state));
  }

  intValue(node: IntExpr, state: State): Range {
    switch (node.k) {
      case 'int':
        return Interval.point(Rational.of(BigInt(node.value)));
      case 'ivar':
        return state.get(node.name) ?? null;
      case 'ineg': {
        const a = this.int(node.a, state);
        return a && a.neg();
      }
      case 'ibin': {
        const a = this.int(node.a, state);
        const b = this.int(node.b, state);
        if (!a || !b) return null;
        return node.op === '+' ? a.add(b) : node.op === '-' ? a.sub(b) : a.mul(b);
      }
      case 'long': {
        const a = this.dec(node.operand, state);
        return a && a.map((v) => v.round(0, 'DOWN'));
      }
    }
  }

  /** Splits a state into the states where the condition holds / fails (undefined = impossible). */
  refine(cond: BoolExpr, state: State): [State | undefined, State | undefined] {
    switch (cond.k) {
      case 'bool':
        return cond.value ? [state, undefined] : [undefined, state];
      case 'not': {
        const [t, f] = this.refine(cond.a, state);
        return [f, t];
      }
      case 'and': {
        const [ta, fa] = this.refine(cond.a, state);
        const [tb, fb] = ta ? this.refine(cond.b, ta) : [undefined, undefined];
        return [tb, joinStates(fa, fb)];
      }
      case 'or': {
        const [ta, fa] = this.refine(cond.a, state);
        const [tb, fb] = fa ? this.refine(cond.b, fa) : [undefined, undefined];
        return [joinStates(ta, tb), fb];
      }
      case 'cmp':
        return this.refineRelation(
          cond.op,
          cond.a,
          cond.b,
          this.dec(cond.a, state),
          this.dec(cond.b, state),
          state,
          false,
        );
      case 'icmp':
        return this.refineRelation(
          cond.op,
          cond.a,
          cond.b,
          this.int(cond.a, state),
          this.int(cond.b, state),
          state,
          true,
        );
    }
  }

  refineRelation(
    op: RelOp,
    a: DecExpr | IntExpr,
    b: DecExpr | IntExpr,
    ra: Range,
    rb: Range,
    state: State,
    integral: boolean,
  ): [State | undefined, State | undefined] {
    const decided = decide(op, ra, rb);
    if (decided === true) return [state, undefined];
    if (decided === false) return [undefined, state];
    const narrowed = (relation: RelOp): State | undefined => {
      const next = new Map(state);
      for (const [side, self, other, rel] of [
        [a, ra, rb, relation],
        [b, rb, ra, MIRRORED[relation]],
      ] as const) {
        const name = side.k === 'var' || side.k === 'ivar' ? side.name : undefined;
        if (name === undefined) continue;
        const range = narrow(self, rel, other, integral);
        if (range === undefined) return undefined;
        next.set(name, range);
      }
      return next;
    };
    return [narrowed(op), narrowed(NEGATED[op])];
  }
}

function joinStates(a: State | undefined, b: State | undefined): State | undefined {
  if (!a) return b;
  if (!b) return a;
  const joined = new Map<string, Range>();
  for (const [name, range] of a) joined.set(name, unionRange(b.get(name), range));
  return joined;
}

/** Smallest scale s with every value of the table being an integer at scale s. */
export function tableScale(values: readonly Rational[]): number {
  return Math.max(0, ...values.map((v) => v.decimalPlaces() ?? 0));
}

/** Infers the fixed scale of every decimal field (a fixpoint over all assignments). */
function inferScales(
  program: IrProgram,
  initialScales: ReadonlyMap<string, number>,
  ranges: ReadonlyMap<DecExpr, Range>,
): Map<string, number> {
  const scales = new Map(initialScales);
  const assignments: { target: string; value: DecExpr }[] = [];
  const collect = (statements: readonly Stmt[]): void => {
    for (const s of statements) {
      if (s.k === 'setDec') assignments.push({ target: s.target, value: s.value });
      if (s.k === 'if') {
        collect(s.then);
        collect(s.else);
      }
    }
  };
  collect(program.main);
  for (const method of program.methods.values()) collect(method.body);
  let changed = new Set<string>();
  for (let round = 0; round < 100; round++) {
    changed = new Set<string>();
    for (const { target, value } of assignments) {
      const scale = exprScale(value, scales, program, ranges);
      if (scale > (scales.get(target) ?? 0)) {
        scales.set(target, scale);
        changed.add(target);
      }
    }
    if (changed.size === 0) return scales;
  }
  throw new Error(`field scales do not converge; these keep gaining decimals: ${[...changed].join(', ')}`);
}

/** Maximum number of values enumerated to find the scale of an exact division. */
const MAX_DIVISOR_VALUES = 100_000n;

/** Extra decimals an exact division by any possible divisor can produce. */
function divisionExtraScale(divisor: DecExpr, divisorScale: number, ranges: ReadonlyMap<DecExpr, Range>): number {
  const range = ranges.get(divisor) ?? (divisor.k === 'const' ? Interval.point(divisor.value) : null);
  if (!range) throw new Error('exact divide by an unbounded or unreached divisor: cannot bound the result scale');
  const lo = range.lo.ceilScaled(divisorScale);
  const hi = range.hi.floorScaled(divisorScale);
  if (hi - lo > MAX_DIVISOR_VALUES) throw new Error('exact divide by a divisor with too many possible values');
  let extra = 0;
  for (let unscaled = lo; unscaled <= hi; unscaled++) {
    if (unscaled === 0n) continue;
    let v = unscaled < 0n ? -unscaled : unscaled;
    let twos = 0;
    let fives = 0;
    while (v % 2n === 0n) {
      v /= 2n;
      twos++;
    }
    while (v % 5n === 0n) {
      v /= 5n;
      fives++;
    }
    extra = Math.max(extra, twos, fives);
  }
  return extra;
}

/** Natural scale of an expression given the field scales (BigDecimal scale rules, upper bound). */
export function exprScale(
  node: DecExpr,
  scales: ReadonlyMap<string, number>,
  program: IrProgram,
  ranges: ReadonlyMap<DecExpr, Range>,
): number {
  const scale = (e: DecExpr): number => exprScale(e, scales, program, ranges);
  switch (node.k) {
    case 'const':
      return node.value.decimalPlaces() ?? fail(`constant ${node.value} has no finite decimal expansion`);
    case 'var':
      return scales.get(node.name) ?? 0;
    case 'elem':
      return tableScale(program.tables.get(node.table) ?? []);
    case 'fromInt':
      return 0;
    case 'neg':
      return scale(node.a);
    case 'add':
    case 'sub':
      return Math.max(scale(node.a), scale(node.b));
    case 'mul':
      if (node.b.k === 'const') return constantProductScale(scale(node.a), node.b.value);
      if (node.a.k === 'const') return constantProductScale(scale(node.b), node.a.value);
      return scale(node.a) + scale(node.b);
    case 'div':
      return scale(node.a) + divisionExtraScale(node.b, scale(node.b), ranges);
    case 'divRound':
    case 'round':
      return node.scale;
  }
}

/**
 * Scale needed for x * c where x has `scale` decimals: c = p / 10^q, and trailing factors
 * of ten in p cancel decimals of x (e.g. a 2-decimal value times 100 is an integer).
 */
export function constantProductScale(scale: number, c: Rational): number {
  const q = c.decimalPlaces() ?? fail(`constant ${c} has no finite decimal expansion`);
  let p = c.scaled(q);
  if (p < 0n) p = -p;
  let tens = 0;
  while (p !== 0n && p % 10n === 0n) {
    p /= 10n;
    tens++;
  }
  return Math.max(0, scale + q - tens);
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Runs the range and scale analysis.
 * @param initialRanges range of every field at the start (inputs: their domain; others: default)
 * @param initialScales minimum scale of decimal fields (inputs: their domain scale)
 */
export function analyze(
  program: IrProgram,
  initialRanges: ReadonlyMap<string, Range>,
  initialScales: ReadonlyMap<string, number>,
): Analysis {
  const analyzer = new RangeAnalyzer(program);
  analyzer.run(new Map(initialRanges));
  const fieldScales = inferScales(program, initialScales, analyzer.decRanges);
  return {
    decRanges: analyzer.decRanges,
    intRanges: analyzer.intRanges,
    fieldRanges: analyzer.fieldRanges,
    fieldScales,
    reached: analyzer.reached,
  };
}
