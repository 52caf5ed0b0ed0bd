import { z } from 'zod/mini';

import { msg } from './validation-messages.js';

/**
 * Life during a lease: absences without pay recorded by the employer's HR (and shown to the
 * employee), who carries the rate meanwhile, and the early-termination quote.
 */

export const AbsenceTypes = ['SICK_PAY', 'PARENTAL_LEAVE', 'UNPAID_LEAVE'] as const;
export type AbsenceType = (typeof AbsenceTypes)[number];

/** Who carries the rate while no salary is paid. RATE_INSURANCE only where the package includes it. */
export const AbsencePayerRules = ['EMPLOYEE_PAYS', 'EMPLOYER_PAYS', 'RATE_INSURANCE'] as const;
export type AbsencePayerRule = (typeof AbsencePayerRules)[number];

/** The programme policy's rule per absence type. */
export const AbsencePayersSchema = z.strictObject({
  SICK_PAY: z.enum(AbsencePayerRules),
  PARENTAL_LEAVE: z.enum(AbsencePayerRules),
  UNPAID_LEAVE: z.enum(AbsencePayerRules),
});
export type AbsencePayers = z.infer<typeof AbsencePayersSchema>;

/**
 * The rules before an employer chose any (docs/decisions/0036-absences-in-payroll.md):
 * - Krankengeld: the package's rate insurance, which covers incapacity for work after the sick pay;
 *   a package without it falls back to the employee.
 * - Parental leave and unpaid leave: the employee, who chose the leave and keeps the car.
 */
export const DEFAULT_ABSENCE_PAYERS: AbsencePayers = {
  SICK_PAY: 'RATE_INSURANCE',
  PARENTAL_LEAVE: 'EMPLOYEE_PAYS',
  UNPAID_LEAVE: 'EMPLOYEE_PAYS',
};

const IsoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, msg.date));

/** `POST /v1/tenant/employees/{id}/absences`. `to`: the last day; missing = open end. */
export const AbsenceRequestSchema = z.strictObject({
  type: z.enum(AbsenceTypes),
  from: IsoDate,
  to: z.optional(z.nullable(IsoDate)),
});
export type AbsenceRequest = z.infer<typeof AbsenceRequestSchema>;

/** `PATCH /v1/tenant/employees/{id}/absences/{absenceId}`: sets or moves the last day (null: open end). */
export const AbsencePatchSchema = z.strictObject({ to: z.nullable(IsoDate) });
export type AbsencePatch = z.infer<typeof AbsencePatchSchema>;

export const AbsenceParamsSchema = z.object({ id: z.uuid(), absenceId: z.uuid() });

export const AbsenceSchema = z.object({
  id: z.uuid(),
  type: z.enum(AbsenceTypes),
  from: z.string(),
  to: z.nullable(z.string()),
  /** Who carries the rate under the policy in force (the rate insurance only where the package has it). */
  payer: z.enum(AbsencePayerRules),
  recordedAt: z.string(),
});
export type Absence = z.infer<typeof AbsenceSchema>;

/** The absence behind a paused payroll row, with the month's split by calendar days. */
export const PayrollPauseSchema = z.object({
  absenceId: z.string(),
  type: z.enum(AbsenceTypes),
  from: z.string(),
  to: z.nullable(z.string()),
  payer: z.enum(AbsencePayerRules),
  pausedDays: z.number().check(z.int()),
  daysInMonth: z.number().check(z.int()),
});
export type PayrollPause = z.infer<typeof PayrollPauseSchema>;

export const PayrollStatuses = ['ACTIVE', 'PAUSED', 'ENDED'] as const;

// ---------------------------------------------------------------------------------------------
// Termination quote

export const TerminationReasons = ['LEAVING', 'EARLY_RETURN', 'DEATH'] as const;
/**
 * `?date=YYYY-MM-DD&reason=`. The date is checked by the service after who asks and whose order it
 * is (a missing or malformed date is a 400 with the field `date`, never before a 403 or 404).
 */
export const TerminationQuoteQuerySchema = z.object({
  date: z.optional(z.string()),
  reason: z.optional(z.enum(TerminationReasons)),
});
export type TerminationQuoteQuery = z.infer<typeof TerminationQuoteQuerySchema>;

export const TerminationOptionKinds = ['RETURN', 'TAKEOVER', 'TRANSFER'] as const;
export const TerminationOptionSchema = z.object({
  kind: z.enum(TerminationOptionKinds),
  /** What the person (or the heirs) pay once for this option. */
  oneOffEur: z.number(),
  /** The monthly rate from then on (TAKEOVER: the private rate; TRANSFER: the rate under the new employer). */
  monthlyEur: z.nullable(z.number()),
  /** German explanation of the option. */
  description: z.string(),
});
export type TerminationOption = z.infer<typeof TerminationOptionSchema>;

export const TerminationQuoteSchema = z.object({
  date: z.string(),
  reason: z.enum(TerminationReasons),
  /** Full calendar months of the term after the month of `date`. */
  remainingMonths: z.number().check(z.int()),
  /** Remaining months × the gross rate. */
  remainingRatesEur: z.number(),
  /** The early-return fee by the contract's rule (0 for death where the rate insurance is included). */
  feeEur: z.number(),
  /** The rule in words, as the contract prints it. */
  rule: z.string(),
  options: z.array(TerminationOptionSchema),
});
export type TerminationQuote = z.infer<typeof TerminationQuoteSchema>;
