/**
 * The typed intermediate representation (IR) of a PAP: expressions that spell out what Java's
 * BigDecimal does, statements, fields and the program. `lower.ts` builds it, the analysis and the
 * emitter read it.
 */
import type { PapField } from './model.js';
import type { Rational } from './rational.js';

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
