/**
 * Long-term validation of a signed PDF (PAdES B-LT and B-LTA, ETSI EN 319 142-1): after the last
 * signature (the employer's seal), one incremental revision adds a DSS with every certificate of every
 * signature's chain and of its time-stamp tokens and revocation data for each certificate below a root
 * (an OCSP answer when the certificate names a responder, else its CA's CRL); a further revision adds a document timestamp over
 * the whole file. The result stays verifiable without this platform (ADR 0034).
 *
 * Every answer is checked before it goes into the file: an OCSP answer must be signed by the
 * certificate's issuer (or its delegated responder), about that certificate, "good" and current; a CRL
 * signed by the issuer, current and not listing the certificate. A revoked or unknown certificate, or
 * revocation data that cannot be had, stops the extension with a `RevocationError`.
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';

import type * as pkijs from 'pkijs';

import { addDocumentTimestamp } from './doc-timestamp.js';
import { addDss, certificatesOfSignature, signaturesOf, vriKey, type ValidationData } from './dss.js';
import { openRevision, writeRevision } from './incremental-revision.js';
import type { TimestampAuthority } from './pades.js';
import {
  RevocationError,
  caIssuerUrlsOf,
  certificateDer,
  checkCrl,
  crlUrlsOf,
  fetchCrl,
  fetchIssuerCertificate,
  fetchOcsp,
  isSelfIssued,
  ocspUrlsOf,
} from './revocation.js';

export interface LongTermOptions {
  /** The RFC 3161 TSA for the document timestamp (e.g. the CSC client's `timestamp`). */
  timestampAuthority?: TimestampAuthority;
  /** For OCSP and CA-certificate requests (default: global fetch). */
  fetchImpl?: typeof fetch;
  /** Roots (and intermediates) to complete chains with, before asking authorityInfoAccess. */
  extraCertificates?: pkijs.Certificate[];
  /** Per network request (default 10 s). */
  timeoutMs?: number;
  /** The time revocation answers must be current at (default: now; the platform passes its clock). */
  now?: () => Date;
}

const MAX_CHAIN_LENGTH = 8;

function issuedBy(certificate: pkijs.Certificate, issuer: pkijs.Certificate): boolean {
  if (!certificate.issuer.isEqual(issuer.subject)) return false;
  try {
    const key = createPublicKey({
      key: Buffer.from(issuer.subjectPublicKeyInfo.toSchema().toBER()),
      format: 'der',
      type: 'spki',
    });
    return verifySignature(
      'sha256',
      certificate.tbsView,
      key,
      Buffer.from(certificate.signatureValue.valueBlock.valueHexView),
    );
  } catch {
    return false;
  }
}

/** Certificates by their DER, so each is stored and checked once. */
class CertificatePool {
  readonly byDer = new Map<string, pkijs.Certificate>();

  add(certificate: pkijs.Certificate): string {
    const key = certificateDer(certificate).toString('base64');
    if (!this.byDer.has(key)) this.byDer.set(key, certificate);
    return key;
  }

  issuerOf(certificate: pkijs.Certificate): pkijs.Certificate | undefined {
    if (isSelfIssued(certificate)) return undefined;
    return [...this.byDer.values()].find((candidate) => issuedBy(certificate, candidate));
  }
}

