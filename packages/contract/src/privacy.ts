import { z } from 'zod';

import { StepUpPasswordSchema, TitleSchema } from './account.js';
import { LanguageSchema, RoleSchema } from './auth.js';
import { StepStatusSchema, StepTypeSchema } from './orders.js';

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
    title: TitleSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: RoleSchema,
    employeeId: z.string().nullable(),
    employer: z.string().nullable(),
    language: LanguageSchema,
    created: Timestamp,
    emailConfirmed: Timestamp.nullable(),
    disabled: Timestamp.nullable(),
  }),
  address: z
    .object({
      street: z.string().nullable(),
      streetNumber: z.string().nullable(),
      postcode: z.string().nullable(),
      place: z.string().nullable(),
      state: z.string().nullable(),
      placeOfBirth: z.string().nullable(),
      updated: Timestamp,
    })
    .nullable(),
  /** Decrypted: stored encrypted at rest. */
  salaryProfile: z.object({ version: z.number().int(), updated: Timestamp, salaryInfo: JsonObject }).nullable(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      created: Timestamp,
      status: StepTypeSchema,
      signed: Timestamp.nullable(),
      color: z.string(),
      delivery: z.string(),
      handoverDate: z.string().nullable(),
      declineReason: z.string().nullable(),
      /** Vehicle and package terms frozen at order time. */
      terms: JsonObject,
      /** The personal part frozen at order time (address, salary data, tax result), decrypted. */
      privateSnapshot: JsonObject,
      steps: z.array(z.object({ step: StepTypeSchema, status: StepStatusSchema.nullable(), modified: Timestamp })),
      identityChecks: z.array(
        z.object({
          kind: z.enum(['IDENT', 'SIGN']),
          status: z.string(),
          providerCaseId: z.string().nullable(),
          created: Timestamp,
          updated: Timestamp,
        }),
      ),
    }),
  ),
  documents: z.array(
    z.object({ id: z.string(), orderId: z.number().int(), name: z.string(), kind: z.string(), created: Timestamp }),
  ),
  /** What was done with the data and by whom (by role): field names, never values. */
  audit: z.array(
    z.object({
      at: Timestamp,
      action: z.string(),
      subjectType: z.string(),
      subjectId: z.string().nullable(),
      fields: z.array(z.string()),
      actor: z.enum(['SELF', 'EMPLOYER', 'PROVIDER', 'SYSTEM', 'OTHER']),
    }),
  ),
  /** Sign-ins (refresh families): when, until when, still open. No token material. */
  sessions: z.array(z.object({ created: Timestamp, lastUsed: Timestamp, expires: Timestamp, active: z.boolean() })),
  mfa: z.object({
    enrolled: z.boolean(),
    enabledSince: Timestamp.nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** Links sent by e-mail (only what they were for, never the code). */
  oneTimeCodes: z.array(
    z.object({
      purpose: z.string(),
      created: Timestamp,
      expires: Timestamp,
      used: Timestamp.nullable(),
      newEmail: z.string().nullable(),
    }),
  ),
  /** Mails to the current address still held (subject and state; the bodies hold one-time links). */
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      created: Timestamp,
      status: z.string(),
      sent: Timestamp.nullable(),
    }),
  ),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** `DELETE /v1/user`: the current password confirms the erasure (step-up). */
export const DeleteAccountRequestSchema = z.object({ password: StepUpPasswordSchema }).strict();
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
