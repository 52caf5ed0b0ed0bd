import type { Role } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import type { CatalogCache } from '../catalog/catalog-snapshot.js';
import type { PersonalRates } from '../catalog/personal-rates.js';
import type { IdentProvider } from '../ident/provider.js';
import type { SigningDeps } from '../signing/order-signing-deps.js';

/** What the order functions need, and who asks: shared by every file of the order service. */
export interface OrderDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  catalog: CatalogCache;
  rates: PersonalRates;
  /** Resolved lazily: the simulator's address is known only once the server listens. */
  provider: () => IdentProvider;
  publicUrl: string;
  /** Where the provider posts callbacks: this server as the provider reaches it. */
  callbackBaseUrl: () => string;
  events: SecurityEvents;
  /** Orders not signed within this many days expire. */
  expiryDays: number;
  mailSent(): void;
  /** The remote-signing service, trust anchors and long-term extension of the contract's signatures. */
  signing: SigningDeps;
}

export interface Actor {
  id: string;
  role: Role;
  tenantId: string | null;
}

export interface Ctx {
  requestId: string;
  ip: string;
}

/** Failed identity/signature attempts per order and step before we stop creating paid cases. */
export const MAX_CASES_PER_STEP = 5;
