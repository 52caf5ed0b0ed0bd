import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { orders, tenants, users } from './schema.js';

/**
 * A change of the lease package during the lease (migration 0051, ADR 0058): the kilometre package
 * the lease had and the one asked for, each as its terms were then (the price list may change
 * later; the request does not). Row-level security in the migration: the person asks and reads
 * their own, the employer's admins read their employer's, the provider reads all and decides.
 * (owner: package-change)
 */
export const packageChanges = pgTable(
  'package_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['REQUESTED', 'APPROVED', 'DECLINED'] })
      .notNull()
      .default('REQUESTED'),
    fromPackage: jsonb('from_package').notNull(),
    toPackage: jsonb('to_package').notNull(),
    /** `YYYY-MM`: the first month of the new rate (approved only). */
    effectiveMonth: text('effective_month'),
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('package_changes_order_idx').on(t.orderId, t.requestedAt),
    index('package_changes_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('package_changes_open_unique')
      .on(t.orderId)
      .where(sql`${t.status} = 'REQUESTED'`),
    check('package_changes_status_check', sql`${t.status} IN ('REQUESTED', 'APPROVED', 'DECLINED')`),
    check('package_changes_effective_check', sql`(${t.status} = 'APPROVED') = (${t.effectiveMonth} IS NOT NULL)`),
  ],
);
