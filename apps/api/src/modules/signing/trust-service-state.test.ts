/**
 * PKI files from before certificates named their CRLs are replaced on load; credentials of the old CA
 * are issued again on their next use, the token key stays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { crlUrlOf } from './test-pki.js';
import { loadTrustServiceState } from './trust-service-state.js';

const dir = mkdtempSync(path.join(tmpdir(), 'trust-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trust service state', () => {
  it('replaces a PKI without revocation pointers and reissues the credentials of the old CA', async () => {
    const old = await loadTrustServiceState(dir);
    expect(crlUrlOf(old.pki.issuing.certificate)).toBeNull();
    const oldCredential = await old.credential('Erika Müller');

    const serviceUrl = 'http://localhost:3000/simulator';
    const current = await loadTrustServiceState(dir, { serviceUrl });
    expect(crlUrlOf(current.pki.issuing.certificate)).toBe(`${serviceUrl}/crl/root.crl`);
    expect(current.pki.root.certificate.serialNumber).not.toBe(old.pki.root.certificate.serialNumber);
    expect(current.tokenKey.equals(old.tokenKey)).toBe(true);
    expect(await current.credentialById(oldCredential.id)).toBeNull();
    const reissued = await current.credential('Erika Müller');
    expect(reissued.id).toBe(oldCredential.id);
    expect(crlUrlOf(reissued.keyed.certificate)).toBe(`${serviceUrl}/crl/issuing.crl`);
    expect(
      await reissued.keyed.certificate.verify({
        publicKey: current.pki.issuing.certificate.publicKey,
        signatureOnly: true,
      }),
    ).toBe(true);

    const again = await loadTrustServiceState(dir, { serviceUrl });
    expect(again.pki.root.certificate.serialNumber).toBe(current.pki.root.certificate.serialNumber);
  }, 60_000);
});
