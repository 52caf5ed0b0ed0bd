/**
 * Validation and scaling of PAP inputs. Values arrive as JSON numbers or decimal strings
 * ("2.90"); the generated code wants each as an integer value x 10^scale.
 * Decimal parsing goes through the decimal text, never through float multiplication,
 * so "2.9" becomes exactly 290 at scale 2.
 */
import { PapInputError } from './errors.js';
import type { PapInputSpec, PapModuleMeta } from './types.js';

/** Largest number of digits a scaled value may have and still be parsed exactly. */
const MAX_DIGITS = 15;
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];

/** Formats a scaled bound back as a decimal for messages. */
function formatScaled(value: number, scale: number): string {
  if (scale === 0) return String(value);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return typeof value;
}

function fail(spec: PapInputSpec, papId: string, problem: string, value: unknown): never {
  throw new PapInputError(`Input ${spec.name} (PAP ${papId}) ${problem} (got ${describe(value)}).`, spec.name);
}

/** Parses a plain decimal text into value x 10^scale, or fails with a clear message. */
function parseDecimalText(spec: PapInputSpec, papId: string, text: string, original: unknown): number {
  const match = DECIMAL.exec(text);
  if (!match) fail(spec, papId, 'must be a number or a decimal string like "2.90"', original);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > spec.scale) {
    const allowed = spec.scale === 0 ? (spec.unit === 'cent' ? 'must be a whole number of cents' : 'must be a whole number') : `allows at most ${spec.scale} decimal places`;
    fail(spec, papId, allowed, original);
  }
  const digits = ((match[2] ?? '') + fraction.padEnd(spec.scale, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) fail(spec, papId, rangeText(spec), original);
  const magnitude = Number(digits);
  return match[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

function rangeText(spec: PapInputSpec): string {
  const unit = spec.unit === 'cent' ? ' cent' : '';
  return `must be between ${formatScaled(spec.min, spec.scale)} and ${formatScaled(spec.max, spec.scale)}${unit}`;
}

/** Converts one raw input value to value x 10^scale, checking type, decimals and range. */
export function scaleInputValue(spec: PapInputSpec, papId: string, value: unknown): number {
  let scaled: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(spec, papId, 'must be a finite number', value);
    // Integers are the common case (cents, codes) and scale without any rounding risk.
    scaled = Number.isInteger(value) ? value * (POW10[spec.scale] ?? 10 ** spec.scale) : parseDecimalText(spec, papId, String(value), value);
  } else if (typeof value === 'string') {
    scaled = parseDecimalText(spec, papId, value.trim(), value);
  } else {
    fail(spec, papId, 'must be a number or a decimal string', value);
  }
  if (!(scaled >= spec.min && scaled <= spec.max)) fail(spec, papId, rangeText(spec), value);
  return scaled;
}

/** Input specs by name, cached per module. */
const specIndex = new WeakMap<PapModuleMeta, ReadonlyMap<string, PapInputSpec>>();

function specsByName(meta: PapModuleMeta): ReadonlyMap<string, PapInputSpec> {
  let index = specIndex.get(meta);
  if (!index) {
    index = new Map(meta.inputs.map((spec) => [spec.name, spec]));
    specIndex.set(meta, index);
  }
  return index;
}

/** Keys of the calculation input that select the PAP instead of being PAP inputs. */
const SELECTOR_KEYS = new Set(['version', 'date']);

/**
 * Fills `target` with every input of the PAP, scaled: given values are validated, missing
 * ones take their default. Throws PapInputError for unknown names, bad values or missing
 * required inputs.
 */
export function scaleInputs(meta: PapModuleMeta, papId: string, raw: Readonly<Record<string, unknown>>, target: Record<string, number>): void {
  for (const spec of meta.inputs) target[spec.name] = spec.default ?? Number.NaN;
  const specs = specsByName(meta);
  for (const name in raw) {
    if (SELECTOR_KEYS.has(name)) continue;
    const value = raw[name];
    if (value === undefined) continue;
    const spec = specs.get(name);
    if (!spec) {
      throw new PapInputError(`Unknown input "${name}" for PAP ${papId}. Known inputs: ${[...specs.keys()].join(', ')}.`, name);
    }
    target[name] = scaleInputValue(spec, papId, value);
  }
  for (const spec of meta.inputs) {
    if (spec.default === null && Number.isNaN(target[spec.name])) {
      throw new PapInputError(`Input ${spec.name} is required for PAP ${papId} (the PAP declares no default).`, spec.name);
    }
  }
}
