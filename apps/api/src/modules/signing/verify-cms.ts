/**
 * The cryptographic checks of one CMS SignedData, as a verifier that trusts nothing it is given: the
 * messageDigest against the bytes the caller names, the signature value against the signer's key, and
 * (separately) the chain from the signer's certificate to the caller's trust anchors. Timestamp tokens
 * (RFC 3161) are checked the same way, with the imprint of their TSTInfo against the timestamped bytes.
 */
import * as pkijs from 'pkijs';

import { OID, parseSignedData, sha256, toArrayBuffer } from './cades.js';

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

const OID_CN = '2.5.4.3';
const OID_O = '2.5.4.10';
const OID_ORGANIZATION_IDENTIFIER = '2.5.4.97';

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

interface VerifyOutcome {
  signatureVerified?: boolean | null;
  signerCertificate?: pkijs.Certificate;
  message?: string;
}

async function runVerify(
  signedData: pkijs.SignedData,
  data: Uint8Array,
  checkChain: boolean,
  trustAnchors: pkijs.Certificate[],
  checkDate: Date,
): Promise<VerifyOutcome> {
  try {
    return (await signedData.verify({
      signer: 0,
      data: toArrayBuffer(data),
      checkChain,
      trustedCerts: trustAnchors,
      checkDate,
      extendedMode: true,
    })) as VerifyOutcome;
  } catch (error) {
    return { signatureVerified: false, message: (error as { message?: string }).message ?? String(error) };
  }
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
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/**
 * Checks a DER CMS over `data` (the signed byte ranges, or for a signature timestamp the signature
 * value). The chain is checked at the timestamp's time when the CMS is a token, else at `checkDate`.
 */
export async function checkCms(
  cmsDer: Uint8Array,
  data: Uint8Array,
  trustAnchors: pkijs.Certificate[],
  checkDate = new Date(),
): Promise<CmsCheck> {
  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(cmsDer);
  } catch {
    return { intact: false, trusted: false, signerCertificate: null, timestampTime: null, problem: 'no CMS' };
  }
  const tstInfo = (() => {
    try {
      return tstInfoOf(signedData);
    } catch {
      return null;
    }
  })();
  if (tstInfo) {
    const imprint = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!imprint.equals(sha256(data))) {
      return { intact: false, trusted: false, signerCertificate: null, timestampTime: null, problem: 'imprint' };
    }
  }
  const plain = await runVerify(signedData, data, false, [], checkDate);
  const intact = plain.signatureVerified === true;
  const chained = intact ? await runVerify(signedData, data, true, trustAnchors, checkDate) : plain;
  const trusted = intact && trustAnchors.length > 0 && chained.signatureVerified === true;
  return {
    intact,
    trusted,
    signerCertificate: plain.signerCertificate ?? null,
    timestampTime: tstInfo?.genTime ?? null,
    problem: intact ? (trusted ? '' : `chain: ${chained.message ?? 'not trusted'}`) : (plain.message ?? 'signature'),
  };
}
