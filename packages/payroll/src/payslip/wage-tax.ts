import { calculateLohnsteuer, papVersionMeta, versionForDate } from '../pap/index.js';
import type { PapInputBuffer, WageTaxCalculator, WageTaxInput, WageTaxResult } from './pap-mapping.js';

/** The default wage-tax calculator: the BMF PAP of this package. */
export const defaultWageTax: WageTaxCalculator = (input: WageTaxInput): WageTaxResult => calculateLohnsteuer(input);

type PapVersion = ReturnType<typeof versionForDate>['id'];
type InputSpec = ReturnType<typeof papVersionMeta>['inputs'][number];

const specsByVersion = new Map<PapVersion, ReadonlyMap<string, InputSpec>>();

function inputSpecs(version: PapVersion): ReadonlyMap<string, InputSpec> {
  let specs = specsByVersion.get(version);
  if (!specs) {
    specs = new Map(papVersionMeta(version).inputs.map((spec) => [spec.name, spec]));
    specsByVersion.set(version, specs);
  }
  return specs;
}

/**
 * The PAP input for a payment date, built once per prepared profile: the PAP version resolved
 * from the date, and only the inputs that differ from the PAP's declared defaults (fewer values
 * to validate and scale on every call). `RE4` is set per call. Numbers equal to the default are
 * dropped; required inputs (no default) and decimal strings are always kept.
 */
export function papInputFor(date: string, values: Readonly<Record<string, number | string>>): PapInputBuffer {
  const version = versionForDate(date).id;
  const specs = inputSpecs(version);
  const input: PapInputBuffer = { version, RE4: 0 };
  for (const [name, value] of Object.entries(values)) {
    const spec = specs.get(name);
    const isDefault =
      spec !== undefined &&
      spec.default !== null &&
      typeof value === 'number' &&
      value * 10 ** spec.scale === spec.default;
    if (!isDefault) input[name] = value;
  }
  return input;
}
