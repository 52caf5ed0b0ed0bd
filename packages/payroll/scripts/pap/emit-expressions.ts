/**
 * Expressions of the IR as JS code: on numbers where the analysis proves every scaled value stays
 * within +-2^52, else on bigint, with the runtime's exact division helpers.
 */
import { exprScale, type Range, tableScale } from './analyze.js';
import { type EmitContext, type Rep, STATE } from './emit-context.js';
import type { BoolExpr, DecExpr, IntExpr, RelOp } from './ir.js';
import { Rational } from './rational.js';

/**
 * Largest magnitude of a scaled integer kept in a JS number: 2^52, so that sums of two such
 * values and the runtime's quotient corrections stay exact below 2^53.
 */
const SAFE = 2n ** 52n;

const JS_OPS: Readonly<Record<RelOp, string>> = {
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '==': '===',
  '!=': '!==',
};
export const HELPERS = ['divDown', 'divUp', 'divExact', 'bigDivDown', 'bigDivUp', 'bigDivExact'] as const;

/** True if |magnitude| x 10^scale is at most 2^52. */
function fitsMagnitude(magnitude: Rational, scale: number): boolean {
  return magnitude.abs().n * 10n ** BigInt(scale) <= SAFE * magnitude.d;
}

/** True if every value of the range, times 10^scale, is a safe integer magnitude. */
export function fits(range: Range | undefined, scale: number): boolean {
  return range ? fitsMagnitude(range.magnitude(), scale) : false;
}

export function pow10(k: number, rep: Rep): string {
  return rep === 'num' ? `1${'0'.repeat(k)}` : `1${'0'.repeat(k)}n`;
}

export function literal(value: bigint, rep: Rep): string {
  const text = rep === 'num' ? value.toString() : `${value}n`;
  return value < 0n ? `(${text})` : text;
}

/** Turns the code for an expression into code of another representation. */
function convert(code: string, from: Rep, to: Rep): string {
  if (from === to) return code;
  return to === 'big' ? `BigInt(${code})` : `Number(${code})`;
}

export class ExpressionEmitter {
  private readonly scaleCache = new Map<DecExpr, number>();
  readonly usedHelpers = new Set<(typeof HELPERS)[number]>();

  constructor(private readonly ctx: EmitContext) {}

  scaleOf(node: DecExpr): number {
    let scale = this.scaleCache.get(node);
    if (scale === undefined) {
      scale = exprScale(node, this.ctx.analysis.fieldScales, this.ctx.program, this.ctx.analysis.decRanges);
      this.scaleCache.set(node, scale);
    }
    return scale;
  }

  /** How code refers to a field: module fields live on the state object, locals are variables. */
  ref(name: string): string {
    return this.ctx.locals.some((l) => l.name === name) ? name : `${STATE}.${name}`;
  }

  fieldScale(name: string): number {
    return this.ctx.analysis.fieldScales.get(name) ?? 0;
  }

  fieldRep(name: string): Rep {
    const field = this.ctx.program.fields.get(name);
    if (field?.type === 'int') return 'num';
    return fits(this.ctx.analysis.fieldRanges.get(name), this.fieldScale(name)) ? 'num' : 'big';
  }

  tableRep(name: string): Rep {
    const values = this.ctx.program.tables.get(name) ?? [];
    const scale = tableScale(values);
    return values.every((v) => fitsMagnitude(v, scale)) ? 'num' : 'big';
  }

  fitsNode(node: DecExpr, scale: number): boolean {
    if (node.k === 'const') return fitsMagnitude(node.value, scale);
    return fits(this.ctx.analysis.decRanges.get(node), scale);
  }

  helper(name: (typeof HELPERS)[number], rep: Rep): string {
    const actual = (
      rep === 'big' ? `big${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` : name
    ) as (typeof HELPERS)[number];
    this.usedHelpers.add(actual);
    return `$${actual}`;
  }

