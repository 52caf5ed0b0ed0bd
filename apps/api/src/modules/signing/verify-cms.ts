/**
 * The cryptographic checks of one CMS SignedData, as a verifier that trusts nothing it is given: the
 * messageDigest against the digest of the bytes the caller names, the signature value over the signed
 * attributes against the signer's key, and (separately, `verify-chain.ts`) a path from the signer's
 * certificate to the caller's trust anchors. Timestamp tokens (RFC 3161) are checked the same way, with
 * the imprint of their TSTInfo against the timestamped bytes. The caller hands over a digest function,
 * not the bytes: a signature over 20 MB is hashed in place, never copied.
 */
import { constants, createHash, verify as verifySignature, type KeyObject, type X509Certificate } from 'node:crypto';

import * as pkijs from 'pkijs';

import { OID, parseSignedData, toArrayBuffer } from './cades.js';
import { checkPath, x509Of } from './verify-chain.js';

export interface CmsCheck {
  /** messageDigest and signature value (or the TSTInfo imprint and the TSA's signature) hold. */
  intact: boolean;
  /** The signer's certificate chains to one of the trust anchors. */
  trusted: boolean;
  signerCertificate: pkijs.Certificate | null;
  /** For a timestamp token: its generation time. */
  timestampTime: Date | null;
  /** Why the check failed (for logs and audit), empty when intact and trusted. */
  problem: string;
}

/** The digest of the signed bytes under a hash algorithm (node's name: sha256, sha384, sha512). */
export type DigestOf = (algorithm: string) => Buffer;

const OID_CN = '2.5.4.3';
const OID_O = '2.5.4.10';
const OID_ORGANIZATION_IDENTIFIER = '2.5.4.97';

const HASHES: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
/**
 * RSA PKCS #1 v1.5, RSASSA-PSS and ECDSA; node picks the scheme from the key (PSS from the padding
 * below), the hash from the digest algorithm.
 */
const SIGNATURE_ALGORITHMS = new Set([
  '1.2.840.113549.1.1.1',
  '1.2.840.113549.1.1.10',
  '1.2.840.113549.1.1.11',
  '1.2.840.113549.1.1.12',
  '1.2.840.113549.1.1.13',
  '1.2.840.10045.4.3.2',
  '1.2.840.10045.4.3.3',
  '1.2.840.10045.4.3.4',
]);
const RSASSA_PSS = '1.2.840.113549.1.1.10';
const MGF1 = '1.2.840.113549.1.1.8';

/**
 * The key as node verifies with it: for RSASSA-PSS with the salt length its parameters name, and only
 * when hash and mask generation use the SignerInfo's digest algorithm (RFC 4056 3); null otherwise.
 */
function verifyingKey(
  signerInfo: pkijs.SignerInfo,
  key: KeyObject,
): KeyObject | { key: KeyObject; padding: number; saltLength: number } | null {
  const algorithm = signerInfo.signatureAlgorithm;
  if (algorithm.algorithmId !== RSASSA_PSS) return key;
  try {
    const params = new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams });
    const digest = signerInfo.digestAlgorithm.algorithmId;
    const mgfHash = new pkijs.AlgorithmIdentifier({ schema: params.maskGenAlgorithm.algorithmParams });
    if (params.hashAlgorithm.algorithmId !== digest || params.maskGenAlgorithm.algorithmId !== MGF1) return null;
    if (mgfHash.algorithmId !== digest || params.trailerField !== 1) return null;
    return { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength };
  } catch {
    return null;
  }
}

function nameField(name: pkijs.RelativeDistinguishedNames, type: string): string | null {
  const found = name.typesAndValues.find((tv) => tv.type === type);
  const value = found?.value.valueBlock as { value?: unknown } | undefined;
  return typeof value?.value === 'string' ? value.value : null;
}

/** The certificate's common name (the signer's name as the trust service certified it). */
export function commonNameOf(certificate: pkijs.Certificate): string {
  return nameField(certificate.subject, OID_CN) ?? '';
}

/** A seal certificate names an organisation, not a person: organizationIdentifier, or CN equal to O. */
export function isSealCertificate(certificate: pkijs.Certificate): boolean {
  if (nameField(certificate.subject, OID_ORGANIZATION_IDENTIFIER)) return true;
  const organization = nameField(certificate.subject, OID_O);
  return organization !== null && organization === nameField(certificate.subject, OID_CN);
}

export function parseTrustAnchorsPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const base64 = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    return pkijs.Certificate.fromBER(toArrayBuffer(Buffer.from(base64, 'base64')));
  });
}

export const derOf = (certificate: pkijs.Certificate) => new Uint8Array(certificate.toSchema().toBER());

/** Trust anchors as node certificates (the unreadable ones dropped). */
export function x509Anchors(anchors: readonly pkijs.Certificate[]): X509Certificate[] {
  return anchors.map((anchor) => x509Of(derOf(anchor))).filter((anchor): anchor is X509Certificate => anchor !== null);
}

