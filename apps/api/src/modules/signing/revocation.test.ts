/**
 * OCSP answers and CRLs: the development responder's answers and the checks applied before revocation
 * data goes into a DSS (signed by the issuer, about this certificate, not revoked).
 */
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';

import { parseCertificate } from './cades.js';
import { RevocationError, buildOcspRequest, checkCrl, checkOcspResponse, respondToOcspRequest } from './revocation.js';
import { createTestPki, issueCrl, issueSignerCertificate, type KeyedCertificate, type TestPki } from './test-pki.js';

let pki: TestPki;
let other: TestPki;
let signer: KeyedCertificate;
/** The signer's key again, under a serial whose first byte is 0x80 or more: DER puts a zero byte before it. */
let highSerialSigner: KeyedCertificate;
const asPkijs = (c: KeyedCertificate) => parseCertificate(new Uint8Array(c.certificate.rawData));

beforeAll(async () => {
  pki = await createTestPki(new Date(), 'http://127.0.0.1:9/simulator');
  other = await createTestPki();
  signer = await issueSignerCertificate(pki, { commonName: 'Erika Müller' });
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: `f0${signer.certificate.serialNumber.slice(2)}`,
    subject: signer.certificate.subject,
    issuer: pki.issuing.certificate.subject,
    notBefore: signer.certificate.notBefore,
    notAfter: signer.certificate.notAfter,
    publicKey: signer.certificate.publicKey,
    signingKey: pki.issuing.cryptoKey,
    signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  });
  highSerialSigner = { ...signer, certificate };
}, 60_000);

describe('OCSP', () => {
  it('answers "good", signed by the issuing CA, and the answer passes the check', async () => {
    const request = await buildOcspRequest(asPkijs(signer), asPkijs(pki.issuing));
    const answer = await respondToOcspRequest(request, [{ ca: pki.root }, { ca: pki.issuing }]);
    await expect(checkOcspResponse(answer, asPkijs(signer), asPkijs(pki.issuing))).resolves.toBeUndefined();
  });

  it('reports a revoked certificate, also one whose serial DER writes with a leading zero byte', async () => {
    expect(Buffer.from(asPkijs(highSerialSigner).serialNumber.valueBlock.valueHexView)[0]).toBe(0);
    for (const revokedSigner of [signer, highSerialSigner]) {
      const request = await buildOcspRequest(asPkijs(revokedSigner), asPkijs(pki.issuing));
      const serial = revokedSigner.certificate.serialNumber.toLowerCase();
      const answer = await respondToOcspRequest(request, [{ ca: pki.issuing, revoked: new Set([serial]) }]);
      await expect(checkOcspResponse(answer, asPkijs(revokedSigner), asPkijs(pki.issuing))).rejects.toThrow(/revoked/);
    }
  });

  it('refuses an answer signed by another CA, and answers "unauthorized" for a CA it does not run', async () => {
    const request = await buildOcspRequest(asPkijs(signer), asPkijs(pki.issuing));
    const forged = await respondToOcspRequest(request, [
      { ca: { ...other.issuing, certificate: pki.issuing.certificate } },
    ]);
    await expect(checkOcspResponse(forged, asPkijs(signer), asPkijs(pki.issuing))).rejects.toBeInstanceOf(
      RevocationError,
    );
    const unauthorized = await respondToOcspRequest(request, [{ ca: other.issuing }]);
    await expect(checkOcspResponse(unauthorized, asPkijs(signer), asPkijs(pki.issuing))).rejects.toThrow(/status 6/);
  });
});

describe('CRL', () => {
  it('accepts a current CRL of the issuer that does not list the certificate', async () => {
    const crl = await issueCrl(pki.issuing);
    expect(() => checkCrl(crl, asPkijs(signer), asPkijs(pki.issuing))).not.toThrow();
  });

  it('refuses a CRL listing the certificate, one of another CA, and an expired one', async () => {
    const listing = await issueCrl(pki.issuing, new Date(), [signer.certificate.serialNumber]);
    expect(() => checkCrl(listing, asPkijs(signer), asPkijs(pki.issuing))).toThrow(/revoked/);
    const foreign = await issueCrl(other.issuing);
    expect(() => checkCrl(foreign, asPkijs(signer), asPkijs(pki.issuing))).toThrow(RevocationError);
    const old = await issueCrl(pki.issuing, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
    expect(() => checkCrl(old, asPkijs(signer), asPkijs(pki.issuing))).toThrow(/expired/);
  });
});
