/**
 * Java expressions of the PAP as IR expressions: BigDecimal calls, int and double arithmetic on
 * literals, comparisons (compareTo against 0, 1, -1) and the rounding modes.
 */
import { fold, foldInt } from './fold.js';
import type { BoolExpr, DecExpr, IntExpr, IrField, IrType, RelOp, RoundingMode } from './ir.js';
import type { JavaNode } from './java-expr.js';
import { Rational } from './rational.js';

const RELOPS: readonly string[] = ['<', '<=', '>', '>=', '==', '!='];
const MIRROR: Readonly<Record<RelOp, RelOp>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

function relHolds(op: RelOp, a: number, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}

/** Turns `compareTo(..) op k` into a relation between the two decimals. */
function compareToRelation(op: RelOp, k: number): RelOp | boolean {
  const set = [-1, 0, 1].filter((c) => relHolds(op, c, k)).join(',');
  const table: Record<string, RelOp | boolean> = {
    '': false,
    '-1': '<',
    '0': '==',
    '1': '>',
    '-1,0': '<=',
    '0,1': '>=',
    '-1,1': '!=',
    '-1,0,1': true,
  };
  const result = table[set];
  if (result === undefined) throw new Error(`internal: compareTo set ${set}`);
  return result;
}

function parseRounding(node: JavaNode): RoundingMode {
  if (node.t === 'member' && node.object.t === 'name' && node.object.name === 'BigDecimal') {
    if (node.name === 'ROUND_DOWN') return 'DOWN';
    if (node.name === 'ROUND_UP') return 'UP';
    throw new Error(`unsupported rounding mode BigDecimal.${node.name} (extend RoundingMode and the runtime)`);
  }
  throw new Error('rounding mode must be BigDecimal.ROUND_*');
}

function isBigDecimalClass(node: JavaNode): boolean {
  return node.t === 'name' && node.name === 'BigDecimal';
}

/** Lowers Java syntax to IR given the declared fields and constants. */
export class Lowerer {
  constructor(
    private readonly fields: ReadonlyMap<string, IrField>,
    private readonly constants: ReadonlyMap<string, Rational>,
    private readonly intConstants: ReadonlyMap<string, number>,
    private readonly tables: ReadonlyMap<string, readonly Rational[]>,
  ) {}

  typeOf(node: JavaNode): IrType | 'bool' {
    switch (node.t) {
      case 'number':
        return /^\d+[lL]?$/.test(node.text) ? 'int' : 'dec';
      case 'name': {
        if (this.intConstants.has(node.name)) return 'int';
        if (this.constants.has(node.name)) return 'dec';
        const field = this.fields.get(node.name);
        if (!field) throw new Error(`unknown name ${node.name}`);
        return field.type;
      }
      case 'call':
        if (node.name === 'longValue' || node.name === 'intValue' || node.name === 'compareTo') return 'int';
        return 'dec';
      case 'unary':
        return node.op === '!' ? 'bool' : this.typeOf(node.operand);
      case 'binary':
        if (RELOPS.includes(node.op) || node.op === '&&' || node.op === '||') return 'bool';
        return this.typeOf(node.left) === 'int' && this.typeOf(node.right) === 'int' ? 'int' : 'dec';
      default:
        return 'dec';
    }
  }

  dec(node: JavaNode): DecExpr {
    switch (node.t) {
      case 'number':
        return { k: 'const', value: this.literal(node.text) };
      case 'name': {
        const constant = this.constants.get(node.name);
        if (constant) return { k: 'const', value: constant };
        const intConstant = this.intConstants.get(node.name);
        if (intConstant !== undefined) return { k: 'const', value: Rational.of(BigInt(intConstant)) };
        const field = this.fields.get(node.name);
        if (!field) throw new Error(`unknown name ${node.name}`);
        if (field.type === 'int') throw new Error(`int field ${node.name} used as BigDecimal`);
        return { k: 'var', name: node.name };
      }
      case 'member':
        if (isBigDecimalClass(node.object)) {
          const named: Record<string, Rational> = {
            ZERO: Rational.of(0n),
            ONE: Rational.of(1n),
            TEN: Rational.of(10n),
          };
          const value = named[node.name];
          if (value) return { k: 'const', value };
        }
        throw new Error(`unsupported member ${node.name}`);
      case 'new':
        if (node.className !== 'BigDecimal' || node.args.length !== 1)
          throw new Error('only new BigDecimal(x) is supported');
        return this.fromNumber(node.args[0] as JavaNode, true);
      case 'index':
        return this.element(node.object, node.index);
      case 'call':
        return this.decCall(node);
      case 'unary':
        if (node.op === '-') return fold({ k: 'neg', a: this.dec(node.operand) });
        throw new Error('"!" on a decimal');
      case 'binary':
        if (this.typeOf(node) === 'int') return fold({ k: 'fromInt', operand: this.int(node) });
        throw new Error(`operator ${node.op} on BigDecimal values is not Java`);
      case 'array':
        throw new Error('array literal outside a constant');
    }
  }

