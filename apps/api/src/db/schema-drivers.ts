import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { orders, tenants, users } from './schema.js';

/**
 * Additional drivers of a leased car (migration 0043, ADR 0055). Row-level security in the migration:
 * the employee names their drivers, HR reads its employer's, the provider all.
 */

/** One additional driver and their licence check at the identity provider. ISO dates. (owner: drivers) */
export const additionalDrivers = pgTable(
  'additional_drivers',
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
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    licenceIssuedOn: text('licence_issued_on').notNull(),
    licenceCountry: text('licence_country').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reason: text('reason'),
    checkedOn: text('checked_on'),
    providerCaseId: text('provider_case_id'),
    link: text('link'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('additional_drivers_order_idx').on(t.orderId),
    uniqueIndex('additional_drivers_case_idx').on(t.providerCaseId),
    index('additional_drivers_user_idx').on(t.userId),
    check('additional_drivers_status_check', sql`${t.status} IN ('PENDING', 'APPROVED', 'REJECTED')`),
  ],
);
