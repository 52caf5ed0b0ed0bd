import { PayslipError } from './errors.js';

/**
 * An amount of money in integer euro cents. Branded so that a plain number (or euros) cannot be
 * passed where cents are expected. All arithmetic on money in this package happens on integer
 * cents; fractions of a cent only exist inside one multiplication and are rounded at once.
 */
export type Cents = number & { readonly __brand: 'Cents' };

/**
 * A rate in parts per million of its base (1 % = 10,000 ppm; 0.002 % = 20 ppm). Integer, so a
 * product `cents × ppm` stays an exact integer below 2^53 for every amount this package handles.
 */
export type Ppm = number & { readonly __brand: 'Ppm' };

/** A money input at the edge: EUR as a JS number with at most two decimals, or a decimal string. */
export type EurInput = number | string;

const PPM = 1_000_000;
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Marks an integer as cents (no check: for values the package computed itself). */
export function cents(value: number): Cents {
  return value as Cents;
}

/** Marks an integer as a ppm rate. */
export function ppm(value: number): Ppm {
  return value as Ppm;
}

/**
 * Parses a decimal (number or string) into an integer count of `10^-scale` units, exactly.
 * Rejects more decimals than `scale`: "1.005" EUR is an input error, not a rounding question.
 */
export function parseScaled(value: unknown, scale: number, field: string): number {
  if (typeof value === 'number') return scaleNumber(value, scale, field);
  if (typeof value === 'string') return scaleString(value.trim(), scale, field);
  throw new PayslipError('INVALID_INPUT', `${field}: Zahl erwartet.`);
}

function scaleNumber(value: number, scale: number, field: string): number {
  if (!Number.isFinite(value)) throw new PayslipError('INVALID_INPUT', `${field}: keine gültige Zahl.`);
  const factor = 10 ** scale;
  const scaled = Math.round(value * factor);
  // A binary float that stands for a decimal with <= scale places lies within 1e-6 of the integer.
  if (Math.abs(value * factor - scaled) > 1e-6 || !Number.isSafeInteger(scaled)) {
    throw new PayslipError('INVALID_INPUT', `${field}: höchstens ${scale} Nachkommastellen erlaubt.`);
  }
  return scaled === 0 ? 0 : scaled;
}

function scaleString(text: string, scale: number, field: string): number {
  const match = DECIMAL.exec(text.replace(',', '.'));
  if (!match) throw new PayslipError('INVALID_INPUT', `${field}: „${text}“ ist keine Dezimalzahl.`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) {
    throw new PayslipError('INVALID_INPUT', `${field}: höchstens ${scale} Nachkommastellen erlaubt.`);
  }
  const scaled = Number(whole + fraction.padEnd(scale, '0'));
  if (!Number.isSafeInteger(scaled)) throw new PayslipError('INVALID_INPUT', `${field}: Zahl zu groß.`);
  return sign && scaled !== 0 ? -scaled : scaled;
}

/** Converts EUR (number with at most two decimals, or decimal string) into cents, exactly. */
export function eurToCents(value: unknown, field: string): Cents {
  return parseScaled(value, 2, field) as Cents;
}

/** `amount × rate`, rounded half up to the cent (BVV § 1 Abs. 2: kaufmännische Rundung). */
export function mulPpmRound(amount: Cents, rate: Ppm): Cents {
  return Math.floor((amount * rate + PPM / 2) / PPM) as Cents;
}

/** `amount × rate`, fractions of a cent dropped (used where a rule says "abzurunden"). */
export function mulPpmFloor(amount: Cents, rate: Ppm): Cents {
  return Math.floor((amount * rate) / PPM) as Cents;
}

/** `numerator / denominator` for non-negative integers, rounded half up. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Sum of cents. */
export function sumCents(...amounts: Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total as Cents;
}

/** Formats cents as a EUR decimal string ("1234.50"), for messages and the README examples. */
export function formatEur(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
