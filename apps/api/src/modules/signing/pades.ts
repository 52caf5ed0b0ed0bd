/**
 * A PAdES B-T signature over a PDF, with the signature value and the time stamp coming from outside:
 * `RemoteHashSigner` is what a CSC `signatures/signHash` call does, `TimestampAuthority` an RFC 3161 TSA.
 * The flow is: prepare the field → signed attributes → remote signature over their hash → CMS →
 * signature timestamp → embed. A second signature or a document timestamp is another revision on top.
 */
import { constants, privateEncrypt, type KeyObject } from 'node:crypto';

import type * as pkijs from 'pkijs';

import {
  assembleSignedData,
  buildSignedAttributes,
  signatureValueOf,
  withSignatureTimestamp,
  type SignedAttributes,
} from './cades.js';
import { embedSignature, prepareSignatureField, type SignatureFieldInput } from './pdf-signature-field.js';
import { acceptTimestampResponse, buildTimestampRequest } from './timestamp.js';

/** Signs a SHA-256 hash (RSASSA-PKCS1-v1_5): the contract of CSC signHash with sha256WithRSAEncryption. */
export type RemoteHashSigner = (hash: Buffer) => Promise<Buffer>;

/** Sends a DER TimeStampReq and returns the DER TimeStampResp. */
export type TimestampAuthority = (requestDer: Buffer) => Promise<Buffer>;

export interface PadesSignInput {
  pdf: Uint8Array;
  field: SignatureFieldInput;
  signerCertificate: pkijs.Certificate;
  chain: pkijs.Certificate[];
  signHash: RemoteHashSigner;
  timestampAuthority: TimestampAuthority;
}

/** DigestInfo prefix for SHA-256 (RFC 8017, 9.2 note 1). */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** PKCS#1 v1.5 signature of an already computed SHA-256 hash (what a signing service does). */
export function signSha256Hash(hash: Buffer, privateKey: KeyObject): Buffer {
  if (hash.length !== 32) throw new Error('expected a SHA-256 hash');
  return privateEncrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([SHA256_DIGEST_INFO_PREFIX, hash]),
  );
}

/**
 * Second phase of a signature: the CMS from the signature value the remote signer returned, with a
 * signature timestamp from the TSA (B-T).
 */
export async function completeTimestampedCms(input: {
  signedAttributes: SignedAttributes;
  signatureValue: Buffer;
  /** The signature's algorithm identifier (default RSA PKCS#1 v1.5), see cades.ts. */
  signatureAlgorithm?: pkijs.AlgorithmIdentifier;
  signerCertificate: pkijs.Certificate;
  chain: pkijs.Certificate[];
  timestampAuthority: TimestampAuthority;
}): Promise<Buffer> {
  const cms = assembleSignedData(input);
  const request = buildTimestampRequest(signatureValueOf(cms));
  const token = acceptTimestampResponse(await input.timestampAuthority(request.der), request);
  return withSignatureTimestamp(cms, token);
}

/** Both phases in one call, for a signer that answers at once. */
export async function buildTimestampedCms(input: {
  documentDigest: Buffer;
  signerCertificate: pkijs.Certificate;
  chain: pkijs.Certificate[];
  signHash: RemoteHashSigner;
  timestampAuthority: TimestampAuthority;
}): Promise<Buffer> {
  const signedAttributes = buildSignedAttributes({
    contentDigest: input.documentDigest,
    signerCertificate: input.signerCertificate,
  });
  const signatureValue = await input.signHash(signedAttributes.hashToSign);
  return completeTimestampedCms({ ...input, signedAttributes, signatureValue });
}

/** Signs a PDF end to end (PAdES baseline B-T) and returns the signed file. */
export async function signPdf(input: PadesSignInput): Promise<Buffer> {
  const prepared = await prepareSignatureField(input.pdf, input.field);
  const cms = await buildTimestampedCms({ ...input, documentDigest: prepared.documentDigest });
  return embedSignature(prepared, cms);
}
