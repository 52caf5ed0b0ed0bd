/**
 * Revocation data for long-term validation: OCSP (RFC 6960) requests and their checked answers, the
 * responder the development trust service runs, and the URLs a certificate names for them
 * (authorityInfoAccess, RFC 5280 4.2.2.1).
 */
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

import { parseCertificate, toArrayBuffer } from './cades.js';
import type { KeyedCertificate } from './test-pki.js';

const OID_AIA = '1.3.6.1.5.5.7.1.1';
const OID_AD_OCSP = '1.3.6.1.5.5.7.48.1';
const OID_AD_CA_ISSUERS = '1.3.6.1.5.5.7.48.2';
const OID_OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const OID_EXT_KEY_USAGE = '2.5.29.37';
const OID_KP_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
const OID_SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
/** How long a "good" answer is meant to be fresh (nextUpdate). */
const OCSP_VALIDITY_MS = 24 * 60 * 60 * 1000;

export class RevocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RevocationError';
  }
}

function accessLocations(certificate: pkijs.Certificate, method: string): string[] {
  const extension = certificate.extensions?.find((e) => e.extnID === OID_AIA);
  const parsed = extension?.parsedValue as pkijs.InfoAccess | undefined;
  return (parsed?.accessDescriptions ?? [])
    .filter((d) => d.accessMethod === method && d.accessLocation.type === 6)
    .map((d) => String(d.accessLocation.value));
}

/** The OCSP responder URLs a certificate names. */
export const ocspUrlsOf = (certificate: pkijs.Certificate) => accessLocations(certificate, OID_AD_OCSP);
/** Where the issuer's certificate can be fetched. */
export const caIssuerUrlsOf = (certificate: pkijs.Certificate) => accessLocations(certificate, OID_AD_CA_ISSUERS);

export function certificateDer(certificate: pkijs.Certificate): Buffer {
  return Buffer.from(certificate.toSchema().toBER());
}

export function isSelfIssued(certificate: pkijs.Certificate): boolean {
  return certificate.subject.isEqual(certificate.issuer);
}

/** A DER OCSPRequest for one certificate (SHA-256 CertID), no nonce: answers may be pre-produced. */
export async function buildOcspRequest(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Buffer> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(certificate, { hashAlgorithm: 'SHA-256', issuerCertificate: issuer });
  return Buffer.from(request.toSchema(true).toBER());
}

function basicResponseOf(responseDer: Uint8Array): pkijs.BasicOCSPResponse {
  const response = pkijs.OCSPResponse.fromBER(toArrayBuffer(responseDer));
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== 0 || !response.responseBytes) throw new RevocationError(`OCSP responder answered status ${status}`);
  if (response.responseBytes.responseType !== OID_OCSP_BASIC) throw new RevocationError('OCSP answer not basic');
  return pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.getValue());
}

function rsaSha256Valid(data: Uint8Array, signature: Uint8Array, signer: pkijs.Certificate): boolean {
  const key = createPublicKey({
    key: Buffer.from(signer.subjectPublicKeyInfo.toSchema().toBER()),
    format: 'der',
    type: 'spki',
  });
  return verifySignature('sha256', Buffer.from(data), key, Buffer.from(signature));
}

function isDelegatedResponder(candidate: pkijs.Certificate, issuer: pkijs.Certificate): boolean {
  const eku = candidate.extensions?.find((e) => e.extnID === OID_EXT_KEY_USAGE)?.parsedValue as
    pkijs.ExtKeyUsage | undefined;
  return (
    candidate.issuer.isEqual(issuer.subject) &&
    candidate.signatureAlgorithm.algorithmId === OID_SHA256_WITH_RSA &&
    rsaSha256Valid(candidate.tbsView, candidate.signatureValue.valueBlock.valueHexView, issuer) &&
    (eku?.keyPurposes.includes(OID_KP_OCSP_SIGNING) ?? false)
  );
}

/** RFC 6960 4.2.2.2: the answer is signed by the issuing CA itself or by a responder it delegated. */
function responseSignedFor(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate): boolean {
  if (basic.signatureAlgorithm.algorithmId !== OID_SHA256_WITH_RSA) return false;
  const candidates = [issuer, ...(basic.certs ?? []).filter((c) => isDelegatedResponder(c, issuer))];
  const responderId = basic.tbsResponseData.responderID as unknown;
  const data = basic.tbsResponseData.tbsView;
  const signature = basic.signature.valueBlock.valueHexView;
  return candidates.some(
    (candidate) =>
      (!(responderId instanceof pkijs.RelativeDistinguishedNames) || candidate.subject.isEqual(responderId)) &&
      rsaSha256Valid(data, signature, candidate),
  );
}

