import { z } from 'zod/mini';

/** `POST /v1/contracts/verify` accepts a PDF up to this size (larger: 413). */
export const CONTRACT_VERIFY_MAX_BYTES = 20 * 1024 * 1024;

/** What a signature in a contract is: a person's signature, an organisation's seal, or a document timestamp. */
export const ContractSignatureKinds = ['signature', 'seal', 'timestamp'] as const;

export const ContractSignatureSchema = z.object({
  /** The certificate's common name (person, company, or time-stamp authority). */
  signer: z.string(),
  /** ISO time: the signature timestamp when there is one, else the time the signature claims. */
  signedAt: z.nullable(z.string()),
  kind: z.enum(ContractSignatureKinds),
  /** This signature covers the file up to its end (the last revision). */
  coversWholeDocument: z.boolean(),
  /** Its certificate chains to one of the platform's trust anchors. */
  trusted: z.boolean(),
  /** No byte of its signed ranges changed and its signature value holds. */
  intact: z.boolean(),
  /** The revision (1-based, in file order) it signs. */
  revision: z.number(),
});
export type ContractSignature = z.infer<typeof ContractSignatureSchema>;

/** Why a revision keeps a contract from being valid. */
export const ContractRevisionProblems = [
  /** The signature's byte ranges do not surround its /Contents or do not end where its revision ends. */
  'byteRangeInvalid',
  /** A byte of the signed ranges changed, or the signature value does not hold. */
  'signatureNotIntact',
  /** Changed more after a signature than PAdES allows (signature fields, DSS, document timestamps). */
  'modifiedAfterSigning',
  /** The last revision is covered only by signatures or timestamps without a path to a trust anchor. */
  'untrustedLastRevision',
  /** The last revision carries no signature or timestamp at all. */
  'unsignedLastRevision',
] as const;

/** Why a file as a whole cannot be valid. */
export const ContractDocumentProblems = ['structureUnreadable', 'tooManySignatures', 'bytesAfterLastRevision'] as const;

/** Where a change after signing is: a page (with its number), form fields, annotations, metadata, elsewhere. */
export const ContractChangeKinds = ['page', 'form', 'annotation', 'metadata', 'document'] as const;

export const ContractRevisionSchema = z.object({
  revision: z.number(),
  problems: z.array(z.enum(ContractRevisionProblems)),
  changes: z.array(z.object({ kind: z.enum(ContractChangeKinds), page: z.optional(z.number()) })),
  /** Who signed last before this revision (what the changes came after), when anyone did. */
  changedAfter: z.nullable(z.string()),
});
export type ContractRevision = z.infer<typeof ContractRevisionSchema>;

export const ContractVerificationSchema = z.object({
  /**
   * Every signature intact, no revision after the first signature changes more than PAdES allows, and
   * the last revision (the whole file) is covered by a trusted signature or document timestamp.
   */
  valid: z.boolean(),
  signatures: z.array(ContractSignatureSchema),
  /** For a file with signatures: each revision, oldest first, with what keeps it from being valid. */
  revisions: z.optional(z.array(ContractRevisionSchema)),
  /** For a file with signatures: what keeps the file as a whole from being valid. */
  problems: z.optional(z.array(z.enum(ContractDocumentProblems))),
  /** The order whose contract version this file is, when the caller may see that order. */
  orderId: z.optional(z.number()),
});
export type ContractVerification = z.infer<typeof ContractVerificationSchema>;
