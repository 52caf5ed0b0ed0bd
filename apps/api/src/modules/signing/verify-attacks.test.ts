/**
 * The contract check against files built to cost or to fool it (security checklist 28 and 29): a scan
 * lure of repeated /ByteRange tokens, more signatures than allowed, a loop of CAs, and the countersigned
 * contract painted over in a later revision and then signed by a foreign CA or timestamped by our TSA.
 */
import { KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { typicalInput } from '../../test-support/contract-inputs.js';
import { renderTransferContract } from '../orders/contract-pdf.js';

import { parseCertificate } from './cades.js';
import { SUBFILTER_RFC3161, prepareIncrementalField } from './incremental-signature-field.js';
import { buildTimestampedCms, signPdf, signSha256Hash, type TimestampAuthority } from './pades.js';
import { embedSignature, signedBytes } from './pdf-signature-field.js';
import { PdfObjects, readPdfStructure } from './pdf-structure.js';
import { createTestPki, issueSignerCertificate, type KeyedCertificate, type TestPki } from './test-pki.js';
import { acceptTimestampResponse, buildTimestampRequest, respondToTimestampRequest } from './timestamp.js';
import { checkPath, x509Of } from './verify-chain.js';
import {
  certificateLoop,
  manySignatureDictionaries,
  paintedOverFirstPage,
  repeatedByteRangeFile,
} from './verify-fixtures.js';
import { MAX_SIGNATURES, findSignatures } from './verify-found.js';
import { verifyPdf } from './verify.js';

const SIGNER = 'Erika Mustermann';
const COMPANY = 'Muster Maschinenbau GmbH';

let pki: TestPki;
let root: pkijs.Certificate;
let sealed: Buffer;
let dir: string;

const asPkijs = (keyed: KeyedCertificate) => parseCertificate(new Uint8Array(keyed.certificate.rawData));
const tsa: TimestampAuthority = (request) =>
  Promise.resolve(respondToTimestampRequest(request, pki.tsa, [pki.issuing]));

async function sealOver(pdf: Uint8Array, seal: KeyedCertificate, chain: KeyedCertificate[]): Promise<Buffer> {
  const prepared = await prepareIncrementalField(pdf, {
    fieldName: `Siegel-${Math.random().toString(36).slice(2)}`,
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
}

async function documentTimestampOver(pdf: Uint8Array): Promise<Buffer> {
  const prepared = await prepareIncrementalField(pdf, { fieldName: 'Zeitstempel', subFilter: SUBFILTER_RFC3161 });
  const request = buildTimestampRequest(signedBytes(prepared.pdf, prepared.byteRange));
  return embedSignature(prepared, acceptTimestampResponse(await tsa(request.der), request));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'verify-attacks-'));
  pki = await createTestPki();
  root = asPkijs(pki.root);
  const person = await issueSignerCertificate(pki, { commonName: SIGNER });
  const signed = await signPdf({
    pdf: await renderTransferContract(typicalInput()),
    field: { signerName: SIGNER, signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
    signerCertificate: asPkijs(person),
    chain: [asPkijs(pki.issuing)],
    signHash: (hash) => Promise.resolve(signSha256Hash(hash, person.privateKey)),
    timestampAuthority: tsa,
  });
  const seal = await issueSignerCertificate(pki, { commonName: COMPANY, organization: COMPANY });
  sealed = await sealOver(signed, seal, [pki.issuing]);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a file built to cost', () => {
  it('answers the repeated /ByteRange file as not valid, reading only its tail', async () => {
    const lure = repeatedByteRangeFile(256 * 1024);
    expect(await verifyPdf(lure, [root])).toEqual({
      valid: false,
      signatures: [],
      revisions: [],
      problems: ['structureUnreadable'],
    });
  });

  it('reads a well-formed file of 10,000 /ByteRange lures in steps linear in its size', () => {
    const lure = manySignatureDictionaries(3, 10_000);
    const structure = readPdfStructure(lure);
    expect(findSignatures(structure, new PdfObjects(structure))).toHaveLength(3);
    expect(structure.lexer.steps).toBeLessThan(6 * lure.length);
  });

  it(`refuses more than ${MAX_SIGNATURES} signatures without checking any`, async () => {
    const result = await verifyPdf(manySignatureDictionaries(MAX_SIGNATURES + 5, 0), [root]);
    expect(result).toMatchObject({ valid: false, signatures: [], problems: ['tooManySignatures'] });
  });
});

describe('a loop of CAs', () => {
  it('builds no path (never the same certificate twice) and answers untrusted', async () => {
    const { loop, signer, signerKey } = await certificateLoop(SIGNER);
    const asNode = (c: { rawData: ArrayBuffer }) => x509Of(new Uint8Array(c.rawData))!;
    expect(checkPath(asNode(signer), loop.map(asNode), [], new Date())).toMatchObject({ trusted: false });
    expect(checkPath(asNode(signer), loop.map(asNode), [asNode(pki.root.certificate)], new Date())).toEqual({
      trusted: false,
      problem: 'no path to a trust anchor',
    });
    const pdf = await signPdf({
      pdf: await renderTransferContract(typicalInput()),
      field: { signerName: SIGNER, signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
      signerCertificate: parseCertificate(new Uint8Array(signer.rawData)),
      chain: loop.map((c) => parseCertificate(new Uint8Array(c.rawData))),
      signHash: (hash) => Promise.resolve(signSha256Hash(hash, KeyObject.from(signerKey))),
      timestampAuthority: tsa,
    });
    for (const anchors of [[], [root]]) {
      const result = await verifyPdf(pdf, anchors);
      expect(result.valid).toBe(false);
      expect(result.signatures[0]).toMatchObject({ intact: true, trusted: false });
      expect(result.revisions[0]?.problems).toEqual(['untrustedLastRevision']);
    }
  }, 30_000);
});

describe('the countersigned contract painted over in a later revision', () => {
  it('is not valid when a foreign CA signs afterwards, naming the revision that changed page 1', async () => {
    const painted = await paintedOverFirstPage(sealed);
    const foreign = await createTestPki();
    const foreignSeal = await issueSignerCertificate(foreign, { commonName: COMPANY, organization: COMPANY });
    const attacked = await sealOver(painted, foreignSeal, [foreign.issuing, foreign.root]);
    const result = await verifyPdf(attacked, [root]);
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => [s.revision, s.intact, s.trusted])).toEqual([
      [1, true, true],
      [2, true, true],
      [4, true, false],
    ]);
    expect(result.revisions).toEqual([
      { revision: 1, problems: [], changes: [], changedAfter: null },
      { revision: 2, problems: [], changes: [], changedAfter: SIGNER },
      { revision: 3, problems: ['modifiedAfterSigning'], changes: [{ kind: 'page', page: 1 }], changedAfter: COMPANY },
      { revision: 4, problems: ['untrustedLastRevision'], changes: [], changedAfter: COMPANY },
    ]);
  }, 30_000);

  it('is not valid when our TSA timestamps it afterwards: trusted last revision, changed content before', async () => {
    const attacked = await documentTimestampOver(await paintedOverFirstPage(sealed));
    const result = await verifyPdf(attacked, [root]);
    expect(result.valid).toBe(false);
    expect(result.signatures.at(-1)).toMatchObject({ kind: 'timestamp', intact: true, trusted: true, revision: 4 });
    expect(result.revisions.map((r) => [r.revision, r.problems])).toEqual([
      [1, []],
      [2, []],
      [3, ['modifiedAfterSigning']],
      [4, []],
    ]);
    expect(result.revisions[2]?.changes).toEqual([{ kind: 'page', page: 1 }]);
  }, 30_000);

  it('stays valid with only what PAdES allows after the signature (seal, document timestamp)', async () => {
    const stamped = await documentTimestampOver(sealed);
    const result = await verifyPdf(stamped, [root]);
    expect(result.valid).toBe(true);
    expect(result.revisions.every((r) => r.problems.length === 0 && r.changes.length === 0)).toBe(true);
  }, 30_000);
});
