/**
 * The verifier on files signed with the test PKI in process (no HTTP): a signature, a seal as an
 * incremental update, a document timestamp, and every way a file can stop being valid.
 */
import type * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';

import { typicalInput } from '../../test-support/contract-inputs.js';
import { withOneByteChanged } from '../../test-support/pdfsig.js';
import { renderTransferContract } from '../contract/index.js';

import { createTestPki } from './test-pki.js';
import { COMPANY, SIGNER, asPkijs, signedAndSealedContract, type SignedContract } from './verify-fixtures.js';
import { NotAPdfError, parsePdfDate, verifyPdf } from './verify.js';

let contract: SignedContract;
let root: pkijs.Certificate;
let signed: Buffer;
let sealed: Buffer;

beforeAll(async () => {
  contract = await signedAndSealedContract(await renderTransferContract(typicalInput()));
  ({ root, signed, sealed } = contract);
}, 60_000);

describe('verifyPdf', () => {
  it('finds one intact, trusted signature over the whole file, with the signature timestamp as its time', async () => {
    const result = await verifyPdf(signed, [root]);
    expect(result.valid).toBe(true);
    expect(result.signatures).toHaveLength(1);
    const [signature] = result.signatures;
    expect(signature).toMatchObject({ signer: SIGNER, kind: 'signature', coversWholeDocument: true, trusted: true });
    expect(Math.abs(Date.parse(signature!.signedAt ?? '') - Date.now())).toBeLessThan(120_000);
  });

  it('says untrusted without the anchor, intact but not valid: the last revision needs a trusted signature', async () => {
    const result = await verifyPdf(signed, []);
    expect(result.valid).toBe(false);
    expect(result.signatures[0]).toMatchObject({ trusted: false, intact: true });
    expect(result.revisions).toEqual([
      { revision: 1, problems: ['untrustedLastRevision'], changes: [], changedAfter: null },
    ]);
    const foreign = await createTestPki();
    expect((await verifyPdf(signed, [asPkijs(foreign.root)])).signatures[0]?.trusted).toBe(false);
  });

  it('makes the employee signature a certification signature (DocMDP, P=2)', async () => {
    const result = await verifyPdf(signed, [root]);
    expect(result.signatures[0]?.docMdp).toBe(2);
    expect(signed.toString('latin1')).toMatch(/\/Perms\s*<<\s*\/DocMDP \d+ 0 R/);
  });

  it('is invalid as soon as one byte of a signed range changed', async () => {
    expect((await verifyPdf(withOneByteChanged(signed), [root])).valid).toBe(false);
    const sealedTampered = await verifyPdf(withOneByteChanged(sealed), [root]);
    expect(sealedTampered.valid).toBe(false);
    expect(sealedTampered.signatures.every((s) => !s.intact)).toBe(true);
  });

  it('keeps the employee signature valid under the seal (incremental update) and names the seal as such', async () => {
    expect(sealed.subarray(0, signed.length).equals(signed)).toBe(true);
    const result = await verifyPdf(sealed, [root]);
    expect(result.valid).toBe(true);
    expect(result.signatures.map((s) => [s.kind, s.signer, s.coversWholeDocument, s.trusted, s.revision])).toEqual([
      ['signature', SIGNER, false, true, 1],
      ['seal', COMPANY, true, true, 2],
    ]);
    expect(result.revisions.map((r) => r.problems)).toEqual([[], []]);
  });

  it('is invalid when unsigned bytes follow the last signature', async () => {
    const appended = Buffer.concat([sealed, Buffer.from('\n% appended later\n')]);
    const result = await verifyPdf(appended, [root]);
    expect(result.valid).toBe(false);
    expect(result.signatures.every((s) => s.intact && !s.coversWholeDocument)).toBe(true);
  });

  it('recognises a document timestamp by /SubFilter ETSI.RFC3161', async () => {
    const stamped = await contract.documentTimestampOver(sealed);
    const result = await verifyPdf(stamped, [root]);
    expect(result.valid).toBe(true);
    expect(result.signatures.map((s) => s.kind)).toEqual(['signature', 'seal', 'timestamp']);
    expect(result.signatures[2]).toMatchObject({ coversWholeDocument: true, trusted: true });
    expect(result.signatures[2]?.signer).toContain('TSA');
    expect((await verifyPdf(withOneByteChanged(stamped), [root])).valid).toBe(false);
  });

  it('refuses what is not a PDF, and finds nothing in an unsigned one', async () => {
    await expect(verifyPdf(Buffer.from('hello'), [root])).rejects.toBeInstanceOf(NotAPdfError);
    expect(await verifyPdf(await renderTransferContract(typicalInput()), [root])).toEqual({
      valid: false,
      signatures: [],
      revisions: [],
      problems: [],
    });
  });
});

describe('parsePdfDate', () => {
  it('reads PDF dates with and without offsets', () => {
    expect(parsePdfDate("D:20260301120000+01'00'")?.toISOString()).toBe('2026-03-01T11:00:00.000Z');
    expect(parsePdfDate('D:20260301120000Z')?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(parsePdfDate('yesterday')).toBeNull();
  });
});
