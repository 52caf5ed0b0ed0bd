/**
 * DSS building and the document timestamp on an in-process PKI: which certificates and CRLs go in,
 * the VRI keys, merging into an existing DSS, refusal of revoked certificates, and the token's imprint
 * over exactly the byte ranges that end with the file.
 */
import { createHash } from 'node:crypto';

import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';

import { parseCertificate, parseSignedData, sha256 } from './cades.js';
import { addDocumentTimestamp } from './doc-timestamp.js';
import { certificatesOfSignature, signaturesOf, vriKey } from './dss.js';
import { addValidationData, extendToLongTerm } from './long-term.js';
import { signPdf, signSha256Hash } from './pades.js';
import { signedBytes } from './pdf-signature-field.js';
import { RevocationError } from './revocation.js';
import { createTestPki, issueCrl, issueSignerCertificate, type KeyedCertificate, type TestPki } from './test-pki.js';
import { respondToTimestampRequest } from './timestamp.js';

const SERVICE = 'http://trust.test/simulator';
let pki: TestPki;
let signer: KeyedCertificate;
let signed: Buffer;
const revoked = new Set<string>();
const asPkijs = (c: KeyedCertificate) => parseCertificate(new Uint8Array(c.certificate.rawData));
const tsa = (request: Buffer) => Promise.resolve(respondToTimestampRequest(request, pki.tsa, [pki.issuing]));

/** The trust service's CRL and CA-certificate endpoints, in process. */
const fetchImpl: typeof fetch = async (input) => {
  const url = String(input);
  const body = async (): Promise<Buffer | null> => {
    if (url === `${SERVICE}/crl/issuing.crl`) return issueCrl(pki.issuing, new Date(), [...revoked]);
    if (url === `${SERVICE}/crl/root.crl`) return issueCrl(pki.root);
    if (url === `${SERVICE}/ca/root.cer`) return Buffer.from(pki.root.certificate.rawData);
    return null;
  };
  const bytes = await body();
  return bytes ? new Response(new Uint8Array(bytes)) : new Response('not found', { status: 404 });
};

async function signedSample(keyed: KeyedCertificate): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Vertrag', { x: 56, y: 780, font: await doc.embedFont(StandardFonts.Helvetica) });
  return signPdf({
    pdf: await doc.save(),
    field: { signerName: 'Erika Müller', signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
    signerCertificate: asPkijs(keyed),
    chain: [asPkijs(pki.issuing)],
    signHash: (hash) => Promise.resolve(signSha256Hash(hash, keyed.privateKey)),
    timestampAuthority: tsa,
  });
}

function dssOf(doc: PDFDocument): PDFDict {
  return doc.context.lookup(doc.catalog.get(PDFName.of('DSS')), PDFDict);
}
const countOf = (dss: PDFDict, key: string) => dss.lookupMaybe(PDFName.of(key), PDFArray)?.size() ?? 0;

beforeAll(async () => {
  pki = await createTestPki(new Date(), SERVICE);
  signer = await issueSignerCertificate(pki, { commonName: 'Erika Müller' });
  signed = await signedSample(signer);
}, 60_000);

describe('DSS', () => {
  it("finds the signature and its certificates, the signature timestamp's TSA included", async () => {
    const [signature, ...more] = signaturesOf(await PDFDocument.load(signed));
    expect(more).toHaveLength(0);
    expect(signature?.subFilter).toBe('ETSI.CAdES.detached');
    const names = certificatesOfSignature(signature?.cms ?? Buffer.alloc(0)).map((c) =>
      c.subject.typesAndValues.map((t) => String(t.value.valueBlock.value)).join(','),
    );
    expect(names.join('|')).toContain('Erika Müller');
    expect(names.join('|')).toContain('TEST TSA');
    expect(names.join('|')).toContain('TEST Issuing CA');
  });

  it("adds the whole chain with the root and both CAs' CRLs as a new revision, keyed per signature", async () => {
    const extended = await addValidationData(signed, { fetchImpl });
    expect(extended.subarray(0, signed.length).equals(signed)).toBe(true);
    const doc = await PDFDocument.load(extended);
    const dss = dssOf(doc);
    expect(countOf(dss, 'Certs')).toBe(4); // root, issuing CA, signer, TSA
    expect(countOf(dss, 'CRLs')).toBe(2);
    expect(countOf(dss, 'OCSPs')).toBe(0);
    const [signature] = signaturesOf(doc);
    const expectedKey = createHash('sha1')
      .update(signature?.contents ?? Buffer.alloc(0))
      .digest('hex')
      .toUpperCase();
    expect(vriKey(signature?.contents ?? Buffer.alloc(0))).toBe(expectedKey);
    const entry = dss.lookup(PDFName.of('VRI'), PDFDict).lookup(PDFName.of(expectedKey), PDFDict);
    expect(entry.lookup(PDFName.of('Cert'), PDFArray).size()).toBe(4);
    expect(entry.lookup(PDFName.of('CRL'), PDFArray).size()).toBe(2);
  });

  it('extends an existing DSS without repeating what it holds', async () => {
    const once = await addValidationData(signed, { fetchImpl });
    const twice = await addValidationData(once, { fetchImpl });
    const dss = dssOf(await PDFDocument.load(twice));
    expect(countOf(dss, 'Certs')).toBe(4);
    // CRLs are issued fresh per request: the newer ones are added, the older ones stay.
    expect(countOf(dss, 'CRLs')).toBeGreaterThanOrEqual(2);
    expect(dss.lookup(PDFName.of('VRI'), PDFDict).keys()).toHaveLength(1);
  });

  it('refuses to extend a file whose signer certificate is revoked', async () => {
    const other = await issueSignerCertificate(pki, { commonName: 'Widerrufen' });
    const file = await signedSample(other);
    revoked.add(other.certificate.serialNumber);
    await expect(addValidationData(file, { fetchImpl })).rejects.toBeInstanceOf(RevocationError);
  });
});

describe('document timestamp', () => {
  it('is the last revision: /DocTimeStamp, ETSI.RFC3161, a token over the ranges that end with the file', async () => {
    const final = Buffer.from(await extendToLongTerm(signed, { fetchImpl, timestampAuthority: tsa }));
    const doc = await PDFDocument.load(final);
    const signatures = signaturesOf(doc);
    expect(signatures).toHaveLength(2);
    const last = signatures[1];
    expect(last?.subFilter).toBe('ETSI.RFC3161');
    expect(final.toString('latin1')).toContain('/Type /DocTimeStamp');
    const range = [...final.toString('latin1').matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/g)]
      .at(-1)
      ?.slice(1)
      .map(Number) ?? [0, 0, 0, 0];
    expect((range[2] ?? 0) + (range[3] ?? 0)).toBe(final.length);
    const token = parseSignedData(last?.cms ?? Buffer.alloc(0));
    const info = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0));
    const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
    expect(imprint.equals(sha256(signedBytes(final, range)))).toBe(true);
    const tampered = Buffer.from(final);
    tampered[10] = (tampered[10] ?? 0) ^ 1;
    expect(imprint.equals(sha256(signedBytes(tampered, range)))).toBe(false);
  });

  it('can be added on its own, and extendToLongTerm needs a time-stamp authority', async () => {
    const stamped = await addDocumentTimestamp(signed, tsa, 'Zeitstempel');
    expect(signaturesOf(await PDFDocument.load(stamped)).map((s) => s.fieldName)).toEqual([
      'Signature1',
      'Zeitstempel',
    ]);
    await expect(extendToLongTerm(signed, { fetchImpl })).rejects.toThrow(/time-stamp authority/);
  });
});
