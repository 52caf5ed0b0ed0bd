import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';

/**
 * What the lease's life needs (the employer portal's dependencies fit it): the database, the cipher of
 * the salary profiles, the clock, where the mails' links point, and the mail worker's nudge.
 */
export interface LeaseLifeDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  account: { publicUrl: string };
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
