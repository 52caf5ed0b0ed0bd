import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { bytea, orders, tenants, users } from './schema.js';

/**
 * The employer portal: the programme policy (versioned), the policy each order was made under, the
 * people leaving, and the payroll settings. Row-level security in the migration keeps each table to
 * its employer.
 */

/**
 * Every version of an employer's programme policy; the highest version is in force. A change adds a
 * version and never edits one, so orders keep pointing at the rules they were made under.
 * `policy` holds the contract's `TenantPolicy` (money in EUR as the API speaks it).
 * owner: policy
 */
export const tenantPolicies = pgTable(
  'tenant_policies',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    version: integer('version').notNull(),
    policy: jsonb('policy').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] })],
);

/** The policy version an order was made under (null: the default rules, before any was saved). (owner: orders) */
export const orderPolicies = pgTable('order_policies', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  policyVersion: integer('policy_version'),
  deductionStart: text('deduction_start', { enum: ['HANDOVER_MONTH', 'NEXT_MONTH'] }).notNull(),
  employerContributionCents: integer('employer_contribution_cents').notNull(),
});

/** A person leaving the employer: the last working day, set by the employer's admin. (owner: employer) */
export const employmentEnds = pgTable(
  'employment_ends',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    leavingDate: text('leaving_date').notNull(),
    recordedBy: uuid('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employment_ends_tenant_idx').on(t.tenantId)],
);

/**
 * The employer's payroll settings: the DATEV LODAS client numbers and wage types (Lohnarten), which
 * every payroll office numbers its own way. Absent: the defaults of docs/decisions (see the module).
 * owner: employer
 */
export const payrollSettings = pgTable('payroll_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  settings: jsonb('settings').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A month's payroll totals as last computed, with the version of the inputs and code they were
 * computed from (migration 0056, ADR 0063): the overview's trend answers from here while the version
 * is the current one, and computes the month again otherwise. The totals are encrypted like the
 * salary profiles (a small employer's sums are one person's figures), bound to employer, month and
 * version. owner: employer
 */
export const payrollMonthTotals = pgTable(
  'payroll_month_totals',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** `YYYY-MM`. */
    month: text('month').notNull(),
    inputsVersion: text('inputs_version').notNull(),
    /** The contract's `PayrollTotals` as JSON, as `GET /v1/tenant/payroll/{month}` answers them, encrypted. */
    keyId: text('key_id').notNull(),
    iv: bytea('iv').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] })],
);