/** The timestamp token inside a signature (unsigned attribute signatureTimeStampToken), if any. */
export function signatureTimestampOf(signedData: pkijs.SignedData): Buffer | null {
  const attribute = signedData.signerInfos[0]?.unsignedAttrs?.attributes.find(
    (a) => a.type === OID.signatureTimeStampToken,
  );
  const value = attribute?.values[0] as { toBER?: () => ArrayBuffer } | undefined;
  return value?.toBER ? Buffer.from(value.toBER()) : null;
}

function tstInfoOf(signedData: pkijs.SignedData): pkijs.TSTInfo | null {
  const content = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !content) return null;
  try {
    return pkijs.TSTInfo.fromBER(content.getValue());
  } catch {
    return null;
  }
}

function certificatesOf(signedData: pkijs.SignedData): pkijs.Certificate[] {
  return (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
}

/** The certificate the first SignerInfo names by issuer and serial number. */
function signerCertificateOf(signedData: pkijs.SignedData): pkijs.Certificate | null {
  const sid = signedData.signerInfos[0]?.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  return (
    certificatesOf(signedData).find((c) => c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer)) ??
    null
  );
}

function attributeValue(signerInfo: pkijs.SignerInfo, type: string): Buffer | null {
  const value = signerInfo.signedAttrs?.attributes.find((a) => a.type === type)?.values[0] as
    { valueBlock?: { valueHexView?: Uint8Array } } | undefined;
  return value?.valueBlock?.valueHexView ? Buffer.from(value.valueBlock.valueHexView) : null;
}

/** What is wrong with the signature itself ('' when messageDigest and signature value hold). */
function signatureProblem(signedData: pkijs.SignedData, signer: X509Certificate, digestOf: DigestOf): string {
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo?.signedAttrs) return 'no signed attributes';
  const hash = HASHES[signerInfo.digestAlgorithm.algorithmId];
  if (!hash || !SIGNATURE_ALGORITHMS.has(signerInfo.signatureAlgorithm.algorithmId)) return 'unsupported algorithm';
  const content = signedData.encapContentInfo.eContent;
  const expected = content ? createHash(hash).update(new Uint8Array(content.getValue())).digest() : digestOf(hash);
  if (!attributeValue(signerInfo, OID.messageDigest)?.equals(expected)) return 'messageDigest';
  const signedAttributes = new Uint8Array(signerInfo.signedAttrs.encodedValue);
  const value = signerInfo.signature.valueBlock.valueHexView;
  const key = verifyingKey(signerInfo, signer.publicKey);
  if (!key) return 'unsupported algorithm';
  try {
    return verifySignature(hash, signedAttributes, key, value) ? '' : 'signature value';
  } catch {
    return 'signature value';
  }
}

const failed = (problem: string, signerCertificate: pkijs.Certificate | null = null): CmsCheck => ({
  intact: false,
  trusted: false,
  signerCertificate,
  timestampTime: null,
  problem,
});

/**
 * Checks a DER CMS over the bytes whose digest `digestOf` gives (the signed byte ranges, or for a
 * signature timestamp the signature value). The path is checked at the token's time when the CMS is
 * a timestamp token, else at `checkDate`.
 */
export function checkCmsOver(
  cmsDer: Uint8Array,
  digestOf: DigestOf,
  trustAnchors: readonly X509Certificate[],
  checkDate = new Date(),
): CmsCheck {
  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(cmsDer);
  } catch {
    return failed('no CMS');
  }
  const tstInfo = tstInfoOf(signedData);
  if (signedData.encapContentInfo.eContentType === OID.tstInfo) {
    const hash = tstInfo ? HASHES[tstInfo.messageImprint.hashAlgorithm.algorithmId] : undefined;
    const imprint = Buffer.from(tstInfo?.messageImprint.hashedMessage.valueBlock.valueHexView ?? []);
    if (!hash || !imprint.equals(digestOf(hash))) return failed('imprint');
  }
  const signerCertificate = signerCertificateOf(signedData);
  const signer = signerCertificate ? x509Of(derOf(signerCertificate)) : null;
  if (!signerCertificate || !signer) return failed('signer certificate missing');
  const problem = signatureProblem(signedData, signer, digestOf);
  if (problem) return failed(problem, signerCertificate);
  const carried = certificatesOf(signedData)
    .map((c) => x509Of(derOf(c)))
    .filter((c): c is X509Certificate => c !== null);
  const path = checkPath(signer, carried, trustAnchors, tstInfo?.genTime ?? checkDate);
  return {
    intact: true,
    trusted: path.trusted,
    signerCertificate,
    timestampTime: tstInfo?.genTime ?? null,
    problem: path.trusted ? '' : `chain: ${path.problem}`,
  };
}

/** `checkCmsOver` for bytes at hand. */
export function checkCms(
  cmsDer: Uint8Array,
  data: Uint8Array,
  trustAnchors: readonly pkijs.Certificate[],
  checkDate = new Date(),
): Promise<CmsCheck> {
  const digestOf: DigestOf = (hash) => createHash(hash).update(data).digest();
  return Promise.resolve(checkCmsOver(cmsDer, digestOf, x509Anchors(trustAnchors), checkDate));
}
