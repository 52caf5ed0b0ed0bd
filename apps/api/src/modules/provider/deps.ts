import type { Role } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden } from '../../lib/errors.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import type { CatalogCache } from '../catalog/index.js';

/** What the provider's back office needs. */
export interface ProviderDeps {
  db: Database;
  clock: Clock;
  catalog: CatalogCache;
  events: SecurityEvents;
  publicUrl: string;
  /** Wakes the mail worker after a commit. */
  mailSent(): void;
}

export interface ProviderActor {
  id: string;
  role: Role;
  tenantId: string | null;
}

export interface ProviderCtx {
  requestId: string;
}

/**
 * Every back-office function starts here: only the provider's admins, whatever the route said. (The
 * routes check too; this keeps a service called from elsewhere just as closed.)
 */
export function requireProvider(actor: ProviderActor): void {
  if (actor.role !== 'PROVIDER_ADMIN') throw forbidden();
}
