/**
 * Reference implementation for differential tests: a direct interpreter of the BMF PAP
 * XML using decimal.js for java.math.BigDecimal.
 *
 * It deliberately shares no code with the generator (own XML reading, own expression
 * parser, dynamic typing, decimal objects instead of scaled integers), so a bug in the
 * generator's analysis or emission cannot hide behind the same bug here. Slow by design.
 */
import DecimalImport from 'decimal.js';

// decimal.js ships CommonJS-style typings; as an ES module its default export is the class.
const Decimal = DecimalImport as unknown as typeof DecimalImport.Decimal;

/** decimal.js with enough precision that +, -, * of PAP values are always exact. */
const Dec = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN, toExpNeg: -200, toExpPos: 200 });
type Dec = InstanceType<typeof Dec>;
type DecimalRounding = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

type Value = number | boolean | Dec | Dec[] | JavaClass | RoundingConstant;
/** Field values by slot number (fields are numbered at load time, so no name lookups at run time). */
type Env = Value[];
type Eval = (env: Env) => Value;

/** Marker for the name `BigDecimal` (static member access). */
class JavaClass {
  constructor(readonly name: string) {}
}
/** BigDecimal.ROUND_* constants; Java and decimal.js share the numbering (UP=0, DOWN=1, ...). */
class RoundingConstant {
  constructor(readonly mode: number) {}
}

const JAVA_ROUNDING: Record<string, number> = {
  ROUND_UP: 0,
  ROUND_DOWN: 1,
  ROUND_CEILING: 2,
  ROUND_FLOOR: 3,
  ROUND_HALF_UP: 4,
  ROUND_HALF_DOWN: 5,
  ROUND_HALF_EVEN: 6,
};

const ROUNDING_CONSTANTS: Record<string, RoundingConstant> = Object.fromEntries(
  Object.entries(JAVA_ROUNDING).map(([name, mode]) => [name, new RoundingConstant(mode)]),
);

const POWERS_OF_TEN: Dec[] = Array.from({ length: 40 }, (_, i) => new Dec(10).pow(i));

/** Thrown where Java's BigDecimal throws ArithmeticException. */
export class ReferenceArithmeticError extends Error {}

function isDec(v: Value): v is Dec {
  return v instanceof Dec;
}

function asDec(v: Value, what: string): Dec {
  if (!isDec(v)) throw new Error(`${what}: BigDecimal expected`);
  return v;
}

function asNumber(v: Value, what: string): number {
  if (typeof v !== 'number') throw new Error(`${what}: number expected`);
  return v;
}

/** Rounds an integer quotient n/d (Decimals holding integers) with a Java rounding mode. */
function roundQuotient(n: Dec, d: Dec, mode: number): Dec {
  if (d.isZero()) throw new ReferenceArithmeticError('Division by zero');
  const q = n.dividedToIntegerBy(d); // truncated toward zero, exact at this precision
  const r = n.minus(q.times(d));
  if (r.isZero()) return q;
  const positive = n.isNegative() === d.isNegative();
  const away = q.plus(positive ? 1 : -1);
  const twice = r.abs().times(2);
  const half = twice.comparedTo(d.abs());
  switch (mode) {
    case 0:
      return away;
    case 1:
      return q;
    case 2:
      return positive ? away : q;
    case 3:
      return positive ? q : away;
    case 4:
      return half >= 0 ? away : q;
    case 5:
      return half > 0 ? away : q;
    case 6:
      return half > 0 || (half === 0 && !q.mod(2).isZero()) ? away : q;
    default:
      throw new Error(`rounding mode ${mode}`);
  }
}

/** BigDecimal.divide(divisor, scale, mode). */
function divideScaled(a: Dec, b: Dec, scale: number, mode: number): Dec {
  const factor = POWERS_OF_TEN[scale] ?? new Dec(10).pow(scale);
  return roundQuotient(a.times(factor), b, mode).div(factor);
}

