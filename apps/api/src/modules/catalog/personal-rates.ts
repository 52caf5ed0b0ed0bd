import { SalaryInfoSchema, type ProvisionalRate, type SalaryInfo } from '@leasing/contract';
import {
  compareOffer,
  PayslipError,
  preparePayslipProfile,
  resolvePayrollYear,
  type LeaseOfferInput,
  type PayslipComparison,
  type PreparedPayslipProfile,
  type SalaryProfileInput,
} from '@leasing/payroll';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { DecryptionError, type FieldCipher } from '../../lib/field-encryption.js';
import { profileVersionOf, readSalaryProfile } from '../profile/index.js';
import type { CatalogPackage, CatalogSnapshot, CatalogVehicle } from './catalog-snapshot.js';
import { employerSubsidyCents, type Programme } from './programme.js';

/** Why a user has no personal rate. */
export type NoRateReason = { kind: 'PROFILE_INCOMPLETE' } | { kind: 'NOT_COMPUTABLE'; message: string };

export type PreparedProfile = { ok: true; prepared: PreparedPayslipProfile } | { ok: false; reason: NoRateReason };

interface Owner {
  id: string;
  tenantId: string | null;
  /** The salary profile's version when the caller already knows it (read with the user). */
  profileVersion?: number | null;
}

const MAX_CACHED_USERS = 2_000;
/** Year and month in Germany ("2026-03"); created once, formatting is the hot path. */
const BERLIN_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });

/**
 * Personal net rates from the payroll engine. The prepared "before" payslip is cached per user,
 * profile version and payment month; the cheapest rate of every vehicle per catalogue version too,
 * so a repeated search costs two version lookups. A saved profile (new version) or a price change
 * (new catalogue version) invalidates by key.
 */
export class PersonalRates {
  private readonly profiles = new Map<string, { key: string; value: PreparedProfile }>();
  private readonly cheapest = new Map<string, { key: string; rates: Map<string, number> }>();

  constructor(private readonly deps: { db: Database; cipher: FieldCipher; clock: Clock }) {}

  /** The last payment month worked out, and the minute it holds for (formatting is the hot path). */
  private month = { minute: Number.NaN, value: '' };
  /** The last rules tag worked out, and its month (the years' rules are part of the code). */
  private rules = { month: '', tag: '' };

  /** The payment month the rates are computed for: the first day of the current month in Germany. */
  paymentMonth(): string {
    // Germany's months begin on a whole minute of UTC (its offsets are whole hours).
    const minute = Math.floor(this.deps.clock.now().getTime() / 60_000);
    if (minute !== this.month.minute) {
      this.month = { minute, value: `${BERLIN_MONTH.format(new Date(minute * 60_000))}-01` };
    }
    return this.month.value;
  }

  /**
   * Which year's rules the current payment month is computed with, as a key part: "r2026" for a
   * known year, "r2026p" when provisional (ADR 0035). Every cached personal answer is keyed by it,
   * so the answers made with last year's rules are not served once the year's PAP is in the system.
   */
  rulesTag(month = this.paymentMonth()): string {
    if (this.rules.month !== month) this.rules = { month, tag: rulesTagOf(month) };
    return this.rules.tag;
  }

  /** The marker of a user's provisional rates (their payment year has no PAP yet), or null. */
  provisionalOf(prepared: PreparedProfile): ProvisionalRate | null {
    if (!prepared.ok || !prepared.prepared.basis.provisional) return null;
    return { year: prepared.prepared.basis.requestedYear, basedOnYear: prepared.prepared.basis.year };
  }

  async prepare(owner: Owner): Promise<PreparedProfile> {
    const month = this.paymentMonth();
    const version = owner.profileVersion !== undefined ? owner.profileVersion : await this.profileVersion(owner.id);
    if (version === null) return { ok: false, reason: { kind: 'PROFILE_INCOMPLETE' } };
    const key = `${version}:${month}:${this.rulesTag(month)}`;
    const cached = this.profiles.get(owner.id);
    if (cached?.key === key) return cached.value;
    const value = await this.computePrepared(owner, month);
    remember(this.profiles, owner.id, { key, value });
    return value;
  }

  /** Identifies the personal rates of a user: profile version, payment month and rules year (null: no profile). */
  rateKey(owner: Owner): string | null {
    const cached = this.profiles.get(owner.id);
    return cached?.value.ok ? cached.key : null;
  }

