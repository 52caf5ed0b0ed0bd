/**
 * The contract check against files built to cost or to fool it (security checklist 28 and 29): a scan
 * lure of repeated /ByteRange tokens, more signatures than allowed, a loop of CAs, and the countersigned
 * contract painted over in a later revision and then signed by a foreign CA or timestamped by our TSA.
 */
import { KeyObject } from 'node:crypto';

import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';

import { typicalInput } from '../../test-support/contract-inputs.js';
import { renderTransferContract } from '../contract/index.js';

import { parseCertificate } from './cades.js';
import { signPdf, signSha256Hash } from './pades.js';
import { PdfObjects, readPdfStructure } from './pdf-structure.js';
import { createTestPki, issueSignerCertificate } from './test-pki.js';
import { checkPath, x509Of } from './verify-chain.js';
import {
  COMPANY,
  SIGNER,
  certificateLoop,
  manySignatureDictionaries,
  paintedOverFirstPage,
  repeatedByteRangeFile,
  signedAndSealedContract,
  type SignedContract,
} from './verify-fixtures.js';
import { MAX_SIGNATURES, findSignatures } from './verify-found.js';
import { verifyPdf } from './verify.js';

let contract: SignedContract;
let root: pkijs.Certificate;
let sealed: Buffer;

beforeAll(async () => {
  contract = await signedAndSealedContract(await renderTransferContract(typicalInput()));
  ({ root, sealed } = contract);
}, 60_000);

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
    expect(checkPath(asNode(signer), loop.map(asNode), [asNode(contract.pki.root.certificate)], new Date())).toEqual({
      trusted: false,
      problem: 'no path to a trust anchor',
    });
    const pdf = await signPdf({
      pdf: await renderTransferContract(typicalInput()),
      field: { signerName: SIGNER, signingTime: new Date(), reason: 'Vertrag', location: 'DE' },
      signerCertificate: parseCertificate(new Uint8Array(signer.rawData)),
      chain: loop.map((c) => parseCertificate(new Uint8Array(c.rawData))),
      signHash: (hash) => Promise.resolve(signSha256Hash(hash, KeyObject.from(signerKey))),
      timestampAuthority: contract.tsa,
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
    const attacked = await contract.sealOver(painted, foreignSeal, [foreign.issuing, foreign.root]);
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
    const attacked = await contract.documentTimestampOver(await paintedOverFirstPage(sealed));
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
    const stamped = await contract.documentTimestampOver(sealed);
    const result = await verifyPdf(stamped, [root]);
    expect(result.valid).toBe(true);
    expect(result.revisions.every((r) => r.problems.length === 0 && r.changes.length === 0)).toBe(true);
  }, 30_000);
});