/** BigDecimal.divide(divisor): the exact quotient, or ArithmeticException. */
function divideExact(a: Dec, b: Dec): Dec {
  if (b.isZero()) throw new ReferenceArithmeticError('Division by zero');
  const q = a.div(b);
  if (!q.times(b).eq(a)) throw new ReferenceArithmeticError('Non-terminating decimal expansion');
  return q;
}

/** Decimals are immutable, so BigDecimal.valueOf results can be shared. */
const valueOfCache = new Map<number, Dec>();

function callMethod(target: Value, name: string, args: Value[]): Value {
  if (target instanceof JavaClass) {
    if (name === 'valueOf') {
      const x = asNumber(args[0] as Value, 'valueOf');
      // valueOf(long) is exact; valueOf(double) uses Double.toString, i.e. the shortest
      // decimal, which is what JS String() produces for these values too.
      let cached = valueOfCache.get(x);
      if (!cached) {
        cached = new Dec(String(x));
        valueOfCache.set(x, cached);
      }
      return cached;
    }
    throw new Error(`BigDecimal.${name}`);
  }
  const a = asDec(target, name);
  const arg = (i: number): Value => args[i] as Value;
  switch (name) {
    case 'add':
      return a.plus(asDec(arg(0), name));
    case 'subtract':
      return a.minus(asDec(arg(0), name));
    case 'multiply':
      return a.times(asDec(arg(0), name));
    case 'negate':
      return a.negated();
    case 'divide':
      if (args.length === 1) return divideExact(a, asDec(arg(0), name));
      return divideScaled(a, asDec(arg(0), name), asNumber(arg(1), name), roundingOf(arg(2)));
    case 'setScale':
      return a.toDecimalPlaces(asNumber(arg(0), name), roundingOf(arg(1)) as DecimalRounding);
    case 'compareTo':
      return a.comparedTo(asDec(arg(0), name));
    case 'longValue':
    case 'intValue':
      return a.trunc().toNumber();
    default:
      throw new Error(`unsupported method ${name}`);
  }
}

/** Closure for `target.name(args)`, specialised for the hot BigDecimal methods. */
function methodCall(target: Eval, name: string, args: readonly Eval[]): Eval {
  const [first, second, third] = args;
  if (args.length === 1 && first) {
    const what = name;
    switch (name) {
      case 'add':
        return (env) => asDec(target(env), what).plus(asDec(first(env), what));
      case 'subtract':
        return (env) => asDec(target(env), what).minus(asDec(first(env), what));
      case 'multiply':
        return (env) => asDec(target(env), what).times(asDec(first(env), what));
      case 'compareTo':
        return (env) => asDec(target(env), what).comparedTo(asDec(first(env), what));
      default:
        break;
    }
  }
  if (name === 'setScale' && first && second) {
    return (env) =>
      asDec(target(env), name).toDecimalPlaces(asNumber(first(env), name), roundingOf(second(env)) as DecimalRounding);
  }
  if (name === 'divide' && first && second && third) {
    return (env) =>
      divideScaled(
        asDec(target(env), name),
        asDec(first(env), name),
        asNumber(second(env), name),
        roundingOf(third(env)),
      );
  }
  return (env) =>
    callMethod(
      target(env),
      name,
      args.map((a) => a(env)),
    );
}

function roundingOf(v: Value): number {
  if (!(v instanceof RoundingConstant)) throw new Error('rounding mode expected');
  return v.mode;
}

/** Recursive-descent compiler from the PAP's Java expressions to closures. */
class Compiler {
  private pos = 0;
  private readonly tokens: string[];

  constructor(
    private readonly text: string,
    private readonly constants: ReadonlyMap<string, Value>,
    private readonly slots: ReadonlyMap<string, number> = new Map(),
  ) {
    this.tokens = text.match(/\d+(?:\.\d+)?|[A-Za-z_]\w*|&&|\|\||[=!<>]=|[-+*/()[\]{},.<>=!]/g) ?? [];
    const rebuilt = this.tokens.join('');
    if (rebuilt !== text.replace(/\s+/g, '')) throw new Error(`unexpected characters in "${text}"`);
  }

