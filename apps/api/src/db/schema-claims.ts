import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { bytea, orders, tenants, users } from './schema.js';

/**
 * Damage, accident and theft reports during a lease (migration 0044, ADR 0056). Row-level security
 * in the migration: the employee reports and reads their own, HR reads its employer's (the payroll
 * export's excesses), the provider reads and works all.
 */

/**
 * One claim. The person's name, the employer's name and the car are copied at the report so the
 * provider's queue lists and searches without reading other modules' tables. The excess is decided
 * once: `excess_month` is the payroll month that deducts it. (owner: claims)
 */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('REPORTED'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    description: text('description').notNull(),
    thirdPartyInvolved: boolean('third_party_involved').notNull(),
    policeReportNumber: text('police_report_number'),
    drivable: boolean('drivable').notNull(),
    excessCents: integer('excess_cents'),
    excessMonth: text('excess_month'),
    personName: text('person_name').notNull(),
    /** `personName` lower-cased with single spaces: what the queue's search starts with. */
    personNameKey: text('person_name_key').notNull(),
    tenantName: text('tenant_name').notNull(),
    car: text('car').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claims_number_idx').on(t.number),
    index('claims_order_idx').on(t.orderId),
    index('claims_user_idx').on(t.userId),
    index('claims_queue_idx').on(t.status, t.reportedAt),
    index('claims_excess_idx').on(t.tenantId, t.excessMonth),
    check('claims_kind_check', sql`${t.kind} IN ('DAMAGE', 'ACCIDENT', 'THEFT', 'GLASS', 'VANDALISM')`),
    check(
      'claims_status_check',
      sql`${t.status} IN ('REPORTED', 'IN_REVIEW', 'REPAIR_SCHEDULED', 'REPAIRED', 'TOTAL_LOSS', 'REJECTED')`,
    ),
    check(
      'claims_excess_check',
      sql`(${t.excessCents} IS NULL) = (${t.excessMonth} IS NULL) AND (${t.excessCents} IS NULL OR ${t.excessCents} BETWEEN 0 AND 50000)`,
    ),
  ],
);

/** A photo of a claim, stored as WebP without metadata. (owner: claims) */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    webp: bytea('webp').notNull(),
  },
  (t) => [uniqueIndex('claim_photos_position_idx').on(t.claimId, t.position)],
);

/** The report and each change of a claim's state, with the provider's note. (owner: claims) */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order of events: a claim's changes are written one at a time, so this is their order. */
    seq: serial('seq').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.seq)],
);
