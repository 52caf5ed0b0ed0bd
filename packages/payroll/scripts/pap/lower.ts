/**
 * Gives the parsed PAP a typed intermediate representation (IR) with exact BigDecimal
 * semantics spelled out: every operation node says what Java's BigDecimal does
 * (exact add/subtract/multiply, exact or rounding divide, setScale, longValue truncation).
 * Constant sub-expressions are folded exactly.
 */
import { parseJavaAssignment, parseJavaExpression, type JavaNode } from './java-expr.js';
import type { PapField, PapModel, PapStatement } from './model.js';
import { Rational } from './rational.js';

/** Rounding modes the generator supports (the only ones the PAP uses). */
export type RoundingMode = 'DOWN' | 'UP';
/** Comparison operators after normalisation of `compareTo(..) == k`. */
export type RelOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** A BigDecimal-valued expression (double fields such as `f` are treated as decimals too). */
export type DecExpr =
  | { readonly k: 'const'; readonly value: Rational }
  | { readonly k: 'var'; readonly name: string }
  | { readonly k: 'elem'; readonly table: string; readonly index: IntExpr }
  | { readonly k: 'fromInt'; readonly operand: IntExpr }
  | { readonly k: 'add' | 'sub' | 'mul'; readonly a: DecExpr; readonly b: DecExpr }
  | { readonly k: 'neg'; readonly a: DecExpr }
  /** Exact `divide(b)`: Java throws if the quotient does not terminate. */
  | { readonly k: 'div'; readonly a: DecExpr; readonly b: DecExpr }
  /** `divide(b, scale, mode)`. */
  | {
      readonly k: 'divRound';
      readonly a: DecExpr;
      readonly b: DecExpr;
      readonly scale: number;
      readonly mode: RoundingMode;
    }
  /** `setScale(scale, mode)`. */
  | { readonly k: 'round'; readonly a: DecExpr; readonly scale: number; readonly mode: RoundingMode };

/** An int/long-valued expression. */
export type IntExpr =
  | { readonly k: 'int'; readonly value: number }
  | { readonly k: 'ivar'; readonly name: string }
  | { readonly k: 'ibin'; readonly op: '+' | '-' | '*'; readonly a: IntExpr; readonly b: IntExpr }
  | { readonly k: 'ineg'; readonly a: IntExpr }
  /** `x.longValue()`: truncation toward zero. */
  | { readonly k: 'long'; readonly operand: DecExpr };

/** A condition. */
export type BoolExpr =
  | { readonly k: 'cmp'; readonly op: RelOp; readonly a: DecExpr; readonly b: DecExpr }
  | { readonly k: 'icmp'; readonly op: RelOp; readonly a: IntExpr; readonly b: IntExpr }
  | { readonly k: 'and' | 'or'; readonly a: BoolExpr; readonly b: BoolExpr }
  | { readonly k: 'not'; readonly a: BoolExpr }
  | { readonly k: 'bool'; readonly value: boolean };

/** A typed statement; `source` is the original XML text for comments in generated code. */
export type Stmt =
  | {
      readonly k: 'setDec';
      readonly target: string;
      readonly value: DecExpr;
      readonly source: string;
      readonly line: number;
    }
  | {
      readonly k: 'setInt';
      readonly target: string;
      readonly value: IntExpr;
      readonly source: string;
      readonly line: number;
    }
  | { readonly k: 'call'; readonly method: string; readonly line: number }
  | {
      readonly k: 'if';
      readonly cond: BoolExpr;
      readonly then: readonly Stmt[];
      readonly else: readonly Stmt[];
      readonly source: string;
      readonly line: number;
    };

/** Type of a field in the IR: BigDecimal and double both become 'dec'. */
export type IrType = 'int' | 'dec';

/** A typed field with its default value. */
export interface IrField {
  readonly name: string;
  readonly role: PapField['role'];
  readonly javaType: PapField['type'];
  readonly type: IrType;
  /** Default value, or undefined when the XML declares none (Java: 0 / null). */
  readonly defaultValue: Rational | undefined;
  readonly doc: string;
  readonly outputGroup: string | undefined;
}

