/**
 * A credential's description read as the specification writes it: GeneralizedTime validity, and the
 * refusals with their German reasons for the employee and for HR.
 */
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/env.js';

import { credentialRefusalMessage, generalizedTime, parseGeneralizedTime } from './csc-credential.js';
import { fillUserId } from './csc-user-ids.js';

describe('credentials/info dates', () => {
  it('reads and writes GeneralizedTime (RFC 5280), nothing else', () => {
    expect(parseGeneralizedTime('20270131235959Z')).toEqual(new Date('2027-01-31T23:59:59Z'));
    expect(parseGeneralizedTime('20270131235959.123Z')).toEqual(new Date('2027-01-31T23:59:59Z'));
    expect(parseGeneralizedTime('2027-01-31T23:59:59.000Z')).toBeNull();
    expect(parseGeneralizedTime('20270131235959')).toBeNull();
    expect(parseGeneralizedTime('20271331235959Z')).toBeNull();
    expect(generalizedTime(new Date('2026-03-02T08:09:10.456Z'))).toBe('20260302080910Z');
  });
});

describe('why a credential is refused', () => {
  it('tells the employee and HR in German, with a way on', () => {
    expect(credentialRefusalMessage('cert-expired', 'signer')).toBe(
      'Ihr Signaturzertifikat ist abgelaufen. Der Vertrag kann damit nicht signiert werden. Bitte wenden Sie sich an den Support.',
    );
    expect(credentialRefusalMessage('key-disabled', 'seal')).toBe(
      'Der Siegelschlüssel Ihres Unternehmens ist beim Vertrauensdienst gesperrt. Die Bestellung kann so nicht freigegeben werden. Bitte wenden Sie sich an den Support.',
    );
  });
});

describe('the userID mapping (CSC_SIGNER_USER_ID, CSC_SEAL_USER_ID)', () => {
  const base = { DATA_DIR: '/tmp/x' };

  it('defaults to the identification case id and seal-<tenant>, filled from the values', () => {
    const { userIds } = loadConfig(base).csc;
    expect(userIds).toEqual({ signer: '{identCaseId}', seal: 'seal-{tenantId}' });
    expect(fillUserId(userIds.signer, { identCaseId: 'case-17', userId: 'u' })).toBe('case-17');
    expect(fillUserId(userIds.seal, { tenantId: 't-1' })).toBe('seal-t-1');
    expect(() => fillUserId(userIds.signer, { identCaseId: null })).toThrow('{identCaseId}');
  });

  it('refuses a template without a placeholder, with an unknown one, or unclosed', () => {
    expect(loadConfig({ ...base, CSC_SIGNER_USER_ID: 'qtsp:{userId}' }).csc.userIds.signer).toBe('qtsp:{userId}');
    for (const bad of ['everyone', '{firstName} {lastName}', '{userId', '{tenantId}']) {
      expect(() => loadConfig({ ...base, CSC_SIGNER_USER_ID: bad }), bad).toThrow(/CSC_SIGNER_USER_ID/);
    }
    expect(() => loadConfig({ ...base, CSC_SEAL_USER_ID: 'seal-{userId}' })).toThrow(/CSC_SEAL_USER_ID/);
  });

  it('reads the seal authData form-encoded', () => {
    expect(loadConfig({ ...base, CSC_SEAL_AUTH_DATA: 'PIN=1234&OTP=x' }).csc.sealAuthData).toEqual({
      PIN: '1234',
      OTP: 'x',
    });
    expect(loadConfig(base).csc.sealAuthData).toBeUndefined();
  });
});
