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

/** Shortest decimal text of a number without exponent (1e-7 -> "0.0000001"). */
function plainText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = (match[2] ?? '') + (match[3] ?? '');
  const exponent = Number(match[4]);
  if (exponent < 0) return `${match[1] ?? ''}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${match[1] ?? ''}${digits.padEnd(exponent + 1, '0')}`;
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
    const allowed =
      spec.scale === 0
        ? spec.unit === 'cent'
          ? 'must be a whole number of cents'
          : 'must be a whole number'
        : `allows at most ${spec.scale} decimal places`;
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
    scaled = Number.isInteger(value)
      ? value * (POW10[spec.scale] ?? 10 ** spec.scale)
      : parseDecimalText(spec, papId, plainText(value), value);
  } else if (typeof value === 'string') {
    scaled = parseDecimalText(spec, papId, value.trim(), value);
  } else {
    fail(spec, papId, 'must be a number or a decimal string', value);
  }
  if (!(scaled >= spec.min && scaled <= spec.max)) fail(spec, papId, rangeText(spec), value);
  return scaled;
}

/** Per-module data prepared once: specs by name, required inputs, string cache. */
interface PreparedMeta {
  /** Spec and position of each input by name (a prototype-free object: fastest lookup). */
  readonly specs: Readonly<Record<string, { readonly spec: PapInputSpec; readonly index: number } | undefined>>;
  readonly names: readonly string[];
  readonly required: readonly PapInputSpec[];
  /** Parsed decimals ("2.90", 0.5) per input; the same few values recur constantly. */
  readonly parsedDecimals: Map<PapInputSpec, Map<unknown, number>>;
}

const prepared = new WeakMap<PapModuleMeta, PreparedMeta>();
const MAX_CACHED_VALUES = 256;

function prepare(meta: PapModuleMeta): PreparedMeta {
  let data = prepared.get(meta);
  if (!data) {
    const specs: Record<string, { spec: PapInputSpec; index: number } | undefined> = Object.create(null) as Record<
      string,
      never
    >;
    meta.inputs.forEach((spec, index) => (specs[spec.name] = { spec, index }));
    data = {
      specs,
      names: meta.inputs.map((spec) => spec.name),
      required: meta.inputs.filter((spec) => spec.default === null),
      parsedDecimals: new Map(),
    };
    prepared.set(meta, data);
  }
  return data;
}

function scaleCached(data: PreparedMeta, spec: PapInputSpec, papId: string, value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return scaleInputValue(spec, papId, value);
  let cache = data.parsedDecimals.get(spec);
  const hit = cache?.get(value);
  if (hit !== undefined) return hit;
  const scaled = scaleInputValue(spec, papId, value); // throws for invalid values, which are never cached
  if (!cache) {
    cache = new Map();
    data.parsedDecimals.set(spec, cache);
  }
  if (cache.size < MAX_CACHED_VALUES) cache.set(value, scaled);
  return scaled;
}

/** Keys of the calculation input that select the PAP instead of being PAP inputs. */
function isSelector(name: string): boolean {
  return name === 'version' || name === 'date';
}

/**
 * Validates the given inputs and writes them, scaled, into `target` (one slot per input in
 * `meta.inputs` order), which must already hold every input at its default (NaN where
 * required; see the generated `createInput`).
 * Throws PapInputError for unknown names, bad values or missing required inputs.
 */
export function scaleInputs(
  meta: PapModuleMeta,
  papId: string,
  raw: Readonly<Record<string, unknown>>,
  target: number[],
): void {
  const data = prepare(meta);
  const names = Object.keys(raw);
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (isSelector(name)) continue;
    const value = raw[name];
    if (value === undefined) continue;
    const entry = data.specs[name];
    if (!entry) {
      throw new PapInputError(
        `Unknown input "${name}" for PAP ${papId}. Known inputs: ${data.names.join(', ')}.`,
        name,
      );
    }
    const spec = entry.spec;
    target[entry.index] =
      typeof value === 'number' && spec.scale === 0 && Number.isInteger(value) && value >= spec.min && value <= spec.max
        ? value // fast path: whole numbers in range (cents, codes) need no further work
        : scaleCached(data, spec, papId, value);
  }
  for (const spec of data.required) {
    if (Number.isNaN(target[data.specs[spec.name]?.index ?? -1])) {
      throw new PapInputError(
        `Input ${spec.name} is required for PAP ${papId} (the PAP declares no default).`,
        spec.name,
      );
    }
  }
}