  private peek(): string | undefined {
    return this.tokens[this.pos];
  }
  private take(expected?: string): string {
    const token = this.tokens[this.pos++];
    if (token === undefined || (expected !== undefined && token !== expected)) {
      throw new Error(`expected ${expected ?? 'token'} in "${this.text}"`);
    }
    return token;
  }

  compileAll(): Eval {
    const e = this.orExpr();
    if (this.pos !== this.tokens.length) throw new Error(`trailing input in "${this.text}"`);
    return e;
  }

  /** `NAME = expression` */
  compileAssignment(): { target: string; value: Eval } {
    const target = this.take();
    this.take('=');
    return { target, value: this.compileAll() };
  }

  /** Compiles with fields available (statements); `compileAll` alone sees constants only. */

  private orExpr(): Eval {
    let left = this.andExpr();
    while (this.peek() === '||') {
      this.take();
      const l = left;
      const r = this.andExpr();
      left = (env) => (l(env) as boolean) || (r(env) as boolean);
    }
    return left;
  }
  private andExpr(): Eval {
    let left = this.relExpr();
    while (this.peek() === '&&') {
      this.take();
      const l = left;
      const r = this.relExpr();
      left = (env) => (l(env) as boolean) && (r(env) as boolean);
    }
    return left;
  }
  private relExpr(): Eval {
    const left = this.sumExpr();
    const op = this.peek();
    if (op === undefined || !['==', '!=', '<', '>', '<=', '>='].includes(op)) return left;
    this.take();
    const right = this.sumExpr();
    return (env) => {
      const a = left(env);
      const b = right(env);
      if (typeof a !== 'number' || typeof b !== 'number') throw new Error(`${op} needs numbers`);
      switch (op) {
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        case '<':
          return a < b;
        case '>':
          return a > b;
        case '<=':
          return a <= b;
        default:
          return a >= b;
      }
    };
  }
  private sumExpr(): Eval {
    let left = this.productExpr();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.take();
      const l = left;
      const r = this.productExpr();
      left =
        op === '+'
          ? (env) => (l(env) as number) + (r(env) as number)
          : (env) => (l(env) as number) - (r(env) as number);
    }
    return left;
  }
  private productExpr(): Eval {
    let left = this.unaryExpr();
    for (let op = this.peek(); op === '*' || op === '/'; op = this.peek()) {
      this.take();
      const l = left;
      const r = this.unaryExpr();
      left =
        op === '*'
          ? (env) => (l(env) as number) * (r(env) as number)
          : (env) => (l(env) as number) / (r(env) as number);
    }
    return left;
  }
  private unaryExpr(): Eval {
    if (this.peek() === '-') {
      this.take();
      const inner = this.unaryExpr();
      return (env) => -(inner(env) as number);
    }
    if (this.peek() === '!') {
      this.take();
      const inner = this.unaryExpr();
      return (env) => !(inner(env) as boolean);
    }
    return this.postfixExpr(this.primaryExpr());
  }
  private postfixExpr(base: Eval): Eval {
    let current = base;
    for (;;) {
      if (this.peek() === '.') {
        this.take();
        const name = this.take();
        if (this.peek() === '(') {
          current = methodCall(current, name, this.argumentList('(', ')'));
        } else {
          const target = current;
          current = (env) => staticMember(target(env), name);
        }
      } else if (this.peek() === '[') {
        this.take();
        const index = this.orExpr();
        this.take(']');
        const target = current;
        current = (env) => (target(env) as Dec[])[index(env) as number] as Dec;
      } else {
        return current;
      }
    }
  }
  private argumentList(open: string, close: string): Eval[] {
    this.take(open);
    const args: Eval[] = [];
    while (this.peek() !== close) {
      args.push(this.orExpr());
      if (this.peek() === ',') this.take();
    }
    this.take(close);
    return args;
  }
  private primaryExpr(): Eval {
    const token = this.take();
    if (/^\d/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === '(') {
      const inner = this.orExpr();
      this.take(')');
      return inner;
    }
    if (token === '{') {
      this.pos--;
      const items = this.argumentList('{', '}');
      return (env) => items.map((i) => i(env) as Dec);
    }
    if (token === 'new') {
      this.take('BigDecimal');
      const [arg] = this.argumentList('(', ')');
      if (!arg) throw new Error('new BigDecimal()');
      return (env) => {
        const v = arg(env);
        if (!Number.isInteger(v)) throw new Error('new BigDecimal(double) not supported');
        return new Dec(v as number);
      };
    }
    if (token === 'BigDecimal') {
      const cls = new JavaClass('BigDecimal');
      return () => cls;
    }
    const constant = this.constants.get(token);
    if (constant !== undefined) return () => constant;
    const slot = this.slots.get(token);
    if (slot === undefined) throw new Error(`unknown name ${token} in "${this.text}"`);
    return (env) => env[slot] as Value;
  }
}

