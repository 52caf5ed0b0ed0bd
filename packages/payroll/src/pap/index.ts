/**
 * German wage tax (Lohnsteuer) per the official BMF Programmablaufplan (PAP), generated
 * from the BMF's XML pseudo-code. See packages/payroll/README.md.
 */
export { calculateLohnsteuer } from './calculate.js';
export { papJsonLine } from './cli.js';
export type {
  LohnsteuerDateInput,
  LohnsteuerDynamicInput,
  LohnsteuerInput,
  LohnsteuerInputName,
  LohnsteuerOutput,
  LohnsteuerVersionInput,
} from './calculate.js';
export { PapArithmeticError, PapError, PapInputError, PapVersionNotFoundError } from './errors.js';
// Per-version input/output types (Lohnsteuer2026Input, Lohnsteuer2026Output, ...), the
// version id union and the per-version type maps, straight from the generated index.
export type * from './generated/index.js';
export { PAP_VERSIONS, papVersionMeta, versionForDate } from './registry.js';
export type { PapVersionRange } from './registry.js';
export type { PapInputSpec, PapModuleMeta } from './types.js';
