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
});
export type ContractSignature = z.infer<typeof ContractSignatureSchema>;

export const ContractVerificationSchema = z.object({
  /** Every signature intact (no byte of a signed range changed) and the last one covers the whole file. */
  valid: z.boolean(),
  signatures: z.array(ContractSignatureSchema),
  /** The order whose contract version this file is, when the caller may see that order. */
  orderId: z.optional(z.number()),
});
export type ContractVerification = z.infer<typeof ContractVerificationSchema>;
