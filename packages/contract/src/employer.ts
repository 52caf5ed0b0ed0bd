import { z } from 'zod/mini';

import { InviteRequestSchema } from './account.js';
import { ProvisionalRateSchema } from './catalog.js';
import { AbsencePayersSchema, DEFAULT_ABSENCE_PAYERS, PayrollPauseSchema, PayrollStatuses } from './lease-life.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * The employer portal (`/v1/tenant/…`): the programme policy, the people, the monthly payroll
 * export. Money in EUR with at most two decimals, as everywhere in the API.
 */

/**
 * Default minimum gross pay after the conversion: the statutory minimum wage of 2026 (13.90 EUR per
 * hour, Fünfte Mindestlohnanpassungsverordnung of 5.11.2025) for a 40-hour week (40 × 13 / 3 =
 * 173.33 hours a month): 13.90 × 173.33 = 2,409.29 EUR.
 */
export const DEFAULT_MIN_GROSS_AFTER_CONVERSION_EUR = 2409.29;
export const MIN_GROSS_AFTER_CONVERSION_SOURCE =
  'Gesetzlicher Mindestlohn 2026: 13,90 EUR je Stunde (Fünfte Mindestlohnanpassungsverordnung) × 173,33 Stunden im Monat (40-Stunden-Woche × 13 Wochen ÷ 3 Monate)';

const eurAmount = (max: number) =>
  z.number({ error: msg.required }).check(
    z.gte(0, msg.min(0)),
    z.lte(max, msg.max(max)),
    z.refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: msg.invalid,
    }),
  );

export const EmployerSubsidyKinds = ['NONE', 'FIXED_EUR', 'PERCENT_OF_RATE'] as const;
export const EmployerSubsidySchema = z
  .strictObject({
    kind: z.enum(EmployerSubsidyKinds),
    /** EUR per month (FIXED_EUR) or percent of the gross rate (PERCENT_OF_RATE); ignored for NONE. */
    value: eurAmount(10_000),
  })
  .check(z.refine((s) => s.kind !== 'PERCENT_OF_RATE' || s.value <= 100, { message: msg.max(100), path: ['value'] }));
export type EmployerSubsidy = z.infer<typeof EmployerSubsidySchema>;

export const DeductionStarts = ['HANDOVER_MONTH', 'NEXT_MONTH'] as const;
export const ApprovalModes = ['MANUAL', 'AUTOMATIC'] as const;

/** `PUT /v1/tenant/policy`: the programme's rules. Null = no limit. */
export const TenantPolicySchema = z.strictObject({
  employerSubsidy: EmployerSubsidySchema,
  maxListPriceEur: z.nullable(eurAmount(1_000_000)),
  maxMonthlyGrossRateEur: z.nullable(eurAmount(100_000)),
  /** Brand names as the catalogue spells them; empty = every brand. */
  allowedBrands: z
    .array(
      z
        .string()
        .check(z.trim(), z.minLength(1, msg.required), z.maxLength(60, msg.max(60)), z.regex(SINGLE_LINE, msg.invalid)),
    )
    .check(z.maxLength(200, msg.max(200))),
  minGrossAfterConversionEur: eurAmount(200_000),
  deductionStart: z.enum(DeductionStarts),
  approval: z.enum(ApprovalModes),
  // --- Absences without pay (lease-life.ts): who carries the rate; missing = DEFAULT_ABSENCE_PAYERS.
  absencePayers: z.optional(AbsencePayersSchema),
  // --- end absences
  // Driving-licence checks (the keeper's duty of care, modules/lease-end): months between two checks;
  // absent in policies saved before it existed, which means the default of 6.
  licenceCheckMonths: z.optional(z.number().check(z.int(msg.invalid), z.gte(1, msg.min(1)), z.lte(24, msg.max(24)))),
});
export type TenantPolicy = z.infer<typeof TenantPolicySchema>;

/** The rules before an employer saved any. */
export const DEFAULT_TENANT_POLICY: TenantPolicy = {
  employerSubsidy: { kind: 'NONE', value: 0 },
  maxListPriceEur: null,
  maxMonthlyGrossRateEur: null,
  allowedBrands: [],
  minGrossAfterConversionEur: DEFAULT_MIN_GROSS_AFTER_CONVERSION_EUR,
  deductionStart: 'HANDOVER_MONTH',
  approval: 'MANUAL',
  absencePayers: DEFAULT_ABSENCE_PAYERS,
  licenceCheckMonths: 6,
};

/** `GET /v1/tenant/policy`: the policy in force with its version (0 = the defaults). */
export const TenantPolicyResponseSchema = z.safeExtend(TenantPolicySchema, {
  version: z.number().check(z.int()),
  updatedAt: z.nullable(z.string()),
  minGrossAfterConversionSource: z.string(),
});
export type TenantPolicyResponse = z.infer<typeof TenantPolicyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// People

