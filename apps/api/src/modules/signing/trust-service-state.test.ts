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
    await old.enrol('user-1', { commonName: 'Erika Müller' });
    const oldCredential = (await old.credential('user-1'))!;

    const serviceUrl = 'http://localhost:3000/simulator';
    const current = await loadTrustServiceState(dir, { serviceUrl });
    expect(crlUrlOf(current.pki.issuing.certificate)).toBe(`${serviceUrl}/crl/root.crl`);
    expect(current.pki.root.certificate.serialNumber).not.toBe(old.pki.root.certificate.serialNumber);
    expect(current.tokenKey.equals(old.tokenKey)).toBe(true);
    expect(await current.credentialById(oldCredential.id)).toBeNull();
    const reissued = (await current.credential('user-1'))!;
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

  it('knows only enrolled users, and issues a new certificate when the enrolled name changes', async () => {
    const state = await loadTrustServiceState(dir);
    expect(await state.credential('nobody')).toBeNull();
    await state.enrol('user-2', { commonName: 'Max Muster' });
    const first = (await state.credential('user-2'))!;
    expect(first.keyed.certificate.subjectName.getField('CN')).toEqual(['Max Muster']);
    expect((await state.credential('user-2'))!.keyed.certificate.serialNumber).toBe(
      first.keyed.certificate.serialNumber,
    );
    await state.enrol('user-2', { commonName: 'Max Muster-Neu' });
    const renamed = (await state.credential('user-2'))!;
    expect(renamed.id).toBe(first.id);
    expect(renamed.keyed.certificate.subjectName.getField('CN')).toEqual(['Max Muster-Neu']);
    await state.enrol('seal-2', { commonName: 'Firma GmbH', organization: 'Firma GmbH' });
    expect((await state.credential('seal-2'))!.subject.organization).toBe('Firma GmbH');
  }, 60_000);
});