const NAMED_CONSTANTS: Record<string, Dec> = { ZERO: new Dec(0), ONE: new Dec(1), TEN: new Dec(10) };

function staticMember(target: Value, name: string): Value {
  if (!(target instanceof JavaClass)) throw new Error(`field access .${name}`);
  const constant = NAMED_CONSTANTS[name];
  if (constant) return constant;
  const mode = ROUNDING_CONSTANTS[name];
  if (mode !== undefined) return mode;
  throw new Error(`BigDecimal.${name}`);
}

// ---- XML: a small tag tree, independent of the generator's reader -------------------

interface Tag {
  name: string;
  attrs: Record<string, string>;
  children: Tag[];
}

function readTags(xml: string): Tag {
  const text = xml.replace(/^\uFEFF/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root: Tag = { name: '#root', attrs: {}, children: [] };
  const stack: Tag[] = [root];
  const tagPattern = /<(\/?)(\w+)((?:\s+\w+\s*=\s*"[^"]*")*)\s*(\/?)>/g;
  for (const m of text.matchAll(tagPattern)) {
    if (m[1] === '/') {
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(/(\w+)\s*=\s*"([^"]*)"/g)) {
      attrs[a[1] as string] = (a[2] as string)
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
    const tag: Tag = { name: m[2] as string, attrs, children: [] };
    (stack[stack.length - 1] as Tag).children.push(tag);
    if (m[4] !== '/') stack.push(tag);
  }
  const pap = root.children[0];
  if (pap?.name !== 'PAP') throw new Error('not a PAP document');
  return pap;
}

function findAll(tag: Tag, name: string): Tag[] {
  const found: Tag[] = [];
  const walk = (t: Tag): void => {
    for (const c of t.children) {
      if (c.name === name) found.push(c);
      walk(c);
    }
  };
  walk(tag);
  return found;
}

type Exec = (env: Env) => void;

interface FieldDecl {
  readonly name: string;
  readonly type: string;
  readonly defaultValue: Eval | undefined;
}

/** A loaded PAP, ready to run. */
export interface ReferencePap {
  readonly name: string;
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /**
   * Runs MAIN. Inputs: numbers or decimal strings by PAP input name (missing ones take the
   * XML default, or 0). Outputs as exact decimal strings.
   */
  run(inputs: Readonly<Record<string, number | string>>): Record<string, string>;
}

/** Parses a PAP XML document into an interpreter. */
export function loadReferencePap(xml: string): ReferencePap {
  const pap = readTags(xml);
  const constants = new Map<string, Value>();
  for (const c of findAll(pap, 'CONSTANT')) {
    const value = new Compiler(c.attrs['value'] ?? '', constants).compileAll()([]);
    constants.set(c.attrs['name'] ?? '', value);
  }
  const fields: FieldDecl[] = [];
  const roles = new Map<string, string>();
  for (const role of ['INPUT', 'OUTPUT', 'INTERNAL']) {
    for (const f of findAll(pap, role)) {
      const name = f.attrs['name'] ?? '';
      const def = f.attrs['default'];
      fields.push({
        name,
        type: f.attrs['type'] ?? '',
        defaultValue: def === undefined ? undefined : new Compiler(def, constants).compileAll(),
      });
      roles.set(name, role);
    }
  }
  const types = new Map(fields.map((f) => [f.name, f.type]));
  const slots = new Map(fields.map((f, i) => [f.name, i]));
  const methods = new Map<string, Exec>();
  const compileBlock = (tags: readonly Tag[]): Exec => {
    const steps = tags.map((t) => compileStatement(t));
    return (env) => {
      for (const step of steps) step(env);
    };
  };
  const compileStatement = (tag: Tag): Exec => {
    if (tag.name === 'EVAL') {
      const { target, value } = new Compiler(tag.attrs['exec'] ?? '', constants, slots).compileAssignment();
      const type = types.get(target);
      const slot = slots.get(target);
      if (!type || slot === undefined) throw new Error(`assignment to unknown ${target}`);
      return (env) => {
        env[slot] = coerce(value(env), type, target);
      };
    }
    if (tag.name === 'EXECUTE') {
      const name = tag.attrs['method'] ?? '';
      return (env) => {
        const method = methods.get(name);
        if (!method) throw new Error(`unknown method ${name}`);
        method(env);
      };
    }
    if (tag.name === 'IF') {
      const cond = new Compiler(tag.attrs['expr'] ?? '', constants, slots).compileAll();
      const thenTag = tag.children.find((c) => c.name === 'THEN');
      const elseTag = tag.children.find((c) => c.name === 'ELSE');
      const thenBlock = compileBlock(thenTag?.children ?? []);
      const elseBlock = compileBlock(elseTag?.children ?? []);
      return (env) => {
        const c = cond(env);
        if (typeof c !== 'boolean') throw new Error('IF condition is not boolean');
        if (c) thenBlock(env);
        else elseBlock(env);
      };
    }
    throw new Error(`unexpected <${tag.name}>`);
  };
  const methodsTag = pap.children.find((c) => c.name === 'METHODS');
  if (!methodsTag) throw new Error('no METHODS');
  for (const m of methodsTag.children.filter((c) => c.name === 'METHOD')) {
    methods.set(m.attrs['name'] ?? '', compileBlock(m.children));
  }
  const mainTag = methodsTag.children.find((c) => c.name === 'MAIN');
  if (!mainTag) throw new Error('no MAIN');
  const main = compileBlock(mainTag.children);
  const inputNames = fields.filter((f) => roles.get(f.name) === 'INPUT').map((f) => f.name);
  const outputNames = fields.filter((f) => roles.get(f.name) === 'OUTPUT').map((f) => f.name);

  // Field defaults are constant expressions; decimals are immutable, so compute them once.
  const initialEnv: Env = fields.map((f) => coerce(f.defaultValue ? f.defaultValue([]) : 0, f.type, f.name));
  const outputSlots = outputNames.map((name) => [name, slots.get(name) as number] as const);

  return {
    name: pap.attrs['name'] ?? '',
    inputNames,
    outputNames,
    run(inputs) {
      const env = initialEnv.slice();
      for (const [name, raw] of Object.entries(inputs)) {
        const type = types.get(name);
        const slot = slots.get(name);
        if (!type || slot === undefined || roles.get(name) !== 'INPUT') throw new Error(`unknown input ${name}`);
        env[slot] = type === 'BigDecimal' ? new Dec(String(raw)) : Number(raw);
      }
      main(env);
      const out: Record<string, string> = {};
      for (const [name, slot] of outputSlots) {
        const v = asDec(env[slot] as Value, name);
        out[name] = v.isZero() ? '0' : v.toFixed();
      }
      return out;
    },
  };
}

/** Java assignment conversion for the three PAP field types. */
function coerce(value: Value, type: string, name: string): Value {
  if (type === 'BigDecimal') {
    if (typeof value === 'number') return new Dec(value);
    return asDec(value, name);
  }
  if (type === 'int') {
    const n = asNumber(value, name);
    if (!Number.isInteger(n)) throw new Error(`${name}: int expected`);
    return n;
  }
  if (type === 'double') return asNumber(value, name);
  throw new Error(`${name}: unsupported type ${type}`);
}
