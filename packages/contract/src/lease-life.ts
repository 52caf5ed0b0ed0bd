import { z } from 'zod/mini';

import { msg } from './validation-messages.js';

/**
 * Life during a lease: absences without pay recorded by the employer's HR (and shown to the
 * employee), who carries the rate meanwhile, and the early-termination quote.
 */

/** Who carries the rate while no salary is paid. RATE_INSURANCE only where the package includes it. */
export const AbsencePayerRules = ['EMPLOYEE_PAYS', 'EMPLOYER_PAYS', 'RATE_INSURANCE'] as const;
export type AbsencePayerRule = (typeof AbsencePayerRules)[number];

/** What the platform knows of one absence type; the screens' texts are the web's (`absences.types.<type>`). */
export interface AbsenceTypeDeclaration {
  /** The rule before an employer chose one (docs/decisions/0036-absences-in-payroll.md). */
  readonly defaultPayer: AbsencePayerRule;
  /** Its name in the mails, per language. */
  readonly mailName: { readonly de: string; readonly en: string };
  /** Its name in the payroll's absence columns (German, as the payroll office reads it). */
  readonly payrollName: string;
}

/**
 * Every absence type without pay, declared once: the API's validation, the policy's rule per type and
 * its default, the mails, the payroll columns and the database's CHECK (apps/api/src/db/derived-checks.ts,
 * a migration written by `npm run db:derived-checks -w @leasing/api`) read this. A new type is one entry
 * here, its texts (`absences.types.<type>` in the web's employer and orders namespaces) and that migration.
 * The defaults:
 * - Krankengeld: the package's rate insurance, which covers incapacity for work after the sick pay;
 *   a package without it falls back to the employee.
 * - Parental leave and unpaid leave: the employee, who chose the leave and keeps the car.
 */
export const ABSENCE_TYPES = {
  SICK_PAY: {
    defaultPayer: 'RATE_INSURANCE',
    mailName: { de: 'Krankengeldbezug', en: 'Sickness benefit' },
    payrollName: 'Krankengeld',
  },
  PARENTAL_LEAVE: {
    defaultPayer: 'EMPLOYEE_PAYS',
    mailName: { de: 'Elternzeit', en: 'Parental leave' },
    payrollName: 'Elternzeit',
  },
  UNPAID_LEAVE: {
    defaultPayer: 'EMPLOYEE_PAYS',
    mailName: { de: 'Unbezahlter Urlaub', en: 'Unpaid leave' },
    payrollName: 'Unbezahlter Urlaub',
  },
} as const satisfies Record<string, AbsenceTypeDeclaration>;

export type AbsenceType = keyof typeof ABSENCE_TYPES;
/** The types in their declared order (the screens' order). */
export const AbsenceTypes = Object.keys(ABSENCE_TYPES) as [AbsenceType, ...AbsenceType[]];

/** The type a stored or computed value names; a value outside the declaration is a defect, not input. */
export function absenceTypeOf(value: string): AbsenceType {
  if (!Object.hasOwn(ABSENCE_TYPES, value)) throw new Error(`unknown absence type: ${value}`);
  return value as AbsenceType;
}

const payerRuleField = z.enum(AbsencePayerRules);

/** The programme policy's rule per absence type. */
export const AbsencePayersSchema = z.strictObject(
  Object.fromEntries(AbsenceTypes.map((type) => [type, payerRuleField])) as Record<AbsenceType, typeof payerRuleField>,
);
export type AbsencePayers = z.infer<typeof AbsencePayersSchema>;

/** The rules before an employer chose any: each type's `defaultPayer`. */
export const DEFAULT_ABSENCE_PAYERS: AbsencePayers = Object.fromEntries(
  AbsenceTypes.map((type) => [type, ABSENCE_TYPES[type].defaultPayer]),
) as AbsencePayers;

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
