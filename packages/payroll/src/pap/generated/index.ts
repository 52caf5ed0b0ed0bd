/*
 * GENERATED FILE - DO NOT EDIT. Regenerate with: npx tsx packages/payroll/scripts/generate-pap.ts
 * Index of the PAP modules generated from packages/payroll/pap-xml/*.xml.
 */
import * as lohnsteuer2024 from './lohnsteuer-2024.js';
import * as lohnsteuer2024Dezember from './lohnsteuer-2024-dezember.js';
import * as lohnsteuer2025 from './lohnsteuer-2025.js';
import * as lohnsteuer2026 from './lohnsteuer-2026.js';
import type { Lohnsteuer2024Input, Lohnsteuer2024Output } from './lohnsteuer-2024.js';
import type { Lohnsteuer2024DezemberInput, Lohnsteuer2024DezemberOutput } from './lohnsteuer-2024-dezember.js';
import type { Lohnsteuer2025Input, Lohnsteuer2025Output } from './lohnsteuer-2025.js';
import type { Lohnsteuer2026Input, Lohnsteuer2026Output } from './lohnsteuer-2026.js';

export type { Lohnsteuer2024Input, Lohnsteuer2024Output } from './lohnsteuer-2024.js';
export type { Lohnsteuer2024DezemberInput, Lohnsteuer2024DezemberOutput } from './lohnsteuer-2024-dezember.js';
export type { Lohnsteuer2025Input, Lohnsteuer2025Output } from './lohnsteuer-2025.js';
export type { Lohnsteuer2026Input, Lohnsteuer2026Output } from './lohnsteuer-2026.js';

/** Generated PAP modules by version id. */
export const PAP_MODULES = {
  '2024': lohnsteuer2024,
  '2024Dezember': lohnsteuer2024Dezember,
  '2025': lohnsteuer2025,
  '2026': lohnsteuer2026,
} as const;

/** PAP inputs by version id. */
export interface PapInputByVersion {
  '2024': Lohnsteuer2024Input;
  '2024Dezember': Lohnsteuer2024DezemberInput;
  '2025': Lohnsteuer2025Input;
  '2026': Lohnsteuer2026Input;
}

/** PAP outputs by version id. */
export interface PapOutputByVersion {
  '2024': Lohnsteuer2024Output;
  '2024Dezember': Lohnsteuer2024DezemberOutput;
  '2025': Lohnsteuer2025Output;
  '2026': Lohnsteuer2026Output;
}

/** Id of a generated PAP version, e.g. "2026" or "2024Dezember". */
export type PapVersionId = keyof PapInputByVersion;