  /** Code for `node` scaled to `scale` decimals in representation `rep`. */
  dec(node: DecExpr, scale: number, rep: Rep): string {
    const natural = this.scaleOf(node);
    if (scale < natural) throw new Error(`internal: cannot narrow scale ${natural} to ${scale}`);
    if (node.k === 'const') return literal(node.value.scaled(scale), rep);
    let { code, rep: have } = this.natural(node, natural);
    if (scale > natural) {
      if (have === 'num' && this.fitsNode(node, scale)) code = `(${code} * ${pow10(scale - natural, 'num')})`;
      else {
        code = `(${convert(code, have, 'big')} * ${pow10(scale - natural, 'big')})`;
        have = 'big';
      }
    }
    return convert(code, have, rep);
  }

  /** Code for `node` at its natural scale, in the representation it is best computed in. */
  natural(node: DecExpr, scale: number): { code: string; rep: Rep } {
    switch (node.k) {
      case 'const':
        return { code: literal(node.value.scaled(scale), 'num'), rep: 'num' };
      case 'var':
        return { code: this.ref(node.name), rep: this.fieldRep(node.name) };
      case 'elem':
        return { code: `${node.table}[${this.int(node.index)}]!`, rep: this.tableRep(node.table) };
      case 'fromInt':
        return { code: this.int(node.operand), rep: 'num' };
      case 'neg': {
        const rep = this.pick(node, scale, [[node.a, scale]]);
        return { code: `(-${this.dec(node.a, scale, rep)})`, rep };
      }
      case 'add':
      case 'sub': {
        const rep = this.pick(node, scale, [
          [node.a, scale],
          [node.b, scale],
        ]);
        const op = node.k === 'add' ? '+' : '-';
        return { code: `(${this.dec(node.a, scale, rep)} ${op} ${this.dec(node.b, scale, rep)})`, rep };
      }
      case 'mul': {
        if (node.b.k === 'const') return this.constantProduct(node, node.a, node.b.value, scale);
        if (node.a.k === 'const') return this.constantProduct(node, node.b, node.a.value, scale);
        const sa = this.scaleOf(node.a);
        const sb = this.scaleOf(node.b);
        const rep = this.pick(node, scale, [
          [node.a, sa],
          [node.b, sb],
        ]);
        return { code: `(${this.dec(node.a, sa, rep)} * ${this.dec(node.b, sb, rep)})`, rep };
      }
      case 'div':
        return this.exactDivision(node, scale);
      case 'divRound':
        return this.roundingDivision(node.a, node.b, node.scale, node.mode, node);
      case 'round':
        return this.setScale(node, scale);
    }
  }

  /** x * c at `scale` decimals: X * (c x 10^(scale - sx)), an integer factor by construction. */
  constantProduct(node: DecExpr, x: DecExpr, c: Rational, scale: number): { code: string; rep: Rep } {
    const sx = this.scaleOf(x);
    const factor = c.mul(Rational.of(10n ** BigInt(scale), 10n ** BigInt(sx))).scaled(0);
    const factorFits = fitsMagnitude(Rational.of(factor), 0);
    const rep = factorFits ? this.pick(node, scale, [[x, sx]]) : 'big';
    const operand = this.dec(x, sx, rep);
    return { code: factor === 1n ? operand : `(${operand} * ${literal(factor, rep)})`, rep };
  }

  /** 'num' if the node and the given operands (at the given scales) all fit, else 'big'. */
  pick(node: DecExpr, scale: number, operands: readonly (readonly [DecExpr, number])[]): Rep {
    const ok = this.fitsNode(node, scale) && operands.every(([operand, s]) => this.fitsNode(operand, s));
    return ok ? 'num' : 'big';
  }

  exactDivision(node: Extract<DecExpr, { k: 'div' }>, scale: number): { code: string; rep: Rep } {
    // a/b at scale s: (A * 10^(s + sb - sa)) / B, which must leave no remainder.
    const sb = this.scaleOf(node.b);
    const rep = this.pick(node, scale, [
      [node.a, scale + sb],
      [node.b, sb],
    ]);
    const code = `${this.helper('divExact', rep)}(${this.dec(node.a, scale + sb, rep)}, ${this.dec(node.b, sb, rep)})`;
    return { code, rep };
  }

