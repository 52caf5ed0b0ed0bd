import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { bytea, orders, users } from './schema.js';

/**
 * The end of a lease (modules/lease-end): the car's return with its settlement and damages, the
 * return appointment, the driving-licence checks and the reminders already sent. Every row belongs to
 * an order, and row-level security shows it to whoever may see the order (migration 0025).
 */

/** The return of an order's car: one per order. The settlement is frozen as computed (EUR figures). (owner: lease-end) */
export const leaseReturns = pgTable('lease_returns', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  returnedOn: text('returned_on').notNull(),
  odometerKm: integer('odometer_km').notNull(),
  settlement: jsonb('settlement').notNull(),
  /** What the employee owes (positive) or gets back (negative), in cents: the payroll's settlement row. */
  totalCents: integer('total_cents').notNull(),
  documentId: uuid('document_id'),
  recordedBy: uuid('recorded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A lease ended by a total loss or a theft (migration 0046, ADR 0056): the day the provider decided the
 * claim; no return, no kilometre settlement. (owner: lease-end)
 */
export const leaseLosses = pgTable('lease_losses', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  endedOn: text('ended_on').notNull(),
  claimNumber: text('claim_number').notNull(),
  recordedBy: uuid('recorded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** owner: lease-end */
export const leaseReturnDamages = pgTable(
  'lease_return_damages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    costCents: integer('cost_cents').notNull(),
    /** The damage report it belongs to (claims' number), if any (migration 0045). */
    claimNumber: text('claim_number'),
  },
  (t) => [index('lease_return_damages_order_idx').on(t.orderId, t.position)],
);

/** Photos of the damages at the return, re-encoded like vehicle photos (no metadata). (owner: lease-end) */
export const leaseReturnPhotos = pgTable(
  'lease_return_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    webp: bytea('webp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('lease_return_photos_order_idx').on(t.orderId)],
);

/** The return appointment the provider agrees with the employee (three months before the end). (owner: lease-end) */
export const returnAppointments = pgTable('return_appointments', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  date: text('date').notNull(),
  place: text('place').notNull(),
  setBy: uuid('set_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A driving-licence check at the identity provider after the order's identification. A failed or
 * refused check keeps only the provider's reason (data minimisation).
 * owner: lease-end
 */
export const licenceChecks = pgTable(
  'licence_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerCaseId: text('provider_case_id').unique(),
    link: text('link'),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    reason: text('reason'),
    checkedOn: text('checked_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider's link runs out (null for checks started before it was kept). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('licence_checks_order_idx').on(t.orderId),
    index('licence_checks_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Reminders sent for an order (kind and the date they are for): each goes out once. (owner: lease-end) */
export const leaseReminders = pgTable(
  'lease_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['NEXT_CAR', 'RETURN_APPOINTMENT', 'LICENCE_SOON', 'LICENCE_DUE'] }).notNull(),
    forDate: text('for_date').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind, t.forDate] })],
);
