import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { AccountDeps } from '../account/index.js';

/** What the employer portal needs: the database, the cipher of the salary profiles, the clock, and
 *  the account service's dependencies for invites. */
export interface EmployerDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  account: AccountDeps;
  mailSent(): void;
}

/** The signed-in tenant admin (the routes check the role). */
export interface Admin {
  id: string;
  tenantId: string;
}

export interface Ctx {
  requestId: string;
  ip: string;
}
