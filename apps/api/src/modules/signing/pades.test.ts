/**
 * The PAdES core checked by tools that share no code with it: poppler's `pdfsig` (NSS underneath) and
 * `openssl cms`. The remote signer and the TSA are local functions here; the CSC flow has its own tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  extractFirstCms,
  nssDatabaseTrusting,
  opensslPrintCms,
  pdfsig,
  withOneByteChanged,
} from '../../test-support/pdfsig.js';

import { OID, buildSignedAttributes, parseCertificate, parseSignedData, sha256 } from './cades.js';
import { signPdf, signSha256Hash } from './pades.js';
import { issueSignerCertificate, createTestPki, type KeyedCertificate, type TestPki } from './test-pki.js';
import { respondToTimestampRequest } from './timestamp.js';

let dir: string;
let pki: TestPki;
let signer: KeyedCertificate;
let nssDir: string;

const asPkijs = (c: KeyedCertificate) => parseCertificate(new Uint8Array(c.certificate.rawData));

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Überlassungsvertrag (Test)', { x: 56, y: 780, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

async function signSample(): Promise<Buffer> {
  return signPdf({
    pdf: await samplePdf(),
    field: { signerName: 'Erika Müller', signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
    signerCertificate: asPkijs(signer),
    chain: [asPkijs(pki.issuing)],
    signHash: (hash) => Promise.resolve(signSha256Hash(hash, signer.privateKey)),
    timestampAuthority: (request) => Promise.resolve(respondToTimestampRequest(request, pki.tsa, [pki.issuing])),
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pades-'));
  pki = await createTestPki();
  signer = await issueSignerCertificate(pki, { commonName: 'Erika Müller' });
  nssDir = nssDatabaseTrusting(dir, pki.root.certificate.toString('pem'));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('signed attributes', () => {
  it('carry contentType, messageDigest and signingCertificateV2, but no signing-time (PAdES B-B)', () => {
    const digest = sha256(Buffer.from('document'));
    const attrs = buildSignedAttributes({ contentDigest: digest, signerCertificate: asPkijs(signer) });
    const types = attrs.attributes.map((a) => a.type).sort();
    expect(types).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort());
    expect(attrs.hashToSign.equals(sha256(attrs.der))).toBe(true);
    const encodings = attrs.attributes.map((a) => Buffer.from(a.toSchema().toBER()));
    expect([...encodings].sort(Buffer.compare)).toEqual(encodings);
  });
});

describe('PAdES B-T signature', () => {
  let signed: Buffer;
  let signedFile: string;

  beforeAll(async () => {
    signed = await signSample();
    signedFile = path.join(dir, 'signed.pdf');
    writeFileSync(signedFile, signed);
  }, 60_000);

  it('is valid, covers the whole file and chains to the trusted test root for pdfsig', () => {
    const report = pdfsig(signedFile, nssDir);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Erika Müller');
  });

  it('is not trusted without the test root', () => {
    const report = pdfsig(signedFile);
    expect(report).toContain('Signature is Valid.');
    expect(report).not.toContain('Certificate is Trusted.');
  });

  it('reports a digest mismatch after one changed byte', () => {
    const file = path.join(dir, 'tampered.pdf');
    writeFileSync(file, withOneByteChanged(signed));
    expect(pdfsig(file, nssDir)).toContain('Digest Mismatch');
  });

  it('carries an RFC 3161 signature timestamp that openssl finds', () => {
    const printed = opensslPrintCms(dir, extractFirstCms(signed));
    expect(printed).toMatch(/id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/);
    expect(printed).toMatch(/id-smime-ct-TSTInfo|1\.2\.840\.113549\.1\.9\.16\.1\.4/);
    const signedData = parseSignedData(extractFirstCms(signed));
    expect(signedData.signerInfos[0]?.unsignedAttrs?.attributes[0]?.type).toBe(OID.signatureTimeStampToken);
  });
});
