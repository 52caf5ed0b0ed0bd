/**
 * The signature algorithm of a remote signature, chosen from what the credential's key allows
 * (`key/algo` of CSC `credentials/info`, 11.5) and the certificate's key type, and what follows from
 * the choice: the `signAlgo` and `signAlgoParams` of `signatures/signHash` (11.9), the CMS
 * SignerInfo's signatureAlgorithm (RFC 5652 5.3, RFC 4056, RFC 5758) and the check of the value that
 * came back. Always with SHA-256: the signed attributes are hashed with it (cades.ts).
 *
 * Preference: RSA PKCS#1 v1.5 (every PDF reader verifies it), then RSASSA-PSS, then ECDSA (for EC keys).
 */
import { constants, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

import { OID, toArrayBuffer } from './cades.js';

export const SIGN_ALGO = {
  /** rsaEncryption: a key algorithm; with `hashAlgorithmOID` it means PKCS#1 v1.5 over that hash. */
  rsaEncryption: OID.rsaEncryption,
  sha256WithRsa: OID.sha256WithRsa,
  rsassaPss: '1.2.840.113549.1.1.10',
  /** id-ecPublicKey: a key algorithm; with `hashAlgorithmOID` it means ECDSA over that hash. */
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

const MGF1 = '1.2.840.113549.1.1.8';
/** RSASSA-PSS with SHA-256 uses a salt as long as the hash (RFC 8017 9.1, RFC 4055 3.1). */
export const PSS_SALT_LENGTH = 32;

export type SignatureScheme = 'rsa-pkcs1' | 'rsa-pss' | 'ecdsa';

export interface SignAlgorithm {
  scheme: SignatureScheme;
  /** The OID sent as `signAlgo`: one of the credential's `key/algo`. */
  signAlgo: string;
  /** Base64 DER `signAlgoParams` (RSASSA-PSS only). */
  signAlgoParams?: string;
}

/** RSASSA-PSS-params for SHA-256, MGF1 with SHA-256, 32 bytes of salt, trailer 1 (RFC 4055 3.1). */
export function pssParameters(): pkijs.RSASSAPSSParams {
  const sha256 = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() });
  return new pkijs.RSASSAPSSParams({
    hashAlgorithm: sha256,
    maskGenAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: MGF1, algorithmParams: sha256.toSchema() }),
    saltLength: PSS_SALT_LENGTH,
  });
}

const pssParametersBase64 = () => Buffer.from(pssParameters().toSchema().toBER()).toString('base64');

/** The key type of a certificate: what its subjectPublicKeyInfo names. */
function keyTypeOf(certificate: pkijs.Certificate): 'rsa' | 'rsa-pss-only' | 'ec' | null {
  const id = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  if (id === SIGN_ALGO.rsaEncryption) return 'rsa';
  if (id === SIGN_ALGO.rsassaPss) return 'rsa-pss-only';
  if (id === SIGN_ALGO.ecPublicKey) return 'ec';
  return null;
}

/**
 * The algorithm to ask for, or null when the credential allows none we can put into a CMS. `keyAlgos`
 * is `key/algo` as the service answered it: it may name signature algorithms (sha256WithRSAEncryption)
 * or key algorithms (rsaEncryption), both count.
 */
export function chooseSignAlgorithm(keyAlgos: readonly string[], certificate: pkijs.Certificate): SignAlgorithm | null {
  const offered = new Set(keyAlgos);
  const keyType = keyTypeOf(certificate);
  if (keyType === 'rsa') {
    if (offered.has(SIGN_ALGO.sha256WithRsa)) return { scheme: 'rsa-pkcs1', signAlgo: SIGN_ALGO.sha256WithRsa };
    if (offered.has(SIGN_ALGO.rsaEncryption)) return { scheme: 'rsa-pkcs1', signAlgo: SIGN_ALGO.rsaEncryption };
  }
  if ((keyType === 'rsa' || keyType === 'rsa-pss-only') && offered.has(SIGN_ALGO.rsassaPss)) {
    return { scheme: 'rsa-pss', signAlgo: SIGN_ALGO.rsassaPss, signAlgoParams: pssParametersBase64() };
  }
  if (keyType === 'ec') {
    if (offered.has(SIGN_ALGO.ecdsaWithSha256)) return { scheme: 'ecdsa', signAlgo: SIGN_ALGO.ecdsaWithSha256 };
    if (offered.has(SIGN_ALGO.ecPublicKey)) return { scheme: 'ecdsa', signAlgo: SIGN_ALGO.ecPublicKey };
  }
  return null;
}

