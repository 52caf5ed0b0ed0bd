import type { Role } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import type { BrowserOrigin } from '../../lib/browser-origin.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import type { CatalogCache, PersonalRates } from '../catalog/index.js';
import type { IdentProvider } from '../ident/index.js';
import type { SigningDeps } from '../signing/index.js';
import type { OrderRow } from './repository.js';

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
  /**
   * Where a browser that asked from this Host comes back to after a provider's page: PUBLIC_URL, or
   * without it the loopback address it used (lib/browser-origin.ts).
   */
  originOf: BrowserOrigin;
  /** Where the provider posts callbacks: this server as the provider reaches it. */
  callbackBaseUrl: () => string;
  events: SecurityEvents;
  /** Orders not signed within this many days expire. */
  expiryDays: number;
  mailSent(): void;
  /** The remote-signing service, trust anchors and long-term extension of the contract's signatures. */
  signing: SigningDeps;
  /** The operations above the workflow that it starts: apps/api/src/flows, wired in app.ts. */
  flows: OrderFlows;
}

/** The employer step's approval as its approver asks for it: HR's click or the programme's rule. */
export interface ApprovalRequest {
  /** The status record the approver saw: of a parallel click and the programme only one wins. */
  expectedUserStepId: string;
  /** The approving admin; null for the programme (the platform). */
  actorUserId: string | null;
  /** The name in the seal's appearance. */
  approverName: string;
  at: Date;
  /** The audit line's action and fields (the seal's hashes follow the fields), and the request. */
  audit: { action: string; fields: string[]; requestId?: string };
}

/**
 * What the workflow asks of the flows above the modules (flows/approve-order.ts, flows/sign-contract.ts):
 * it names the act, the flow composes the rooms (the seal, the signing service) around the workflow.
 */
export interface OrderFlows {
  /** Seals the contract in the employer's name and moves the order past the employer step. False: lost the race. */
  approve(order: OrderRow, request: ApprovalRequest): Promise<boolean>;
  /**
   * Prepares the contract for the employee's signature; the link where the employee authorizes it.
   * `origin` is where the employee's browser comes back to (`OrderDeps.originOf`).
   */
  startSignature(order: OrderRow, caseRowId: string, origin: string): Promise<{ link: string; expiresAt: Date }>;
  /**
   * A claim's total loss or theft ends the running lease (flows/end-lease-by-loss.ts), in the
   * caller's transaction. False: the lease had already ended.
   */
  endLeaseByLoss(tx: Database, loss: LeaseLoss): Promise<boolean>;
}

/** A total loss or theft as the claims module decides it (ADR 0056). */
export interface LeaseLoss {
  orderId: number;
  /** The Berlin day it was decided (ISO). */
  endedOn: string;
  claimNumber: string;
  theft: boolean;
  /**
   * The claim's excess if the provider has decided it by then (in this change or before): the cents
   * and the payroll month (`YYYY-MM`) that deducts them. For the final statement.
   */
  excess?: { cents: number; month: string };
  actorUserId: string;
  at: Date;
  requestId: string;
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
