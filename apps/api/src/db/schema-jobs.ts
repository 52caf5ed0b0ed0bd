import { bigint, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job and time slot: the insert that creates it is the claim, so only one
 * instance runs a slot (lib/scheduled-jobs.ts). No personal data.
 * owner: core (apps/api/src/lib; no module)
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
