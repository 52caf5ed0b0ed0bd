import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './schema.js';

/**
 * `Idempotency-Key` of a write per user: the first request's answer, replayed to repeats within 24 h
 * on any instance (lib/idempotency.ts). `answer` is null while the first request is still working.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answer: jsonb('answer'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
