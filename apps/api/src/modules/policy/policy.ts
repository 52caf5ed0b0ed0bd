import {
  DEFAULT_ABSENCE_PAYERS,
  DEFAULT_TENANT_POLICY,
  MIN_GROSS_AFTER_CONVERSION_SOURCE,
  TenantPolicySchema,
  type PolicyRefusal,
  type TenantPolicy,
  type TenantPolicyResponse,
} from '@leasing/contract';
import { and, desc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenantPolicies } from '../../db/schema-employer.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';

/** The policy in force for an employer: the highest version, or the defaults (version 0). */
export interface PolicyInForce {
  policy: TenantPolicy;
  version: number;
  updatedAt: Date | null;
}

export async function policyInForce(db: Database, tenantId: string): Promise<PolicyInForce> {
  const [row] = await db
    .select()
    .from(tenantPolicies)
    .where(eq(tenantPolicies.tenantId, tenantId))
    .orderBy(desc(tenantPolicies.version))
    .limit(1);
  if (!row) return { policy: DEFAULT_TENANT_POLICY, version: 0, updatedAt: null };
  // Stored by this module after validation; parsed again so a stored row from an older shape
  // cannot reach the rules unchecked.
  const parsed = TenantPolicySchema.safeParse(row.policy);
  return {
    policy: parsed.success ? parsed.data : DEFAULT_TENANT_POLICY,
    version: row.version,
    updatedAt: row.createdAt,
  };
}

/**
 * One saved version of an employer's policy (an order keeps the version it was made under), or null
 * when that version does not exist or no longer parses. Version 0 is the defaults.
 */
export async function policyVersion(db: Database, tenantId: string, version: number): Promise<TenantPolicy | null> {
  if (version === 0) return DEFAULT_TENANT_POLICY;
  const [row] = await db
    .select({ policy: tenantPolicies.policy })
    .from(tenantPolicies)
    .where(and(eq(tenantPolicies.tenantId, tenantId), eq(tenantPolicies.version, version)))
    .limit(1);
  if (!row) return null;
  const parsed = TenantPolicySchema.safeParse(row.policy);
  return parsed.success ? parsed.data : null;
}

export function policyResponse(p: PolicyInForce): TenantPolicyResponse {
  return {
    ...p.policy,
    // Absences without pay (lease-life): a policy saved before the rule existed has the defaults.
    absencePayers: p.policy.absencePayers ?? DEFAULT_ABSENCE_PAYERS,
    version: p.version,
    updatedAt: p.updatedAt?.toISOString() ?? null,
    minGrossAfterConversionSource: MIN_GROSS_AFTER_CONVERSION_SOURCE,
  };
}

/** Saves a new version; the previous ones stay for the orders made under them. */
export async function savePolicy(
  db: Database,
  admin: { id: string; tenantId: string },
  policy: TenantPolicy,
  ctx: { requestId: string },
  now: Date,
): Promise<PolicyInForce> {
  const normalized: TenantPolicy = {
    ...policy,
    employerSubsidy: policy.employerSubsidy.kind === 'NONE' ? { kind: 'NONE', value: 0 } : policy.employerSubsidy,
    allowedBrands: [...new Set(policy.allowedBrands)].sort((a, b) => a.localeCompare(b, 'de')),
  };
  const current = await policyInForce(db, admin.tenantId);
  const version = current.version + 1;
  await db.transaction(async (tx) => {
    // Two admins saving at once: the primary key (tenant, version) lets exactly one win.
    const inserted = await tx
      .insert(tenantPolicies)
      .values({ tenantId: admin.tenantId, version, policy: normalized, createdBy: admin.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ version: tenantPolicies.version });
    if (inserted.length !== 1) throw conflict('Die Regeln wurden gerade von jemand anderem geändert. Bitte neu laden.');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.policy.saved',
      subjectType: 'tenant_policy',
      subjectId: `${admin.tenantId}:${version}`,
      fields: Object.keys(normalized),
      requestId: ctx.requestId,
      at: now,
    });
  });
  return { policy: normalized, version, updatedAt: now };
}

/**
 * The employer's monthly subsidy for a gross rate, in cents: a fixed amount (never more than the
 * rate) or a percentage of it, rounded half up to the cent.
 */