/**
 * Checks an OCSP answer for `certificate`: signed by its issuer (the CA answers itself) or by a
 * responder the issuer delegated (id-kp-OCSPSigning), about this certificate, "good", and current.
 */
export async function checkOcspResponse(
  responseDer: Uint8Array,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
): Promise<void> {
  const basic = basicResponseOf(responseDer);
  if (!responseSignedFor(basic, issuer)) {
    throw new RevocationError('OCSP answer not signed by the issuer or its delegated responder');
  }
  const single = basic.tbsResponseData.responses.find((r) =>
    Buffer.from(r.certID.serialNumber.valueBlock.valueHexView).equals(
      Buffer.from(certificate.serialNumber.valueBlock.valueHexView),
    ),
  );
  if (!single) throw new RevocationError('OCSP answer about another certificate');
  const expected = new pkijs.CertID();
  await expected.createForCertificate(certificate, { hashAlgorithm: 'SHA-256', issuerCertificate: issuer });
  if (!single.certID.isEqual(expected)) throw new RevocationError('OCSP answer names another issuer');
  const status = (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber;
  if (status === 1) throw new RevocationError('certificate is revoked');
  if (status !== 0) throw new RevocationError('OCSP responder does not know the certificate');
  if (single.thisUpdate.getTime() > now.getTime() + 5 * 60_000)
    throw new RevocationError('OCSP answer from the future');
  if (single.nextUpdate && single.nextUpdate.getTime() < now.getTime())
    throw new RevocationError('OCSP answer expired');
}

/** Fetches and checks the OCSP answer for `certificate` from the first responder it names. */
export async function fetchOcsp(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
  now = new Date(),
): Promise<Buffer> {
  const url = ocspUrlsOf(certificate)[0];
  if (!url) throw new RevocationError('certificate names no OCSP responder');
  const body = await buildOcspRequest(certificate, issuer);
  const init = { method: 'POST', headers: { 'content-type': 'application/ocsp-request' }, body };
  const der = await fetchBytes(url, init, fetchImpl, timeoutMs);
  await checkOcspResponse(der, certificate, issuer, now);
  return der;
}

const OID_CRL_DISTRIBUTION_POINTS = '2.5.29.31';

/** The CRL URLs (http) a certificate names in cRLDistributionPoints. */
export function crlUrlsOf(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((e) => e.extnID === OID_CRL_DISTRIBUTION_POINTS);
  const parsed = extension?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  const names = (parsed?.distributionPoints ?? []).flatMap((point) =>
    Array.isArray(point.distributionPoint) ? point.distributionPoint : [],
  );
  return names.filter((name) => name.type === 6).map((name) => String(name.value));
}

/**
 * Checks a CRL for `certificate`: issued and signed by its issuer, current, and not listing the
 * certificate's serial number.
 */
export function checkCrl(
  crlDer: Uint8Array,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
) {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(crlDer));
  } catch {
    throw new RevocationError('CRL is not DER');
  }
  if (!crl.issuer.isEqual(issuer.subject) || crl.signature.algorithmId !== OID_SHA256_WITH_RSA) {
    throw new RevocationError('CRL of another issuer');
  }
  if (!rsaSha256Valid(crl.tbsView, crl.signatureValue.valueBlock.valueHexView, issuer)) {
    throw new RevocationError('CRL not signed by the issuer');
  }
  if (crl.thisUpdate.value.getTime() > now.getTime() + 5 * 60_000) throw new RevocationError('CRL from the future');
  if (crl.nextUpdate && crl.nextUpdate.value.getTime() < now.getTime()) throw new RevocationError('CRL expired');
  const serial = Buffer.from(certificate.serialNumber.valueBlock.valueHexView);
  const listed = (crl.revokedCertificates ?? []).some((entry) =>
    Buffer.from(entry.userCertificate.valueBlock.valueHexView).equals(serial),
  );
  if (listed) throw new RevocationError('certificate is revoked');
}

