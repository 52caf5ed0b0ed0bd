/**
 * Emits the TypeScript module for one PAP from its IR and analysis.
 *
 * Every BigDecimal field becomes an integer holding value x 10^scale. An operation is
 * emitted on JS numbers when the analysis proves every scaled intermediate value stays
 * within +-2^52 (so +, -, * are exact and the runtime divisions are exact); otherwise it
 * is emitted on bigint. Method names, field names and the statement
 * structure follow the PAP one to one, each statement preceded by its XML source.
 */
import { exprScale, tableScale, type Analysis, type Range } from './analyze.js';
import type { InputDomain } from './input-domains.js';
import type { LocalVariable } from './locals.js';
import type { BoolExpr, DecExpr, IntExpr, IrField, IrProgram, RelOp, Stmt } from './lower.js';
import type { PapModel } from './model.js';
import { Rational } from './rational.js';

type Rep = 'num' | 'big';

/** Everything the emitter needs besides the program. */
export interface EmitContext {
  readonly model: PapModel;
  readonly program: IrProgram;
  readonly analysis: Analysis;
  readonly domains: ReadonlyMap<string, InputDomain>;
  /** Method-local variables (declared inside their method instead of at module level). */
  readonly locals: readonly LocalVariable[];
  /** Version id, e.g. "2026" or "2024Dezember". */
  readonly id: string;
  readonly xmlFile: string;
  readonly xmlSha256: string;
  /** Module specifier of src/pap/runtime.ts as seen from the generated file. */
  readonly runtimeImport: string;
  /** Module specifier of src/pap/types.ts as seen from the generated file. */
  readonly typesImport: string;
}

/**
 * Largest magnitude of a scaled integer kept in a JS number: 2^52, so that sums of two such
 * values and the runtime's quotient corrections stay exact below 2^53.
 */
const SAFE = 2n ** 52n;
/**
 * Name of the object holding the PAP fields. An object (not module-level variables) so V8
 * keeps number fields unboxed instead of allocating a heap number per assignment.
 */
const STATE = 'pap';
const JS_OPS: Readonly<Record<RelOp, string>> = {
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '==': '===',
  '!=': '!==',
};
const HELPERS = ['divDown', 'divUp', 'divExact', 'bigDivDown', 'bigDivUp', 'bigDivExact'] as const;

/** True if |magnitude| x 10^scale is at most 2^52. */
function fitsMagnitude(magnitude: Rational, scale: number): boolean {
  return magnitude.abs().n * 10n ** BigInt(scale) <= SAFE * magnitude.d;
}

/** True if every value of the range, times 10^scale, is a safe integer magnitude. */
function fits(range: Range | undefined, scale: number): boolean {
  return range ? fitsMagnitude(range.magnitude(), scale) : false;
}

function pow10(k: number, rep: Rep): string {
  return rep === 'num' ? `1${'0'.repeat(k)}` : `1${'0'.repeat(k)}n`;
}

function literal(value: bigint, rep: Rep): string {
  const text = rep === 'num' ? value.toString() : `${value}n`;
  return value < 0n ? `(${text})` : text;
}

/** A single-quoted JS string literal. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Escapes text for use inside a block comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\u2215').replace(/\r/g, '');
}

/** Turns the code for an expression into code of another representation. */
function convert(code: string, from: Rep, to: Rep): string {
  if (from === to) return code;
  return to === 'big' ? `BigInt(${code})` : `Number(${code})`;
}