/** The SignerInfo's signatureAlgorithm for a value made with `algorithm` over SHA-256. */
export function cmsSignatureAlgorithm(algorithm: SignAlgorithm): pkijs.AlgorithmIdentifier {
  switch (algorithm.scheme) {
    case 'rsa-pkcs1':
      // RFC 5754 3.2: the parameters are NULL, for rsaEncryption and sha256WithRSAEncryption alike.
      return new pkijs.AlgorithmIdentifier({ algorithmId: algorithm.signAlgo, algorithmParams: new asn1js.Null() });
    case 'rsa-pss':
      return new pkijs.AlgorithmIdentifier({
        algorithmId: SIGN_ALGO.rsassaPss,
        algorithmParams: pssParameters().toSchema(),
      });
    case 'ecdsa':
      // RFC 5758 3.2: ecdsa-with-SHA256 without parameters.
      return new pkijs.AlgorithmIdentifier({ algorithmId: SIGN_ALGO.ecdsaWithSha256 });
  }
}

function publicKeyOf(certificate: pkijs.Certificate): KeyObject {
  return createPublicKey({
    key: Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER()),
    format: 'der',
    type: 'spki',
  });
}

/**
 * An ECDSA value as CMS needs it: DER Ecdsa-Sig-Value (RFC 5753 7.2). A service may answer the bare
 * r‖s of IEEE P1363 instead; that is turned into DER, anything else is left for the check to refuse.
 */
export function ecdsaSignatureDer(value: Buffer, certificate: pkijs.Certificate): Buffer {
  const curve = publicKeyOf(certificate).asymmetricKeyDetails?.namedCurve ?? '';
  const fieldBytes = CURVE_FIELD_BYTES[curve];
  if (!fieldBytes || value[0] === 0x30 || value.length !== 2 * fieldBytes) return value;
  const integer = (bytes: Buffer) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    const trimmed = bytes.subarray(start);
    // A DER INTEGER is signed: a leading byte with the high bit set gets a zero in front.
    const positive = (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
    return new asn1js.Integer({ valueHex: toArrayBuffer(positive) });
  };
  const sequence = new asn1js.Sequence({
    value: [integer(value.subarray(0, fieldBytes)), integer(value.subarray(fieldBytes))],
  });
  return Buffer.from(sequence.toBER());
}

const CURVE_FIELD_BYTES: Record<string, number> = { prime256v1: 32, secp384r1: 48, secp521r1: 66 };

/**
 * True when `signature` is a signature with `algorithm` over `signedData` (the DER of the signed
 * attributes, whose SHA-256 was sent) by the certificate's key.
 */
export function verifiesSignature(
  algorithm: SignAlgorithm,
  signedData: Uint8Array,
  signature: Uint8Array,
  certificate: pkijs.Certificate,
): boolean {
  try {
    const key = publicKeyOf(certificate);
    if (algorithm.scheme === 'rsa-pss') {
      return verifySignature(
        'sha256',
        signedData,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS_SALT_LENGTH },
        signature,
      );
    }
    if (algorithm.scheme === 'ecdsa')
      return verifySignature('sha256', signedData, { key, dsaEncoding: 'der' }, signature);
    return verifySignature('sha256', signedData, { key, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return false;
  }
}
