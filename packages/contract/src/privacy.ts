import { z } from 'zod/mini';

import { StepUpPasswordSchema, TitleSchema } from './account.js';
import { LanguageSchema, RoleSchema } from './auth.js';
import { ClaimSchema } from './claims.js';
import { DriverCheckStatuses } from './drivers.js';
import { AbsenceTypes } from './lease-life.js';
import { StepStatusSchema, StepTypeSchema } from './orders.js';
import { PackageChangeSchema } from './package-change.js';

/**
 * GDPR self-service: the copy of one's data (Art. 15 and 20) and the erasure of the account
 * (Art. 17). Timestamps are ISO strings; `null` means "not set".
 */

/** Names the layout of the export, so a reader (or a later import elsewhere) knows what it holds. */
export const DATA_EXPORT_FORMAT = 'e-auto-leasing/meine-daten@1';

const Timestamp = z.string();
/** Frozen JSON documents (order terms, decrypted order snapshot, salary profile) travel as they are. */
const JsonObject = z.record(z.string(), z.unknown());

export const DataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  generatedAt: Timestamp,
  account: z.object({
    id: z.string(),
    title: z.nullable(TitleSchema),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: RoleSchema,
    employeeId: z.nullable(z.string()),
    employer: z.nullable(z.string()),
    language: LanguageSchema,
    created: Timestamp,
    emailConfirmed: z.nullable(Timestamp),
    disabled: z.nullable(Timestamp),
  }),
  address: z.nullable(
    z.object({
      street: z.nullable(z.string()),
      streetNumber: z.nullable(z.string()),
      postcode: z.nullable(z.string()),
      place: z.nullable(z.string()),
      state: z.nullable(z.string()),
      placeOfBirth: z.nullable(z.string()),
      updated: Timestamp,
    }),
  ),
  /** Decrypted: stored encrypted at rest. */
  salaryProfile: z.nullable(
    z.object({ version: z.number().check(z.int()), updated: Timestamp, salaryInfo: JsonObject }),
  ),
  orders: z.array(
    z.object({
      id: z.number().check(z.int()),
      created: Timestamp,
      status: StepTypeSchema,
      signed: z.nullable(Timestamp),
      color: z.string(),
      delivery: z.string(),
      handoverDate: z.nullable(z.string()),
      declineReason: z.nullable(z.string()),
      /** Vehicle and package terms frozen at order time. */
      terms: JsonObject,
      /** The personal part frozen at order time (address, salary data, tax result), decrypted. */
      privateSnapshot: JsonObject,
      steps: z.array(z.object({ step: StepTypeSchema, status: z.nullable(StepStatusSchema), modified: Timestamp })),
      identityChecks: z.array(
        z.object({
          kind: z.enum(['IDENT', 'SIGN']),
          status: z.string(),
          providerCaseId: z.nullable(z.string()),
          created: Timestamp,
          updated: Timestamp,
        }),
      ),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      orderId: z.number().check(z.int()),
      name: z.string(),
      kind: z.string(),
      created: Timestamp,
    }),
  ),
  /** Absences without pay the employer recorded (lease-life): they pause the salary conversion. */
  absences: z.array(
    z.object({
      id: z.string(),
      type: z.enum(AbsenceTypes),
      from: z.string(),
      to: z.nullable(z.string()),
      recorded: Timestamp,
      updated: Timestamp,
    }),
  ),
  /**
   * Odometer readings the person reported during a lease (mileage); a photo of the odometer by the
   * reading's id (`hasPhoto`, at `/v1/order/{orderId}/odometer/{id}/photo`).
   */
  odometerReadings: z.array(
    z.object({
      id: z.string(),
      orderId: z.number(),
      readingKm: z.number(),
      readOn: z.string(),
      recorded: Timestamp,
      hasPhoto: z.boolean(),
    }),
  ),
  /** The person's requests for a larger kilometre package (ADR 0058), newest first, with the provider's decision. */
  packageChanges: z.array(PackageChangeSchema),
  /**
   * The additional drivers the person named (ADR 0055), removed ones included with the day of their
   * removal: what the person entered and the licence check's outcome.
   */
  additionalDrivers: z.array(
    z.object({
      id: z.string(),
      orderId: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      dateOfBirth: z.string(),
      licenceIssuedOn: z.string(),
      licenceCountry: z.string(),
      status: z.enum(DriverCheckStatuses),
      reason: z.nullable(z.string()),
      checkedOn: z.nullable(z.string()),
      added: Timestamp,
      removed: z.nullable(Timestamp),
    }),
  ),
  /**
   * The damage, accident and theft reports the person made (ADR 0056), with every change of state,
   * the provider's notes and the excess; the photos by id (each at
   * `/v1/order/{orderId}/claims/{id}/photos/{photoId}`).
   */
  claims: z.array(ClaimSchema),
  /** What was done with the data and by whom (by role): field names, never values. */
  audit: z.array(
    z.object({
      at: Timestamp,
      action: z.string(),
      subjectType: z.string(),
      subjectId: z.nullable(z.string()),
      fields: z.array(z.string()),
      actor: z.enum(['SELF', 'EMPLOYER', 'PROVIDER', 'SYSTEM', 'OTHER']),
    }),
  ),
  /** Sign-ins (refresh families): when, until when, still open. No token material. */
  sessions: z.array(z.object({ created: Timestamp, lastUsed: Timestamp, expires: Timestamp, active: z.boolean() })),
  mfa: z.object({
    enrolled: z.boolean(),
    enabledSince: z.nullable(Timestamp),
    recoveryCodesLeft: z.number().check(z.int()),
  }),
  /**
   * The company sign-ins linked to the account (ADR 0061): the employer's identity provider (issuer)
   * and the person's id there (subject), when linked and when last used.
   */
  companySignIns: z.array(
    z.object({ issuer: z.string(), subject: z.string(), linked: Timestamp, lastSignIn: z.nullable(Timestamp) }),
  ),
  /**
   * The employer's directory that provisions the account (SCIM, ADR 0060): the directory's own id of
   * the person, when the directory created or took over the account and when it last changed it; null
   * when no directory does.
   */
  directory: z.nullable(
    z.object({ externalId: z.nullable(z.string()), provisioned: Timestamp, lastChange: Timestamp }),
  ),
  /** Links sent by e-mail (only what they were for, never the code). */
  oneTimeCodes: z.array(
    z.object({
      purpose: z.string(),
      created: Timestamp,
      expires: Timestamp,
      used: z.nullable(Timestamp),
      newEmail: z.nullable(z.string()),
    }),
  ),
  /** Mails to the current address still held (subject and state; the bodies hold one-time links). */
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      created: Timestamp,
      status: z.string(),
      sent: z.nullable(Timestamp),
    }),
  ),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** `DELETE /v1/user`: the current password confirms the erasure (step-up). */
export const DeleteAccountRequestSchema = z.strictObject({ password: StepUpPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `meine-daten-YYYY-MM-DD.json`, the German calendar day: server header and browser download agree. */
export function dataExportFileName(at: Date): string {
  return `meine-daten-${berlinDate.format(at)}.json`;
}
