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
export type {
  Lohnsteuer2024DezemberInput,
  Lohnsteuer2024DezemberOutput,
  Lohnsteuer2024Input,
  Lohnsteuer2024Output,
  Lohnsteuer2025Input,
  Lohnsteuer2025Output,
  Lohnsteuer2026Input,
  Lohnsteuer2026Output,
  PapInputByVersion,
  PapOutputByVersion,
  PapVersionId,
} from './generated/index.js';
export { PAP_VERSIONS, papVersionMeta, versionForDate } from './registry.js';
export type { PapVersionRange } from './registry.js';
export type { PapInputSpec, PapModuleMeta } from './types.js';