export function subsidyCents(policy: TenantPolicy, grossRateCents: number): number {
  const { kind, value } = policy.employerSubsidy;
  if (kind === 'FIXED_EUR') return Math.min(Math.round(value * 100), grossRateCents);
  if (kind === 'PERCENT_OF_RATE') return Math.min(Math.round((grossRateCents * value) / 100), grossRateCents);
  return 0;
}

const formatEur = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/**
 * The affordability figures of one conversion: the employee's monthly gross salary and the gross
 * amount converted, in cents (from the payroll engine's comparison).
 */
export interface ConversionAmounts {
  grossSalaryCents: number;
  conversionCents: number;
}

/**
 * Every reason the programme refuses to order a package, in the order the rules are checked (brand,
 * list price, rate cap, minimum gross after the conversion); empty when the order is allowed. The one
 * source of the programme's refusals: the catalogue's filter, the vehicle page's verdict and the
 * order itself all ask here. The rate cap is tested on the package's gross rate (before the subsidy):
 * it is what the employer leases. Without `grossRateCents` or `conversion` those checks are skipped.
 */
export function policyRefusals(
  policy: TenantPolicy,
  vehicle: { brand: string; listPriceGrossCents: number },
  grossRateCents: number | null,
  conversion: ConversionAmounts | null,
): PolicyRefusal[] {
  const reasons: PolicyRefusal[] = [];
  if (
    policy.allowedBrands.length > 0 &&
    !policy.allowedBrands.some((b) => b.toLowerCase() === vehicle.brand.toLowerCase())
  ) {
    reasons.push({
      code: 'BRAND_NOT_OFFERED',
      brand: vehicle.brand,
      message: `Ihr Arbeitgeber bietet im Programm keine Fahrzeuge der Marke ${vehicle.brand} an.`,
    });
  }
  if (policy.maxListPriceEur !== null) {
    const max = Math.round(policy.maxListPriceEur * 100);
    if (vehicle.listPriceGrossCents > max) {
      reasons.push({
        code: 'ABOVE_LIST_PRICE_CAP',
        maxListPriceEur: max / 100,
        listPriceEur: vehicle.listPriceGrossCents / 100,
        message: `Der Listenpreis liegt über der Grenze Ihres Arbeitgebers von ${formatEur(max)}.`,
      });
    }
  }
  if (grossRateCents !== null && policy.maxMonthlyGrossRateEur !== null) {
    const max = Math.round(policy.maxMonthlyGrossRateEur * 100);
    if (grossRateCents > max) {
      reasons.push({
        code: 'ABOVE_RATE_CAP',
        maxMonthlyGrossRateEur: max / 100,
        grossRateEur: grossRateCents / 100,
        message: `Die monatliche Bruttorate liegt über der Grenze Ihres Arbeitgebers von ${formatEur(max)}.`,
      });
    }
  }
  const affordability = conversion ? belowMinimumGross(policy, conversion) : null;
  if (affordability) reasons.push(affordability);
  return reasons;
}

/**
 * Why a car is outside the programme, in German, or null when it is allowed (brand, list price and,
 * given a gross rate, the rate cap).
 */
export function vehicleRefusal(
  policy: TenantPolicy,
  vehicle: { brand: string; listPriceGrossCents: number },
  grossRateCents: number | null,
): string | null {
  return policyRefusals(policy, vehicle, grossRateCents, null)[0]?.message ?? null;
}

/**
 * Affordability: the gross pay left after the conversion must not fall below the programme's
 * minimum. German message, or null when it holds.
 */
export function affordabilityRefusal(
  policy: TenantPolicy,
  grossSalaryCents: number,
  conversionCents: number,
): string | null {
  return belowMinimumGross(policy, { grossSalaryCents, conversionCents })?.message ?? null;
}

function belowMinimumGross(policy: TenantPolicy, conversion: ConversionAmounts): PolicyRefusal | null {
  const minimum = Math.round(policy.minGrossAfterConversionEur * 100);
  const after = conversion.grossSalaryCents - conversion.conversionCents;
  if (after >= minimum) return null;
  return {
    code: 'BELOW_MINIMUM_GROSS',
    minimumGrossEur: minimum / 100,
    grossAfterEur: after / 100,
    shortfallEur: (minimum - after) / 100,
    message: `Nach der Gehaltsumwandlung blieben ${formatEur(after)} brutto im Monat; Ihr Arbeitgeber verlangt mindestens ${formatEur(minimum)}.`,
  };
}
