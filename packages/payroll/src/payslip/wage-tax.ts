import { calculateLohnsteuer, papVersionMeta, PapVersionNotFoundError, versionForDate } from '../pap/index.js';
import { PayslipError } from './errors.js';
import type { PapInputBuffer, WageTaxCalculator, WageTaxInput, WageTaxResult } from './pap-mapping.js';

/** The default wage-tax calculator: the BMF PAP of this package. */
export const defaultWageTax: WageTaxCalculator = (input: WageTaxInput): WageTaxResult => calculateLohnsteuer(input);

type PapVersion = ReturnType<typeof versionForDate>['id'];

/** Per PAP version: each input's default in unscaled units (null = required, no default). */
const defaultsByVersion = new Map<PapVersion, ReadonlyMap<string, number | null>>();

function inputDefaults(version: PapVersion): ReadonlyMap<string, number | null> {
  let defaults = defaultsByVersion.get(version);
  if (!defaults) {
    defaults = new Map(
      papVersionMeta(version).inputs.map((spec) => [
        spec.name,
        spec.default === null ? null : spec.default / 10 ** spec.scale,
      ]),
    );
    defaultsByVersion.set(version, defaults);
  }
  return defaults;
}

/**
 * The PAP input for a payment date, built once per prepared profile: the PAP version resolved
 * from the date, and only the inputs that differ from the PAP's declared defaults (fewer values
 * to validate and scale on every call). `RE4` is set per call. Numbers equal to the default are
 * dropped; required inputs (no default) and decimal strings are always kept.
 */
export function papInputFor(date: string, values: Readonly<Record<string, number | string>>): PapInputBuffer {
  const version = papVersionFor(date);
  const defaults = inputDefaults(version);
  const input: PapInputBuffer = { version, RE4: 0 };
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    const fallback = defaults.get(name);
    if (typeof value === 'number' && fallback !== undefined && fallback !== null && value === fallback) continue;
    input[name] = value;
  }
  return input;
}

/**
 * The PAP version of a payment date. A date without a PAP (e.g. January of a year whose PAP the
 * BMF has not published yet) is refused with a German message, never computed with another year's.
 */
function papVersionFor(date: string): PapVersion {
  try {
    return versionForDate(date).id;
  } catch (error) {
    if (!(error instanceof PapVersionNotFoundError)) throw error;
    throw new PayslipError(
      'NO_PARAMETERS_FOR_DATE',
      `Für den Abrechnungsmonat ${date} liegt der Lohnsteuer-Programmablaufplan des BMF noch nicht vor; eine Nettorate kann erst danach berechnet werden.`,
    );
  }
}
