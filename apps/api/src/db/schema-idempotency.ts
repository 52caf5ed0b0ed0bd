import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './schema.js';

/**
 * `Idempotency-Key` of a write per user: the first request's answer, replayed to repeats within 24 h
 * on any instance (lib/idempotency.ts). A key is written with its answer in the transaction that
 * makes the answer (the order), so a row always has its answer, and with the fingerprint of the
 * request it answers (a reused key with another body is refused); the retention job removes keys
 * past the 24 hours (`created_at`).
 * owner: core (apps/api/src/lib; no module)
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    /**
     * SHA-256 of the request body (lib/idempotency.ts `requestFingerprint`): the same key with another
     * body is refused. Null only for keys written before it was stored (migration 0022).
     */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answer: jsonb('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
