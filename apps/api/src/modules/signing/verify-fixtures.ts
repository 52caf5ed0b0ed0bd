/**
 * Files for the contract check's tests and bench: a contract signed by the employee and sealed by the
 * employer with the test PKI, the costs an attacker would build (repeated tokens, many signatures, a
 * certificate loop), and a signed contract changed after signing.
 */
import 'reflect-metadata';

import { webcrypto } from 'node:crypto';

import * as x509 from '@peculiar/x509';
import { StandardFonts, rgb } from 'pdf-lib';
import type * as pkijs from 'pkijs';

import { parseCertificate } from './cades.js';
import { openRevision, writeRevision } from './incremental-revision.js';
import { SUBFILTER_RFC3161, prepareIncrementalField } from './incremental-signature-field.js';
import { buildTimestampedCms, signPdf, signSha256Hash, type TimestampAuthority } from './pades.js';
import { embedSignature, signedBytes } from './pdf-signature-field.js';
import { createTestPki, issueSignerCertificate, type KeyedCertificate, type TestPki } from './test-pki.js';
import { acceptTimestampResponse, buildTimestampRequest, respondToTimestampRequest } from './timestamp.js';

export const SIGNER = 'Erika Mustermann';
export const COMPANY = 'Muster Maschinenbau GmbH';

export const asPkijs = (keyed: KeyedCertificate) => parseCertificate(new Uint8Array(keyed.certificate.rawData));

export interface SignedContract {
  pki: TestPki;
  /** The test PKI's root as the check's one trust anchor. */
  root: pkijs.Certificate;
  /** The test PKI's TSA, answering in process. */
  tsa: TimestampAuthority;
  /** Signed by the employee (a certification signature, DocMDP P=2) with a signature timestamp. */
  signed: Buffer;
  /** `signed` and the employer's seal in an incremental revision. */
  sealed: Buffer;
  /** A seal by `seal` (its CMS carrying `chain`) in a new revision on top of `pdf`. */
  sealOver(pdf: Uint8Array, seal: KeyedCertificate, chain: KeyedCertificate[]): Promise<Buffer>;
  /** A document timestamp of the test TSA in a new revision on top of `pdf`. */
  documentTimestampOver(pdf: Uint8Array): Promise<Buffer>;
}

