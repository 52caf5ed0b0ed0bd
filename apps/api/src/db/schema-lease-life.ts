import { AbsenceTypes } from '@leasing/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { inContractList } from './derived-checks.js';
import { bytea, tenants, users } from './schema.js';

/**
 * Life during a lease (migration 0024): absences without pay recorded by the employer's admins, and
 * every saved version of a salary profile (encrypted as the profile itself). Row-level security in
 * the migration: absences are the person's and their employer's; profile versions the person's alone.
 */

/** One absence without pay: Krankengeld, parental leave or unpaid leave. ISO dates; `to` null = open end. (owner: lease-life) */
export const employeeAbsences = pgTable(
  'employee_absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: AbsenceTypes }).notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date'),
    recordedBy: uuid('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employee_absences_tenant_idx').on(t.tenantId),
    index('employee_absences_user_idx').on(t.userId),
    check('employee_absences_type_check', inContractList(t.type, AbsenceTypes)),
    check('employee_absences_dates_check', sql`${t.toDate} IS NULL OR ${t.toDate} >= ${t.fromDate}`),
  ],
);

/** Each saved version of a salary profile, as `salary_profiles` stores the current one. (owner: profile) */
export const salaryProfileHistory = pgTable(
  'salary_profile_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    keyId: text('key_id').notNull(),
    iv: bytea('iv').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);
