/**
 * Which PAP applies to which payment date. Each generated PAP module is registered here
 * with the payment dates it covers; the periods are contiguous and must not overlap
 * (checked by registry.test.ts).
 */
import { PapInputError, PapVersionNotFoundError } from './errors.js';
import { PAP_MODULES, type PapOutputByVersion, type PapVersionId } from './generated/index.js';
import type { PapModule, PapModuleMeta } from './types.js';

/** A registered PAP version and the payment dates (inclusive, YYYY-MM-DD) it applies to. */
export interface PapVersionRange {
  /** Version id, e.g. "2026" or "2024Dezember". */
  readonly id: PapVersionId;
  /** First payment date the version applies to. */
  readonly validFrom: string;
  /** Last payment date the version applies to. */
  readonly validTo: string;
}

/**
 * All registered PAP versions in date order. Sources: BMF-Schreiben on the PAP 2024
 * (from 2024-01-01; the December PAP with the raised 2024 basic allowance for December
 * payrolls), PAP 2025 (geänderte Fassung, Stand 2025-09-17) and PAP 2026 (BMF-Schreiben of
 * 12 November 2025).
 */
export const PAP_VERSIONS: readonly PapVersionRange[] = [
  { id: '2024', validFrom: '2024-01-01', validTo: '2024-11-30' },
  { id: '2024Dezember', validFrom: '2024-12-01', validTo: '2024-12-31' },
  { id: '2025', validFrom: '2025-01-01', validTo: '2025-12-31' },
  { id: '2026', validFrom: '2026-01-01', validTo: '2026-12-31' },
  // add-year: version above this line (npm run payroll:add-year)
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Resolved payment dates; a pricing run asks for the same few dates again and again. */
const dateCache = new Map<string, PapVersionRange>();
const MAX_CACHED_DATES = 4096;

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/**
 * Normalises a payment date to YYYY-MM-DD. Strings must be ISO calendar dates; Date objects
 * are read in local time (the calendar day the caller sees).
 */
export function toIsoDate(date: string | Date): string {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new PapInputError('Payment date is an invalid Date.', 'date');
    return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
  }
  const match = typeof date === 'string' ? ISO_DATE.exec(date) : null;
  if (!match)
    throw new PapInputError(`Payment date must be a string YYYY-MM-DD (got ${JSON.stringify(date)}).`, 'date');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new PapInputError(`Payment date ${date} is not a calendar date.`, 'date');
  }
  return date;
}

/**
 * Returns the PAP version that applies to a payment date.
 * @param date payment date as YYYY-MM-DD (or a Date, read in local time)
 * @throws PapInputError if the date is malformed
 * @throws PapVersionNotFoundError if no registered version covers the date
 */
export function versionForDate(date: string | Date): PapVersionRange {
  if (typeof date === 'string') {
    const cached = dateCache.get(date);
    if (cached) return cached;
  }
  const iso = toIsoDate(date);
  for (const version of PAP_VERSIONS) {
    if (iso >= version.validFrom && iso <= version.validTo) {
      if (dateCache.size < MAX_CACHED_DATES) dateCache.set(iso, version);
      return version;
    }
  }
  const first = PAP_VERSIONS[0];
  const last = PAP_VERSIONS[PAP_VERSIONS.length - 1];
  throw new PapVersionNotFoundError(iso, first?.validFrom ?? '-', last?.validTo ?? '-');
}

/** True if `id` names a generated and registered PAP version. */
export function isPapVersionId(id: unknown): id is PapVersionId {
  return typeof id === 'string' && Object.hasOwn(PAP_MODULES, id) && PAP_VERSIONS.some((v) => v.id === id);
}

/** Generated module of a version. */
export function papModule(id: PapVersionId): PapModule<PapOutputByVersion[PapVersionId]> {
  return PAP_MODULES[id];
}

/**
 * Metadata of a PAP version: source XML file and SHA-256, "Stand", inputs with their
 * ranges/defaults (scaled), outputs.
 */
export function papVersionMeta(id: PapVersionId): PapModuleMeta {
  return PAP_MODULES[id].meta;
}
