/**
 * The social-insurance values per year, one data file each (`sv-<year>.ts`), in date order.
 * `npm run payroll:add-year` adds a year's import and entry at the markers below.
 */
import type { SocialParameterSet } from '../parameters.js';
import { SV_2025 } from './sv-2025.js';
import { SV_2026 } from './sv-2026.js';
// add-year: import above this line

export const SV_YEARS: readonly SocialParameterSet[] = [
  SV_2025,
  SV_2026,
  // add-year: entry above this line
];
