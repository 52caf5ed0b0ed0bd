import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/** What billing needs: the database, the clock, and the mail worker's nudge after a commit. */
export interface BillingDeps {
  db: Database;
  clock: Clock;
  mailSent(): void;
}

/** Who acts (null: the scheduled run) and the request it came with. */
export interface BillingActor {
  id: string | null;
  requestId: string | null;
}
