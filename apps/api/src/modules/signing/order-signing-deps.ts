/**
 * What the order's signing needs from the outside: the remote-signing service (CSC v2) and TSA, the
 * certificates a signature must chain to, and the long-term extension applied to the final contract.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type * as pkijs from 'pkijs';

import { parseCertificate } from './cades.js';
import type { CscConfig } from './csc-client.js';
import type { CscUserIds } from './csc-user-ids.js';
import type { EnrolledSubject, TrustServiceState } from './trust-service-state.js';
import { parseTrustAnchorsPem } from './verify-cms.js';

/** SHA-256 in hex, as contract versions are named in the audit trail. */
export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** How the audit trail names a countersigned contract's versions: as sealed, and as stored now. */
export const longTermAuditFields = (sealed: Uint8Array, stored: Uint8Array) => [
  `sealed-sha256:${sha256Hex(sealed)}`,
  `sha256:${sha256Hex(stored)}`,
];

/** Turns the sealed contract into its long-term form (DSS B-LT + document timestamp B-LTA). */
export type LongTermExtension = (pdf: Uint8Array) => Promise<Uint8Array>;

export interface SigningDeps {
  /** The CSC client configuration; null when no signing service is configured. */
  csc: (() => CscConfig) | null;
  /** How the QTSP names the employee and the employer's seal (ADR 0051). */
  userIds: CscUserIds;
  /**
   * Development only: the built-in trust service learns whom a userID names, as a QTSP's registration
   * authority tells it after an identification; null with a real QTSP, which enrols its users itself.
   */
  enrol: ((userID: string, subject: EnrolledSubject) => Promise<void>) | null;
  /** The roots every signature, seal and timestamp must chain to. */
  trustAnchors: () => Promise<pkijs.Certificate[]>;
  longTermExtension: LongTermExtension;
}

/**
 * The trust anchors: the PEM file named by CSC_TRUST_ANCHORS (a QTSP's roots), else the development
 * trust service's test root. Loaded once.
 */
export function trustAnchorsFrom(input: {
  file?: string | undefined;
  trustService: (() => Promise<TrustServiceState>) | null;
}): () => Promise<pkijs.Certificate[]> {
  let loaded: Promise<pkijs.Certificate[]> | null = null;
  const load = async (): Promise<pkijs.Certificate[]> => {
    if (input.file) return parseTrustAnchorsPem(await readFile(input.file, 'utf8'));
    if (input.trustService) {
      const state = await input.trustService();
      return [parseCertificate(new Uint8Array(state.pki.root.certificate.rawData))];
    }
    return [];
  };
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}
