import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/**
 * What billing needs: the database, the clock, the address people open the app at (a mail too large
 * for its files links the employer's portal) and the mail worker's nudge after a commit.
 */
export interface BillingDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** The most a mail may carry in files; the mail module's limit unless a test asks for less. */
  mailLimitBytes?: number;
  mailSent(): void;
}

/** Who acts (null: the scheduled run) and the request it came with. */
export interface BillingActor {
  id: string | null;
  requestId: string | null;
}
