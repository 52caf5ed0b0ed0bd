/**
 * Emits the TypeScript module for one PAP from its IR and analysis.
 *
 * Every BigDecimal field becomes an integer holding value x 10^scale. An operation is
 * emitted on JS numbers when the analysis proves every scaled intermediate value stays
 * within +-2^52 (so +, -, * are exact and the runtime divisions are exact); otherwise it
 * is emitted on bigint. Method names, field names and the statement
 * structure follow the PAP one to one, each statement preceded by its XML source.
 *
 * The parts: expressions (`emit-expressions.ts`), the module's declarations: header, types,
 * metadata, tables (`emit-declarations.ts`), the text writer (`emit-writer.ts`); this file emits
 * the fields, methods and the run function and puts the module together.
 */
import { type EmitContext, STATE } from './emit-context.js';
import {
  emitHeader,
  emitInputTypes,
  emitMeta,
  emitOutputType,
  emitTables,
  type InputSpec,
  inputSpecs,
  outputFields,
  typePrefix,
} from './emit-declarations.js';
import { ExpressionEmitter, fits, HELPERS, literal, pow10 } from './emit-expressions.js';
import { commentText, docComment, Writer } from './emit-writer.js';
import type { IrField, Stmt } from './ir.js';

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