  roundingDivision(
    a: DecExpr,
    b: DecExpr,
    scale: number,
    mode: 'DOWN' | 'UP',
    node: DecExpr,
  ): { code: string; rep: Rep } {
    // a/b rounded to `scale`: A*10^(scale+sb-sa) / B, moving a negative exponent to B.
    const sa = this.scaleOf(a);
    const sb = this.scaleOf(b);
    const numeratorScale = Math.max(sa, scale + sb);
    const denominatorScale = Math.max(sb, sa - scale);
    const rep = this.pick(node, scale, [
      [a, numeratorScale],
      [b, denominatorScale],
    ]);
    const helper = this.helper(mode === 'DOWN' ? 'divDown' : 'divUp', rep);
    return { code: `${helper}(${this.dec(a, numeratorScale, rep)}, ${this.dec(b, denominatorScale, rep)})`, rep };
  }

  setScale(node: Extract<DecExpr, { k: 'round' }>, scale: number): { code: string; rep: Rep } {
    const sa = this.scaleOf(node.a);
    if (scale >= sa) {
      const rep = this.pick(node, scale, [[node.a, scale]]);
      return { code: this.dec(node.a, scale, rep), rep };
    }
    // The divisor 10^(sa - scale) must itself be a safe number for the number path.
    const rep = fitsMagnitude(Rational.of(10n ** BigInt(sa - scale)), 0)
      ? this.pick(node, scale, [[node.a, sa]])
      : 'big';
    const helper = this.helper(node.mode === 'DOWN' ? 'divDown' : 'divUp', rep);
    return { code: `${helper}(${this.dec(node.a, sa, rep)}, ${pow10(sa - scale, rep)})`, rep };
  }

  int(node: IntExpr): string {
    const range = this.ctx.analysis.intRanges.get(node);
    if (range !== undefined && !fits(range, 0)) throw new Error('an int expression may exceed 2^53');
    switch (node.k) {
      case 'int':
        return literal(BigInt(node.value), 'num');
      case 'ivar':
        return this.ref(node.name);
      case 'ineg':
        return `(-${this.int(node.a)})`;
      case 'ibin':
        return `(${this.int(node.a)} ${node.op} ${this.int(node.b)})`;
      case 'long':
        return this.truncate(node.operand);
    }
  }

  /** x.longValue(): truncation toward zero, as a JS number. */
  truncate(operand: DecExpr): string {
    const sa = this.scaleOf(operand);
    if (sa === 0) return this.dec(operand, 0, 'num');
    const rep: Rep = this.fitsNode(operand, sa) && fitsMagnitude(Rational.of(10n ** BigInt(sa)), 0) ? 'num' : 'big';
    const code = `${this.helper('divDown', rep)}(${this.dec(operand, sa, rep)}, ${pow10(sa, rep)})`;
    return convert(code, rep, 'num');
  }

  bool(cond: BoolExpr): string {
    switch (cond.k) {
      case 'bool':
        return String(cond.value);
      case 'not':
        return `!${this.bool(cond.a)}`;
      case 'and':
      case 'or':
        return `(${this.bool(cond.a)} ${cond.k === 'and' ? '&&' : '||'} ${this.bool(cond.b)})`;
      case 'icmp':
        return `(${this.int(cond.a)} ${JS_OPS[cond.op]} ${this.int(cond.b)})`;
      case 'cmp': {
        const scale = Math.max(this.scaleOf(cond.a), this.scaleOf(cond.b));
        const rep: Rep = this.fitsNode(cond.a, scale) && this.fitsNode(cond.b, scale) ? 'num' : 'big';
        return `(${this.dec(cond.a, scale, rep)} ${JS_OPS[cond.op]} ${this.dec(cond.b, scale, rep)})`;
      }
    }
  }
}
