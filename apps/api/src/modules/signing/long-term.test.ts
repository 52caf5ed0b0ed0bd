/**
 * Long-term validation end to end over HTTP: the contract signed by the employee and sealed by the
 * employer through the development trust service (CSC v2, two signatures in two revisions), then
 * extended to PAdES B-LTA (DSS with OCSP answers from the service's responder, document timestamp).
 * Checked with tools that share no code with ours: pdfsig (NSS), openssl ts and openssl ocsp.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { typicalInput } from '../../test-support/contract-inputs.js';
import {
  nssDatabaseTrusting,
  pdfsigAsync,
  run,
  verifyDocumentTimestamp,
  withOneByteChanged,
} from '../../test-support/pdfsig.js';
import { signThroughService, startTrustService, type TrustServiceApp } from '../../test-support/trust-service-app.js';
import { renderTransferContract } from '../contract/contract-pdf.js';

import type { CscClient } from './csc-client.js';
import { signaturesOf } from './dss.js';
import { extendToLongTerm } from './long-term.js';
import { prepareIncrementalField } from './incremental-signature-field.js';
import { prepareSignatureField } from './pdf-signature-field.js';

const EMPLOYEE = 'Erika Müller-Lüdenscheidt';
const EMPLOYER = 'Musterfirma GmbH';

let service: TrustServiceApp;
let dir: string;
let app: FastifyInstance;
let client: CscClient;
let nssDir: string;
let rootPem: string;
let issuingPem: string;
let sealed: Buffer;
let final: Uint8Array;

let loaded: PDFDocument;

beforeAll(async () => {
  service = await startTrustService();
  ({ app, dir } = service);
  const address = service.base;
  client = service.client();
  await service.enrol('employee-1', { commonName: EMPLOYEE });
  await service.enrol('seal-1', { commonName: EMPLOYER, organization: EMPLOYER });
  rootPem = await (await fetch(`${address}/simulator/ca.pem`)).text();
  const issuingDer = Buffer.from(await (await fetch(`${address}/simulator/ca/issuing.cer`)).arrayBuffer());
  issuingPem = `-----BEGIN CERTIFICATE-----\n${issuingDer.toString('base64')}\n-----END CERTIFICATE-----\n`;
  nssDir = nssDatabaseTrusting(dir, rootPem);

  const contract = await renderTransferContract(typicalInput());
  const employeeField = await prepareSignatureField(contract, {
    signerName: EMPLOYEE,
    signingTime: new Date(),
    reason: 'Überlassungsvertrag',
    location: 'DE',
  });
  const signed = await signThroughService(client, employeeField, 'employee-1', 'signature');
  const sealField = await prepareIncrementalField(signed, {
    fieldName: 'Arbeitgebersiegel',
    signer: { name: EMPLOYER, signingTime: new Date(), reason: 'Freigabe', location: 'DE' },
  });
  sealed = await signThroughService(client, sealField, 'seal-1', 'seal');
  final = await extendToLongTerm(sealed, { timestampAuthority: (request) => client.timestamp(request) });
  loaded = await PDFDocument.load(final, { updateMetadata: false });
}, 120_000);

afterAll(async () => {
  await service.close();
});

describe('extendToLongTerm on a signed and sealed contract (PAdES B-LTA)', () => {
  it('keeps both signatures valid and trusted and ends with a document timestamp over the whole file', async () => {
    const file = path.join(dir, 'contract-lta.pdf');
    writeFileSync(file, final);
    const report = await pdfsigAsync(file, nssDir);
    const sections = report.split(/^Signature #\d+:$/m).slice(1);
    expect(sections).toHaveLength(3);
    for (const signature of sections.slice(0, 2)) {
      expect(signature).toContain('Signature is Valid.');
      expect(signature).toContain('Certificate is Trusted.');
      expect(signature).toContain('Not total document signed');
    }
    expect(sections[0]).toContain(`Signer Certificate Common Name: ${EMPLOYEE}`);
    expect(sections[1]).toContain(`Signer Certificate Common Name: ${EMPLOYER}`);
    // poppler cannot validate /ETSI.RFC3161 (it says so); openssl ts checks the token below.
    expect(sections[2]).toContain('Total document signed');
    expect(sections[2]).toContain('Leasing Simulator TEST TSA');
    expect(Buffer.from(final.subarray(0, sealed.length)).equals(sealed)).toBe(true);
  });

  it('carries a document timestamp that openssl ts verifies over the whole file against the test root', async () => {
    const last = signaturesOf(loaded).at(-1);
    expect(last?.subFilter).toBe('ETSI.RFC3161');
    const verified = await verifyDocumentTimestamp(final, dir, rootPem, 'lta');
    expect(verified.output).toContain('Verification: OK');
  });

  it("keeps the certificates of every chain and the CAs' CRLs in the DSS, one VRI entry per signature", () => {
    const dss = loaded.context.lookup(loaded.catalog.get(PDFName.of('DSS')), PDFDict);
    const streams = (key: string) => {
      const array = dss.lookup(PDFName.of(key), PDFArray);
      return array.asArray().map((ref) => Buffer.from((loaded.context.lookup(ref) as PDFRawStream).getContents()));
    };
    // root, issuing CA, employee, employer, TSA
    expect(streams('Certs')).toHaveLength(5);
    // The root's CRL (for the issuing CA) and the issuing CA's CRL (employee, employer, TSA).
    const crls = streams('CRLs');
    expect(crls).toHaveLength(2);
    const vri = dss.lookup(PDFName.of('VRI'), PDFDict);
    expect(vri.keys()).toHaveLength(2);

    const certs = streams('Certs').map((der) => {
      const file = path.join(dir, `cert-${der.length}-${der.subarray(-8).toString('hex')}.der`);
      writeFileSync(file, der);
      return execFileSync('openssl', ['x509', '-inform', 'DER', '-in', file, '-noout', '-subject'], {
        encoding: 'utf8',
      });
    });
    expect(certs.join('')).toContain(EMPLOYER);
    // Each CRL is signed by its CA for openssl too, and lists nothing.
    writeFileSync(path.join(dir, 'root-ca.pem'), rootPem);
    for (const [index, crl] of crls.entries()) {
      const file = path.join(dir, `crl-${index}.der`);
      writeFileSync(file, crl);
      const issuing = path.join(dir, 'issuing-ca.pem');
      writeFileSync(issuing, issuingPem);
      const chain = path.join(dir, 'chain.pem');
      writeFileSync(chain, `${rootPem}\n${issuingPem}`);
      const text = run('openssl', ['crl', '-inform', 'DER', '-in', file, '-CAfile', chain, '-noout', '-text']).output;
      expect(text).toContain('verify OK');
      expect(text).toContain('No Revoked Certificates');
    }
  });

  it('one changed byte breaks every signature and the document timestamp', async () => {
    const tampered = withOneByteChanged(Buffer.from(final));
    const file = path.join(dir, 'contract-lta-tampered.pdf');
    writeFileSync(file, tampered);
    const sections = (await pdfsigAsync(file, nssDir)).split(/^Signature #\d+:$/m).slice(1);
    expect(sections.slice(0, 2).every((s) => s.includes('Digest Mismatch'))).toBe(true);
    expect((await verifyDocumentTimestamp(tampered, dir, rootPem, 'tampered')).ok).toBe(false);
  });

  it('stays valid and trusted once the trust service is gone (retention: nothing asked online)', async () => {
    await app.close();
    const file = path.join(dir, 'contract-lta-later.pdf');
    writeFileSync(file, final);
    const sections = (await pdfsigAsync(file, nssDir)).split(/^Signature #\d+:$/m).slice(1);
    expect(sections).toHaveLength(3);
    for (const signature of sections.slice(0, 2)) {
      expect(signature).toContain('Signature is Valid.');
      expect(signature).toContain('Certificate is Trusted.');
    }
    expect((await verifyDocumentTimestamp(final, dir, rootPem, 'later')).output).toContain('Verification: OK');
  });
});
