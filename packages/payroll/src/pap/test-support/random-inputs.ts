/**
 * Seeded random PAP inputs for differential and property tests. Covers every input the
 * PAPs know: all tax classes and pay periods, children, church tax, private health
 * insurance, pension/unemployment insurance flags, pensions (Versorgungsbezüge), age
 * relief, the factor method, allowances/additions, other payments (sonstige Bezüge) and
 * the 2024 multi-year payments, with realistic values mixed with edge and extreme ones.
 */

/** A seeded PRNG returning floats in [0, 1) (sfc32, seeded through splitmix32). */
export type Rng = () => number;

/** Creates a reproducible PRNG from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** Integer in [min, max]. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

function pick<T>(rng: Rng, values: readonly T[]): T {
  return values[Math.floor(rng() * values.length)] as T;
}

/** Log-uniform integer in [1, max], with a share of zeros. */
function logAmount(rng: Rng, max: number, zeroShare = 0): number {
  if (chance(rng, zeroShare)) return 0;
  return Math.max(1, Math.floor(Math.exp(rng() * Math.log(max))));
}

/** Money up to 1 billion euro in cent, mostly realistic, sometimes extreme. */
function money(rng: Rng, typical: number): number {
  const r = rng();
  if (r < 0.03) return pick(rng, [0, 1, 99, 100, 101, 9999, 10000]);
  if (r < 0.97) return logAmount(rng, typical);
  return int(rng, 0, MAX_CENTS);
}

/** A decimal as number or string, to exercise both input forms. */
function decimal(rng: Rng, scaled: number, scale: number): number | string {
  const text = (scaled / 10 ** scale).toFixed(scale);
  return chance(rng, 0.5) ? text : Number(text);
}

const PERIODS_PER_YEAR = [1, 12, 360 / 7, 360] as const;
/** Upper bound of money inputs (1 billion euro in cent). */
const MAX_CENTS = 100_000_000_000;

function base(rng: Rng, out: Record<string, number | string>, names: ReadonlySet<string>): number {
  const lzz = int(rng, 1, 4);
  out['LZZ'] = lzz;
  out['STKL'] = int(rng, 1, 6);
  const annual = chance(rng, 0.02) ? int(rng, 0, MAX_CENTS) : logAmount(rng, 60_000_000, 0.03);
  const re4 = Math.floor(annual / (PERIODS_PER_YEAR[lzz - 1] ?? 1));
  out['RE4'] = re4;
  out['R'] = chance(rng, 0.6) ? 0 : pick(rng, [1, 1, 1, 2, 3]);
  out['ZKF'] = chance(rng, 0.5) ? 0 : decimal(rng, chance(rng, 0.9) ? int(rng, 1, 12) * 5 : int(rng, 1, 500), 1);
  out['KVZ'] = decimal(rng, chance(rng, 0.9) ? int(rng, 0, 400) : int(rng, 0, 2000), 2);
  out['PVS'] = int(rng, 0, 1);
  out['PVZ'] = int(rng, 0, 1);
  if (names.has('PVA')) out['PVA'] = chance(rng, 0.6) ? 0 : int(rng, 0, 4);
  out['KRV'] = int(rng, 0, names.has('ALV') ? 1 : names.has('VKAPA') ? 2 : 1);
  if (names.has('ALV')) out['ALV'] = chance(rng, 0.8) ? 0 : 1;
  return re4;
}

function healthInsurance(rng: Rng, out: Record<string, number | string>, names: ReadonlySet<string>): void {
  const maxPkv = names.has('PKPVAGZ') ? 1 : 2;
  out['PKV'] = chance(rng, 0.7) ? 0 : int(rng, 1, maxPkv);
  if (out['PKV'] !== 0 || chance(rng, 0.1))
    out['PKPV'] = chance(rng, 0.95) ? int(rng, 0, 150_000) : money(rng, 10_000_000);
  if (names.has('PKPVAGZ') && chance(rng, 0.4)) out['PKPVAGZ'] = int(rng, 0, 100_000);
}

function factorAndAge(rng: Rng, out: Record<string, number | string>): void {
  out['af'] = chance(rng, 0.8) ? 1 : 0;
  if (chance(rng, 0.4)) out['f'] = decimal(rng, int(rng, 1, 1000), 3);
  if (chance(rng, 0.2)) {
    out['ALTER1'] = 1;
    out['AJAHR'] = int(rng, 1990, 2070);
  } else if (chance(rng, 0.05)) out['AJAHR'] = int(rng, 0, 9999);
}

