import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { Resolver } from './send.js';
import type { TargetPolicy } from '../../lib/inner-addresses.js';

/** What the webhooks need: shared by the routes, the worker and the job (app.ts fills it in). */
export interface WebhookDeps {
  db: Database;
  /** The app's field encryption: the endpoints' signing secrets are kept with it. */
  cipher: FieldCipher;
  clock: Clock;
  /** Links in the failing endpoint's mail. */
  publicUrl: string;
  /** `production`: https only and no inner address; `development`: http and loopback too (targets.ts). */
  targets: TargetPolicy;
  /** Resolves a receiver's host name at each delivery (tests inject one). Default: the system's. */
  resolve?: Resolver;
  /** Per attempt, connect included (default 10 s). */
  timeoutMs?: number;
  /** Nudges the mail worker after a failing endpoint's mails were queued. */
  mailSent(): void;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The signed-in tenant admin (the routes check the role). */
export interface Admin {
  id: string;
  tenantId: string;
}

export interface Ctx {
  requestId: string;
}
