import { z } from 'zod/mini';

import { CalendarDateSchema } from './lease-end.js';
import type { StepType } from './orders.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * Additional drivers of a leased car (spec 5: "age 18 to 75, licence held at least 2 years,
 * EU-recognised licence"; ADR 0055). The insurance covers named drivers only: a driver counts once
 * the identity provider's licence check approved them.
 */

/** At most this many additional drivers besides the employee (the insurance's named drivers). */
export const MAX_ADDITIONAL_DRIVERS = 3;
/** An order carries named drivers from the employee's signature on (every step after it) and during the lease. */
export const DRIVER_ORDER_STEPS: readonly StepType[] = [
  'TENANT_ADMIN_CLICK_CONFIRM',
  'ADMIN_CONFIRM',
  'LEASING_ACTIVE',
  'CONVERSION_ENDED',
];
export const DRIVER_MIN_AGE = 18;
export const DRIVER_MAX_AGE = 75;
export const DRIVER_LICENCE_MIN_YEARS = 2;

/**
 * The states whose driving licences count: the EU's 27 and the EEA's Iceland, Liechtenstein and
 * Norway (Directive 2006/126/EC, mutual recognition; in Germany § 28 FeV). ISO 3166-1 alpha-2.
 */
export const EEA_LICENCE_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
] as const;

const name = z
  .string()
  .check(z.trim(), z.minLength(1, msg.required), z.maxLength(100, msg.max(100)), z.regex(SINGLE_LINE, msg.invalid));

/** `POST /v1/order/{orderId}/drivers`. */
export const AdditionalDriverRequestSchema = z.strictObject({
  firstName: name,
  lastName: name,
  email: z.email(msg.email).check(z.maxLength(254, msg.max(254))),
  dateOfBirth: CalendarDateSchema,
  licenceIssuedOn: CalendarDateSchema,
  /** ISO 3166-1 alpha-2, e.g. `DE`. */
  licenceCountry: z.string().check(z.regex(/^[A-Z]{2}$/, msg.invalid)),
});
export type AdditionalDriverRequest = z.infer<typeof AdditionalDriverRequestSchema>;

export const DriverCheckStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/**
 * One additional driver. HR sees the names and the check's outcome only: the other fields are null
 * for HR.
 */
export const AdditionalDriverSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  licenceIssuedOn: z.nullable(z.string()),
  licenceCountry: z.nullable(z.string()),
  status: z.enum(DriverCheckStatuses),
  /** REJECTED: the identity provider's reason. */
  reason: z.nullable(z.string()),
  /** APPROVED: the day of the check (ISO date). */
  checkedOn: z.nullable(z.string()),
  addedAt: z.string(),
});
export type AdditionalDriver = z.infer<typeof AdditionalDriverSchema>;

export const DriverParamsSchema = z.object({
  orderId: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
  driverId: z.uuid(),
});