/** `contract` signed by SIGNER and sealed by COMPANY, both with certificates of a new test PKI. */
export async function signedAndSealedContract(contract: Uint8Array): Promise<SignedContract> {
  const pki = await createTestPki();
  const tsa: TimestampAuthority = (request) =>
    Promise.resolve(respondToTimestampRequest(request, pki.tsa, [pki.issuing]));
  let seals = 0;
  const sealOver = async (pdf: Uint8Array, seal: KeyedCertificate, chain: KeyedCertificate[]) => {
    seals += 1;
    // Each seal its own field: a second seal over a sealed file must not reuse the first one's name.
    const prepared = await prepareIncrementalField(pdf, {
      fieldName: seals === 1 ? 'Siegel' : `Siegel-${seals}`,
      signer: { name: COMPANY, signingTime: new Date(), reason: 'Freigabe', location: 'DE' },
      appearance: { rect: [316, 56, 566, 122], lines: ['Elektronisch gesiegelt', COMPANY] },
    });
    const cms = await buildTimestampedCms({
      documentDigest: prepared.documentDigest,
      signerCertificate: asPkijs(seal),
      chain: chain.map(asPkijs),
      signHash: (hash) => Promise.resolve(signSha256Hash(hash, seal.privateKey)),
      timestampAuthority: tsa,
    });
    return embedSignature(prepared, cms);
  };
  const documentTimestampOver = async (pdf: Uint8Array) => {
    const prepared = await prepareIncrementalField(pdf, { fieldName: 'Zeitstempel', subFilter: SUBFILTER_RFC3161 });
    const request = buildTimestampRequest(signedBytes(prepared.pdf, prepared.byteRange));
    return embedSignature(prepared, acceptTimestampResponse(await tsa(request.der), request));
  };
  const person = await issueSignerCertificate(pki, { commonName: SIGNER });
  const signed = await signPdf({
    pdf: contract,
    field: { signerName: SIGNER, signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
    signerCertificate: asPkijs(person),
    chain: [asPkijs(pki.issuing)],
    signHash: (hash) => Promise.resolve(signSha256Hash(hash, person.privateKey)),
    timestampAuthority: tsa,
  });
  const seal = await issueSignerCertificate(pki, { commonName: COMPANY, organization: COMPANY });
  const sealed = await sealOver(signed, seal, [pki.issuing]);
  return { pki, root: asPkijs(pki.root), tsa, signed, sealed, sealOver, documentTimestampOver };
}

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/** `%PDF-1.7` and `/ByteRange[0 0 0 0]` repeated up to `size` bytes: no structure, every token a lure. */
export function repeatedByteRangeFile(size: number): Buffer {
  const block = '/ByteRange[0 0 0 0]\n';
  return Buffer.from(`%PDF-1.7\n${block.repeat(Math.ceil(size / block.length))}`.slice(0, size), 'latin1');
}

/** A well-formed file whose one object repeats `/ByteRange` and which has `signatures` empty signature dictionaries. */
export function manySignatureDictionaries(signatures: number, lures = 10_000): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    `<< ${'/ByteRange [0 0 0 0] '.repeat(lures)}>>`,
    ...Array.from({ length: signatures }, (_, i) => `<< /Type /Sig /ByteRange [0 ${10 + i} 20 30] /Contents <00> >>`),
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  const lines = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${lines}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface LoopCertificates {
  /** Two CAs, each naming the other as its issuer (and signed by the other's key). */
  loop: x509.X509Certificate[];
  signer: x509.X509Certificate;
  signerKey: webcrypto.CryptoKey;
}

async function certificate(
  subject: string,
  issuer: string,
  publicKey: webcrypto.CryptoKey,
  signingKey: webcrypto.CryptoKey,
  ca: boolean,
) {
  const now = Date.now();
  return x509.X509CertificateGenerator.create({
    serialNumber: webcrypto
      .getRandomValues(new Uint8Array(8))
      .reduce((s, b) => s + (b & 0x7f).toString(16).padStart(2, '0'), ''),
    subject,
    issuer,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000 * 365),
    signingAlgorithm: RSA,
    publicKey,
    signingKey,
    extensions: ca ? [new x509.BasicConstraintsExtension(true, undefined, true)] : [],
  });
}

/** Two CAs naming each other as issuer, and a signer certificate under one of them. */
export async function certificateLoop(signerName: string): Promise<LoopCertificates> {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const generate = async () =>
    (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const [a, b, person] = await Promise.all([generate(), generate(), generate()]);
  const nameA = 'CN=Loop CA A, O=Loop, C=DE';
  const nameB = 'CN=Loop CA B, O=Loop, C=DE';
  const caA = await certificate(nameA, nameB, a.publicKey, b.privateKey, true);
  const caB = await certificate(nameB, nameA, b.publicKey, a.privateKey, true);
  const signer = await certificate(`CN=${signerName}, C=DE`, nameA, person.publicKey, a.privateKey, false);
  return { loop: [caA, caB], signer, signerKey: person.privateKey };
}

/** A new revision on top of `pdf` that paints over page 1 with another monthly rate. */
export async function paintedOverFirstPage(pdf: Uint8Array): Promise<Buffer> {
  const revision = await openRevision(pdf);
  const page = revision.doc.getPage(0);
  const font = await revision.doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 40, y: 380, width: 520, height: 60, color: rgb(1, 1, 1) });
  page.drawText('Monatliche Rate 1,00 EUR', { x: 56, y: 400, size: 14, font, color: rgb(0, 0, 0) });
  // Fonts are written on save otherwise: a revision has no save.
  await font.embed();
  return writeRevision(revision);
}