  literal(text: string): Rational {
    const clean = text.replace(/[dDlL]$/, '');
    if (/[eE]/.test(clean)) throw new Error(`exponent literals are not supported: ${text}`);
    return Rational.parse(clean);
  }

  /** BigDecimal.valueOf(x) / new BigDecimal(x). */
  fromNumber(arg: JavaNode, isConstructor: boolean): DecExpr {
    const type = this.typeOf(arg);
    if (type === 'int') return fold({ k: 'fromInt', operand: this.int(arg) });
    if (arg.t === 'number') {
      // new BigDecimal(double) takes the binary expansion of the double; only exact
      // binary fractions would be safe, and the PAP never needs it.
      if (isConstructor) throw new Error(`new BigDecimal(${arg.text}) with a double is not supported`);
      return { k: 'const', value: this.literal(arg.text) };
    }
    const double = isConstructor ? undefined : evalDouble(arg);
    if (double !== undefined) {
      // BigDecimal.valueOf(0.0045+0.07): Java adds the doubles, then takes Double.toString.
      return { k: 'const', value: Rational.parse(plainDecimal(double)) };
    }
    if (arg.t === 'name' && this.fields.get(arg.name)?.javaType === 'double' && !isConstructor) {
      // BigDecimal.valueOf(double) uses Double.toString, i.e. the decimal the input was given as.
      return { k: 'var', name: arg.name };
    }
    throw new Error('unsupported argument to BigDecimal.valueOf / new BigDecimal');
  }

  element(object: JavaNode, index: JavaNode): DecExpr {
    if (object.t !== 'name' || !this.tables.has(object.name)) throw new Error('array access on a non-table');
    return fold({ k: 'elem', table: object.name, index: this.int(index) });
  }

  decCall(node: Extract<JavaNode, { t: 'call' }>): DecExpr {
    if (isBigDecimalClass(node.object)) {
      if (node.name === 'valueOf' && node.args.length === 1) {
        const arg = node.args[0] as JavaNode;
        // BigDecimal.valueOf(x.longValue()) is the PAP's truncation to whole euros.
        return this.fromNumber(arg, false);
      }
      throw new Error(`unsupported BigDecimal.${node.name}`);
    }
    const a = this.dec(node.object);
    const args = node.args;
    const arg = (i: number): JavaNode => {
      const value = args[i];
      if (!value) throw new Error(`${node.name} needs argument ${i + 1}`);
      return value;
    };
    const scaleArg = (i: number): number => {
      const value = this.int(arg(i));
      if (value.k !== 'int') throw new Error(`${node.name}: scale must be a constant`);
      return value.value;
    };
    switch (`${node.name}/${args.length}`) {
      case 'add/1':
        return fold({ k: 'add', a, b: this.dec(arg(0)) });
      case 'subtract/1':
        return fold({ k: 'sub', a, b: this.dec(arg(0)) });
      case 'multiply/1':
        return fold({ k: 'mul', a, b: this.dec(arg(0)) });
      case 'divide/1':
        return fold({ k: 'div', a, b: this.dec(arg(0)) });
      case 'divide/3':
        return fold({ k: 'divRound', a, b: this.dec(arg(0)), scale: scaleArg(1), mode: parseRounding(arg(2)) });
      case 'setScale/2':
        return fold({ k: 'round', a, scale: scaleArg(0), mode: parseRounding(arg(1)) });
      case 'negate/0':
        return fold({ k: 'neg', a });
      default:
        throw new Error(`unsupported BigDecimal method ${node.name} with ${args.length} argument(s)`);
    }
  }

