import { StepTypes } from '@leasing/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { inContractList } from './derived-checks.js';

/**
 * The one schema for PGlite and PostgreSQL. Migrations are generated from it with drizzle-kit
 * (`npm run db:generate -w @leasing/api`) into `apps/api/drizzle/` and applied at start-up.
 */

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An employer: its employees register with one of its register codes (`register_codes`,
 * schema-provider.ts). A disabled employer takes no new registrations and no new orders; its existing
 * leases continue.
 * owner: tenants
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Business address and contact; null only for employers created before the back office existed. */
  street: text('street'),
  streetNumber: text('street_number'),
  postcode: text('postcode'),
  place: text('place'),
  contactEmail: text('contact_email'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** owner: account */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for the provider's own admins, who serve every tenant. */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    /** Stored lower-cased; the username is the e-mail address. */
    email: text('email').notNull().unique(),
    /** PHC string: algorithm, parameters and salt travel with the hash. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['EMPLOYEE', 'TENANT_ADMIN', 'PROVIDER_ADMIN'] }).notNull(),
    title: text('title', { enum: ['mr', 'ms', 'other'] }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    employeeId: text('employee_id'),
    /**
     * Lower-cased "first last" and "last first" in collation "C", kept by the database (migration
     * 0028): the people search looks for names starting with the term (db/person-search.ts).
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    nameKeyReversed: text('name_key_reversed').generatedAlwaysAs(sql`lower(last_name || ' ' || first_name)`),
    // The personnel number as HR searches it, by its start (collation "C", migration 0030).
    employeeIdKey: text('employee_id_key').generatedAlwaysAs(sql`lower(employee_id)`),
    /** Interface and mail language the person chose: German (the default) or English. */
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    /**
     * When the current role was given (set by triggers, migration 0018): an admin's grace period for
     * the second factor runs from here, so a promoted employee gets the same 14 days as a new admin.
     */
    roleGrantedAt: timestamp('role_granted_at', { withTimezone: true }).notNull().defaultNow(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (logout everywhere, password change). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /**
     * TOTP secret (RFC 6238), encrypted like the salary profile. Set at enrolment; active once
     * `mfaEnabledAt` is set (the first code confirmed it).
     */
    mfaSecretKeyId: text('mfa_secret_key_id'),
    mfaSecretIv: bytea('mfa_secret_iv'),
    mfaSecretCiphertext: bytea('mfa_secret_ciphertext'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice (RFC 6238 § 5.2). */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** Set when the person erased the account (GDPR Art. 17): personal fields are anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    // The people search by the start of a name or address (migration 0028); the address's index
    // (collation "C") is in that migration alone. Each search key's index also carries `id`,
    // `tenant_id` and `role` (INCLUDE, migration 0037; drizzle's index builder has no INCLUDE): a search
    // finds the people's ids from the index alone, policy included.
    index('users_name_key_idx').on(t.nameKey),
    index('users_name_key_reversed_idx').on(t.nameKeyReversed),
    index('users_employee_id_key_idx').on(t.employeeIdKey),
    // The HR people list by name or personnel number (migration 0026). It also carries `role` (INCLUDE,
    // migration 0037; drizzle's index builder has no INCLUDE): the people policy's last column, so the
    // list's count is an index-only scan.
    index('users_tenant_name_idx')
      .on(t.tenantId, t.lastName, t.firstName, t.id)
      .where(sql`${t.role} = 'EMPLOYEE' AND ${t.deletedAt} is null`),
    index('users_tenant_employee_id_idx')
      .on(t.tenantId, t.employeeId)
      .where(sql`${t.role} = 'EMPLOYEE' AND ${t.deletedAt} is null`),
    // The retention job's candidates (migration 0029).
    index('users_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.emailConfirmedAt} is null AND ${t.deletedAt} is null`),
    index('users_erased_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** Append-only audit trail: who changed or read what (field names, never values). (owner: core (apps/api/src/lib; no module)) */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    tenantId: uuid('tenant_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId)],
);

/** The employee's address part of the profile (spec 3 addressDto, without the account fields). (owner: profile) */
export const userAddresses = pgTable('user_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  street: text('street'),
  streetNumber: text('street_number'),
  postcode: text('postcode'),
  place: text('place'),
  state: text('state'),
  placeOfBirth: text('place_of_birth'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The salary profile, encrypted at rest with AES-256-GCM (special-category data: church membership).
 * AAD binds the ciphertext to its row, `keyId` allows key rotation, `version` grows on every change
 * and keys the cache of personal rates.
 * owner: profile
 */
export const salaryProfiles = pgTable('salary_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  iv: bytea('iv').notNull(),
  ciphertext: bytea('ciphertext').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file attached to an outbox mail, its bytes as base64 (`modules/mail`: `MailAttachment`). */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Transactional outbox: a mail is written in the same transaction as the change that causes it; a
 * worker delivers it over SMTP and retries transient failures with back-off.
 * owner: mail
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order (timestamps can tie within one transaction or under a test clock). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    status: text('status', { enum: ['PENDING', 'SENT', 'KEPT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The mail's files (migration 0039); the worker reads them only for the mail it sends. */
    attachments: jsonb('attachments')
      .$type<StoredAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Handled mails by when, for the retention job (migration 0029).
    index('outbox_handled_idx')
      .on(sql`(coalesce(${t.sentAt}, ${t.createdAt}))`)
      .where(sql`${t.status} <> 'PENDING'`),
  ],
);

/** Step definitions (spec 3), synced from `modules/orders/steps.ts` at start-up. (owner: orders) */
export const stepDefinitions = pgTable(
  'step_definitions',
  {
    id: integer('id').primaryKey(),
    stepType: text('step_type').notNull().unique(),
    stepName: text('step_name').notNull(),
    orderNumber: integer('order_number').notNull(),
    final: boolean('final').notNull(),
    success: boolean('success').notNull(),
    userEnabled: boolean('user_enabled').notNull(),
    userVisible: boolean('user_visible').notNull(),
    adminVisible: boolean('admin_visible').notNull(),
    adminEnabled: boolean('admin_enabled').notNull(),
    tenantAdminVisible: boolean('tenant_admin_visible').notNull(),
    tenantAdminEnabled: boolean('tenant_admin_enabled').notNull(),
  },
  (t) => [check('step_definitions_step_type_check', inContractList(t.stepType, StepTypes))],
);

/**
 * An order with its frozen snapshot. Vehicle and package terms are plain JSON; the employee's address,
 * salary data and tax result are encrypted like the salary profile. `currentUserStepId` is the status
 * record that is current: a step changes with one conditional update on it, so parallel actions on
 * the same step produce exactly one transition.
 * owner: orders
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    vehicleId: uuid('vehicle_id').notNull(),
    leasePackageId: uuid('lease_package_id').notNull(),
    color: text('color').notNull(),
    delivery: text('delivery').notNull(),
    terms: jsonb('terms').notNull(),
    privateKeyId: text('private_key_id').notNull(),
    privateIv: bytea('private_iv').notNull(),
    privateCiphertext: bytea('private_ciphertext').notNull(),
    /**
     * What the snapshot's ciphertext is bound to (modules/orders/snapshot.ts): 2 = this row (order id,
     * owner, employer); 1 = owner and employer only, as orders were sealed before, re-sealed at start.
     */
    privateAadVersion: smallint('private_aad_version').notNull().default(1),
    profileVersion: integer('profile_version').notNull(),
    status: text('status').notNull(),
    currentUserStepId: uuid('current_user_step_id'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /**
     * The week to cancel (ADR 0053): when it closes, frozen with the signature; when the employee gave it
     * up for a faster delivery; when they cancelled and why.
     */
    cancellableUntil: timestamp('cancellable_until', { withTimezone: true }),
    cancellationWaivedAt: timestamp('cancellation_waived_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    declineReason: text('decline_reason'),
    handoverDate: text('handover_date'),
    /** The expected delivery window the provider sets (ISO dates); the employee sees it and is mailed on change. */
    deliveryWindowFrom: text('delivery_window_from'),
    deliveryWindowTo: text('delivery_window_to'),
    createdAt: createdAt(),
    /**
     * The person's search keys (collation "C"), copied from `users` by the database's own triggers on
     * every insert and every change of the person (migration 0038): the order lists search the orders'
     * own indexes instead of looking up each found person's orders. Never written by the application.
     */
    personNameKey: text('person_name_key'),
    personNameKeyReversed: text('person_name_key_reversed'),
    personEmailKey: text('person_email_key'),
    personEmployeeIdKey: text('person_employee_id_key'),
  },
  (t) => [
    index('orders_person_name_key_idx').on(t.personNameKey),
    index('orders_person_name_key_reversed_idx').on(t.personNameKeyReversed),
    index('orders_person_email_key_idx').on(t.personEmailKey),
    index('orders_person_employee_id_key_idx').on(t.personEmployeeIdKey),
    // Also carries `tenant_id` (INCLUDE, migration 0037): the orders of the people a search found are
    // counted from the index alone.
    index('orders_user_idx').on(t.userId),
    index('orders_tenant_idx').on(t.tenantId),
    index('orders_status_idx').on(t.status),
    // Payroll, overview, dashboard, pipeline by employer, expiry check (migration 0026). It also carries
    // `user_id` and `current_user_step_id` (INCLUDE, migration 0037): with the policy's columns in it, the
    // lists' counts are index-only scans.
    index('orders_tenant_status_idx').on(t.tenantId, t.status, t.handoverDate),
    index('orders_tenant_id_desc_idx').on(t.tenantId, t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // The admins' open orders, newest first: only orders whose step waits for someone (migration 0034).
    index('orders_open_step_idx')
      .on(t.status, t.id.desc())
      .where(sql`${t.currentUserStepId} is not null`),
    // The reminders' walk over running leases by employer (migration 0029).
    index('orders_running_lease_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.status} = 'LEASING_ACTIVE' AND ${t.handoverDate} is not null`),
    check('orders_status_check', inContractList(t.status, StepTypes)),
  ],
);

/**
 * One row: the provider's settings of the order workflow, read at every signature (migration 0041,
 * ADR 0053). (owner: orders)
 */
export const orderSettings = pgTable('order_settings', {
  id: smallint('id').primaryKey().default(1),
  /** The week to cancel, in days after the day of the signature (7 to 30). */
  cancellationDays: integer('cancellation_days').notNull().default(7),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Status records of the steps (spec 3 "User step"): the newest record of a step is its status. (owner: orders) */
export const userSteps = pgTable(
  'user_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stepId: integer('step_id')
      .notNull()
      .references(() => stepDefinitions.id),
    status: text('status', { enum: ['ACCEPTED', 'DECLINED'] }),
    actorUserId: uuid('actor_user_id'),
    modified: timestamp('modified', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_steps_order_idx').on(t.orderId), uniqueIndex('user_steps_seq_idx').on(t.seq)],
);

/** owner: orders */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', {
      enum: ['CONTRACT_SIGNED', 'FINAL_STATEMENT', 'CANCELLATION', 'DRIVERS', 'ADDENDUM'],
    }).notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
    /** A sealed contract still waiting for its long-term extension: when the job tries next (else null). */
    longTermDueAt: timestamp('long_term_due_at', { withTimezone: true }),
    /** Failed long-term extensions so far (the pause before the next one grows with them). */
    longTermAttempts: integer('long_term_attempts').notNull().default(0),
  },
  (t) => [
    index('order_documents_order_idx').on(t.orderId),
    index('order_documents_long_term_due_idx')
      .on(t.longTermDueAt)
      .where(sql`${t.longTermDueAt} is not null`),
  ],
);

/**
 * Cases at the identity/signature provider. At most one open case per order and step (partial unique
 * index): repeated requests return the same link, so no duplicate paid cases.
 * owner: orders
 */
export const identCases = pgTable(
  'ident_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').notNull(),
    kind: text('kind', { enum: ['IDENT', 'SIGN'] }).notNull(),
    providerCaseId: text('provider_case_id').unique(),
    link: text('link'),
    status: text('status', { enum: ['STARTING', 'PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A signature at the remote-signing service: the prepared contract, kept until the signer returns. */
    preparedPdf: bytea('prepared_pdf'),
    /** Its signed attributes, credential and expected signer (JSON, see flows/sign-contract.ts). */
    signingContext: jsonb('signing_context'),
    /** Why a signature was not completed, as the employee was told (German); null otherwise. */
    failureMessage: text('failure_message'),
  },
  (t) => [
    index('ident_cases_order_idx').on(t.orderId, t.stepId),
    uniqueIndex('ident_cases_one_open_idx')
      .on(t.orderId, t.stepId)
      .where(sql`status in ('STARTING', 'PENDING')`),
  ],
);

/** Provider callbacks already handled (replays are answered 200 without effect). (owner: orders) */
export const processedCallbacks = pgTable('processed_callbacks', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
