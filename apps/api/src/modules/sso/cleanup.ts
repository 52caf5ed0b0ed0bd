import { lt } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { ssoExchangeCodes, ssoLoginStates } from '../../db/schema-sso.js';
import type { Clock } from '../../lib/clock.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';

/** Expired login states and one-time codes (used or not): nothing is left to check against them. */
export async function removeExpiredSignIns(deps: {
  db: Database;
  clock: Clock;
}): Promise<{ states: number; codes: number }> {
  const now = deps.clock.now();
  const states = await deps.db
    .delete(ssoLoginStates)
    .where(lt(ssoLoginStates.expiresAt, now))
    .returning({ id: ssoLoginStates.id });
  const codes = await deps.db
    .delete(ssoExchangeCodes)
    .where(lt(ssoExchangeCodes.expiresAt, now))
    .returning({ id: ssoExchangeCodes.id });
  return { states: states.length, codes: codes.length };
}

/** Hourly, once per slot across the instances (lib/scheduled-jobs.ts, in the platform's scope). */
export function scheduleSsoCleanup(scheduler: JobScheduler, deps: { db: Database; clock: Clock }): void {
  scheduler.every('sso.cleanup', 3600_000, () => removeExpiredSignIns(deps));
}