  int(node: JavaNode): IntExpr {
    switch (node.t) {
      case 'number':
        if (!/^\d+[lL]?$/.test(node.text)) throw new Error(`${node.text} is not an integer`);
        return { k: 'int', value: Number(node.text.replace(/[lL]$/, '')) };
      case 'name': {
        const constant = this.intConstants.get(node.name);
        if (constant !== undefined) return { k: 'int', value: constant };
        const field = this.fields.get(node.name);
        if (field?.type !== 'int') throw new Error(`${node.name} is not an int`);
        return { k: 'ivar', name: node.name };
      }
      case 'unary':
        if (node.op !== '-') throw new Error('"!" on an int');
        return foldInt({ k: 'ineg', a: this.int(node.operand) });
      case 'binary':
        if (node.op !== '+' && node.op !== '-' && node.op !== '*')
          throw new Error(`int operator ${node.op} unsupported`);
        return foldInt({ k: 'ibin', op: node.op, a: this.int(node.left), b: this.int(node.right) });
      case 'call':
        if ((node.name === 'longValue' || node.name === 'intValue') && node.args.length === 0) {
          return { k: 'long', operand: this.dec(node.object) };
        }
        throw new Error(`${node.name}() is not an int`);
      default:
        throw new Error(`unsupported int expression ${node.t}`);
    }
  }

  bool(node: JavaNode): BoolExpr {
    if (node.t === 'unary' && node.op === '!') return { k: 'not', a: this.bool(node.operand) };
    if (node.t === 'name' && (node.name === 'true' || node.name === 'false'))
      return { k: 'bool', value: node.name === 'true' };
    if (node.t !== 'binary') throw new Error('condition expected');
    if (node.op === '&&' || node.op === '||') {
      return { k: node.op === '&&' ? 'and' : 'or', a: this.bool(node.left), b: this.bool(node.right) };
    }
    if (!RELOPS.includes(node.op)) throw new Error(`operator ${node.op} in a condition`);
    const op = node.op as RelOp;
    const compare = this.compareTo(node.left, op, node.right) ?? this.compareTo(node.right, MIRROR[op], node.left);
    if (compare) return compare;
    if (this.typeOf(node.left) === 'int' && this.typeOf(node.right) === 'int') {
      return { k: 'icmp', op, a: this.int(node.left), b: this.int(node.right) };
    }
    throw new Error('comparison of BigDecimal values must use compareTo');
  }

  /** Recognises `x.compareTo(y) op k`. */
  compareTo(side: JavaNode, op: RelOp, other: JavaNode): BoolExpr | undefined {
    if (side.t !== 'call' || side.name !== 'compareTo' || side.args.length !== 1) return undefined;
    const k = this.int(other);
    if (k.k !== 'int') throw new Error('compareTo must be compared with a constant');
    const relation = compareToRelation(op, k.value);
    if (typeof relation === 'boolean') return { k: 'bool', value: relation };
    return { k: 'cmp', op: relation, a: this.dec(side.object), b: this.dec(side.args[0] as JavaNode) };
  }
}

/** Evaluates double arithmetic on literals (IEEE 754, as Java does); undefined otherwise. */
function evalDouble(node: JavaNode): number | undefined {
  if (node.t === 'number') return Number(node.text.replace(/[dDlL]$/, ''));
  if (node.t !== 'binary') return undefined;
  const a = evalDouble(node.left);
  const b = evalDouble(node.right);
  if (a === undefined || b === undefined) return undefined;
  switch (node.op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    default:
      return undefined;
  }
}

/** Shortest round-trip decimal of a double without exponent notation (Double.toString digits). */
function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`non-finite double ${value}`);
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = (match[2] ?? '') + (match[3] ?? '');
  const exponent = Number(match[4]);
  if (exponent < 0) return `${match[1] ?? ''}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${match[1] ?? ''}${digits.padEnd(exponent + 1, '0')}`;
}
