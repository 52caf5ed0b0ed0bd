/**
 * Gives the parsed PAP a typed intermediate representation (IR) with exact BigDecimal
 * semantics spelled out: every operation node says what Java's BigDecimal does
 * (exact add/subtract/multiply, exact or rounding divide, setScale, longValue truncation).
 * Constant sub-expressions are folded exactly.
 *
 * The IR's types are in `ir.ts`, the expressions' lowering in `lower-expressions.ts`, the
 * constant folding in `fold.ts`; this file lowers statements and the whole program.
 */
import type { IrField, IrProgram, IrType, Stmt } from './ir.js';
import { type JavaNode, parseJavaAssignment, parseJavaExpression } from './java-expr.js';
import { Lowerer } from './lower-expressions.js';
import type { PapModel, PapStatement } from './model.js';
import type { Rational } from './rational.js';

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