/** The typed PAP program. */
export interface IrProgram {
  readonly name: string;
  readonly fields: ReadonlyMap<string, IrField>;
  readonly tables: ReadonlyMap<string, readonly Rational[]>;
  readonly constants: ReadonlyMap<string, Rational>;
  readonly methods: ReadonlyMap<string, { readonly doc: string; readonly body: readonly Stmt[] }>;
  readonly main: readonly Stmt[];
}

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
class Lowerer {
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

/** Folds operations whose operands are all constants (exactly, as BigDecimal would). */
function fold(expr: DecExpr): DecExpr {
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

function foldInt(expr: IntExpr): IntExpr {
  if (expr.k === 'ineg' && expr.a.k === 'int') return { k: 'int', value: -expr.a.value };
  if (expr.k === 'ibin' && expr.a.k === 'int' && expr.b.k === 'int') {
    const a = expr.a.value;
    const b = expr.b.value;
    return { k: 'int', value: expr.op === '+' ? a + b : expr.op === '-' ? a - b : a * b };
  }
  return expr;
}

function constantValue(lowerer: Lowerer, text: string): Rational {
  const expr = lowerer.dec(parseJavaExpression(text));
  if (expr.k !== 'const') throw new Error(`constant value ${text} is not constant`);
  return expr.value;
}

function lowerStatements(
  lowerer: Lowerer,
  fields: ReadonlyMap<string, IrField>,
  statements: readonly PapStatement[],
): Stmt[] {
  return statements.map((statement): Stmt => {
    try {
      if (statement.kind === 'execute') return { k: 'call', method: statement.method, line: statement.line };
      if (statement.kind === 'if') {
        return {
          k: 'if',
          cond: lowerer.bool(parseJavaExpression(statement.expr)),
          then: lowerStatements(lowerer, fields, statement.then),
          else: lowerStatements(lowerer, fields, statement.else),
          source: statement.expr,
          line: statement.line,
        };
      }
      const { target, value } = parseJavaAssignment(statement.exec);
      const field = fields.get(target);
      if (!field) throw new Error(`assignment to undeclared ${target}`);
      if (field.type === 'int') {
        return { k: 'setInt', target, value: lowerer.int(value), source: statement.exec, line: statement.line };
      }
      const dec = lowerer.dec(value);
      if (field.javaType === 'double' && dec.k !== 'const')
        throw new Error(`double field ${target} may only get constants`);
      return { k: 'setDec', target, value: dec, source: statement.exec, line: statement.line };
    } catch (error) {
      if (error instanceof Error && !error.message.startsWith('PAP line')) {
        error.message = `PAP line ${statement.line}: ${error.message}`;
      }
      throw error;
    }
  });
}

/** Lowers a PAP model to the typed IR. Throws on anything outside the supported subset. */
export function lowerPap(model: PapModel): IrProgram {
  const constants = new Map<string, Rational>();
  const intConstants = new Map<string, number>();
  const tables = new Map<string, Rational[]>();
  const fields = new Map<string, IrField>();
  const lowerer = new Lowerer(fields, constants, intConstants, tables);
  for (const constant of model.constants) {
    if (constant.type === 'BigDecimal') constants.set(constant.name, constantValue(lowerer, constant.valueText));
    else if (constant.type === 'BigDecimal[]') {
      const node = parseJavaExpression(constant.valueText);
      if (node.t !== 'array') throw new Error(`constant ${constant.name}: array literal expected`);
      tables.set(
        constant.name,
        node.items.map((item) => constantValue(lowerer, javaText(item))),
      );
    } else if (constant.type === 'int') {
      const value = lowerer.int(parseJavaExpression(constant.valueText));
      if (value.k !== 'int') throw new Error(`constant ${constant.name} is not constant`);
      intConstants.set(constant.name, value.value);
    } else throw new Error(`constant ${constant.name}: unsupported type ${constant.type}`);
  }
  for (const field of model.fields) {
    if (fields.has(field.name)) throw new Error(`field ${field.name} declared twice`);
    const type: IrType = field.type === 'int' ? 'int' : 'dec';
    fields.set(field.name, {
      name: field.name,
      role: field.role,
      javaType: field.type,
      type,
      defaultValue: field.defaultText === undefined ? undefined : constantValue(lowerer, field.defaultText),
      doc: field.doc,
      outputGroup: field.outputGroup,
    });
  }
  const methods = new Map<string, { doc: string; body: Stmt[] }>();
  for (const [name, method] of model.methods) {
    methods.set(name, { doc: method.doc, body: lowerStatements(lowerer, fields, method.body) });
  }
  const program: IrProgram = {
    name: model.name,
    fields,
    tables,
    constants,
    methods,
    main: lowerStatements(lowerer, fields, model.main),
  };
  checkCalls(program);
  return program;
}

/** Re-serialises a syntax node so constant array items can go through the normal path. */
function javaText(node: JavaNode): string {
  switch (node.t) {
    case 'number':
      return node.text;
    case 'name':
      return node.name;
    case 'member':
      return `${javaText(node.object)}.${node.name}`;
    case 'call':
      return `${javaText(node.object)}.${node.name}(${node.args.map(javaText).join(', ')})`;
    case 'new':
      return `new ${node.className}(${node.args.map(javaText).join(', ')})`;
    case 'unary':
      return `${node.op}(${javaText(node.operand)})`;
    case 'binary':
      return `(${javaText(node.left)} ${node.op} ${javaText(node.right)})`;
    case 'index':
      return `${javaText(node.object)}[${javaText(node.index)}]`;
    case 'array':
      return `{${node.items.map(javaText).join(', ')}}`;
  }
}

/** Every EXECUTE must name a method, and methods must not recurse (the PAP never does). */
function checkCalls(program: IrProgram): void {
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (statements: readonly Stmt[]): void => {
    for (const statement of statements) {
      if (statement.k === 'if') {
        visit(statement.then);
        visit(statement.else);
      } else if (statement.k === 'call') {
        const method = program.methods.get(statement.method);
        if (!method) throw new Error(`PAP line ${statement.line}: EXECUTE of unknown method ${statement.method}`);
        if (visiting.has(statement.method)) throw new Error(`recursive method ${statement.method}`);
        if (done.has(statement.method)) continue;
        visiting.add(statement.method);
        visit(method.body);
        visiting.delete(statement.method);
        done.add(statement.method);
      }
    }
  };
  visit(program.main);
}