  private profileVersion(userId: string): Promise<number | null> {
    return profileVersionOf(this.deps.db, userId);
  }

  /** The user's cheapest net rate per vehicle (cents), or null without a usable profile. */
  async cheapestRates(
    owner: Owner,
    snapshot: CatalogSnapshot,
    programme: Programme,
  ): Promise<Map<string, number> | null> {
    const prepared = await this.prepare(owner);
    if (!prepared.ok) return null;
    const key = `${this.profiles.get(owner.id)?.key ?? ''}:${snapshot.version}:p${programme.version}`;
    const cached = this.cheapest.get(owner.id);
    if (cached?.key === key) return cached.rates;
    const rates = new Map<string, number>();
    for (const vehicle of snapshot.vehicles) {
      // The net rate rises with the converted gross rate for one car (same benefit), so the package
      // with the lowest gross cost is the one with the lowest net rate.
      const cheapest = vehicle.packages[0];
      if (!cheapest) continue;
      const comparison = safeCompare(prepared.prepared, offerFor(vehicle, cheapest, prepared.prepared.date, programme));
      if (comparison) rates.set(vehicle.id, comparison.userPrice);
    }
    remember(this.cheapest, owner.id, { key, rates });
    return rates;
  }

  compare(
    prepared: PreparedPayslipProfile,
    vehicle: CatalogVehicle,
    pkg: CatalogPackage,
    programme: Programme,
  ): PayslipComparison | null {
    return safeCompare(prepared, offerFor(vehicle, pkg, prepared.date, programme));
  }

  private async computePrepared(owner: Owner, month: string): Promise<PreparedProfile> {
    const stored = await readSalaryProfile(this.deps.db, this.deps.cipher, {
      userId: owner.id,
      tenantId: owner.tenantId,
    }).catch((error: unknown) => {
      // A profile that cannot be decrypted (wrong or missing key) must not take the catalogue down:
      // the user sees estimated rates; the profile screen reports the fault.
      if (error instanceof DecryptionError) return null;
      throw error;
    });
    const parsed = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
    if (!parsed?.success) return { ok: false, reason: { kind: 'PROFILE_INCOMPLETE' } };
    try {
      return { ok: true, prepared: preparePayslipProfile(toPayrollProfile(parsed.data), month) };
    } catch (error) {
      if (error instanceof PayslipError)
        return { ok: false, reason: { kind: 'NOT_COMPUTABLE', message: error.message } };
      throw error;
    }
  }
}

function rulesTagOf(month: string): string {
  try {
    const basis = resolvePayrollYear(month);
    return `r${basis.year}${basis.provisional ? 'p' : ''}`;
  } catch {
    return 'r-';
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CACHED_USERS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

function safeCompare(prepared: PreparedPayslipProfile, offer: LeaseOfferInput): PayslipComparison | null {
  try {
    return compareOffer(prepared, offer);
  } catch (error) {
    if (error instanceof PayslipError) return null;
    throw error;
  }
}

/**
 * The offer of one package. The car will be acquired on delivery; under the rules in force until
 * 2030 the BEV rate does not change between order and delivery, so the payment month stands in.
 */
export function offerFor(
  vehicle: CatalogVehicle,
  pkg: CatalogPackage,
  paymentMonth: string,
  programme: Programme,
): LeaseOfferInput {
  return {
    listPriceGrossCents: vehicle.listPriceGrossCents,
    monthlyGrossRateCents: pkg.totalMonthlyGrossCostCents,
    // The employer's subsidy lowers what is converted from the gross salary.
    employerContributionCents: employerSubsidyCents(programme, pkg.totalMonthlyGrossCostCents),
    driveType: vehicle.driveType,
    acquisitionDate: paymentMonth,
  };
}

/** The stored profile (spec field names, EUR) in the payroll engine's input shape. */
export function toPayrollProfile(info: SalaryInfo): SalaryProfileInput {
  return {
    ...info,
    federalState: info.federalState as SalaryProfileInput['federalState'],
    healthInsurance: info.healthInsurance as SalaryProfileInput['healthInsurance'],
    salaryConversions: (info.salaryConversions ?? []).flatMap((c) =>
      c.conversationType ? [{ ...c, conversationType: c.conversationType }] : [],
    ),
  };
}
