import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import type { AccountDeps } from '../account/index.js';

/**
 * What SCIM provisioning needs: what the employer portal's leaving, the account's invitations and the
 * privacy erasure need (SCIM acts through them), the shared rate limiter, and whether an employer signs
 * its people in with its own accounts (the SSO module answers; without it, nobody does).
 */
export interface ScimDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  limiter: RateLimiter;
  events: SecurityEvents;
  account: AccountDeps;
  mailSent(): void;
  ssoRequired?: (tenantId: string) => Promise<boolean>;
}

/** Who a SCIM request is: a token of one employer, acting as the HR admin who made it. */
export interface ScimCaller {
  tokenId: string;
  tokenName: string;
  tenantId: string;
  /** The HR admin who made the token: the audit's actor and the row-level scope of the request. */
  actingUserId: string;
}

export interface ScimCtx {
  requestId: string;
  ip: string;
}

/** The caller as the other modules' faces take an admin. */
export const adminOf = (caller: ScimCaller) => ({ id: caller.actingUserId, tenantId: caller.tenantId });
