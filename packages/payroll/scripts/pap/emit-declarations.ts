/** The generated module's declarations: header, input and output types, metadata and tables. */
import { tableScale } from './analyze.js';
import type { EmitContext } from './emit-context.js';
import type { ExpressionEmitter } from './emit-expressions.js';
import { literal } from './emit-expressions.js';
import type { Writer } from './emit-writer.js';
import { decimalText, docComment, formatScaled, quote } from './emit-writer.js';
import type { InputDomain } from './input-domains.js';
import type { IrField } from './ir.js';
import { Rational } from './rational.js';

/** Input spec as emitted: scaled bounds and default. */
export interface InputSpec {
  readonly field: IrField;
  readonly domain: InputDomain;
  readonly min: bigint;
  readonly max: bigint;
  readonly defaultValue: bigint | null;
}

export function inputSpecs(ctx: EmitContext): InputSpec[] {
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

export function emitHeader(w: Writer, ctx: EmitContext): void {
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

export function emitInputTypes(w: Writer, ctx: EmitContext, specs: readonly InputSpec[]): void {
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

export function outputFields(ctx: EmitContext): IrField[] {
  return [...ctx.program.fields.values()].filter((f) => f.role === 'output');
}

export function emitOutputType(w: Writer, ctx: EmitContext): void {
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

export function emitMeta(w: Writer, ctx: EmitContext, specs: readonly InputSpec[]): void {
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

export function emitTables(w: Writer, ctx: EmitContext, expr: ExpressionEmitter): void {
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
