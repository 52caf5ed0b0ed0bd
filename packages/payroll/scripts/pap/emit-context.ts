/** What the emitter works from, and the representation of a scaled value in the emitted code. */
import type { Analysis } from './analyze.js';
import type { InputDomain } from './input-domains.js';
import type { LocalVariable } from './locals.js';
import type { IrProgram } from './ir.js';
import type { PapModel } from './model.js';

export type Rep = 'num' | 'big';

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
 * Name of the object holding the PAP fields. An object (not module-level variables) so V8
 * keeps number fields unboxed instead of allocating a heap number per assignment.
 */
export const STATE = 'pap';