export const EmployeeStatuses = ['INVITED', 'ACTIVE', 'LEAVING'] as const;
export const TenantEmployeeSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employeeId: z.nullable(z.string()),
  status: z.enum(EmployeeStatuses),
  leavingDate: z.nullable(z.string()),
  orders: z.array(
    z.object({
      orderId: z.number().check(z.int()),
      status: z.string(),
      vehicle: z.string(),
      handoverDate: z.nullable(z.string()),
    }),
  ),
  activeLeases: z.number().check(z.int()),
});
export type TenantEmployee = z.infer<typeof TenantEmployeeSchema>;

export const EMPLOYEES_PAGE_SIZE_MAX = 200;

/** `GET /v1/tenant/employees`: searched (name, e-mail, personnel number), filtered and paged on the server. */
export const TenantEmployeesQuerySchema = z.strictObject({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100), z.regex(SINGLE_LINE))),
  status: z.optional(z.enum(EmployeeStatuses)),
  sort: z._default(z.enum(['name', 'employeeId']), 'name'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(EMPLOYEES_PAGE_SIZE_MAX)), 50),
});
/** The query as a client builds it (every field optional; page and size default on the server). */
export type TenantEmployeesQuery = Partial<z.output<typeof TenantEmployeesQuerySchema>>;

export const TenantEmployeesPageSchema = z.object({
  items: z.array(TenantEmployeeSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type TenantEmployeesPage = z.infer<typeof TenantEmployeesPageSchema>;

/** One invite row (the single invite's fields; the personnel number under its API name). */
export const BulkInviteRowSchema = z.pick(InviteRequestSchema, {
  email: true,
  firstName: true,
  lastName: true,
  employeeId: true,
});
export type BulkInviteRow = z.infer<typeof BulkInviteRowSchema>;

export const BULK_INVITE_MAX_ROWS = 500;

/**
 * `POST /v1/tenant/invites` (JSON). The rows are checked one by one by the service, so one bad row
 * is reported with its number instead of refusing the whole list.
 */
export const BulkInviteRequestSchema = z.strictObject({
  invites: z
    .array(z.unknown())
    .check(z.minLength(1, msg.min(1)), z.maxLength(BULK_INVITE_MAX_ROWS, msg.max(BULK_INVITE_MAX_ROWS))),
});
export type BulkInviteRequest = z.infer<typeof BulkInviteRequestSchema>;

export const BulkInviteResultSchema = z.object({
  /** Invites sent. */
  created: z.number().check(z.int()),
  /** Rows listed twice, or people the employer already has (an account or an open invite of its own). */
  skipped: z.number().check(z.int()),
  /**
   * Rows not invited: invalid fields, or an address held elsewhere on the platform (one neutral
   * German reason that names no employer). `row`: 1-based list position, or the line number of a
   * CSV file (the header is line 1).
   */
  errors: z.array(z.object({ row: z.number().check(z.int()), message: z.string() })),
});
export type BulkInviteResult = z.infer<typeof BulkInviteResultSchema>;

const IsoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, msg.date));

/** `POST /v1/tenant/employees/{id}/leave`: the last working day. */
export const LeaveRequestSchema = z.strictObject({ date: IsoDateSchema });
export type LeaveRequest = z.infer<typeof LeaveRequestSchema>;

export const EmployeeIdParamsSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Payroll

export const PayrollMonthSchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, msg.invalid));
export const PayrollMonthParamsSchema = z.object({ month: PayrollMonthSchema });

export const PayrollChanges = ['NEW', 'CHANGED', 'ENDED'] as const;
export const PayrollRowSchema = z.object({
  /** Personnel number from the profile. */
  employeeId: z.nullable(z.string()),
  name: z.string(),
  orderId: z.number().check(z.int()),
  /** Gross rate − employer subsidy, converted from the gross salary this month. */
  grossConversionEur: z.number(),
  employerContributionEur: z.number(),
  benefitPrivateUseEur: z.number(),
  benefitCommuteEur: z.number(),
  /** "0,25 %", "0,5 %" or "1 %" of the rounded list price. */
  benefitRule: z.string(),
  commutingMethod: z.enum(['PAUSCHAL_0_03', 'EINZELBEWERTUNG_0_002']),
  /** Last day of use when it falls in this month. */
  endDate: z.nullable(z.string()),
  change: z.nullable(z.enum(PayrollChanges)),
  // --- Absences (lease-life.ts): the month's state and the absence behind a pause.
  status: z.enum(PayrollStatuses),
  pause: z.nullable(PayrollPauseSchema),
  /** The paused part of the conversion amount the employee pays privately from net pay. */
  employeePaysEur: z.number(),
  /** The paused part the employer carries. */
  employerPaysEur: z.number(),
  /** The paused part the package's rate insurance pays. */
  rateInsurancePaysEur: z.number(),
  /**
   * The lease's final settlement (extra/fewer km, damages) in the month of the car's return, net:
   * positive is deducted from the net pay, negative paid out (ADR 0037). Absent in other months.
   */
  settlementEur: z.optional(z.number()),
  /**
   * The excess of the person's damage claims decided this month (ADR 0056): a net deduction,
   * with the claims' numbers. Absent in other months.
   */
  claimExcessEur: z.optional(z.number()),
  claimNumbers: z.optional(z.array(z.string())),
});
export type PayrollRow = z.infer<typeof PayrollRowSchema>;

