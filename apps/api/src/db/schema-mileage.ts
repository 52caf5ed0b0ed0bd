import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { bytea, orders, tenants, users } from './schema.js';

/**
 * Mileage during a lease (migrations 0042 and 0050, ADR 0054). Row-level security in the migrations:
 * the person reports and reads their own readings and photos, the employer's admins read their
 * employer's, the provider all.
 */

/** One odometer reading of a running lease, as the employee reported it. ISO date. (owner: mileage) */
export const odometerReadings = pgTable(
  'odometer_readings',
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
    readingKm: integer('reading_km').notNull(),
    readOn: text('read_on').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('odometer_readings_order_idx').on(t.orderId, t.readOn),
    index('odometer_readings_user_idx').on(t.userId),
    check('odometer_readings_km_check', sql`${t.readingKm} BETWEEN 0 AND 1000000`),
  ],
);

/**
 * The optional photo of the odometer that came with a reading: one per reading, stored as WebP without
 * metadata (re-encoded as the damage photos are), deleted with its reading. (owner: mileage)
 */
export const odometerPhotos = pgTable(
  'odometer_photos',
  {
    readingId: uuid('reading_id')
      .primaryKey()
      .references(() => odometerReadings.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    webp: bytea('webp').notNull(),
  },
  (t) => [index('odometer_photos_user_idx').on(t.userId)],
);