function pensions(rng: Rng, out: Record<string, number | string>, re4: number): void {
  if (!chance(rng, 0.25)) return;
  out['VBEZ'] = chance(rng, 0.9) ? Math.floor(re4 * rng()) : money(rng, 10_000_000);
  out['VJAHR'] = chance(rng, 0.95) ? int(rng, 1995, 2070) : int(rng, 0, 9999);
  out['VBEZM'] = chance(rng, 0.9) ? int(rng, 0, 800_000) : money(rng, 100_000_000);
  if (chance(rng, 0.3)) out['VBEZS'] = money(rng, 5_000_000);
  out['ZMVB'] = int(rng, 0, 12);
  if (chance(rng, 0.5)) out['JVBEZ'] = money(rng, 50_000_000);
}

function allowances(rng: Rng, out: Record<string, number | string>, re4: number): void {
  if (chance(rng, 0.2)) out['LZZFREIB'] = chance(rng, 0.9) ? Math.floor(re4 * rng()) : money(rng, 10_000_000);
  if (chance(rng, 0.1)) out['LZZHINZU'] = money(rng, 5_000_000);
}

function otherPayments(rng: Rng, out: Record<string, number | string>, names: ReadonlySet<string>, re4: number): void {
  if (chance(rng, 0.35)) {
    const sonstb = money(rng, 20_000_000);
    out['SONSTB'] = sonstb;
    out['JRE4'] = chance(rng, 0.8) ? re4 * pick(rng, [1, 12, 52, 360]) : money(rng, 100_000_000);
    if (chance(rng, 0.15)) out['JRE4ENT'] = Math.floor(Number(out['JRE4']) * rng());
    if (chance(rng, 0.15)) out['SONSTENT'] = Math.floor(sonstb * rng());
    if (chance(rng, 0.1)) out['STERBE'] = Math.floor(sonstb * rng());
    if (chance(rng, 0.15)) out['VBS'] = Math.floor(sonstb * rng());
    if (chance(rng, 0.15)) out['JFREIB'] = money(rng, 5_000_000);
    if (chance(rng, 0.1)) out['JHINZU'] = money(rng, 5_000_000);
    if (chance(rng, 0.2)) out['JVBEZ'] = Math.floor(Number(out['JRE4']) * rng());
  }
  if (chance(rng, 0.08)) out['MBV'] = money(rng, 5_000_000);
  if (names.has('VKAPA')) {
    if (chance(rng, 0.1)) out['VKAPA'] = money(rng, 20_000_000);
    if (chance(rng, 0.1)) out['VMT'] = money(rng, 20_000_000);
    if (chance(rng, 0.1)) out['ENTSCH'] = Math.floor((Number(out['VKAPA'] ?? 0) + Number(out['VMT'] ?? 0)) * rng());
  }
}

/**
 * One random input for a PAP with the given input names (only those names are used).
 * LZZ and STKL are always set; other inputs are often left out to exercise defaults.
 */
export function randomPapInput(rng: Rng, names: ReadonlySet<string>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const re4 = base(rng, out, names);
  healthInsurance(rng, out, names);
  factorAndAge(rng, out);
  pensions(rng, out, re4);
  allowances(rng, out, re4);
  otherPayments(rng, out, names, re4);
  const result: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(out)) {
    if (!names.has(key)) continue;
    // Derived amounts (e.g. a daily wage times 360) must stay inside the input domain.
    result[key] = typeof value === 'number' && value > MAX_CENTS ? MAX_CENTS : value;
  }
  return result;
}

/** The parts of an input spec needed to draw values from its whole domain. */
export interface DomainSpec {
  readonly name: string;
  readonly scale: number;
  readonly min: number;
  readonly max: number;
  readonly default: number | null;
}

/**
 * An input drawn from the whole allowed domain of every input (bounds included), regardless
 * of realism: exercises extreme magnitudes and the generator's bigint fallbacks.
 */
export function domainInput(rng: Rng, specs: readonly DomainSpec[]): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const spec of specs) {
    if (spec.default !== null && chance(rng, 0.4)) continue;
    const scaled = chance(rng, 0.3) ? (chance(rng, 0.5) ? spec.min : spec.max) : int(rng, spec.min, spec.max);
    out[spec.name] = spec.scale === 0 ? scaled : decimal(rng, scaled, spec.scale);
  }
  return out;
}