/**
 * A row of its own for a lease without a line in the month (ended before it) that still has a net
 * amount to settle there: a lease-end settlement or a claim's excess. Every figure zero.
 */
export function endedPayrollRow(
  orderId: number,
  person: { employeeId: string | null; name: string } | undefined,
): PayrollRow {
  return {
    employeeId: person?.employeeId ?? null,
    name: person?.name ?? '',
    orderId,
    grossConversionEur: 0,
    employerContributionEur: 0,
    benefitPrivateUseEur: 0,
    benefitCommuteEur: 0,
    benefitRule: '',
    commutingMethod: 'PAUSCHAL_0_03',
    endDate: null,
    change: null,
    status: 'ENDED',
    pause: null,
    employeePaysEur: 0,
    employerPaysEur: 0,
    rateInsurancePaysEur: 0,
  };
}

export const PayrollTotalsSchema = z.object({
  leases: z.number().check(z.int()),
  grossConversionEur: z.number(),
  employerContributionEur: z.number(),
  benefitPrivateUseEur: z.number(),
  benefitCommuteEur: z.number(),
  /** Sums of the rows' paused parts by payer and of their lease-end settlements, as the CSV's totals line. */
  employeePaysEur: z.number(),
  employerPaysEur: z.number(),
  rateInsurancePaysEur: z.number(),
  settlementEur: z.number(),
  /** The claims' excesses deducted from net pay this month. */
  claimExcessEur: z.number(),
  /** The employer's social-security saving this month (KV, PV, RV, AV shares). */
  employerSavingEur: z.number(),
  /** The same summed over the calendar year of the month (the months not yet paid as they stand today). */
  employerSavingYearEur: z.number(),
  /** Leases whose saving could not be computed (no salary profile, Übergangsbereich). */
  savingNotComputed: z.number().check(z.int()),
  /**
   * Set when the month's year has no social-insurance values yet: the saving is computed with
   * `basedOnYear`'s (ADR 0035). Gross conversion and benefit never depend on it.
   */
  employerSavingProvisional: z.optional(z.nullable(ProvisionalRateSchema)),
});
export type PayrollTotals = z.infer<typeof PayrollTotalsSchema>;

export const PayrollExportSchema = z.object({
  month: PayrollMonthSchema,
  rows: z.array(PayrollRowSchema),
  totals: PayrollTotalsSchema,
});
export type PayrollExport = z.infer<typeof PayrollExportSchema>;

/** DATEV LODAS settings per employer: client numbers and the wage types (Lohnarten) of the export. */
export const PayrollSettingsSchema = z.strictObject({
  datevConsultantNumber: z.string().check(z.regex(/^\d{4,7}$/, msg.invalid)),
  datevClientNumber: z.string().check(z.regex(/^\d{1,5}$/, msg.invalid)),
  wageTypeConversion: z.number().check(z.int(), z.gte(1), z.lte(9999)),
  wageTypePrivateUse: z.number().check(z.int(), z.gte(1), z.lte(9999)),
  wageTypeCommute: z.number().check(z.int(), z.gte(1), z.lte(9999)),
  /** The net deduction of a damage claim's excess (ADR 0056); settings saved before it was added read 9103. */
  wageTypeClaimExcess: z._default(z.number().check(z.int(), z.gte(1), z.lte(9999)), 9103),
});
export type PayrollSettings = z.infer<typeof PayrollSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Overview

export const EmployerOverviewSchema = z.object({
  participants: z.number().check(z.int()),
  invited: z.number().check(z.int()),
  leaving: z.number().check(z.int()),
  openApprovals: z.number().check(z.int()),
  activeLeases: z.number().check(z.int()),
  month: PayrollMonthSchema,
  totals: PayrollTotalsSchema,
});
export type EmployerOverview = z.infer<typeof EmployerOverviewSchema>;
