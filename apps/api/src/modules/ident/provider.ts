/**
 * The adapter to the external identity and signature provider (driving-licence check for
 * NECT_DRIVERS_LICENCE, qualified electronic signature for NECT_SIGN, the periodic driving-licence
 * check during the lease). The orders and lease-end modules only talk to this interface;
 * `http-provider.ts` implements it over HTTP, against the real service or the local simulator
 * (`simulator.ts`).
 *
 * Kinds: IDENT identifies the person with their driving licence at the order; SIGN signs a document;
 * LICENCE_CHECK confirms, during a running lease, that the person still holds a valid licence (the
 * keeper's duty, § 21 StVG). A LICENCE_CHECK case answers only with a status and, when it fails, the
 * provider's reason: no document data.
 */
export type CaseKind = 'IDENT' | 'SIGN' | 'LICENCE_CHECK';
export type CaseStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

export const CASE_KINDS = ['IDENT', 'SIGN', 'LICENCE_CHECK'] as const satisfies readonly CaseKind[];
export const CASE_STATUSES = [
  'PENDING',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
] as const satisfies readonly CaseStatus[];

export interface StartCaseInput {
  kind: CaseKind;
  /** Our order+step reference, opaque to the provider. */
  reference: string;
  /** Where the provider posts its signed status hints. */
  callbackUrl: string;
  /** Where the provider page sends the user back. */
  returnUrl: string;
  /** SIGN: the contract to sign. */
  document?: { fileName: string; pdf: Uint8Array };
  signerName?: string;
}

export interface StartedCase {
  caseId: string;
  /** The provider page the user opens (new tab). */
  link: string;
  expiresAt: Date;
}

export interface ProviderCase {
  caseId: string;
  kind: CaseKind;
  status: CaseStatus;
  reference: string;
  completedAt: Date | null;
  failureReason: string | null;
  /** SIGN + SUCCEEDED: the signed PDF. */
  signedDocument: Uint8Array | null;
}

export interface CallbackEvent {
  caseId: string;
  eventId: string;
}

export interface IdentProvider {
  startIdent(input: Omit<StartCaseInput, 'kind'>): Promise<StartedCase>;
  startSign(input: Omit<StartCaseInput, 'kind'>): Promise<StartedCase>;
  /** The periodic driving-licence check during a lease (kind LICENCE_CHECK). */
  startLicenceCheck(input: Omit<StartCaseInput, 'kind' | 'document' | 'signerName'>): Promise<StartedCase>;
  getCase(caseId: string): Promise<ProviderCase>;
  /**
   * Verifies a callback's HMAC signature and freshness; returns the event (case id + event id) or
   * null. A callback is only a hint: callers must re-read the case with getCase before changing
   * state. Replays inside the freshness window verify again: deduplicating by event id is the
   * caller's job.
   */
  verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string): CallbackEvent | null;
}

/** The provider cannot serve the call: timeouts, 5xx, malformed answers, redirects, open circuit. */
export class ProviderUnavailableError extends Error {
  /** The HTTP status when the provider answered with one, else null. */
  readonly status: number | null;

  constructor(message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderUnavailableError';
    this.status = options.status ?? null;
  }
}

/**
 * getCase: the provider does not know the case (404). A special case of "unavailable" so callers
 * that do not care treat it the same way; the simulator forgets its cases on restart, which reads
 * like this.
 */
export class ProviderCaseNotFoundError extends ProviderUnavailableError {
  constructor(message = 'Provider case not found') {
    super(message, { status: 404 });
    this.name = 'ProviderCaseNotFoundError';
  }
}
