import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { bytea, tenants, users } from './schema.js';

/**
 * Signed webhooks (migration 0053, ADR 0059). Row-level security in the migration: HR sees and
 * manages its employer's endpoints and their deliveries; whoever causes an event (an employee's
 * cancellation, HR, the provider, the platform's jobs) may add its employer's deliveries; the
 * delivery worker works as the platform.
 */

/**
 * An employer's endpoint: the URL, the events it takes and its signing secret, encrypted with the
 * app's field key (it must be at hand to sign, so it cannot be a hash). (owner: webhooks)
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    secretIv: bytea('secret_iv').notNull(),
    secretCiphertext: bytea('secret_ciphertext').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLED', 'FAILING'] })
      .notNull()
      .default('ACTIVE'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId)],
);

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change that caused
 * the event. `body` is the exact JSON sent (the signature covers its bytes), `message_id` the
 * `webhook-id` it always carries. (owner: webhooks)
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    /** Set for events that happen once per key (`payroll.month_ready`: the month): the unique index keeps them once. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Due, or (while a worker holds it) the end of that worker's claim. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The first try of the current series: retries stop 24 h after it (a re-send starts a new series). */
    seriesStartedAt: timestamp('series_started_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    uniqueIndex('webhook_deliveries_message_idx').on(t.endpointId, t.messageId),
    uniqueIndex('webhook_deliveries_once_idx')
      .on(t.endpointId, t.eventType, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/** Each try of a delivery, for the log HR reads: status code, time taken, the answer's start. (owner: webhooks) */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