class ExpressionEmitter {
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

/** Small indenting line writer. */
class Writer {
  private readonly lines: string[] = [];
  private depth = 0;
  line(text = ''): void {
    this.lines.push(text === '' ? '' : '  '.repeat(this.depth) + text);
  }
  indent(fn: () => void): void {
    this.depth++;
    fn();
    this.depth--;
  }
  toString(): string {
    return this.lines.join('\n') + '\n';
  }
}

function docComment(w: Writer, text: string): void {
  const lines = commentText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  if (lines.length === 0) return;
  w.line('/**');
  for (const l of lines) w.line(l === '' ? ' *' : ` * ${l}`);
  w.line(' */');
}

function decimalText(value: bigint, scale: number): string {
  return Rational.of(value, 10n ** BigInt(scale)).toString() === '0' ? '0' : formatScaled(value, scale);
}

function formatScaled(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}

/** Input spec as emitted: scaled bounds and default. */
interface InputSpec {
  readonly field: IrField;
  readonly domain: InputDomain;
  readonly min: bigint;
  readonly max: bigint;
  readonly defaultValue: bigint | null;
}

function inputSpecs(ctx: EmitContext): InputSpec[] {
  const specs: InputSpec[] = [];
  for (const field of ctx.program.fields.values()) {
    if (field.role !== 'input') continue;
    const domain = ctx.domains.get(field.name);
    if (!domain) throw new Error(`no domain for input ${field.name}`);
    const min = Rational.parse(domain.min).scaled(domain.scale);
    const max = Rational.parse(domain.max).scaled(domain.scale);
    let defaultValue: bigint | null = field.defaultValue?.scaled(domain.scale) ?? null;
    // Without an XML default Java starts with 0 (null for BigDecimal, which the BMF
    // interface also treats as 0); where 0 is not a valid value the input is required.
    if (defaultValue === null && min <= 0n && max >= 0n) defaultValue = 0n;
    if (defaultValue !== null && (defaultValue < min || defaultValue > max)) {
      throw new Error(`default of ${field.name} lies outside its domain`);
    }
    specs.push({ field, domain, min, max, defaultValue });
  }
  return specs;
}

/** Prefix of the exported type names, e.g. "Lohnsteuer2026". */
export function typePrefix(papName: string): string {
  return papName.replace(/[^A-Za-z0-9_]/g, '_');
}

function emitHeader(w: Writer, ctx: EmitContext): void {
  const { model } = ctx;
  w.line('/*');
  w.line(' * GENERATED FILE - DO NOT EDIT. Regenerate with: npx tsx packages/payroll/scripts/generate-pap.ts');
  w.line(' *');
  w.line(` * Source: pap-xml/${ctx.xmlFile}`);
  w.line(` *   PAP name="${model.name}" version="${model.version}", Stand ${model.stand ?? 'unknown'}`);
  w.line(` *   SHA-256 ${ctx.xmlSha256}`);
  w.line(' * Programmablaufplan für den Lohnsteuerabzug, published by the Bundesministerium der');
  w.line(' * Finanzen / ITZBund (bmf-steuerrechner.de). Names and structure follow the PAP.');
  w.line(' *');
  w.line(' * Every BigDecimal field holds value x 10^scale as an integer (scale noted at the field):');
  w.line(' * a number where the generator proved |value x 10^scale| <= 2^52, else a bigint.');
  w.line(' */');
}

function emitInputTypes(w: Writer, ctx: EmitContext, specs: readonly InputSpec[]): void {
  const prefix = typePrefix(ctx.model.name);
  w.line(`/** Inputs of PAP ${ctx.model.name} (money in cent). Left-out inputs take their default. */`);
  w.line(`export interface ${prefix}Input {`);
  w.indent(() => {
    for (const spec of specs) {
      const range = `${formatScaled(spec.min, spec.domain.scale)} .. ${formatScaled(spec.max, spec.domain.scale)}`;
      const unit = spec.domain.unit === 'cent' ? ' cent' : '';
      const decimals = spec.domain.scale > 0 ? `, up to ${spec.domain.scale} decimals` : '';
      const def =
        spec.defaultValue === null ? 'required' : `default ${decimalText(spec.defaultValue, spec.domain.scale)}`;
      docComment(w, `${spec.field.doc}\n\n(${spec.field.javaType}; ${range}${unit}${decimals}; ${def})`);
      const type = spec.domain.scale > 0 ? 'number | string' : 'number';
      w.line(`readonly ${spec.field.name}?: ${type};`);
    }
  });
  w.line('}');
  w.line('');
}

function outputFields(ctx: EmitContext): IrField[] {
  return [...ctx.program.fields.values()].filter((f) => f.role === 'output');
}

function emitOutputType(w: Writer, ctx: EmitContext): void {
  const prefix = typePrefix(ctx.model.name);
  w.line(`/** Outputs of PAP ${ctx.model.name}, all in cent. */`);
  w.line(`export interface ${prefix}Output {`);
  w.indent(() => {
    for (const field of outputFields(ctx)) {
      docComment(w, `${field.doc}\n\n(output group ${field.outputGroup ?? 'STANDARD'})`);
      w.line(`readonly ${field.name}: number;`);
    }
  });
  w.line('}');
  w.line('');
}

function emitMeta(w: Writer, ctx: EmitContext, specs: readonly InputSpec[]): void {
  w.line(`/** Metadata of PAP ${ctx.model.name}: source file, inputs (scaled bounds/defaults), outputs. */`);
  w.line('export const meta: PapModuleMeta = {');
  w.indent(() => {
    w.line(`papName: ${quote(ctx.model.name)},`);
    w.line(`papVersion: ${quote(ctx.model.version)},`);
    w.line(`stand: ${quote(ctx.model.stand ?? '')},`);
    w.line(`xmlFile: ${quote(ctx.xmlFile)},`);
    w.line(`xmlSha256: ${quote(ctx.xmlSha256)},`);
    w.line('inputs: [');
    w.indent(() => {
      for (const s of specs) {
        const def = s.defaultValue === null ? 'null' : s.defaultValue.toString();
        w.line(
          `{ name: '${s.field.name}', javaType: '${s.field.javaType}', scale: ${s.domain.scale}, min: ${s.min}, max: ${s.max}, default: ${def}, unit: '${s.domain.unit}' },`,
        );
      }
    });
    w.line('],');
    w.line(
      `outputs: [${outputFields(ctx)
        .map((f) => `'${f.name}'`)
        .join(', ')}],`,
    );
  });
  w.line('};');
  w.line('');
}

function emitTables(w: Writer, ctx: EmitContext, expr: ExpressionEmitter): void {
  for (const [name, values] of ctx.program.tables) {
    const scale = tableScale(values);
    const rep = expr.tableRep(name);
    const doc = ctx.model.constants.find((c) => c.name === name)?.doc ?? '';
    docComment(w, `${doc}\n\n(scale ${scale})`);
    const type = rep === 'num' ? 'number' : 'bigint';
    w.line(`const ${name}: readonly ${type}[] = [${values.map((v) => literal(v.scaled(scale), rep)).join(', ')}];`);
  }
  w.line('');
}

function initialValue(field: IrField, expr: ExpressionEmitter): string {
  const scale = field.type === 'int' ? 0 : expr.fieldScale(field.name);
  const value = field.defaultValue?.scaled(scale) ?? 0n;
  return literal(value, expr.fieldRep(field.name));
}

function isLocal(ctx: EmitContext, name: string): boolean {
  return ctx.locals.some((l) => l.name === name);
}

function moduleFields(ctx: EmitContext): IrField[] {
  return [...ctx.program.fields.values()].filter((f) => !isLocal(ctx, f.name));
}

function emitFields(w: Writer, ctx: EmitContext, expr: ExpressionEmitter): void {
  if (ctx.program.fields.has(STATE) || ctx.program.methods.has(STATE))
    throw new Error(`the PAP uses the name ${STATE}`);
  const fields = moduleFields(ctx);
  w.line('/** The PAP fields (inputs, outputs, internals) as value x 10^scale; reset by every run(). */');
  w.line('interface PapState {');
  w.indent(() => {
    for (const field of fields) {
      const scale = field.type === 'int' ? 'int' : `scale ${expr.fieldScale(field.name)}`;
      const type = expr.fieldRep(field.name) === 'num' ? 'number' : 'bigint';
      w.line(`${field.name}: ${type}; // ${field.role}, ${field.javaType}, ${scale}`);
    }
  });
  w.line('}');
  w.line('');
  w.line(`const ${STATE}: PapState = {`);
  w.indent(() => {
    for (const field of fields) w.line(`${field.name}: ${initialValue(field, expr)},`);
  });
  w.line('};');
  w.line('');
}

function emitStatements(w: Writer, statements: readonly Stmt[], expr: ExpressionEmitter, ctx: EmitContext): void {
  for (const s of statements) {
    switch (s.k) {
      case 'setDec':
        w.line(`// ${commentText(s.source.trim())}`);
        w.line(`${expr.ref(s.target)} = ${expr.dec(s.value, expr.fieldScale(s.target), expr.fieldRep(s.target))};`);
        break;
      case 'setInt':
        w.line(`// ${commentText(s.source.trim())}`);
        w.line(`${expr.ref(s.target)} = ${expr.int(s.value)};`);
        break;
      case 'call':
        w.line(`${s.method}();`);
        break;
      case 'if':
        w.line(
          `// IF ${commentText(s.source.trim())}${ctx.analysis.reached.has(s) ? '' : ' (unreachable for valid inputs)'}`,
        );
        w.line(`if (${expr.bool(s.cond)}) {`);
        w.indent(() =>
          s.then.length > 0 ? emitStatements(w, s.then, expr, ctx) : w.line('// nothing to do (empty THEN in the PAP)'),
        );
        if (s.else.length > 0) {
          w.line('} else {');
          w.indent(() => emitStatements(w, s.else, expr, ctx));
        }
        w.line('}');
        break;
    }
  }
}

function emitLocals(w: Writer, ctx: EmitContext, expr: ExpressionEmitter, method: string): void {
  for (const local of ctx.locals.filter((l) => l.method === method)) {
    const type = expr.fieldRep(local.name) === 'num' ? 'number' : 'bigint';
    const zero = type === 'number' ? '0' : '0n';
    const scale = ctx.program.fields.get(local.name)?.type === 'int' ? 'int' : `scale ${expr.fieldScale(local.name)}`;
    w.line(`let ${local.name}: ${type} = ${zero}; // PAP field ${local.field} used only here, ${scale}`);
  }
}

function emitMethods(w: Writer, ctx: EmitContext, expr: ExpressionEmitter): void {
  for (const [name, method] of ctx.program.methods) {
    docComment(w, method.doc);
    w.line(`function ${name}(): void {`);
    w.indent(() => {
      emitLocals(w, ctx, expr, name);
      emitStatements(w, method.body, expr, ctx);
    });
    w.line('}');
    w.line('');
  }
}

function outputCode(field: IrField, expr: ExpressionEmitter, ctx: EmitContext): string {
  const scale = expr.fieldScale(field.name);
  const rep = expr.fieldRep(field.name);
  const range = ctx.analysis.fieldRanges.get(field.name);
  if (!fits(range, 0)) throw new Error(`output ${field.name} may exceed 2^53 cent`);
  // "+ 0" turns a negative zero (e.g. 0 * -1) into 0.
  const value = rep === 'num' ? expr.ref(field.name) : `Number(${expr.ref(field.name)})`;
  return scale === 0 ? `${value} + 0` : `${value} / ${pow10(scale, 'num')} + 0`;
}

function emitRun(w: Writer, ctx: EmitContext, expr: ExpressionEmitter, specs: readonly InputSpec[]): void {
  const prefix = typePrefix(ctx.model.name);
  w.line('/**');
  w.line(' * A fresh array of scaled inputs in the order of `meta.inputs`, each at its default');
  w.line(' * (NaN where the input is required).');
  w.line(' */');
  w.line('export function createInput(): number[] {');
  w.indent(() => {
    w.line('return [');
    w.indent(() => {
      for (const spec of specs)
        w.line(`${spec.defaultValue === null ? 'Number.NaN' : spec.defaultValue.toString()}, // ${spec.field.name}`);
    });
    w.line('];');
  });
  w.line('}');
  w.line('');
  w.line(
    `/** Runs PAP ${ctx.model.name} (MAIN) on validated inputs, scaled, in the order of \`meta.inputs\`. Not re-entrant. */`,
  );
  w.line(`export function run(input: readonly number[]): ${prefix}Output {`);
  w.indent(() => {
    for (const [index, spec] of specs.entries()) {
      const name = spec.field.name;
      const extra = spec.field.type === 'int' ? 0 : expr.fieldScale(name) - spec.domain.scale;
      const rep = expr.fieldRep(name);
      let code = rep === 'num' ? `input[${index}]!` : `BigInt(input[${index}]!)`;
      if (extra > 0) code = `${code} * ${pow10(extra, rep)}`;
      w.line(`${expr.ref(name)} = ${code};`);
    }
    for (const field of moduleFields(ctx)) {
      if (field.role !== 'input') w.line(`${expr.ref(field.name)} = ${initialValue(field, expr)};`);
    }
    emitLocals(w, ctx, expr, '');
    emitStatements(w, ctx.program.main, expr, ctx);
    w.line('return {');
    w.indent(() => {
      for (const field of outputFields(ctx)) w.line(`${field.name}: ${outputCode(field, expr, ctx)},`);
    });
    w.line('};');
  });
  w.line('}');
}

/** Emits the complete TypeScript module text for one PAP. */
export function emitModule(ctx: EmitContext): string {
  const expr = new ExpressionEmitter(ctx);
  const specs = inputSpecs(ctx);
  const body = new Writer();
  emitTables(body, ctx, expr);
  emitFields(body, ctx, expr);
  emitMethods(body, ctx, expr);
  emitRun(body, ctx, expr, specs);

  const w = new Writer();
  emitHeader(w, ctx);
  const helpers = HELPERS.filter((h) => expr.usedHelpers.has(h));
  if (helpers.length > 0) {
    w.line(`import { ${helpers.map((h) => `${h} as $${h}`).join(', ')} } from '${ctx.runtimeImport}';`);
  }
  w.line(`import type { PapModuleMeta } from '${ctx.typesImport}';`);
  w.line('');
  emitInputTypes(w, ctx, specs);
  emitOutputType(w, ctx);
  emitMeta(w, ctx, specs);
  return w.toString() + body.toString();
}