/** GET with a time limit; one retry after a network fault or a 5xx (a read). */
async function fetchBytes(url: string, init: RequestInit, fetchImpl: typeof fetch, timeoutMs: number): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetchImpl(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500 && attempt < 2) continue;
      if (!response.ok) throw new RevocationError(`${url} answered HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof RevocationError) throw error;
      if (attempt >= 2) throw new RevocationError(`${url} not reachable: ${String((error as Error).message ?? error)}`);
    }
  }
}

/** Fetches and checks the CRL `certificate` names. */
export async function fetchCrl(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
  now = new Date(),
): Promise<Buffer> {
  const url = crlUrlsOf(certificate).find((u) => /^https?:/.test(u));
  if (!url) throw new RevocationError('certificate names no CRL distribution point');
  const der = await fetchBytes(url, {}, fetchImpl, timeoutMs);
  checkCrl(der, certificate, issuer, now);
  return der;
}

/** Fetches an issuer certificate (DER or PEM) from an authorityInfoAccess caIssuers URL. */
export async function fetchIssuerCertificate(url: string, fetchImpl: typeof fetch = fetch): Promise<pkijs.Certificate> {
  const response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new RevocationError(`issuer certificate not available at ${url} (HTTP ${response.status})`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('latin1');
  const pem = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(text);
  return parseCertificate(pem?.[1] ? Buffer.from(pem[1].replace(/\s+/g, ''), 'base64') : bytes);
}

export interface OcspResponderCa {
  ca: KeyedCertificate;
  /** Serial numbers (hex, with or without DER's leading zero byte) this CA revoked. */
  revoked?: ReadonlySet<string>;
}

/**
 * A serial number's hex without leading zero bytes: DER puts a zero byte before a serial whose first
 * byte is 0x80 or more, while certificate tools print the number without it (about 1 in 256 of our
 * random serials).
 */
function serialWithoutLeadingZeros(hex: string): string {
  return hex.toLowerCase().replace(/^(?:00)+(?=[0-9a-f]{2})/, '');
}

const CERT_ID_HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
};

function ocspResponse(status: number, basic?: pkijs.BasicOCSPResponse): Buffer {
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: status }),
    ...(basic
      ? {
          responseBytes: new pkijs.ResponseBytes({
            responseType: OID_OCSP_BASIC,
            response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
          }),
        }
      : {}),
  });
  return Buffer.from(response.toSchema().toBER());
}

/**
 * The development responder: answers for certificates of any of `cas`, signed by that CA itself
 * (RFC 6960 4.2.2.2, "the CA who issued the certificate"). Every serial it is asked about is "good"
 * unless revoked: the development PKI keeps no register of what it issued.
 */
export async function respondToOcspRequest(requestDer: Uint8Array, cas: OcspResponderCa[], now = new Date()) {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(toArrayBuffer(requestDer));
  } catch {
    return ocspResponse(1); // malformedRequest
  }
  const certId = request.tbsRequest.requestList[0]?.reqCert;
  if (!certId) return ocspResponse(1);
  const issuerKeyHash = Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView);
  // SHA-1 CertIDs are what most clients send (NSS, openssl); SHA-256 is what we send.
  const hashName = CERT_ID_HASHES[certId.hashAlgorithm.algorithmId];
  if (!hashName) return ocspResponse(1);
  const match = cas.find(({ ca }) => {
    const caCertificate = parseCertificate(new Uint8Array(ca.certificate.rawData));
    const publicKey = caCertificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
    return createHash(hashName).update(publicKey).digest().equals(issuerKeyHash);
  });
  if (!match) return ocspResponse(6); // unauthorized: not a CA of ours
  const caCertificate = parseCertificate(new Uint8Array(match.ca.certificate.rawData));
  const serial = serialWithoutLeadingZeros(Buffer.from(certId.serialNumber.valueBlock.valueHexView).toString('hex'));
  const revoked = [...(match.revoked ?? [])].some((listed) => serialWithoutLeadingZeros(listed) === serial);
  const single = new pkijs.SingleResponse({
    certID: certId,
    certStatus: revoked
      ? new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 1 },
          value: [new asn1js.GeneralizedTime({ valueDate: now })],
        })
      : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }),
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + OCSP_VALIDITY_MS),
  });
  const basic = new pkijs.BasicOCSPResponse();
  basic.tbsResponseData.responderID = caCertificate.subject;
  basic.tbsResponseData.producedAt = now;
  basic.tbsResponseData.responses.push(single);
  await basic.sign(match.ca.cryptoKey, 'SHA-256');
  return ocspResponse(0, basic);
}