/** The chain of `certificate` up to a self-issued root, fetching missing issuers via caIssuers. */
async function chainOf(
  certificate: pkijs.Certificate,
  pool: CertificatePool,
  fetchImpl: typeof fetch,
): Promise<pkijs.Certificate[]> {
  const chain = [certificate];
  let current = certificate;
  while (!isSelfIssued(current) && chain.length < MAX_CHAIN_LENGTH) {
    let issuer = pool.issuerOf(current);
    if (!issuer) {
      for (const url of caIssuerUrlsOf(current)) {
        const fetched = await fetchIssuerCertificate(url, fetchImpl);
        if (issuedBy(current, fetched)) {
          pool.add(fetched);
          issuer = fetched;
          break;
        }
      }
    }
    if (!issuer) throw new RevocationError('the issuer of a certificate in the chain is not available');
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

/** Collects certificates and OCSP answers for every signature of the file. */
export async function collectValidationData(pdf: Uint8Array, options: LongTermOptions = {}): Promise<ValidationData> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const { doc } = await openRevision(pdf);
  const signatures = signaturesOf(doc);
  if (signatures.length === 0) throw new Error('the PDF carries no signature');
  const pool = new CertificatePool();
  for (const extra of options.extraCertificates ?? []) pool.add(extra);
  // OCSP when the certificate names a responder (one small answer per certificate), else the CRL of
  // its distribution point (one per CA, checked for each certificate it covers).
  const ocspByCertificate = new Map<string, Promise<Buffer>>();
  const crlByUrl = new Map<string, Promise<Buffer>>();
  const revocationFor = async (
    certificate: pkijs.Certificate,
    issuer: pkijs.Certificate,
  ): Promise<{ kind: 'ocsp' | 'crl'; der: Buffer }> => {
    if (ocspUrlsOf(certificate).length > 0) {
      const key = pool.add(certificate);
      let answer = ocspByCertificate.get(key);
      if (!answer) {
        answer = fetchOcsp(certificate, issuer, fetchImpl, options.timeoutMs, options.now?.());
        ocspByCertificate.set(key, answer);
      }
      return { kind: 'ocsp', der: await answer };
    }
    const url = crlUrlsOf(certificate)[0];
    if (!url) throw new RevocationError('a certificate names neither an OCSP responder nor a CRL');
    let crl = crlByUrl.get(url);
    if (!crl) {
      crl = fetchCrl(certificate, issuer, fetchImpl, options.timeoutMs, options.now?.());
      crlByUrl.set(url, crl);
      return { kind: 'crl', der: await crl };
    }
    // The same CRL, checked again for this certificate's serial.
    const der = await crl;
    checkCrl(der, certificate, issuer, options.now?.());
    return { kind: 'crl', der };
  };

  const data: ValidationData = { certificates: [], ocspResponses: [], crls: [], perSignature: new Map() };
  const seenCertificates = new Set<string>();
  const seenRevocation = new Set<string>();
  for (const signature of signatures) {
    const own = certificatesOfSignature(signature.cms);
    own.forEach((c) => pool.add(c));
    const certificates = new Map<string, pkijs.Certificate>();
    for (const certificate of own) {
      for (const link of await chainOf(certificate, pool, fetchImpl)) certificates.set(pool.add(link), link);
    }
    const entry = { certificates: [] as Buffer[], ocspResponses: [] as Buffer[], crls: [] as Buffer[] };
    for (const [key, certificate] of certificates) {
      const certificateBytes = certificateDer(certificate);
      entry.certificates.push(certificateBytes);
      if (!seenCertificates.has(key)) {
        seenCertificates.add(key);
        data.certificates.push(certificateBytes);
      }
      const issuer = pool.issuerOf(certificate);
      if (!issuer) continue; // a root: the verifier's trust anchor, nothing to ask about
      const { kind, der } = await revocationFor(certificate, issuer);
      const entryList = kind === 'ocsp' ? entry.ocspResponses : entry.crls;
      if (!entryList.some((known) => known.equals(der))) entryList.push(der);
      const answerKey = der.toString('base64');
      if (!seenRevocation.has(answerKey)) {
        seenRevocation.add(answerKey);
        (kind === 'ocsp' ? data.ocspResponses : data.crls).push(der);
      }
    }
    data.perSignature.set(vriKey(signature.contents), entry);
  }
  return data;
}

/** Adds the DSS revision (B-LT) only. */
export async function addValidationData(pdf: Uint8Array, options: LongTermOptions = {}): Promise<Buffer> {
  const data = await collectValidationData(pdf, options);
  const revision = await openRevision(pdf);
  addDss(revision, data);
  return writeRevision(revision);
}

/**
 * B-LT then B-LTA: DSS revision, then a document timestamp revision. Also for a file extended before
 * (re-timestamping): the new DSS keeps the old entries and adds the data for the last timestamp.
 */
export async function extendToLongTerm(pdf: Uint8Array, options: LongTermOptions = {}): Promise<Uint8Array> {
  const { timestampAuthority } = options;
  if (!timestampAuthority) throw new Error('extendToLongTerm needs a time-stamp authority');
  const withDss = await addValidationData(pdf, options);
  return addDocumentTimestamp(withDss, timestampAuthority);
}
